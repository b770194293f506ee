// Fetches analytics for a query: reads the offline cache, asks the API only for what is not final
// yet (split at every limit: 50 services, 24 hours / 90 days per call), a few calls at a time
// inside the client's request budget, folds the answers into the cache and returns the series.
// Without network or credentials it answers from the cache, marked offline.
import { AppCode } from '#shared/app-errors.ts';
import {
  parseApiTime,
  alignRange,
  intervalForMetric,
  planCalls,
  previousPeriod,
  finalUntil,
  type AnalyticsCall,
  type AnalyticsCallBody,
} from '#shared/analytics/ranges.ts';
import { pointsIn } from '#shared/analytics/aggregate.ts';
import {
  metricInfo,
  type AnalyticsOperationId,
  type Interval,
  type Metric,
  type Point,
  type Series,
  type TimeRange,
} from '#shared/analytics/model.ts';
import type { AnalyticsQuery, AnalyticsResult } from '#shared/analytics/query.ts';
import type { BundleFailure } from '#shared/analytics/bundle.ts';
import { mergePiece, subtractRanges, type AnalyticsCache, type CacheEntry, type CacheKey } from './cache.ts';

export interface AnalyticsTransport {
  call(operationId: AnalyticsOperationId, body: AnalyticsCallBody, options: { signal?: AbortSignal }): Promise<unknown>;
}

interface FetchProgress {
  done: number;
  total: number;
  failed: number;
}

export interface FetchAnalyticsOptions {
  query: AnalyticsQuery;
  /** Where fetched pieces are merged (the offline cache; the fleet overview passes one that keeps nothing). */
  cache: Pick<AnalyticsCache, 'read' | 'update'>;
  /** null when there is no network or no credentials: the answer comes from the cache. */
  transport: AnalyticsTransport | null;
  now: () => number;
  /** Calls in flight at once (the client's budget still decides when each may go). */
  concurrency?: number;
  signal?: AbortSignal;
  onProgress?: (progress: FetchProgress) => void;
}

const DEFAULT_CONCURRENCY = 4;

/** Errors that mean "the API cannot be reached": switch to the cache instead of failing. */
const offlineCodes: ReadonlySet<string> = new Set([
  AppCode.Network.ConnectionFailed,
  AppCode.Network.Timeout,
  AppCode.Client.Closed,
]);

type ErrorLike = { code?: unknown; message?: unknown; name?: unknown };

function errorCode(error: unknown): string {
  const code = (error as ErrorLike | null)?.code;
  return typeof code === 'string' ? code : 'Unknown';
}

function errorMessage(error: unknown): string {
  const message = (error as ErrorLike | null)?.message;
  return typeof message === 'string' ? message : String(error);
}

function isAbort(error: unknown): boolean {
  const e = error as ErrorLike | null;
  return e?.code === AppCode.Request.Aborted || e?.name === 'AbortError';
}

/** Points of one service from an API answer, keyed by the service name as asked. */
export function pointsFromResponse(
  metric: Metric,
  serviceNames: readonly string[],
  response: unknown,
): Map<string, Point[]> {
  const byLower = new Map(serviceNames.map((name) => [name.toLowerCase(), name]));
  const out = new Map<string, Point[]>(serviceNames.map((name) => [name, []]));
  if (!Array.isArray(response)) return out;
  const field = metricInfo[metric].pointsField;
  for (const record of response as unknown[]) {
    if (typeof record !== 'object' || record === null) continue;
    const { serviceName } = record as { serviceName?: unknown };
    const name = typeof serviceName === 'string' ? byLower.get(serviceName.toLowerCase()) : undefined;
    const list = (record as Record<string, unknown>)[field];
    if (name === undefined || !Array.isArray(list)) continue;
    const points = out.get(name) ?? [];
    for (const item of list as unknown[]) {
      const { timestamp, value } = (item ?? {}) as { timestamp?: unknown; value?: unknown };
      if (typeof timestamp !== 'string' || typeof value !== 'number' || !Number.isFinite(value)) continue;
      const t = parseApiTime(timestamp);
      if (Number.isFinite(t)) points.push([t, value]);
    }
    out.set(name, points);
  }
  return out;
}

interface Job {
  call: AnalyticsCall;
}

interface MetricPlan {
  metric: Metric;
  interval: Interval;
  range: TimeRange;
  previous: TimeRange | undefined;
  /** What has to be on hand: the range, preceded by the previous period when comparing. */
  needed: TimeRange;
}

