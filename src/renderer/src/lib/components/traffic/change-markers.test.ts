import { describe, expect, it } from 'vitest';
import { describeMarker, placeMarkers, MARKER_MIN_GAP_PX, type ChangeMarker } from './change-markers.ts';

const marker = (entryId: string, at: number, extra: Partial<ChangeMarker> = {}): ChangeMarker => ({
  entryId,
  accountId: 'a1',
  at,
  serviceName: 'www.example.com',
  serviceId: 101,
  operationId: 'setCorsHeaders',
  summary: 'Set CORS headers',
  ...extra,
});

describe('placeMarkers', () => {
  const xOf = (at: number) => (at < 0 || at > 1000 ? null : at);

  it('gives each change its own marker when they are far enough apart, in time order', () => {
    const placed = placeMarkers([marker('b', 500), marker('a', 100)], xOf);
    expect(placed.map((g) => g.key)).toEqual(['a', 'b']);
    expect(placed.map((g) => g.x)).toEqual([100, 500]);
  });

  it('merges changes closer than a marker into one group at their mean position', () => {
    const placed = placeMarkers([marker('a', 100), marker('b', 100 + MARKER_MIN_GAP_PX - 1), marker('c', 300)], xOf);
    expect(placed).toHaveLength(2);
    expect(placed[0].markers.map((m) => m.entryId)).toEqual(['a', 'b']);
    expect(placed[0].x).toBeCloseTo(100 + (MARKER_MIN_GAP_PX - 1) / 2);
  });

  it('leaves out changes outside the visible range (zoomed or panned away)', () => {
    expect(placeMarkers([marker('a', -5), marker('b', 2000)], xOf)).toEqual([]);
  });
});

describe('describeMarker', () => {
  it('says when, where, what, and the batch when there is one', () => {
    const text = describeMarker(marker('a', Date.UTC(2026, 10, 23, 14, 5), { batchId: 'batch-7' }), 'utc');
    expect(text).toMatch(/2026/);
    expect(text).toContain('www.example.com: Set CORS headers');
    expect(text).toContain('batch batch-7');
    expect(describeMarker(marker('a', 0), 'utc')).not.toContain('batch');
    expect(
      describeMarker(marker('a', 0, { detail: 'Access-Control-Allow-Origin: * → https://a.example' }), 'utc'),
    ).toMatch(/\) — Access-Control-Allow-Origin: \* → https:\/\/a\.example$/);
  });
});
