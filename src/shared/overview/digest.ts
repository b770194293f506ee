// The fleet overview's figures, computed once after each refresh from the hourly history: per
// service the day shown (requests, bandwidth, origin offload, hourly sparklines), the same day a
// week earlier and the attention verdict; per account the same figures summed over its services.
// Pure, so the core, the CLI and the bench share it.
import { DAY_MS, HOUR_MS, type TimeRange } from '../analytics/model.ts';
import { assessAttention, ATTENTION_HOURS, OVERVIEW_HOURS, WEEK_DAYS, type AttentionStatus } from './attention.ts';
import { hourlyMetricIds, valueAt, type HourlyHistory, type HourlyMetric } from './hourly.ts';
import type { AccountStatus, ServiceCounts, ServiceDigest, TrafficFigures } from './schemas.ts';

/** The day shown, ending at `end` (a whole hour). */
export function dayShown(end: number): TimeRange {
  return { from: end - OVERVIEW_HOURS * HOUR_MS, to: end };
}

/** The same hours a week earlier. */
export function weekEarlier(range: TimeRange): TimeRange {
  return { from: range.from - WEEK_DAYS * DAY_MS, to: range.to - WEEK_DAYS * DAY_MS };
}

type HourSums = Record<HourlyMetric, Array<number | null>>;

/** Per hour of the range, each metric summed over the histories that hold that hour (null: none does). */
function hourSums(histories: readonly HourlyHistory[], range: TimeRange): HourSums {
  const out: HourSums = { requests: [], originRequests: [], bandwidth: [] };
  for (let hour = range.from; hour < range.to; hour += HOUR_MS) {
    for (const metric of hourlyMetricIds) {
      let sum: number | null = null;
      for (const history of histories) {
        const v = valueAt(history, metric, hour);
        if (v !== null) sum = (sum ?? 0) + v;
      }
      out[metric].push(sum);
    }
  }
  return out;
}

const round = (value: number | null, digits = 0): number | null => {
  if (value === null) return null;
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};

const total = (values: ReadonlyArray<number | null>): number | null =>
  values.some((v) => v === null) ? null : values.reduce<number>((a, v) => a + (v ?? 0), 0);

function figuresOf(sums: HourSums) {
  const requests = total(sums.requests);
  const origin = total(sums.originRequests);
  const bandwidthSum = total(sums.bandwidth);
  return {
    requests,
    bandwidth:
      bandwidthSum === null || sums.bandwidth.length === 0 ? null : round(bandwidthSum / sums.bandwidth.length),
    offload: requests === null || origin === null || requests === 0 ? null : round(1 - origin / requests, 4),
    sparklines: {
      requests: sums.requests.map((v) => round(v)),
      bandwidth: sums.bandwidth.map((v) => round(v)),
      offload: sums.requests.map((r, i) => {
        const o = sums.originRequests[i];
        return r === null || o === null || r === 0 ? null : round(1 - o / r, 4);
      }),
    },
  };
}

/** The figures of one service (one history) or of an account (its services' histories summed hour by hour). */
export function trafficFigures(histories: readonly HourlyHistory[], end: number): TrafficFigures {
  const day = dayShown(end);
  const now = figuresOf(hourSums(histories, day));
  const before = figuresOf(hourSums(histories, weekEarlier(day)));
  return {
    requests: { value: now.requests, weekEarlier: before.requests },
    bandwidth: { value: now.bandwidth, weekEarlier: before.bandwidth },
    offload: { value: now.offload, weekEarlier: before.offload },
    sparklines: now.sparklines,
    weekEarlierSparklines: before.sparklines,
  };
}

export interface DigestInput {
  services: ReadonlyArray<{ serviceId: number; serviceName: string; history: HourlyHistory | undefined }>;
  /** End of the settled hours (a whole hour). */
  end: number;
  attentionHours?: number;
}

export interface AccountDigest {
  end: number;
  traffic: TrafficFigures;
  services: ServiceDigest[];
}

/** Every service's row and the account's figures, for the settled hours ending at `end`. */
export function digestAccount(input: DigestInput): AccountDigest {
  const histories = input.services.map((s) => s.history).filter((h): h is HourlyHistory => h !== undefined);
  return {
    end: input.end,
    traffic: trafficFigures(histories, input.end),
    services: input.services.map((s) => ({
      serviceId: s.serviceId,
      serviceName: s.serviceName,
      traffic: trafficFigures(s.history ? [s.history] : [], input.end),
      attention: roundAttention(assessAttention(s.history, input.end, input.attentionHours ?? ATTENTION_HOURS)),
    })),
  };
}

function roundAttention(attention: ServiceDigest['attention']): ServiceDigest['attention'] {
  return {
    ...attention,
    metrics: attention.metrics.map((m) => ({
      ...m,
      value: round(m.value, m.metric === 'offload' ? 4 : 0),
      usual: round(m.usual, m.metric === 'offload' ? 4 : 0),
      weekEarlier: round(m.weekEarlier, m.metric === 'offload' ? 4 : 0),
      change: round(m.change, 4),
      z: round(m.z, 2),
    })),
  };
}

/** Order of the expanded list: needing attention first (strongest departure first, snoozed after), then no verdict, then ok; by name within. */
export function compareServices(
  a: { status: AttentionStatus; snoozed: boolean; strength: number; serviceName: string },
  b: { status: AttentionStatus; snoozed: boolean; strength: number; serviceName: string },
): number {
  const rank = (s: typeof a): number =>
    s.status === 'attention'
      ? s.snoozed
        ? 1
        : 0
      : s.status === 'no-data'
        ? 2
        : s.status === 'not-enough-history'
          ? 3
          : 4;
  return rank(a) - rank(b) || b.strength - a.strength || a.serviceName.localeCompare(b.serviceName);
}

export function emptyCounts(): ServiceCounts {
  return { total: 0, attention: 0, snoozed: 0, ok: 0, notEnoughHistory: 0, noData: 0 };
}

export function countService(counts: ServiceCounts, status: AttentionStatus, snoozed: boolean): void {
  counts.total++;
  if (status === 'attention') {
    counts.attention++;
    if (snoozed) counts.snoozed++;
  } else if (status === 'ok') counts.ok++;
  else if (status === 'not-enough-history') counts.notEnoughHistory++;
  else counts.noData++;
}

/** An account's status from its services' counts (see accountRowSchema.status). */
export function accountStatusOf(counts: ServiceCounts, stale: boolean): AccountStatus {
  if (counts.attention - counts.snoozed > 0) return 'attention';
  if (stale || counts.total === 0 || counts.noData === counts.total) return 'no-data';
  if (counts.noData + counts.notEnoughHistory > 0) return 'incomplete';
  return counts.snoozed > 0 ? 'snoozed' : 'ok';
}
