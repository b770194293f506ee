// The sparklines' geometry: hourly points on the middle of their hours, one scale shared with the
// week-earlier line, gaps where an hour is not held, change markers on the same time axis.
import { describe, expect, it } from 'vitest';
import { markerXs, pointX, sparkline, sparkScale, sparkSegments, type SparkSize } from './sparkline.ts';

const size: SparkSize = { width: 240, height: 20, pad: 0 };
const HOUR = 3_600_000;
const parse = (points: string): Array<[number, number]> =>
  points.split(' ').map((p) => p.split(',').map(Number) as [number, number]);

describe('sparklines', () => {
  it('puts 24 hourly points on the middles of their hours, the highest at the top and zero at the bottom', () => {
    const values = Array.from({ length: 24 }, (_, i) => i * 10);
    const [line] = sparkSegments(values, sparkScale('requests', values), size);
    const points = parse(line);
    expect(points).toHaveLength(24);
    expect(points[0]).toEqual([5, 20]);
    expect(points[23]).toEqual([235, 0]);
    expect(points[23][0]).toBeCloseTo(pointX(23, 24, 240));
  });

  it('draws the week-earlier line on the same scale, so a day at half the traffic sits at half the height', () => {
    const now = Array.from({ length: 24 }, () => 50);
    const week = Array.from({ length: 24 }, () => 100);
    const drawn = sparkline('requests', now, week, { size });
    expect(parse(drawn.current[0]).every(([, y]) => y === 10)).toBe(true);
    expect(parse(drawn.weekEarlier[0]).every(([, y]) => y === 0)).toBe(true);
  });

  it('breaks the line where an hour is not held instead of drawing a false zero; a lone hour is a short dash', () => {
    const values: Array<number | null> = [1, 2, null, null, 4, null, 6, 7, ...Array.from({ length: 16 }, () => null)];
    const segments = sparkSegments(values, { min: 0, max: 10 }, size);
    expect(segments).toHaveLength(3);
    expect(parse(segments[0])).toHaveLength(2);
    const [a, b] = parse(segments[1]);
    expect(a[1]).toBe(b[1]);
    expect(b[0] - a[0]).toBe(2);
    expect(
      sparkline(
        'requests',
        Array.from({ length: 24 }, () => null),
        [],
      ).empty,
    ).toBe(true);
  });

  it('draws origin offload on 0–100 %, and a flat zero line at the bottom', () => {
    expect(sparkScale('offload', [0.8, 0.9])).toEqual({ min: 0, max: 1 });
    const [line] = sparkSegments([0, 0, 0], sparkScale('requests', [0, 0, 0]), size);
    expect(parse(line).every(([, y]) => y === 20)).toBe(true);
  });

  it('places change markers on the time axis of the day shown and leaves out those outside it', () => {
    const range = { from: 0, to: 24 * HOUR };
    expect(markerXs([0, 6 * HOUR, 23.5 * HOUR, 24 * HOUR, -1], range, 240)).toEqual([0, 60, 235]);
    const drawn = sparkline('requests', [1, 2, 3], [1, 2, 3], { range, markers: [12 * HOUR], size });
    expect(drawn.markers).toEqual([120]);
  });
});
