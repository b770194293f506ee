// Synthetic traffic, computed on the fly from (seed, service, timestamp): nothing is stored, the
// same question always gets the same answer, and a restart with the same seed shows the same charts.
// Shape: a daily wave (trough at 03:00 local, peak mid-afternoon), quieter weekends, noise per
// 5-minute point and occasional hour-long bursts. Injected changes (traffic-anomalies.ts) multiply
// the values of the points they cover; without any, the output is the generator's alone.
import { DAY_MS, HOUR_MS } from '#shared/time.ts';
import type { TrafficProfile } from './model.ts';
import { hashToUnit } from './prng.ts';
import { applyTrafficChanges, type TrafficChange } from './traffic-anomalies.ts';

export const POINT_MS = 300_000;
export { DAY_MS, HOUR_MS };
/** History the gateway keeps: the current day plus the 90 days before it. */
export const RETENTION_DAYS = 90;

// Mean of the daily wave below, so bytesPer5Min is the average over a weekday.
const DAILY_MEAN = 0.25 + 0.75 * 0.5;

export interface PointValues {
  /** Bytes served in the 5-minute interval. */
  volume: number;
  /** Requests in the interval. */
  requests: number;
  /** Requests forwarded to the origin in the interval (never more than requests). */
  originRequests: number;
}

export interface SeriesPoint {
  timestamp: string;
  value: number;
}

export type Metric = 'volume' | 'bandwidth' | 'requests' | 'originRequests';

const NO_CHANGES: readonly TrafficChange[] = [];

/** yyyy-MM-ddTHH:mm:ssZ */
export function formatPointTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function pointValues(
  seed: number,
  serviceId: number,
  profile: TrafficProfile,
  t: number,
  changes: readonly TrafficChange[] = NO_CHANGES,
): PointValues {
  const local = t + profile.utcOffsetHours * HOUR_MS;
  const hour = (((local % DAY_MS) + DAY_MS) % DAY_MS) / HOUR_MS;
  const daily = 0.25 + 0.75 * (0.5 - 0.5 * Math.cos((2 * Math.PI * (hour - 3)) / 24));
  // 1970-01-01 was a Thursday (day 4 with Sunday = 0).
  const dow = (((Math.floor(local / DAY_MS) + 4) % 7) + 7) % 7;
  const weekly = dow === 0 || dow === 6 ? profile.weekendFactor : 1 + 0.04 * Math.sin(dow);
  const index = t / POINT_MS;
  const noise = 0.8 + 0.4 * hashToUnit(seed, serviceId, index, 1);
  const hourBucket = Math.floor(t / HOUR_MS);
  const burst =
    hashToUnit(seed, serviceId, hourBucket, 2) < profile.burstChance
      ? 1.5 + 3 * hashToUnit(seed, serviceId, hourBucket, 3)
      : 1;
  const volume = Math.round((profile.bytesPer5Min * daily * weekly * noise * burst) / DAILY_MEAN);
  const objects = (volume / profile.avgObjectBytes) * (0.9 + 0.2 * hashToUnit(seed, serviceId, index, 4));
  const requests = volume > 0 ? Math.max(1, Math.round(objects)) : 0;
  const missShare = (1 - profile.cacheHitRatio) * (0.7 + 0.6 * hashToUnit(seed, serviceId, index, 5));
  const originRequests = Math.min(requests, Math.round(requests * missShare));
  const values = { volume, requests, originRequests };
  return changes.length === 0 ? values : applyTrafficChanges(values, changes, t);
}

/** [from, to) of the 5-minute points that exist at `nowMs`: complete intervals within retention. */
export function availablePoints(profile: TrafficProfile | null, nowMs: number): { from: number; to: number } | null {
  if (!profile) return null;
  const retentionStart = Math.floor(nowMs / DAY_MS) * DAY_MS - RETENTION_DAYS * DAY_MS;
  const from = Math.max(retentionStart, Math.ceil(profile.startsAt / POINT_MS) * POINT_MS);
  // A point is reported once its interval is over, so none lies in the future.
  let to = Math.floor(nowMs / POINT_MS) * POINT_MS;
  if (profile.endsAt !== undefined) to = Math.min(to, Math.ceil(profile.endsAt / POINT_MS) * POINT_MS);
  return from < to ? { from, to } : null;
}

