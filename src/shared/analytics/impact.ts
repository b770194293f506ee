// Change impact: a service's traffic in the N hours after a change against the N hours before it
// and the same hours a week earlier, and whether the change coincides with a shift beyond normal
// variation. Pure maths over 5-minute series and the ranges the cache holds as final; the core
// reads the cache, this file decides. The statistic and its reasons: docs/change-impact.md.
import { z } from 'zod';
import { DAY_MS, FIVE_MINUTES_MS, HOUR_MS, type Point, type TimeRange } from './model.ts';
import { ceilTo, floorTo } from './ranges.ts';

/** Hours compared on each side of a change (the journal offers these). */
export const impactHourChoices = [1, 3, 6, 12, 24] as const;
export const DEFAULT_IMPACT_HOURS = 6;
/** Previous days whose same-clock-time shift forms the "normal variation" (when cached). */
export const REFERENCE_DAYS = 14;
/** Fewer complete previous days than this: numbers are shown, no flag is raised either way. */
export const MIN_REFERENCE_DAYS = 5;
/** |robust z| at or above this flags a shift (Iglewicz and Hoaglin's cut-off for modified z-scores). */
export const Z_THRESHOLD = 3.5;
/**
 * Smallest spread the z-score divides by. Very steady services (and synthetic traffic) can have a
 * near-zero MAD, and then any wiggle would be "beyond normal": a shift smaller than
 * Z_THRESHOLD × this floor (about 19 % for amounts, 3.5 points for offload) is never flagged.
 */
const SCALE_FLOOR = { logRatio: 0.05, offloadPoints: 0.01 } as const;
/** MAD × this estimates the standard deviation of normally distributed values. */
const MAD_TO_SIGMA = 1.4826;

export const impactMetricIds = ['requests', 'originRequests', 'offload', 'bandwidth'] as const;
export type ImpactMetric = (typeof impactMetricIds)[number];
export const impactMetricLabels: Record<ImpactMetric, string> = {
  requests: 'Requests',
  originRequests: 'Origin requests',
  offload: 'Origin offload',
  bandwidth: 'Bandwidth',
};

export const impactHoursSchema = z
  .number()
  .int()
  .refine((h) => (impactHourChoices as readonly number[]).includes(h), {
    message: `Hours must be one of ${impactHourChoices.join(', ')}.`,
  });

const impactMetricResultSchema = z.object({
  metric: z.enum(impactMetricIds),
  /** Requests and origin requests: totals; offload: a ratio (1 − origin / requests); bandwidth: mean bps. Null when not known. */
  before: z.number().nullable(),
  after: z.number().nullable(),
  weekEarlier: z.number().nullable(),
  /** After against before: relative change (0.25 = +25 %) for amounts, difference in ratio points for offload. */
  change: z.number().nullable(),
  /** After against the same hours a week earlier, in the same terms. */
  changeVsWeekEarlier: z.number().nullable(),
  /** The median of the same after-against-before change at the same clock time on the previous days. */
  usualChange: z.number().nullable(),
  /** Robust z-score of this change against those days; null with too few of them. */
  z: z.number().nullable(),
  flagged: z.boolean(),
});
export type ImpactMetricResult = z.infer<typeof impactMetricResultSchema>;

const rangeSchema = z.object({ from: z.number(), to: z.number() });

const impactStatusIds = ['ok', 'pending', 'not-enough-data'] as const;

