// Deterministic randomness for the sandbox: the same seed gives the same demo data, analytics and
// fault sequence, so tests and screenshots are repeatable.

/** 32-bit seed from a number or any string (FNV-1a over the text form). */
export function seedFrom(value: number | string): number {
  const text = String(value);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: small, fast, good enough for synthetic data (not for secrets). */
export function createPrng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Stateless hash of integers to [0, 1): the analytics value of a point depends on its key only. */
export function hashToUnit(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const part of parts) {
    // Split into two 32-bit halves so millisecond timestamps hash without loss.
    const lo = part >>> 0;
    const hi = Math.floor(part / 4294967296) >>> 0;
    h = mix(h ^ lo);
    h = mix(h ^ hi);
  }
  return mix(h) / 4294967296;
}

function mix(x: number): number {
  let h = x >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}
