import { describe, expect, it } from 'vitest';
import { missingPoints, percentile, shiftPoints, summarize } from './stats.ts';
import { previousPeriod } from './ranges.ts';
import { DAY_MS, FIVE_MINUTES_MS, type Point } from './model.ts';

const t0 = Date.UTC(2026, 10, 1);

describe('percentile', () => {
  it('uses the nearest rank (95th of 1..100 is 95, of 1..20 is 19)', () => {
    expect(
      percentile(
        Array.from({ length: 100 }, (_, i) => i + 1),
        95,
      ),
    ).toBe(95);
    expect(
      percentile(
        Array.from({ length: 20 }, (_, i) => 20 - i),
        95,
      ),
    ).toBe(19);
    expect(percentile([7], 95)).toBe(7);
    expect(percentile([], 95)).toBeNull();
  });
  it('ignores the top 5 % of bandwidth samples (a short burst does not count)', () => {
    const samples = Array.from({ length: 288 }, (_, i) => (i < 14 ? 1e9 : 1e6));
    expect(percentile(samples, 95)).toBe(1e6);
  });
});

describe('summarize', () => {
  const a: Point[] = [
    [t0, 100],
    [t0 + FIVE_MINUTES_MS, 300],
  ];
  const b: Point[] = [
    [t0, 50],
    [t0 + FIVE_MINUTES_MS, 50],
  ];
  it('adds services per timestamp and finds the peak with its time', () => {
    const s = summarize('volume', [a, b]);
    expect(s.total).toBe(500);
    expect(s.average).toBe(250);
    expect(s.peak).toEqual({ value: 350, t: t0 + FIVE_MINUTES_MS });
    expect(s.p95).toBeNull();
  });
  it('compares totals of amounts and averages of bandwidth with the previous period', () => {
    const prev: Point[] = [
      [t0 - 2 * FIVE_MINUTES_MS, 200],
      [t0 - FIVE_MINUTES_MS, 200],
    ];
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
    const prevPoints: Point[] = [
      [prev.from, 1],
      [prev.to - FIVE_MINUTES_MS, 2],
    ];
    expect(shiftPoints(prevPoints, range.from - prev.from)).toEqual([
      [t0, 1],
      [t0 + DAY_MS - FIVE_MINUTES_MS, 2],
    ]);
  });
});

describe('comparison with missing points', () => {
  const step = FIVE_MINUTES_MS;
  const range = { from: t0, to: t0 + 12 * step };
  const previousRange = { from: t0 - 12 * step, to: t0 };
  const full = (from: number, value: number): Point[] =>
    Array.from({ length: 12 }, (_, i): Point => [from + i * step, value]);
  const periods = { range, previousRange, stepMs: step, settledUntil: Number.POSITIVE_INFINITY };

  it('counts the points a period lacks, per service, ignoring duplicates and points outside it', () => {
    const partial = full(t0, 1).slice(0, 9);
    expect(missingPoints([full(t0, 1)], range, step)).toBe(0);
    expect(missingPoints([partial, [...partial, partial[0]!, [t0 - step, 5]]], range, step)).toBe(6);
    // Points not settled yet (the most recent, revisable data) are not missing.
    expect(missingPoints([partial], range, step, t0 + 9 * step)).toBe(0);
    // A duplicate where a point is missing keeps the count right (12 points, 11 distinct).
    const doubled = full(t0, 1).map((p, i): Point => (i === 5 ? [t0 + 4 * step, 1] : p));
    expect(missingPoints([doubled], range, step)).toBe(1);
  });

  it('a cancelled previous fetch gives "previous period incomplete", never a huge percentage', () => {
    // The 90-day case: the previous period has a few points only, so its total is tiny.
    const previous = full(t0 - 12 * step, 100).slice(0, 1);
    const summary = summarize('volume', [full(t0, 100)], [previous], periods);
    expect(summarize('volume', [full(t0, 100)], [previous]).change).toBeCloseTo(11); // what the card showed before: +1100 %
    expect(summary.change).toBeNull();
    expect(summary.comparison).toBe('previous-incomplete');
    expect(summary.missing).toEqual({ current: 0, previous: 11 });
  });

  it('missing points in the current period or in both are named too', () => {
    expect(summarize('bandwidth', [full(t0, 1).slice(2)], [full(t0 - 12 * step, 1)], periods).comparison).toBe(
      'current-incomplete',
    );
    expect(summarize('bandwidth', [full(t0, 1).slice(2)], [full(t0 - 12 * step, 1).slice(1)], periods).comparison).toBe(
      'both-incomplete',
    );
  });

  it('complete periods still give the change', () => {
    const summary = summarize('volume', [full(t0, 150)], [full(t0 - 12 * step, 100)], periods);
    expect(summary.comparison).toBe('complete');
    expect(summary.change).toBeCloseTo(0.5);
  });

  it('a service the API answered for without points has no traffic there, not missing points', () => {
    const answered: Array<[number, number]> = [[range.from, range.to]];
    const previousAnswered: Array<[number, number]> = [[previousRange.from, previousRange.to]];
    // An idle service next to a busy one: both periods were fetched, the idle one returned nothing.
    expect(missingPoints([[]], range, step, Number.POSITIVE_INFINITY, [answered])).toBe(0);
    const summary = summarize('volume', [full(t0, 150), []], [full(t0 - 12 * step, 100), []], {
      ...periods,
      fetched: { current: [answered, answered], previous: [previousAnswered, previousAnswered] },
    });
    expect(summary.comparison).toBe('complete');
    expect(summary.change).toBeCloseTo(0.5);
    // Without the record (or outside what was answered), absent points still count as missing.
    expect(summarize('volume', [full(t0, 150), []], [full(t0 - 12 * step, 100), []], periods).comparison).toBe(
      'both-incomplete',
    );
    expect(missingPoints([[]], range, step, Number.POSITIVE_INFINITY, [[[range.from, range.from + 4 * step]]])).toBe(8);
  });
});
