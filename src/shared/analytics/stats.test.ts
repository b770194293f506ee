import { describe, expect, it } from 'vitest';
import { percentile, shiftPoints, summarize } from './stats.ts';
import { previousPeriod } from './ranges.ts';
import { DAY_MS, FIVE_MINUTES_MS, type Point } from './model.ts';

const t0 = Date.UTC(2026, 10, 1);

describe('percentile', () => {
  it('uses the nearest rank (95th of 1..100 is 95, of 1..20 is 19)', () => {
    expect(percentile(Array.from({ length: 100 }, (_, i) => i + 1), 95)).toBe(95);
    expect(percentile(Array.from({ length: 20 }, (_, i) => 20 - i), 95)).toBe(19);
    expect(percentile([7], 95)).toBe(7);
    expect(percentile([], 95)).toBeNull();
  });
  it('ignores the top 5 % of bandwidth samples (a short burst does not count)', () => {
    const samples = Array.from({ length: 288 }, (_, i) => (i < 14 ? 1e9 : 1e6));
    expect(percentile(samples, 95)).toBe(1e6);
  });
});

describe('summarize', () => {
  const a: Point[] = [[t0, 100], [t0 + FIVE_MINUTES_MS, 300]];
  const b: Point[] = [[t0, 50], [t0 + FIVE_MINUTES_MS, 50]];
  it('adds services per timestamp and finds the peak with its time', () => {
    const s = summarize('volume', [a, b]);
    expect(s.total).toBe(500);
    expect(s.average).toBe(250);
    expect(s.peak).toEqual({ value: 350, t: t0 + FIVE_MINUTES_MS });
    expect(s.p95).toBeNull();
  });
  it('compares totals of amounts and averages of bandwidth with the previous period', () => {
    const prev: Point[] = [[t0 - 2 * FIVE_MINUTES_MS, 200], [t0 - FIVE_MINUTES_MS, 200]];
    expect(summarize('requests', [a], [prev]).change).toBeCloseTo(0);
    const bw = summarize('bandwidth', [a], [[[t0 - FIVE_MINUTES_MS, 100]]]);
    expect(bw.total).toBeNull();
    expect(bw.average).toBe(200);
    expect(bw.change).toBeCloseTo(1);
    expect(bw.p95).toBe(300);
  });
  it('reports no change without previous data or from zero', () => {
    expect(summarize('volume', [a]).change).toBeNull();
    expect(summarize('volume', [a], [[[t0 - DAY_MS, 0]]]).change).toBeNull();
    expect(summarize('volume', []).peak).toBeNull();
  });
  it('lines the previous period up point for point with the current one', () => {
    const range = { from: t0, to: t0 + DAY_MS };
    const prev = previousPeriod(range, 'minute');
    const prevPoints: Point[] = [[prev.from, 1], [prev.to - FIVE_MINUTES_MS, 2]];
    expect(shiftPoints(prevPoints, range.from - prev.from)).toEqual([[t0, 1], [t0 + DAY_MS - FIVE_MINUTES_MS, 2]]);
  });
});
