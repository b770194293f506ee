// Test helper: reads back the text chunks that png-text.ts writes into exported charts.

/** The iTXt chunks of a PNG, keyword → text. */
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