export const impactLineSchema = z.object({
  entryId: z.string(),
  changeAt: z.number(),
  hours: z.number().int(),
  /** The service's domain name the traffic is kept under; null when the app does not know it. */
  serviceName: z.string().nullable(),
  /** ok: numbers below; pending: the hours after the change are not over (or not final) yet; not-enough-data: the cache lacks hours. */
  status: z.enum(impactStatusIds),
  /** Why there is no line (pending / not enough data), in words. */
  reason: z.string().optional(),
  windows: z.object({ before: rangeSchema, after: rangeSchema, weekEarlier: rangeSchema }),
  metrics: z.array(impactMetricResultSchema),
  /** Previous days with both windows complete (the flag needs MIN_REFERENCE_DAYS). */
  referenceDays: z.number().int(),
  flagged: z.boolean(),
  /** Other applied changes to the same service inside the compared hours (they share the shift). */
  overlapping: z.number().int(),
  /** Ranges the cache lacks for this line (what "fetch missing hours" would ask for). */
  missing: z.array(rangeSchema),
});
export type ImpactLine = z.infer<typeof impactLineSchema>;

/** 5-minute points and the ranges of them that are final (see CacheEntry / Series.fetched). */
export interface CoveredSeries {
  points: readonly Point[];
  final: ReadonlyArray<readonly [number, number]>;
}

export interface ImpactWindows {
  before: TimeRange;
  after: TimeRange;
  weekEarlier: TimeRange;
}

/**
 * The compared hours: the 5-minute slot in which the change happened belongs to neither side
 * (it mixes both), so "before" ends where that slot starts and "after" starts where it ends.
 */
export function impactWindows(changeAt: number, hours: number): ImpactWindows {
  const length = hours * HOUR_MS;
  const beforeEnd = floorTo(changeAt, FIVE_MINUTES_MS);
  const afterStart = ceilTo(changeAt + 1, FIVE_MINUTES_MS);
  return {
    before: { from: beforeEnd - length, to: beforeEnd },
    after: { from: afterStart, to: afterStart + length },
    weekEarlier: { from: afterStart - 7 * DAY_MS, to: afterStart - 7 * DAY_MS + length },
  };
}

/** Everything an impact line may read: the reference days' before windows up to the after window. */
export function impactDataRange(changeAt: number, hours: number, referenceDays = REFERENCE_DAYS): TimeRange {
  const w = impactWindows(changeAt, hours);
  return { from: Math.min(w.before.from - referenceDays * DAY_MS, w.weekEarlier.from), to: w.after.to };
}

function shift(range: TimeRange, ms: number): TimeRange {
  return { from: range.from - ms, to: range.to - ms };
}

/** True when the sorted, merged range list covers all of `range`. */
export function covers(final: ReadonlyArray<readonly [number, number]>, range: TimeRange): boolean {
  let cursor = range.from;
  for (const [a, b] of final) {
    if (b <= cursor) continue;
    if (a > cursor) return false;
    cursor = b;
    if (cursor >= range.to) return true;
  }
  return cursor >= range.to;
}

/** The parts of `range` the list does not cover. */
function uncovered(final: ReadonlyArray<readonly [number, number]>, range: TimeRange): TimeRange[] {
  const gaps: TimeRange[] = [];
  let cursor = range.from;
  for (const [a, b] of final) {
    if (b <= cursor) continue;
    if (a >= range.to) break;
    if (a > cursor) gaps.push({ from: cursor, to: Math.min(a, range.to) });
    cursor = Math.max(cursor, b);
  }
  if (cursor < range.to) gaps.push({ from: cursor, to: range.to });
  return gaps;
}

/** Sorts and merges overlapping or touching ranges. */
export function mergeRanges(ranges: readonly TimeRange[]): TimeRange[] {
  const out: TimeRange[] = [];
  for (const r of [...ranges].sort((a, b) => a.from - b.from)) {
    const last = out.at(-1);
    if (last && r.from <= last.to) last.to = Math.max(last.to, r.to);
    else out.push({ ...r });
  }
  return out;
}

/** Sum of the points in the range; null unless the range is final (a missing final point had no traffic). */
function windowSum(series: CoveredSeries, range: TimeRange): number | null {
  if (!covers(series.final, range)) return null;
  let sum = 0;
  for (const [t, v] of series.points) if (t >= range.from && t < range.to) sum += v;
  return sum;
}