export async function fetchAnalytics(options: FetchAnalyticsOptions): Promise<Omit<AnalyticsResult, 'requestId'>> {
  const { query, cache } = options;
  const concurrency = Math.max(1, options.concurrency ?? DEFAULT_CONCURRENCY);
  const serviceNames = [...new Set(query.serviceNames)];
  const rangeMs = query.to - query.from;
  const plans: MetricPlan[] = [...new Set(query.metrics)].map((metric) => {
    const interval = intervalForMetric(metric, query.interval, rangeMs);
    const range = alignRange({ from: query.from, to: query.to }, interval);
    const previous = query.comparePrevious ? previousPeriod(range, interval) : undefined;
    return { metric, interval, range, previous, needed: { from: previous?.from ?? range.from, to: range.to } };
  });

  const keyOf = (serviceName: string, plan: MetricPlan): CacheKey => ({
    accountId: query.accountId,
    serviceName,
    metric: plan.metric,
    interval: plan.interval,
  });
  const entries = new Map<string, CacheEntry | undefined>();
  const id = (serviceName: string, metric: Metric): string => `${metric}\u0000${serviceName}`;
  await runPool(
    plans.flatMap((plan) => serviceNames.map((serviceName) => ({ plan, serviceName }))),
    16,
    async ({ plan, serviceName }) => {
      entries.set(id(serviceName, plan.metric), await cache.read(keyOf(serviceName, plan)));
    },
  );

  const failures: BundleFailure[] = [];
  let offline = options.transport === null && !query.cacheOnly;
  let cancelled = false;
  let calls = 0;

  if (options.transport && !query.cacheOnly) {
    const transport = options.transport;
    // Services whose cache lacks the same ranges share calls (batches of 50).
    const jobs: Job[] = [];
    for (const plan of plans) {
      const groups = new Map<string, { gaps: TimeRange[]; names: string[] }>();
      for (const serviceName of serviceNames) {
        const gaps = subtractRanges(plan.needed, entries.get(id(serviceName, plan.metric))?.final ?? []);
        if (gaps.length === 0) continue;
        const groupKey = JSON.stringify(gaps);
        const group = groups.get(groupKey) ?? { gaps, names: [] };
        group.names.push(serviceName);
        groups.set(groupKey, group);
      }
      const callsFor = (names: readonly string[], gaps: readonly TimeRange[]) =>
        gaps.flatMap((gap) =>
          planCalls({ metric: plan.metric, interval: plan.interval, serviceNames: names, range: gap }),
        );
      for (const { gaps, names } of mergeCoveredGroups(
        [...groups.values()],
        (names, gaps) => callsFor(names, gaps).length,
      )) {
        for (const call of callsFor(names, gaps)) jobs.push({ call });
      }
    }

    const pieces = new Map<string, Array<{ range: TimeRange; points: Point[]; fetchedAt: number }>>();
    const failedNames = new Set<string>();
    let done = 0;
    let total = jobs.length;
    const stop = new AbortController();
    const onAbort = (): void => stop.abort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    if (options.signal?.aborted) stop.abort();
    const report = (): void => options.onProgress?.({ done, total, failed: failedNames.size });
    report();

    const queue = [...jobs];
    const worker = async (): Promise<void> => {
      for (let job = queue.shift(); job !== undefined; job = queue.shift()) {
        if (stop.signal.aborted) return;
        const { call } = job;
        try {
          calls++;
          const response = await transport.call(call.operationId, call.body, { signal: stop.signal });
          const fetchedAt = options.now();
          for (const [serviceName, points] of pointsFromResponse(call.metric, call.serviceNames, response)) {
            const list = pieces.get(id(serviceName, call.metric)) ?? [];
            list.push({ range: call.range, points, fetchedAt });
            pieces.set(id(serviceName, call.metric), list);
          }
        } catch (error) {
          if (isAbort(error) || stop.signal.aborted) {
            if (options.signal?.aborted) cancelled = true;
            return;
          }
          const code = errorCode(error);
          if (offlineCodes.has(code)) {
            // The API is out of reach: stop asking and fall back to the cache.
            offline = true;
            stop.abort();
            return;
          }
          if (code === 'ServiceNames.Invalid' && call.serviceNames.length > 1) {
            // One bad name fails a whole batch: ask again one service at a time to find it.
            for (const serviceName of call.serviceNames) {
              queue.push({
                call: { ...call, serviceNames: [serviceName], body: { ...call.body, serviceNames: [serviceName] } },
              });
            }
            total += call.serviceNames.length;
          } else {
            for (const serviceName of call.serviceNames) {
              failedNames.add(serviceName);
              if (!failures.some((f) => f.serviceName === serviceName && f.metric === call.metric && f.code === code)) {
                failures.push({ serviceName, metric: call.metric, code, message: errorMessage(error) });
              }
            }
          }
        } finally {
          done++;
          report();
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, Math.max(1, jobs.length)) }, worker));
    options.signal?.removeEventListener('abort', onAbort);
    if (options.signal?.aborted) cancelled = true;

    // Whatever arrived is kept, also after a cancel or a failure elsewhere.
    const writes: Array<{
      plan: MetricPlan;
      serviceName: string;
      list: Array<{ range: TimeRange; points: Point[]; fetchedAt: number }>;
    }> = [];
    for (const plan of plans) {
      for (const serviceName of serviceNames) {
        const list = pieces.get(id(serviceName, plan.metric));
        if (list) writes.push({ plan, serviceName, list });
      }
    }
    const finalEnd = (interval: Interval): number => finalUntil(interval, options.now());
    await runPool(writes, 8, async ({ plan, serviceName, list }) => {
      const updated = await cache.update(
        keyOf(serviceName, plan),
        (entry) =>
          list.reduce<CacheEntry | undefined>(
            (acc, piece) =>
              mergePiece(acc, keyOf(serviceName, plan), { ...piece, finalUntil: finalEnd(plan.interval) }),
            entry,
          ) as CacheEntry,
      );
      entries.set(id(serviceName, plan.metric), updated);
    });
  }

  const series: Series[] = [];
  const previous: Series[] = [];
  let asOf: number | null = null;
  for (const plan of plans) {
    for (const serviceName of serviceNames) {
      const entry = entries.get(id(serviceName, plan.metric));
      if (entry) asOf = asOf === null ? entry.fetchedAt : Math.min(asOf, entry.fetchedAt);
      else if (offline || query.cacheOnly) {
        failures.push({
          serviceName,
          metric: plan.metric,
          code: AppCode.Analytics.NotCached,
          message: 'No saved data for this service yet; it will be fetched when the API can be reached.',
        });
      }
      const points = entry?.points ?? [];
      const final = entry?.final ?? [];
      series.push({
        serviceName,
        metric: plan.metric,
        interval: plan.interval,
        points: pointsIn(points, plan.range),
        fetched: clipRanges(final, plan.range),
      });
      if (plan.previous) {
        previous.push({
          serviceName,
          metric: plan.metric,
          interval: plan.interval,
          points: pointsIn(points, plan.previous),
          fetched: clipRanges(final, plan.previous),
        });
      }
    }
  }

  const first = plans[0];
  const range = plans.reduce(
    (acc, p) => ({ from: Math.min(acc.from, p.range.from), to: Math.max(acc.to, p.range.to) }),
    { from: first.range.from, to: first.range.to },
  );
  const result: Omit<AnalyticsResult, 'requestId'> = {
    range,
    intervals: Object.fromEntries(plans.map((p) => [p.metric, p.interval])),
    series,
    failures,
    offline,
    asOf,
    calls,
    cancelled,
  };
  if (query.comparePrevious) {
    result.previous = previous;
    const prev = plans.map((p) => p.previous).filter((p): p is TimeRange => p !== undefined);
    result.previousRange = { from: Math.min(...prev.map((p) => p.from)), to: Math.max(...prev.map((p) => p.to)) };
  }
  return result;
}

