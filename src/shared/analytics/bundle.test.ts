import { describe, expect, it } from 'vitest';
import {
  canonicalJson,
  createBundle,
  exportFileName,
  parseBundle,
  serializeBundle,
  sha256Hex,
  type BundleInput,
} from './bundle.ts';

const t0 = Date.UTC(2026, 10, 1);
const input: BundleInput = {
  generator: 'Acceleration Console test',
  createdAt: t0 + 3_600_000,
  accountLabel: 'Sandbox',
  range: { from: t0, to: t0 + 600_000 },
  requestedInterval: 'auto',
  metrics: ['volume'],
  services: ['www.example.com'],
  asOf: null,
  offline: false,
  series: [
    {
      serviceName: 'www.example.com',
      metric: 'volume',
      interval: 'minute',
      points: [
        [t0, 10],
        [t0 + 300_000, 20],
      ],
    },
  ],
  failures: [],
};

describe('canonical JSON and hashing', () => {
  it('sorts keys at every level and drops undefined', () => {
    expect(canonicalJson({ b: 1, a: [{ d: 1, c: undefined, b: 'x' }] })).toBe('{"a":[{"b":"x","d":1}],"b":1}');
  });
  it('hashes with SHA-256 (known vector)', async () => {
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('bundle round trip and refusal', () => {
  it('opens what it exported, whatever the layout', async () => {
    const bundle = await createBundle(input);
    const text = serializeBundle(bundle);
    const result = await parseBundle(text);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.bundle.content.series[0].points[1]).toEqual([t0 + 300_000, 20]);
    expect((await parseBundle(JSON.stringify(JSON.parse(text)))).ok).toBe(true);
  });
  it('never says its range ends after the moment it was made', async () => {
    // "Last hour" at 10:01: the range runs to 10:05, the end of the point still being filled.
    const createdAt = t0 + 10 * 3_600_000 + 60_000;
    const bundle = await createBundle({
      ...input,
      createdAt,
      range: { from: createdAt + 240_000 - 3_600_000, to: createdAt + 240_000 },
    });
    expect(bundle.content.createdAt).toBe('2026-11-01T10:01:00.000Z');
    expect(bundle.content.range).toEqual({ from: '2026-11-01T09:05:00.000Z', to: '2026-11-01T10:01:00.000Z' });
    // A range that ended before the export keeps its end.
    expect((await createBundle(input)).content.range.to).toBe(new Date(t0 + 600_000).toISOString());
  });
  it('refuses a changed value with a checksum message', async () => {
    const bundle = await createBundle(input);
    const data = JSON.parse(serializeBundle(bundle)) as typeof bundle;
    data.content.series[0].points[1] = [t0 + 300_000, 21];
    const tampered = JSON.stringify(data);
    const result = await parseBundle(tampered);
    expect(result).toMatchObject({ ok: false, code: 'Bundle.Tampered' });
    if (!result.ok) expect(result.message).toMatch(/checksum does not match/);
  });
  it('refuses non-JSON, foreign JSON, other versions and broken structure with clear messages', async () => {
    expect(await parseBundle('not json')).toMatchObject({ ok: false, code: 'Bundle.NotJson' });
    expect(await parseBundle('{"hello":1}')).toMatchObject({ ok: false, code: 'Bundle.NotBundle' });
    const bundle = await createBundle(input);
    const newer = await parseBundle(JSON.stringify({ ...bundle, schemaVersion: 2 }));
    expect(newer).toMatchObject({ ok: false, code: 'Bundle.UnsupportedVersion' });
    if (!newer.ok) expect(newer.message).toMatch(/newer/);
    const broken = await parseBundle(JSON.stringify({ ...bundle, content: { ...bundle.content, metrics: ['speed'] } }));
    expect(broken).toMatchObject({ ok: false, code: 'Bundle.Invalid' });
    if (!broken.ok) expect(broken.message).toMatch(/metrics/);
  });
  it('refuses points out of order even with a matching checksum', async () => {
    const bad = await createBundle({
      ...input,
      series: [
        {
          ...input.series[0],
          points: [
            [t0 + 300_000, 1],
            [t0, 2],
          ],
        },
      ],
    });
    expect(await parseBundle(serializeBundle(bad))).toMatchObject({ ok: false, code: 'Bundle.Invalid' });
  });
  it('suggests a file name from the range', () => {
    expect(exportFileName({ from: t0, to: t0 + 86_400_000 }, 'csv')).toBe('traffic-2026-11-01_2026-11-01.csv');
  });
});
