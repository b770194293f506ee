// Whether a service needs attention: its traffic in the last settled hours departs from the same
// clock hours on the previous days, judged with change impact's robust z (src/shared/analytics/
// impact.ts: same threshold, reference days, minimum and scale floors). Pure maths over the
// hourly history; docs/fleet-overview.md says which window is compared and why.
import { DAY_MS, HOUR_MS, type TimeRange } from '../analytics/model.ts';
import {
  MIN_REFERENCE_DAYS,
  REFERENCE_DAYS,
  Z_THRESHOLD,
  departure,
  scaleFloorOf,
  type ShiftKind,
} from '../analytics/impact.ts';
import { hourCount, valueAt, type HourlyHistory } from './hourly.ts';

/** The compared window: the last this many settled hours. */
export const ATTENTION_HOURS = 3;
/**
 * Hours of the window that must depart on their own (same direction) for a flag: a departure
 * that lasts, not one burst hour (a crawler, a campaign e-mail) that the window's total carries.
 */
const MIN_DEPARTING_HOURS = 2;
/** The day shown on a row (its numbers and sparkline). */
export const OVERVIEW_HOURS = 24;
/** Days of hourly history kept: the reference days of the window, plus the day shown. */
export const HISTORY_DAYS = REFERENCE_DAYS + 1;
/** Days back of the week-earlier comparison. */
export const WEEK_DAYS = 7;

export const attentionMetricIds = ['requests', 'offload', 'bandwidth'] as const;
export type AttentionMetricId = (typeof attentionMetricIds)[number];
export const attentionMetricLabels: Record<AttentionMetricId, string> = {
  requests: 'requests',
  offload: 'origin offload',
  bandwidth: 'bandwidth',
};

export const attentionStatusIds = ['attention', 'no-data', 'not-enough-history', 'ok'] as const;
export type AttentionStatus = (typeof attentionStatusIds)[number];

export interface AttentionMetric {
  metric: AttentionMetricId;
  /** In the window: requests (total), bandwidth (mean bps), origin offload (1 − origin / requests). Null when not known. */
  value: number | null;
  /** The median of the same hours on the reference days. */
  usual: number | null;
  /** The same hours a week earlier. */
  weekEarlier: number | null;
  /** value against usual: relative (−0.62 = −62 %) for amounts, ratio points (−0.12) for offload. */
  change: number | null;
  /** Robust z of the window against the reference days; null with too few of them. */
  z: number | null;
  /**
   * A departure: |z| ≥ Z_THRESHOLD for the window, at least MIN_DEPARTING_HOURS of its hours each
   * depart the same way against the same hour on the reference days, and the same hours a week
   * earlier (when known) differ the same way.
   */
  flagged: boolean;
  /** Hours of the window that depart on their own in the window's direction. */
  departingHours: number;
  /** |z| passed the threshold but the week-earlier hours were alike: a weekly pattern (a quiet Saturday), not flagged. */
  weekly: boolean;
  direction: 'up' | 'down' | null;
}

export interface Attention {
  status: AttentionStatus;
  /** The compared hours [from, to). */
  window: TimeRange;
  /** Previous days whose same hours are complete (and after the service's first traffic). */
  referenceDays: number;
  /** Why there is no verdict (no data, not enough history), in words. */
  reason?: string;
  metrics: AttentionMetric[];
}

interface Levels {
  requests: number | null;
  originRequests: number | null;
  bandwidth: number | null;
  offload: number | null;
}

/** The window's totals (bandwidth: mean of the hourly means); null unless every hour is held. */
function windowLevels(history: HourlyHistory | undefined, range: TimeRange): Levels {
  let requests = 0;
  let originRequests = 0;
  let bandwidth = 0;
  const hours = hourCount(range);
  for (let hour = range.from; hour < range.to; hour += HOUR_MS) {
    const r = valueAt(history, 'requests', hour);
    const o = valueAt(history, 'originRequests', hour);
    const b = valueAt(history, 'bandwidth', hour);
    if (r === null || o === null || b === null)
      return { requests: null, originRequests: null, bandwidth: null, offload: null };
    requests += r;
    originRequests += o;
    bandwidth += b;
  }
  return {
    requests,
    originRequests,
    bandwidth: hours === 0 ? null : bandwidth / hours,
    offload: requests === 0 ? null : 1 - originRequests / requests,
  };
}

const kindOf = (metric: AttentionMetricId): ShiftKind => (metric === 'offload' ? 'ratio' : 'amount');

/** The compared level: ln(x + 1) for amounts (scale-free, defined at zero), the ratio itself for offload. */
function levelOf(metric: AttentionMetricId, value: number | null): number | null {
  if (value === null) return null;
  return metric === 'offload' ? value : Math.log(value + 1);
}

function shift(range: TimeRange, ms: number): TimeRange {
  return { from: range.from - ms, to: range.to - ms };
}

