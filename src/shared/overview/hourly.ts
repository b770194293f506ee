// Hourly traffic of a service as the fleet overview keeps it: per whole UTC hour the requests and
// origin requests (totals) and the bandwidth (mean bps of the hour's twelve 5-minute points), null
// where the hour is not known (never fetched, or not final when it was). Built from the fetcher's
// 5-minute series; an hour counts only when the API answered all of it as final, and a final
// 5-minute slot without a point had no traffic (as in change impact).
import { FIVE_MINUTES_MS, HOUR_MS, type Point, type TimeRange } from '../analytics/model.ts';
import { covers } from '../analytics/impact.ts';

export const hourlyMetricIds = ['requests', 'originRequests', 'bandwidth'] as const;
export type HourlyMetric = (typeof hourlyMetricIds)[number];

/** How an hour's 5-minute points combine: amounts add up, bandwidth (a rate) averages. */
export const hourlyAggregate: Record<HourlyMetric, 'sum' | 'mean'> = {
  requests: 'sum',
  originRequests: 'sum',
  bandwidth: 'mean',
};

const SLOTS_PER_HOUR = HOUR_MS / FIVE_MINUTES_MS;

export interface HourlyHistory {
  /** First hour (epoch ms, a whole UTC hour); index i of each list is the hour start + i hours. */
  start: number;
  requests: Array<number | null>;
  originRequests: Array<number | null>;
  bandwidth: Array<number | null>;
}

function floorToHour(ms: number): number {
  return Math.floor(ms / HOUR_MS) * HOUR_MS;
}

/** Hours of [from, to) (both whole hours). */
export function hourCount(range: TimeRange): number {
  return Math.max(0, Math.round((range.to - range.from) / HOUR_MS));
}

/**
 * The value of each whole hour of `range` that `final` covers: the sum of the hour's points, or
 * their sum over twelve slots (the mean of a rate, a missing slot counting as no traffic).
 * `points` sorted by time.
 */
export function hourlyValues(
  points: readonly Point[],
  final: ReadonlyArray<readonly [number, number]>,
  range: TimeRange,
  aggregate: 'sum' | 'mean',
): Map<number, number> {
  const out = new Map<number, number>();
  let i = 0;
  for (let hour = floorToHour(range.from); hour + HOUR_MS <= range.to; hour += HOUR_MS) {
    if (hour < range.from) continue;
    while (i < points.length && points[i][0] < hour) i++;
    let sum = 0;
    let j = i;
    while (j < points.length && points[j][0] < hour + HOUR_MS) sum += points[j++][1];
    i = j;
    if (!covers(final, { from: hour, to: hour + HOUR_MS })) continue;
    out.set(hour, aggregate === 'sum' ? sum : sum / SLOTS_PER_HOUR);
  }
  return out;
}

/** An empty history of [start, end). */
export function emptyHistory(start: number, end: number): HourlyHistory {
  const length = hourCount({ from: start, to: end });
  return {
    start,
    requests: new Array<number | null>(length).fill(null),
    originRequests: new Array<number | null>(length).fill(null),
    bandwidth: new Array<number | null>(length).fill(null),
  };
}

/** The history moved onto [start, end): hours before start dropped, hours not held yet null. */
export function rebaseHistory(history: HourlyHistory | undefined, start: number, end: number): HourlyHistory {
  const out = emptyHistory(start, end);
  if (!history) return out;
  for (const metric of hourlyMetricIds) {
    const from = history[metric];
    const target = out[metric];
    for (let i = 0; i < target.length; i++) {
      const k = Math.round((start - history.start) / HOUR_MS) + i;
      if (k >= 0 && k < from.length) target[i] = from[k];
    }
  }
  return out;
}

/** Sets the hours given (outside the history's span they are ignored). */
export function setHours(history: HourlyHistory, metric: HourlyMetric, values: ReadonlyMap<number, number>): void {
  const list = history[metric];
  for (const [hour, value] of values) {
    const i = Math.round((hour - history.start) / HOUR_MS);
    if (i >= 0 && i < list.length) list[i] = value;
  }
}

/** One metric's value in an hour; null when not held. */
export function valueAt(history: HourlyHistory | undefined, metric: HourlyMetric, hour: number): number | null {
  if (!history) return null;
  const i = Math.round((hour - history.start) / HOUR_MS);
  return i >= 0 && i < history[metric].length ? history[metric][i] : null;
}

/** The hours of [from, to) for which any metric is not held, as merged ranges. */
export function missingHours(history: HourlyHistory | undefined, range: TimeRange): TimeRange[] {
  const gaps: TimeRange[] = [];
  for (let hour = range.from; hour < range.to; hour += HOUR_MS) {
    const missing = hourlyMetricIds.some((metric) => valueAt(history, metric, hour) === null);
    if (!missing) continue;
    const last = gaps.at(-1);
    if (last && last.to === hour) last.to = hour + HOUR_MS;
    else gaps.push({ from: hour, to: hour + HOUR_MS });
  }
  return gaps;
}

/** End of the last hour for which every metric is held; null when none is. */
export function lastCompleteHourEnd(history: HourlyHistory | undefined): number | null {
  if (!history) return null;
  for (let i = history.requests.length - 1; i >= 0; i--) {
    if (hourlyMetricIds.every((metric) => history[metric][i] !== null)) return history.start + (i + 1) * HOUR_MS;
  }
  return null;
}