/** Mean over every 5-minute slot of the range (bandwidth); null unless the range is final. */
function windowMean(series: CoveredSeries, range: TimeRange): number | null {
  const sum = windowSum(series, range);
  return sum === null ? null : sum / ((range.to - range.from) / FIVE_MINUTES_MS);
}

function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * Modified z-score of `value` against `reference`: (value − median) / (1.4826 × MAD), the MAD
 * raised to `floor` first. Null for fewer than MIN_REFERENCE_DAYS reference values.
 */
export function robustZ(
  value: number,
  reference: readonly number[],
  floor: number,
): { z: number | null; median: number | null } {
  const center = median(reference);
  if (center === null || reference.length < MIN_REFERENCE_DAYS) return { z: null, median: center };
  const mad = median(reference.map((r) => Math.abs(r - center))) ?? 0;
  const scale = Math.max(MAD_TO_SIGMA * mad, floor);
  return { z: (value - center) / scale, median: center };
}

/** How a metric's values compare: amounts by log-ratio, ratios (origin offload) by difference. */
export type ShiftKind = 'amount' | 'ratio';

/** The smallest spread a shift of this kind is judged against (SCALE_FLOOR). */
export function scaleFloorOf(kind: ShiftKind): number {
  return kind === 'ratio' ? SCALE_FLOOR.offloadPoints : SCALE_FLOOR.logRatio;
}

/**
 * The one flag rule of change impact and the fleet overview: the robust z of an observed shift
 * against the same shift on the reference days (`past`), flagged at |z| ≥ Z_THRESHOLD. With no
 * observed value, or fewer than MIN_REFERENCE_DAYS reference values, z is null and nothing is flagged.
 */
export function departure(
  kind: ShiftKind,
  observed: number | null,
  past: readonly number[],
): { z: number | null; median: number | null; flagged: boolean } {
  const { z, median: center } =
    observed === null ? { z: null, median: median(past) } : robustZ(observed, past, scaleFloorOf(kind));
  return { z, median: center, flagged: z !== null && Math.abs(z) >= Z_THRESHOLD };
}

/** ln((after + 1) / (before + 1)): symmetric, scale-free, and defined for zero traffic. */
function logRatio(after: number, before: number): number {
  return Math.log((after + 1) / (before + 1));
}

function relative(after: number | null, base: number | null): number | null {
  return after === null || base === null || base === 0 ? null : after / base - 1;
}

function offloadOf(requests: number | null, origin: number | null): number | null {
  return requests === null || origin === null || requests === 0 ? null : 1 - origin / requests;
}

export interface ImpactInput {
  entryId: string;
  changeAt: number;
  hours: number;
  serviceName: string | null;
  /** Points at or after this instant may still be revised (finalUntil of the core's clock). */
  settledUntil: number;
  requests: CoveredSeries;
  originRequests: CoveredSeries;
  bandwidth: CoveredSeries;
  overlapping?: number;
  referenceDays?: number;
}

type Values = {
  requests: number | null;
  originRequests: number | null;
  bandwidth: number | null;
  offload: number | null;
};

function valuesIn(input: ImpactInput, range: TimeRange): Values {
  const requests = windowSum(input.requests, range);
  const originRequests = windowSum(input.originRequests, range);
  return {
    requests,
    originRequests,
    bandwidth: windowMean(input.bandwidth, range),
    offload: offloadOf(requests, originRequests),
  };
}

/** The shift statistic of one metric: log-ratio for amounts, difference for the offload ratio. */
function shiftOf(metric: ImpactMetric, after: number | null, before: number | null): number | null {
  if (after === null || before === null) return null;
  return metric === 'offload' ? after - before : logRatio(after, before);
}

function formatRange(range: TimeRange): string {
  return `${new Date(range.from).toISOString().slice(0, 16)}Z–${new Date(range.to).toISOString().slice(0, 16)}Z`;
}

