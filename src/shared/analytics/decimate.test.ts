import { describe, expect, it } from 'vitest';
import { decimateMinMax, type ChartPoint } from './decimate.ts';
import type { Point } from './model.ts';

const STEP = 300_000;
const T0 = Date.UTC(2026, 0, 1);

/** `count` 5-minute points of a gentle wave (values 100–200), skipping the indices in `missing`. */
function series(count: number, missing: (i: number) => boolean = () => false): Point[] {
  const points: Point[] = [];
  for (let i = 0; i < count; i++) if (!missing(i)) points.push([T0 + i * STEP, 150 + 50 * Math.sin(i / 40)]);
  return points;
}

const drawn = (out: readonly ChartPoint[]): ChartPoint[] => out.filter((p) => p.y !== null);
const hasPoint = (out: readonly ChartPoint[], [x, y]: Point): boolean => out.some((p) => p.x === x && p.y === y);

describe('decimateMinMax', () => {
  const count = 25_920;
  const full = { from: T0, to: T0 + count * STEP, maxGap: 1.5 * STEP };

  it('keeps every one-point spike and dip, drawing at most two points per pixel column and the edges', () => {
    const points = series(count);
    const spikes = [17, 5_000, 12_345, 25_900];
    for (const i of spikes) points[i] = [points[i][0], 10_000];
    points[8_000] = [points[8_000][0], -5];
    const out = decimateMinMax(points, { ...full, columns: 1000 });
    for (const i of [...spikes, 8_000]) expect(hasPoint(out, points[i])).toBe(true);
    expect(drawn(out).length).toBeLessThanOrEqual(2 * 1000 + 2);
    expect(drawn(out).length).toBeGreaterThan(1000);
  });

  it('keeps each pixel column’s lowest and highest point', () => {
    const points = series(count).map(([x, y], i): Point => [x, y + ((i * 7919) % 13)]);
    const columns = 640;
    const out = decimateMinMax(points, { ...full, columns });
    const width = (full.to - full.from) / columns;
    const byColumn = new Map<number, Point[]>();
    for (const p of points) {
      const c = Math.floor((p[0] - full.from) / width);
      byColumn.set(c, [...(byColumn.get(c) ?? []), p]);
    }
    for (const list of byColumn.values()) {
      const low = list.reduce((a, b) => (b[1] < a[1] ? b : a));
      const high = list.reduce((a, b) => (b[1] > a[1] ? b : a));
      expect(hasPoint(out, low)).toBe(true);
      expect(hasPoint(out, high)).toBe(true);
    }
  });

  it('keeps the first and last points and returns points in time order', () => {
    const points = series(count);
    const out = decimateMinMax(points, { ...full, columns: 300 });
    expect(out[0]).toEqual({ x: points[0][0], y: points[0][1] });
    expect(out.at(-1)).toEqual({ x: points.at(-1)?.[0], y: points.at(-1)?.[1] });
    for (let i = 1; i < out.length; i++) expect(out[i].x).toBeGreaterThan(out[i - 1].x);
  });

  it('follows a zoom: only the range shown, one point beyond each edge, and every point once they fit', () => {
    const points = series(count);
    // About one day (288 points) of 90 shown on 1,000 columns: nothing to thin.
    const from = T0 + 1_000 * STEP + 1;
    const to = T0 + 1_288 * STEP - 1;
    const out = decimateMinMax(points, { from, to, columns: 1000, maxGap: full.maxGap });
    expect(out).toEqual(points.slice(1_000, 1_289).map(([x, y]) => ({ x, y })));
    // A week on 200 columns is thinned, still inside the range but for the two edge points.
    const week = { from: T0 + 3_000 * STEP + 1, to: T0 + 5_016 * STEP - 1, columns: 200, maxGap: full.maxGap };
    const thinned = decimateMinMax(points, week);
    expect(drawn(thinned).length).toBeLessThanOrEqual(2 * 200 + 4);
    expect(thinned[0].x).toBe(T0 + 3_000 * STEP);
    expect(thinned[1].x).toBe(T0 + 3_001 * STEP);
    expect(thinned.at(-1)?.x).toBe(T0 + 5_016 * STEP);
    expect(thinned.at(-2)?.x).toBe(T0 + 5_015 * STEP);
    expect(thinned.slice(1, -1).every((p) => p.x >= week.from && p.x <= week.to)).toBe(true);
  });

  it('draws more detail on a wider plot (a resize)', () => {
    const points = series(count);
    const narrow = drawn(decimateMinMax(points, { ...full, columns: 400 })).length;
    const wide = drawn(decimateMinMax(points, { ...full, columns: 1600 })).length;
    expect(wide).toBeGreaterThan(2 * narrow - 10);
  });

  it('breaks the line at a missing stretch instead of bridging it, thinned or not', () => {
    // Two days missing in the middle of 90, and one missing point (narrower than a column).
    const missing = (i: number): boolean => (i >= 10_000 && i < 10_576) || i === 20_000;
    const points = series(count, missing);
    const out = decimateMinMax(points, { ...full, columns: 1000 });
    const before = out.findIndex((p) => p.x === T0 + 9_999 * STEP);
    expect(before).toBeGreaterThanOrEqual(0);
    expect(out[before + 1].y).toBeNull();
    expect(out[before + 2].x).toBeGreaterThanOrEqual(T0 + 10_576 * STEP);
    // Exactly one break: the single missing point is inside one pixel column at this width.
    expect(out.filter((p) => p.y === null)).toHaveLength(1);

    // Zoomed in on the single missing point: every point, and the gap shows.
    const near = decimateMinMax(points, {
      from: T0 + 19_900 * STEP,
      to: T0 + 20_100 * STEP,
      columns: 1000,
      maxGap: full.maxGap,
    });
    const at = near.findIndex((p) => p.x === T0 + 19_999 * STEP);
    expect(near[at + 1]).toEqual({ x: T0 + 20_000 * STEP, y: null });
    expect(near[at + 2].x).toBe(T0 + 20_001 * STEP);
  });

  it('leaves a short continuous series as it is', () => {
    const points = series(288);
    const out = decimateMinMax(points, { from: T0, to: T0 + 288 * STEP, columns: 1100, maxGap: 1.5 * STEP });
    expect(out).toEqual(points.map(([x, y]) => ({ x, y })));
  });

  it('copes with no points and with one', () => {
    expect(decimateMinMax([], { ...full, columns: 10 })).toEqual([]);
    expect(decimateMinMax([[T0, 5]], { ...full, columns: 10 })).toEqual([{ x: T0, y: 5 }]);
  });
});