function formatHour(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 13)}:00Z`;
}

/** First hour with any request in the history (null: none). Hours before it are not "usual": the service did not serve yet. */
function firstTrafficHour(history: HourlyHistory): number | null {
  const i = history.requests.findIndex((v) => v !== null && v > 0);
  return i < 0 ? null : history.start + i * HOUR_MS;
}

/**
 * The verdict of one service for the `hours` settled hours ending at `end` (a whole hour).
 * - no-data: those hours are not all held (never fetched, or the fetch failed);
 * - not-enough-history: fewer than MIN_REFERENCE_DAYS previous days hold the same hours;
 * - attention: requests, origin offload or bandwidth departs (see AttentionMetric.flagged);
 * - ok: none does.
 */
export function assessAttention(history: HourlyHistory | undefined, end: number, hours = ATTENTION_HOURS): Attention {
  const window = { from: end - hours * HOUR_MS, to: end };
  const now = windowLevels(history, window);
  if (!history || now.requests === null) {
    return {
      status: 'no-data',
      window,
      referenceDays: 0,
      reason: `No saved traffic for ${formatHour(window.from)}–${formatHour(window.to)} (the last ${hours} settled hours).`,
      metrics: [],
    };
  }
  const firstTraffic = firstTrafficHour(history);
  const reference: Array<Levels & { range: TimeRange }> = [];
  let week: Levels | null = null;
  for (let day = 1; day <= REFERENCE_DAYS; day++) {
    const range = shift(window, day * DAY_MS);
    // Before the service's first request it did not exist (or was not in use): not its usual traffic.
    if (firstTraffic !== null && range.from < firstTraffic) continue;
    const levels = windowLevels(history, range);
    if (levels.requests === null) continue;
    reference.push({ ...levels, range });
    if (day === WEEK_DAYS) week = levels;
  }

  const referenceWindows = reference.map((r) => r.range);
  const metrics = attentionMetricIds.map((metric): AttentionMetric => {
    const value = now[metric];
    const observed = levelOf(metric, value);
    const past = reference.map((levels) => levelOf(metric, levels[metric])).filter((v): v is number => v !== null);
    const kind = kindOf(metric);
    const { z, median: center, flagged: beyond } = departure(kind, observed, past);
    const usual = center === null ? null : kind === 'amount' ? Math.exp(center) - 1 : center;
    const weekLevel = week === null ? null : levelOf(metric, week[metric]);
    // Weekly patterns: a shift the same hours a week earlier also had (a weekend) is not a departure.
    const weekAgrees =
      weekLevel === null ||
      observed === null ||
      z === null ||
      (Math.sign(observed - weekLevel) === Math.sign(z) &&
        Math.abs(observed - weekLevel) >= Z_THRESHOLD * scaleFloorOf(kind));
    const change =
      value === null || usual === null ? null : kind === 'ratio' ? value - usual : usual > 0 ? value / usual - 1 : null;
    // Each hour of the window against the same hour on the reference days.
    let departingHours = 0;
    if (beyond && z !== null) {
      for (let hour = window.from; hour < window.to; hour += HOUR_MS) {
        const own = levelOf(metric, windowLevels(history, { from: hour, to: hour + HOUR_MS })[metric]);
        const pastHours = referenceWindows
          .map((range) =>
            levelOf(
              metric,
              windowLevels(history, {
                from: range.from + (hour - window.from),
                to: range.from + (hour - window.from) + HOUR_MS,
              })[metric],
            ),
          )
          .filter((v): v is number => v !== null);
        const hourly = departure(kind, own, pastHours);
        if (hourly.flagged && hourly.z !== null && Math.sign(hourly.z) === Math.sign(z)) departingHours++;
      }
    }
    const lasting = departingHours >= Math.min(MIN_DEPARTING_HOURS, hours);
    return {
      metric,
      value,
      usual,
      weekEarlier: week === null ? null : week[metric],
      change,
      z,
      flagged: beyond && weekAgrees && lasting,
      departingHours,
      weekly: beyond && !weekAgrees,
      direction: z === null || z === 0 ? null : z > 0 ? 'up' : 'down',
    };
  });

  if (reference.length < MIN_REFERENCE_DAYS) {
    return {
      status: 'not-enough-history',
      window,
      referenceDays: reference.length,
      reason: `Not enough history: ${reference.length} of the previous ${REFERENCE_DAYS} days hold these hours; at least ${MIN_REFERENCE_DAYS} are needed.`,
      metrics,
    };
  }
  return {
    status: metrics.some((m) => m.flagged) ? 'attention' : 'ok',
    window,
    referenceDays: reference.length,
    metrics,
  };
}

/** The flagged metric that departs most (by |z|), or undefined. */
export function strongestDeparture(attention: Pick<Attention, 'metrics'>): AttentionMetric | undefined {
  return attention.metrics
    .filter((m) => m.flagged && m.z !== null)
    .sort((a, b) => Math.abs(b.z ?? 0) - Math.abs(a.z ?? 0))[0];
}