function pointMetric(values: PointValues, metric: Metric): number {
  switch (metric) {
    case 'volume':
      return values.volume;
    case 'bandwidth':
      return (values.volume * 8) / 300;
    case 'requests':
      return values.requests;
    case 'originRequests':
      return values.originRequests;
  }
}

export interface SeriesQuery {
  seed: number;
  serviceId: number;
  profile: TrafficProfile | null;
  metric: Metric;
  startMs: number;
  endMs: number;
  interval: 'minute' | 'day';
  nowMs: number;
  /** Injected changes of this service's traffic; none by default. */
  changes?: readonly TrafficChange[];
}

interface DaySum {
  volume: number;
  points: number;
}

// Sums of complete days never change, so they are worth keeping (a 90-day chart of 50 services
// would otherwise cost 1.3 million point evaluations per request).
const daySumCache = new Map<string, DaySum>();
const DAY_SUM_CACHE_LIMIT = 50_000;

function daySum(
  seed: number,
  serviceId: number,
  profile: TrafficProfile,
  day: number,
  from: number,
  to: number,
  changes: readonly TrafficChange[],
): DaySum {
  const lo = Math.max(day, from);
  const hi = Math.min(day + DAY_MS, to);
  const complete = lo === day && hi === day + DAY_MS;
  const changed = changes.some((c) => c.fromMs < day + DAY_MS && c.toMs > day);
  const key = `${seed}:${serviceId}:${day}:${profile.startsAt}:${profile.endsAt ?? ''}${changed ? `:${JSON.stringify(changes)}` : ''}`;
  if (complete) {
    const cached = daySumCache.get(key);
    if (cached) return cached;
  }
  let volume = 0;
  let points = 0;
  for (let t = lo; t < hi; t += POINT_MS) {
    volume += pointValues(seed, serviceId, profile, t, changes).volume;
    points++;
  }
  const sum = { volume, points };
  if (complete) {
    if (daySumCache.size >= DAY_SUM_CACHE_LIMIT) daySumCache.clear();
    daySumCache.set(key, sum);
  }
  return sum;
}

/**
 * Points in [startMs, endMs). Minute interval: one point per complete 5-minute interval. Day
 * interval (volume and bandwidth only): the volume of a day is the sum of its 5-minute volumes, the
 * bandwidth of a day is the mean of its 5-minute bandwidths (average bps over the covered time).
 * A day without any 5-minute point has no point.
 */
export function series(query: SeriesQuery): SeriesPoint[] {
  const { profile } = query;
  const changes = query.changes ?? NO_CHANGES;
  const avail = availablePoints(profile, query.nowMs);
  if (!profile || !avail) return [];
  const out: SeriesPoint[] = [];
  if (query.interval === 'minute') {
    const first = Math.max(Math.ceil(query.startMs / POINT_MS) * POINT_MS, avail.from);
    const end = Math.min(query.endMs, avail.to);
    for (let t = first; t < end; t += POINT_MS) {
      out.push({
        timestamp: formatPointTime(t),
        value: pointMetric(pointValues(query.seed, query.serviceId, profile, t, changes), query.metric),
      });
    }
    return out;
  }
  if (query.metric !== 'volume' && query.metric !== 'bandwidth') {
    throw new Error(`analytics: interval day is not defined for ${query.metric}`);
  }
  const firstDay = Math.floor(query.startMs / DAY_MS) * DAY_MS;
  for (let day = firstDay; day < query.endMs; day += DAY_MS) {
    if (day + DAY_MS <= avail.from || day >= avail.to) continue;
    const sum = daySum(query.seed, query.serviceId, profile, day, avail.from, avail.to, changes);
    if (sum.points === 0) continue;
    const value = query.metric === 'volume' ? sum.volume : (sum.volume * 8) / (300 * sum.points);
    out.push({ timestamp: formatPointTime(day), value });
  }
  return out;
}
