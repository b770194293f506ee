// Combining points: the points of a range, series summed per timestamp, and 5-minute points rolled
// up into hourly or daily buckets for long ranges.
import { floorTo } from './ranges.ts';
import { metricInfo, type Metric, type Point, type TimeRange } from './model.ts';

/** Points with from <= t < to (input sorted). */
export function pointsIn(points: readonly Point[], range: TimeRange): Point[] {
  return points.filter(([t]) => t >= range.from && t < range.to);
}

/**
 * Rolls points up into buckets of `step` milliseconds aligned to UTC: amounts (bytes,
 * requests) add up, rates (bandwidth) average over the points present.
 */
export function aggregatePoints(points: readonly Point[], step: number, how: 'sum' | 'mean'): Point[] {
  const out: Point[] = [];
  let bucket = Number.NaN;
  let sum = 0;
  let count = 0;
  const flush = (): void => {
    if (count > 0) out.push([bucket, how === 'sum' ? sum : sum / count]);
  };
  for (const [t, v] of points) {
    const b = floorTo(t, step);
    if (b !== bucket) {
      flush();
      bucket = b;
      sum = 0;
      count = 0;
    }
    sum += v;
    count++;
  }
  flush();
  return out;
}

/** Aggregation of a metric's points into display buckets (no-op when the step is the API's). */
export function aggregateForDisplay(metric: Metric, points: readonly Point[], step: number): Point[] {
  if (points.length < 2 || points[1][0] - points[0][0] >= step) return [...points];
  return aggregatePoints(points, step, metricInfo[metric].aggregate);
}

/**
 * Sum of several services' points per timestamp (the "all services" total line).
 * For bandwidth the sum is correct too: bps of distinct services add up at one instant.
 */
export function sumSeries(lists: ReadonlyArray<readonly Point[]>): Point[] {
  const aligned = sumAligned(lists);
  if (aligned) return aligned;
  const byTime = new Map<number, number>();
  for (const list of lists) for (const [t, v] of list) byTime.set(t, (byTime.get(t) ?? 0) + v);
  return [...byTime.entries()].sort((a, b) => a[0] - b[0]).map(([t, v]): Point => [t, v]);
}

/** The sum when every list has the same timestamps in the same order (services with full data); else null. */
function sumAligned(lists: ReadonlyArray<readonly Point[]>): Point[] | null {
  const first = lists[0];
  if (first === undefined) return [];
  for (const list of lists) {
    if (list.length !== first.length) return null;
    for (let i = 0; i < list.length; i++) if (list[i][0] !== first[i][0]) return null;
  }
  return first.map(([t], i): Point => {
    let sum = 0;
    for (const list of lists) sum += list[i][1];
    return [t, sum];
  });
}
