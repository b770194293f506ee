// Text chunks in PNG files (iTXt: UTF-8, uncompressed): exported charts carry their title and
// caption as text too, so tools and tests can read what the image shows.

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

/** The text chunks of a PNG (tests, and anyone checking an exported file). */
export function readPngText(png: Uint8Array): Record<string, string> {
  const decoder = new TextDecoder();
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const out: Record<string, string> = {};
  let at = 8;
  while (at + 8 <= png.length) {
    const length = view.getUint32(at);
    const type = decoder.decode(png.subarray(at + 4, at + 8));
    if (type === 'iTXt') {
      const data = png.subarray(at + 8, at + 8 + length);
      const nul = data.indexOf(0);
      const keyword = decoder.decode(data.subarray(0, nul));
      // keyword \0 flag method language \0 translated \0 text
      let p = nul + 3;
      p = data.indexOf(0, p) + 1;
      p = data.indexOf(0, p) + 1;
      out[keyword] = decoder.decode(data.subarray(p));
    }
    if (type === 'IEND') break;
    at += 12 + length;
  }
  return out;
}
