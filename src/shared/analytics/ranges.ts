// Range planning: which interval a range uses, how a range and a service list split into calls
// that each respect the spec's limits, and the previous period used for comparisons.
import {
  analyticsLimits,
  DAY_MS,
  FIVE_MINUTES_MS,
  HOUR_MS,
  metricInfo,
  stepOf,
  type AnalyticsOperationId,
  type Interval,
  type Metric,
  type TimeRange,
} from './model.ts';

/** `yyyy-MM-ddTHH:mm:ssZ`, the API's time format. */
export function formatApiTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** Parses the API's time format (and any ISO 8601 instant); NaN when it is not one. */
export function parseApiTime(text: string): number {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(text)) return Number.NaN;
  return Date.parse(text);
}

export function floorTo(ms: number, step: number): number {
  return Math.floor(ms / step) * step;
}

export function ceilTo(ms: number, step: number): number {
  return Math.ceil(ms / step) * step;
}

/** Widens a range to whole points of the interval (5 minutes, or UTC days). */
export function alignRange(range: TimeRange, interval: Interval): TimeRange {
  const step = stepOf(interval);
  const from = floorTo(range.from, step);
  const to = Math.max(ceilTo(range.to, step), from + step);
  return { from, to };
}

export const rangePresets = ['1h', '6h', '24h', '7d', '30d', '90d'] as const;
export type RangePreset = (typeof rangePresets)[number];

export const presetDurationMs: Record<RangePreset, number> = {
  '1h': HOUR_MS,
  '6h': 6 * HOUR_MS,
  '24h': DAY_MS,
  '7d': 7 * DAY_MS,
  '30d': 30 * DAY_MS,
  '90d': 90 * DAY_MS,
};

/**
 * The range of a preset ending now. The end is the end of the point still being filled, and the
 * start is exactly the preset's length before it, so "7 days" is exactly seven 24-hour calls.
 */
export function presetRange(
  preset: RangePreset,
  now: number,
  interval: Interval = chooseInterval(presetDurationMs[preset]),
): TimeRange {
  const to = ceilTo(now + 1, stepOf(interval));
  return { from: to - presetDurationMs[preset], to };
}

/** Up to this length the dashboard asks for 5-minute points of volume and bandwidth. */
const MINUTE_INTERVAL_UP_TO_MS = 7 * DAY_MS;

/** Interval for a range when the user has not chosen one: 5-minute points up to 7 days, then days. */
export function chooseInterval(rangeMs: number): Interval {
  return rangeMs <= MINUTE_INTERVAL_UP_TO_MS ? 'minute' : 'day';
}

/**
 * The interval a metric is fetched at. Requests and origin requests only exist as 5-minute
 * points (operations 18 and 19 have no interval field), so an override to `day` applies to
 * volume and bandwidth only.
 */
export function intervalForMetric(metric: Metric, requested: Interval | 'auto', rangeMs: number): Interval {
  if (!metricInfo[metric].supportsDay) return 'minute';
  return requested === 'auto' ? chooseInterval(rangeMs) : requested;
}

/** Longest range one call of the metric may ask for at the interval. */
function maxCallRangeMs(metric: Metric, interval: Interval): number {
  if (!metricInfo[metric].supportsDay) return analyticsLimits.maxRequestRangeMs;
  return interval === 'day' ? analyticsLimits.maxDayRangeMs : analyticsLimits.maxMinuteRangeMs;
}

/** Consecutive pieces of at most `maxMs`, from the start; the last piece may be shorter. */
export function splitRange(range: TimeRange, maxMs: number): TimeRange[] {
  if (!(maxMs > 0)) throw new RangeError('maxMs must be positive');
  const out: TimeRange[] = [];
  for (let from = range.from; from < range.to; from += maxMs) {
    out.push({ from, to: Math.min(range.to, from + maxMs) });
  }
  return out;
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  if (!(size > 0)) throw new RangeError('size must be positive');
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export interface AnalyticsCallBody {
  serviceNames: string[];
  startTime: string;
  endTime: string;
  interval?: Interval;
}

/** One API call: the services (≤ 50) and the range (within the limit) it covers. */
export interface AnalyticsCall {
  metric: Metric;
  operationId: AnalyticsOperationId;
  interval: Interval;
  serviceNames: string[];
  range: TimeRange;
  body: AnalyticsCallBody;
}

function callBody(metric: Metric, interval: Interval, serviceNames: string[], range: TimeRange): AnalyticsCallBody {
  const body: AnalyticsCallBody = {
    serviceNames,
    startTime: formatApiTime(range.from),
    endTime: formatApiTime(range.to),
  };
  // Operations 18 and 19 define no interval field; 16 and 17 get it explicitly.
  if (metricInfo[metric].supportsDay) body.interval = interval;
  return body;
}

/**
 * Every call needed for one metric, range and service list: services in batches of 50, the
 * (aligned) range in pieces of at most 24 hours (5-minute points) or 90 days (days).
 */
export function planCalls(args: {
  metric: Metric;
  interval: Interval;
  serviceNames: readonly string[];
  range: TimeRange;
}): AnalyticsCall[] {
  const interval = metricInfo[args.metric].supportsDay ? args.interval : 'minute';
  const range = alignRange(args.range, interval);
  const pieces = splitRange(range, maxCallRangeMs(args.metric, interval));
  const batches = chunk([...new Set(args.serviceNames)], analyticsLimits.maxServiceNamesPerCall);
  const calls: AnalyticsCall[] = [];
  for (const piece of pieces) {
    for (const serviceNames of batches) {
      calls.push({
        metric: args.metric,
        operationId: metricInfo[args.metric].operationId,
        interval,
        serviceNames,
        range: piece,
        body: callBody(args.metric, interval, serviceNames, piece),
      });
    }
  }
  return calls;
}

/**
 * The period of the same length just before `range`, after aligning it to the interval so
 * that point i of the current period compares with point i of the previous one.
 */
export function previousPeriod(range: TimeRange, interval: Interval): TimeRange {
  const aligned = alignRange(range, interval);
  const length = aligned.to - aligned.from;
  return { from: aligned.from - length, to: aligned.from };
}

/** Points of the interval that may still be revised by the gateway: the last hour before `now`. */
const REVISABLE_MS = HOUR_MS;

/** End of the part of a range whose points are final at `now` (a multiple of the step). */
export function finalUntil(interval: Interval, now: number): number {
  return floorTo(now - REVISABLE_MS, stepOf(interval));
}

/** Resolution the dashboard draws a metric at, coarser than the API's for long request ranges. */
export function displayStep(metric: Metric, interval: Interval, rangeMs: number): number {
  if (interval === 'day') return DAY_MS;
  if (metricInfo[metric].supportsDay) return FIVE_MINUTES_MS;
  if (rangeMs <= 2 * DAY_MS) return FIVE_MINUTES_MS;
  if (rangeMs <= 14 * DAY_MS) return HOUR_MS;
  return DAY_MS;
}
