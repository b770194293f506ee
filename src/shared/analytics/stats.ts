// Summary numbers of the cards: total, average, peak with its time, 95th percentile (bandwidth)
// and the change against the previous period of the same length.
import { sumSeries } from './aggregate.ts';
import { metricInfo, type Metric, type Point, type TimeRange } from './model.ts';

/**
 * Nearest-rank percentile (the 95th-percentile billing method: sort the samples, drop the top
 * 5 %, take the highest remaining one). `null` for no samples.
 */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  if (!(p > 0 && p <= 100)) throw new RangeError('p must be in (0, 100]');
  const sorted = Float64Array.from(values).sort();
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.max(0, rank - 1)];
}

export interface MetricSummary {
  metric: Metric;
  /** Sum over the range (bytes, requests); `null` for bandwidth, where a sum means nothing. */
  total: number | null;
  /** Mean value of a point. */
  average: number | null;
  peak: { value: number; t: number } | null;
  /** 95th percentile of the points (bandwidth only). */
  p95: number | null;
  /** Figure compared with the previous period: total for amounts, average for bandwidth. */
  compared: number | null;
  previous: number | null;
  /** (current − previous) / previous; `null` when there is nothing to compare with, or either period has missing points. */
  change: number | null;
  /**
   * Whether the change can be trusted: 'complete' when both periods have every point that
   * should exist, otherwise which period has points missing. `null` when no periods were given.
   */
  comparison: 'complete' | 'previous-incomplete' | 'current-incomplete' | 'both-incomplete' | null;
  /** Missing points per period (summed over services); zeros when no periods were given. */
  missing: { current: number; previous: number };
  points: number;
}

/** The periods of a comparison, for counting missing points. */
export interface ComparedPeriods {
  /** The current period, aligned to whole points. */
  range: TimeRange;
  /** The previous period of the same length. */
  previousRange: TimeRange;
  /** The API's step of the data (5 minutes or 1 day). */
  stepMs: number;
  /**
   * Points at or after this time may not exist yet (the gateway's most recent, revisable data):
   * they are not counted as missing. See `finalUntil` in ranges.ts.
   */
  settledUntil: number;
  /** Per service (same order as the series), the ranges the API answered for; see `missingPoints`. */
  fetched?: { current: ReadonlyArray<FetchedRanges | undefined>; previous: ReadonlyArray<FetchedRanges | undefined> };
}

/** Ranges ([from, to) epoch ms) the API answered for; see `Series.fetched`. */
export type FetchedRanges = ReadonlyArray<readonly [number, number]>;

/**
 * Points a period should have but does not, summed over the services: the API has one point per
 * step (spec: "one point per 5 minutes" / "one point per day"), so an absent timestamp means the
 * data was not fetched (a cancelled or failed fetch) — unless `fetched[i]` records that the API
 * answered for that time without a point (a service with no traffic returns none): that is zero
 * traffic, not a gap. Without a record for a service, every absent timestamp counts as missing.
 */
export function missingPoints(
  series: ReadonlyArray<readonly Point[]>,
  range: TimeRange,
  stepMs: number,
  settledUntil = Number.POSITIVE_INFINITY,
  fetched?: ReadonlyArray<FetchedRanges | undefined>,
): number {
  const end = Math.min(range.to, settledUntil);
  if (end <= range.from) return 0;
  const expected = Math.ceil((end - range.from) / stepMs);
  let missing = 0;
  series.forEach((points, i) => {
    if (coversEveryStep(points, range.from, end, stepMs, expected)) return;
    const seen = new Set<number>();
    for (const [t] of points) if (t >= range.from && t < end) seen.add(t);
    const answered = fetched?.[i];
    if (answered === undefined) {
      missing += Math.max(0, expected - seen.size);
      return;
    }
    for (let k = 0; k < expected; k++) {
      const t = range.from + k * stepMs;
      if (seen.has(t)) continue;
      if (!answered.some(([from, to]) => t >= from && t < to)) missing++;
    }
  });
  return missing;
}

/** Sorted points, one on every step of [from, end): nothing missing (the common case, checked without a set). */
function coversEveryStep(
  points: readonly Point[],
  from: number,
  end: number,
  stepMs: number,
  expected: number,
): boolean {
  let next = from;
  let found = 0;
  for (const [t] of points) {
    if (t < from) continue;
    if (t >= end) break;
    if (t !== next) return false;
    next += stepMs;
    found++;
  }
  return found === expected;
}

function figure(metric: Metric, points: readonly Point[]): number | null {
  if (points.length === 0) return null;
  let sum = 0;
  for (const [, v] of points) sum += v;
  return metricInfo[metric].aggregate === 'sum' ? sum : sum / points.length;
}

/**
 * Summary of one metric over the selected services (their points are added per timestamp).
 * `previous` holds the same services' points for the previous period, or is omitted.
 */
export function summarize(
  metric: Metric,
  series: ReadonlyArray<readonly Point[]>,
  previous?: ReadonlyArray<readonly Point[]>,
  periods?: ComparedPeriods,
): MetricSummary {
  const combined = series.length === 1 ? series[0] : sumSeries(series);
  let sum = 0;
  let peak: { value: number; t: number } | null = null;
  for (const [t, v] of combined) {
    sum += v;
    if (peak === null || v > peak.value) peak = { value: v, t };
  }
  const n = combined.length;
  const compared = figure(metric, combined);
  const previousCombined = previous === undefined ? [] : previous.length === 1 ? previous[0] : sumSeries(previous);
  const previousFigure = previous === undefined ? null : figure(metric, previousCombined);
  const missing =
    periods === undefined
      ? { current: 0, previous: 0 }
      : {
          current: missingPoints(series, periods.range, periods.stepMs, periods.settledUntil, periods.fetched?.current),
          previous:
            previous === undefined
              ? 0
              : missingPoints(
                  previous,
                  periods.previousRange,
                  periods.stepMs,
                  periods.settledUntil,
                  periods.fetched?.previous,
                ),
        };
  const comparison =
    periods === undefined || previous === undefined
      ? null
      : missing.current > 0 && missing.previous > 0
        ? 'both-incomplete'
        : missing.previous > 0
          ? 'previous-incomplete'
          : missing.current > 0
            ? 'current-incomplete'
            : 'complete';
  // A percentage from partial data is wrong, not approximate: say nothing rather than mislead.
  const comparable = comparison === null || comparison === 'complete';
  const change =
    comparable && compared !== null && previousFigure !== null && previousFigure !== 0
      ? (compared - previousFigure) / previousFigure
      : null;
  return {
    metric,
    total: metricInfo[metric].aggregate === 'sum' && n > 0 ? sum : null,
    average: n > 0 ? sum / n : null,
    peak,
    p95:
      metric === 'bandwidth'
        ? percentile(
            combined.map(([, v]) => v),
            95,
          )
        : null,
    compared,
    previous: previousFigure,
    change,
    comparison,
    missing,
    points: n,
  };
}

/** Moves points by `offsetMs` (to draw the previous period on the current one's axis). */
export function shiftPoints(points: readonly Point[], offsetMs: number): Point[] {
  return points.map(([t, v]): Point => [t + offsetMs, v]);
}
