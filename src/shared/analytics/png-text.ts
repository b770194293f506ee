// Text chunks in PNG files (iTXt: UTF-8, uncompressed): exported charts carry their title and
// caption as text too, so tools and tests can read what the image shows (the tests' reader:
// test-support/png-text-reader.ts).

const crcTable = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** An iTXt chunk (UTF-8 text, uncompressed, no language tag). */
function iTxtChunk(keyword: string, text: string): Uint8Array {
  const encoder = new TextEncoder();
  const data = new Uint8Array([...encoder.encode(keyword), 0, 0, 0, 0, 0, ...encoder.encode(text)]);
  const type = encoder.encode('iTXt');
  const chunk = new Uint8Array(12 + data.length);
  const view = new DataView(chunk.buffer);
  view.setUint32(0, data.length);
  chunk.set(type, 4);
  chunk.set(data, 8);
  view.setUint32(8 + data.length, crc32(chunk.subarray(4, 8 + data.length)));
  return chunk;
}

/** The PNG with text chunks added right after its header chunk (IHDR: 8 + 25 bytes). */
export function addPngText(png: Uint8Array, entries: Record<string, string>): Uint8Array {
  const headerEnd = 8 + 25;
  const chunks = Object.entries(entries).map(([keyword, text]) => iTxtChunk(keyword, text));
  const size = chunks.reduce((n, c) => n + c.length, png.length);
  const out = new Uint8Array(size);
  out.set(png.subarray(0, headerEnd), 0);
  let at = headerEnd;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  out.set(png.subarray(headerEnd), at);
  return out;
}