/** The impact line of one change: see docs/change-impact.md. */
export function computeImpact(input: ImpactInput): ImpactLine {
  const windows = impactWindows(input.changeAt, input.hours);
  const referenceDays = input.referenceDays ?? REFERENCE_DAYS;
  const base = {
    entryId: input.entryId,
    changeAt: input.changeAt,
    hours: input.hours,
    serviceName: input.serviceName,
    windows,
    overlapping: input.overlapping ?? 0,
  };
  const empty = { ...base, metrics: [], referenceDays: 0, flagged: false, missing: [] };
  if (input.serviceName === null) {
    return {
      ...empty,
      status: 'not-enough-data',
      reason: 'The service’s domain name is not known to the app, so its traffic cannot be found.',
    };
  }
  if (windows.after.to > input.settledUntil) {
    return {
      ...empty,
      status: 'pending',
      reason: `The ${input.hours} hours after the change are complete at ${new Date(windows.after.to + HOUR_MS).toISOString().slice(0, 16)}Z (the gateway may revise the last hour).`,
    };
  }
  const all = [input.requests, input.originRequests, input.bandwidth];
  const missing = (range: TimeRange): TimeRange[] => mergeRanges(all.flatMap((s) => uncovered(s.final, range)));
  const allMissing = missing(impactDataRange(input.changeAt, input.hours, referenceDays));
  const lacking = missing({ from: windows.before.from, to: windows.after.to }).filter(
    (g) => g.to > windows.before.from && g.from < windows.after.to,
  );
  const lackingSides = [
    missing(windows.before).length > 0 ? 'before' : null,
    missing(windows.after).length > 0 ? 'after' : null,
  ].filter((s) => s !== null);
  if (lackingSides.length > 0) {
    return {
      ...empty,
      status: 'not-enough-data',
      reason: `Not enough data: the traffic cache lacks part of the ${input.hours} hours ${lackingSides.join(' and ')} the change (${lacking.map(formatRange).join(', ')}); requests, origin requests and bandwidth at 5-minute resolution are needed.`,
      missing: allMissing,
    };
  }

  const before = valuesIn(input, windows.before);
  const after = valuesIn(input, windows.after);
  const week = valuesIn(input, windows.weekEarlier);
  // The same after-against-before shift on each previous day at the same clock time.
  const reference: Values[][] = [];
  for (let day = 1; day <= referenceDays; day++) {
    const b = valuesIn(input, shift(windows.before, day * DAY_MS));
    const a = valuesIn(input, shift(windows.after, day * DAY_MS));
    if (
      b.requests !== null &&
      a.requests !== null &&
      b.originRequests !== null &&
      a.originRequests !== null &&
      b.bandwidth !== null &&
      a.bandwidth !== null
    ) {
      reference.push([b, a]);
    }
  }

  const metrics = impactMetricIds.map((metric): ImpactMetricResult => {
    const observed = shiftOf(metric, after[metric], before[metric]);
    const past = reference
      .map(([b, a]) => shiftOf(metric, a[metric], b[metric]))
      .filter((v): v is number => v !== null);
    const { z, median: center, flagged } = departure(metric === 'offload' ? 'ratio' : 'amount', observed, past);
    const amount = metric !== 'offload';
    return {
      metric,
      before: before[metric],
      after: after[metric],
      weekEarlier: week[metric],
      change: amount ? relative(after[metric], before[metric]) : observed,
      changeVsWeekEarlier: amount
        ? relative(after[metric], week[metric])
        : after.offload !== null && week.offload !== null
          ? after.offload - week.offload
          : null,
      usualChange: center === null ? null : amount ? Math.exp(center) - 1 : center,
      z,
      flagged,
    };
  });
  return {
    ...base,
    status: 'ok',
    metrics,
    referenceDays: reference.length,
    flagged: metrics.some((m) => m.flagged),
    missing: allMissing,
  };
}