/**
 * Services whose missing ranges all lie inside another group's ride along with that group when
 * that costs no extra call: a few services cached a little later than the others (opened on the
 * dashboard in between) would otherwise need calls of their own. Refetching a stretch they
 * already hold is harmless: the fresh points replace the same points.
 */
export function mergeCoveredGroups<G extends { gaps: TimeRange[]; names: string[] }>(
  groups: readonly G[],
  callCount: (names: readonly string[], gaps: readonly TimeRange[]) => number,
): G[] {
  const covered = (inner: readonly TimeRange[], outer: readonly TimeRange[]): boolean =>
    inner.every((gap) => outer.some((o) => o.from <= gap.from && gap.to <= o.to));
  const kept: G[] = [];
  for (const group of [...groups].sort((a, b) => b.names.length - a.names.length)) {
    const host = kept.find(
      (k) =>
        covered(group.gaps, k.gaps) &&
        callCount([...k.names, ...group.names], k.gaps) <=
          callCount(k.names, k.gaps) + callCount(group.names, group.gaps),
    );
    if (host) host.names.push(...group.names);
    else kept.push({ ...group, names: [...group.names] });
  }
  return kept;
}

/** The parts of `ranges` inside `range`. */
function clipRanges(ranges: ReadonlyArray<readonly [number, number]>, range: TimeRange): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const [from, to] of ranges) {
    const a = Math.max(from, range.from);
    const b = Math.min(to, range.to);
    if (b > a) out.push([a, b]);
  }
  return out;
}

/** Runs `work` over items, at most `limit` at a time. */
async function runPool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const item = items[next++];
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
