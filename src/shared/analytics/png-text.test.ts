import { describe, expect, it } from 'vitest';
import { addPngText } from './png-text.ts';
import { readPngText } from './test-support/png-text-reader.ts';

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: number[]): number[] {
  const body = new Uint8Array([...new TextEncoder().encode(type), ...data]);
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(body, 4);
  view.setUint32(8 + data.length, crc32(body));
  return [...out];
}

/** The chunk layout of a 1×1 PNG (signature, IHDR, IDAT, IEND); the pixel data is not decoded here. */
function tinyPng(): Uint8Array {
  return new Uint8Array([
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    ...chunk('IHDR', [0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0]),
    ...chunk('IDAT', [0x78, 0x9c, 0x63, 0x68, 0x00, 0x00, 0x00, 0x82, 0x00, 0x81]),
    ...chunk('IEND', []),
  ]);
}

describe('PNG text chunks', () => {
  it('adds UTF-8 text after the header and reads it back, with valid chunk CRCs', () => {
    const png = addPngText(tinyPng(), {
      Title: 'Bandwidth (5-minute)',
      Description: 'Account: Acme\nRange: 1 – 2 › ok',
    });
    expect(readPngText(png)).toEqual({
      Title: 'Bandwidth (5-minute)',
      Description: 'Account: Acme\nRange: 1 – 2 › ok',
    });
    const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
    const types: string[] = [];
    let at = 8;
    while (at < png.length) {
      const length = view.getUint32(at);
      types.push(new TextDecoder().decode(png.subarray(at + 4, at + 8)));
      expect(view.getUint32(at + 8 + length)).toBe(crc32(png.subarray(at + 4, at + 8 + length)));
      at += 12 + length;
    }
    expect(types).toEqual(['IHDR', 'iTXt', 'iTXt', 'IDAT', 'IEND']);
  });
});
