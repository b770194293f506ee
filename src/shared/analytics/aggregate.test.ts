import { describe, expect, it } from 'vitest';
import { aggregateForDisplay, aggregatePoints, pointsIn, sumSeries } from './aggregate.ts';
import { DAY_MS, FIVE_MINUTES_MS, HOUR_MS, type Point } from './model.ts';

const t0 = Date.UTC(2026, 10, 1);
const fiveMinute = (n: number, value: (i: number) => number): Point[] =>
  Array.from({ length: n }, (_, i) => [t0 + i * FIVE_MINUTES_MS, value(i)] as const);

describe('aggregation', () => {
  it('sums 5-minute amounts into hours and days', () => {
    const points = fiveMinute(288, () => 10);
    const hourly = aggregatePoints(points, HOUR_MS, 'sum');
    expect(hourly).toHaveLength(24);
    expect(hourly[0]).toEqual([t0, 120]);
    expect(aggregatePoints(points, DAY_MS, 'sum')).toEqual([[t0, 2880]]);
  });
  it('averages rates over the points present', () => {
    const points = fiveMinute(12, (i) => i);
    expect(aggregatePoints(points, HOUR_MS, 'mean')).toEqual([[t0, 5.5]]);
    expect(aggregatePoints([points[0], points[3]], HOUR_MS, 'mean')).toEqual([[t0, 1.5]]);
  });
  it('uses the metric rule and leaves data already at the step untouched', () => {
    const points = fiveMinute(24, () => 2);
    expect(aggregateForDisplay('bandwidth', points, HOUR_MS)).toEqual([
      [t0, 2],
      [t0 + HOUR_MS, 2],
    ]);
    expect(aggregateForDisplay('requests', points, HOUR_MS)).toEqual([
      [t0, 24],
      [t0 + HOUR_MS, 24],
    ]);
    expect(aggregateForDisplay('requests', points, FIVE_MINUTES_MS)).toEqual(points);
  });
  it('filters half-open ranges and sums series per timestamp', () => {
    expect(
      pointsIn(
        [
          [1, 1],
          [2, 2],
          [3, 3],
        ],
        { from: 2, to: 3 },
      ),
    ).toEqual([[2, 2]]);
    expect(
      sumSeries([
        [
          [1, 1],
          [2, 2],
        ],
        [[2, 3]],
      ]),
    ).toEqual([
      [1, 1],
      [2, 5],
    ]);
    // Same timestamps (the quick path) and same lengths with other timestamps (not summed by index).
    expect(
      sumSeries([
        [
          [1, 1],
          [2, 2],
        ],
        [
          [1, 10],
          [2, 20],
        ],
      ]),
    ).toEqual([
      [1, 11],
      [2, 22],
    ]);
    expect(
      sumSeries([
        [
          [1, 1],
          [2, 2],
        ],
        [
          [2, 10],
          [3, 20],
        ],
      ]),
    ).toEqual([
      [1, 1],
      [2, 12],
      [3, 20],
    ]);
    expect(sumSeries([])).toEqual([]);
  });
});
