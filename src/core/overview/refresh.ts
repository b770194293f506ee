// Refreshing one account's overview data: the hours its saved history lacks among the last
// HISTORY_DAYS days of settled hours — normally only the open end since the last refresh; the whole
// history for a service seen for the first time — are fetched through the analytics fetcher
// (50 services per call, 24 hours per call, each call at background priority inside the key's
// request budget), folded into hours, and the rows are computed again.
// Only whole settled hours are kept (older than the last hour the gateway may revise), so nothing
// is fetched until a new hour has settled: a refresh within the same hour costs no call.
import { AppCode } from '#shared/app-errors.ts';
import { fetchAnalytics, type AnalyticsTransport } from '../analytics/fetcher.ts';
import type { AnalyticsCache } from '../analytics/cache.ts';
import { finalUntil, floorTo } from '#shared/analytics/ranges.ts';
import { DAY_MS, HOUR_MS, type TimeRange } from '#shared/analytics/model.ts';
import { mergeRanges } from '#shared/analytics/impact.ts';
import { HISTORY_DAYS } from '#shared/overview/attention.ts';
import { digestAccount } from '#shared/overview/digest.ts';
import {
  hourlyAggregate,
  hourlyMetricIds,
  hourlyValues,
  lastCompleteHourEnd,
  missingHours,
  rebaseHistory,
  setHours,
  type HourlyHistory,
} from '#shared/overview/hourly.ts';
import { DIGEST_VERSION, type OverviewStore, type RefreshError } from './overview-store.ts';

/** Services per fetch: five calls' worth, so a fetch's 5-minute points stay small in memory. */
const SERVICES_PER_FETCH = 250;
/** Longest range one fetch asks for (one call's worth at 5-minute points). */
const CHUNK_MS = DAY_MS;

export type OverviewServiceInfo = { serviceId: number; domainName: string };

export interface AccountRefreshDeps {
  store: OverviewStore;
  /** The account's listed services (may read the API for the sandbox account's first list). */
  services(accountId: string): Promise<OverviewServiceInfo[]>;
  /** The account's transport; throws when there are no credentials (keychain locked, secret missing). */
  transport(accountId: string): Promise<AnalyticsTransport>;
  now(): Date;
  /** Calls in flight at once per fetch (the key's budget still decides when each goes). */
  concurrency?: number;
}

export interface AccountRefreshOutcome {
  accountId: string;
  calls: number;
  refreshed: boolean;
  error: { code: string; message: string } | null;
  failedServices: Array<{ serviceName: string; code: string; message: string }>;
}

/** Keeps nothing: the overview folds each fetched piece into hours at once (the 5-minute cache would hold ~1.4 GB for 5,000 services × 15 days). */
const passThroughCache: Pick<AnalyticsCache, 'read' | 'update'> = {
  read: async () => undefined,
  update: async (_key, change) => change(undefined),
};

/** End of the settled whole hours at `nowMs`: the hours before it are final at the gateway. */
export function settledEnd(nowMs: number): number {
  return floorTo(finalUntil('minute', nowMs), HOUR_MS);
}

/** Ranges of at most CHUNK_MS, newest first, cut from each range's end (so the open end is one call). */
function chunks(ranges: readonly TimeRange[]): TimeRange[] {
  const out: TimeRange[] = [];
  for (const range of [...ranges].reverse()) {
    for (let to = range.to; to > range.from; to -= CHUNK_MS)
      out.push({ from: Math.max(range.from, to - CHUNK_MS), to });
  }
  return out;
}

const overlaps = (a: readonly TimeRange[], b: TimeRange): boolean => a.some((r) => r.from < b.to && b.from < r.to);

type ErrorLike = { code?: unknown; message?: unknown };
function errorFacts(error: unknown): { code: string; message: string } {
  const { code, message } = (error ?? {}) as ErrorLike;
  return {
    code: typeof code === 'string' ? code : 'Unknown',
    message: typeof message === 'string' ? message : String(error),
  };
}

export async function refreshAccount(
  deps: AccountRefreshDeps,
  accountId: string,
  signal?: AbortSignal,
): Promise<AccountRefreshOutcome> {
  const outcome: AccountRefreshOutcome = { accountId, calls: 0, refreshed: false, error: null, failedServices: [] };
  const fail = async (error: { code: string; message: string }): Promise<AccountRefreshOutcome> => {
    outcome.error = error;
    await recordError(deps.store, accountId, { ...error, at: deps.now().getTime() });
    return outcome;
  };

  let services: OverviewServiceInfo[];
  try {
    services = await deps.services(accountId);
  } catch (error) {
    return fail(errorFacts(error));
  }
  const end = settledEnd(deps.now().getTime());
  const start = end - HISTORY_DAYS * DAY_MS;
  const saved = await deps.store.readHours(accountId);
  const histories = new Map<string, HourlyHistory>(
    services.map((s) => [s.domainName, rebaseHistory(saved?.services.get(s.domainName), start, end)]),
  );
  const missing = new Map<string, TimeRange[]>();
  for (const [name, history] of histories) {
    const gaps = missingHours(history, { from: start, to: end });
    if (gaps.length > 0) missing.set(name, gaps);
  }

  let fetched = false;
  if (missing.size > 0) {
    let transport: AnalyticsTransport;
    try {
      transport = await deps.transport(accountId);
    } catch (error) {
      return fail(errorFacts(error));
    }
    const failed = new Map<string, { serviceName: string; code: string; message: string }>();
    for (const chunk of chunks(mergeRanges([...missing.values()].flat()))) {
      if (signal?.aborted) break;
      const names = [...missing].filter(([, gaps]) => overlaps(gaps, chunk)).map(([name]) => name);
      let offline = false;
      for (let i = 0; i < names.length && !signal?.aborted; i += SERVICES_PER_FETCH) {
        const result = await fetchAnalytics({
          query: {
            accountId,
            serviceNames: names.slice(i, i + SERVICES_PER_FETCH),
            metrics: [...hourlyMetricIds],
            from: chunk.from,
            to: chunk.to,
            interval: 'minute',
            comparePrevious: false,
            cacheOnly: false,
          },
          cache: passThroughCache,
          transport,
          now: () => deps.now().getTime(),
          ...(deps.concurrency === undefined ? {} : { concurrency: deps.concurrency }),
          ...(signal ? { signal } : {}),
        });
        outcome.calls += result.calls;
        for (const series of result.series) {
          const history = histories.get(series.serviceName);
          if (!history || series.metric === 'volume') continue;
          const values = hourlyValues(series.points, series.fetched ?? [], chunk, hourlyAggregate[series.metric]);
          if (values.size > 0) fetched = true;
          setHours(history, series.metric, values);
        }
        for (const f of result.failures) {
          // "Not cached" only says the pass-through cache holds nothing: the hours stay missing and are asked for next time.
          if (f.serviceName !== undefined && f.code !== AppCode.Analytics.NotCached)
            failed.set(f.serviceName, { serviceName: f.serviceName, code: f.code, message: f.message });
        }
        if (result.offline) {
          offline = true;
          break;
        }
      }
      if (offline) {
        outcome.error = {
          code: AppCode.Network.ConnectionFailed,
          message: 'The API could not be reached; the saved overview is shown.',
        };
        break;
      }
    }
    outcome.failedServices = [...failed.values()];
    // Nothing arrived and the API refused every piece (a key no longer valid, the customer gone): the account's error.
    if (!fetched && outcome.error === null && outcome.failedServices.length > 0) {
      const { code, message } = outcome.failedServices[0];
      outcome.error = { code, message };
    }
    if (signal?.aborted && outcome.error === null)
      outcome.error = { code: AppCode.Request.Aborted, message: 'The refresh was cancelled; what arrived is kept.' };
  }

  if (fetched) await deps.store.writeHours(accountId, { start, end, services: histories });
  const summary = await deps.store.readSummary(accountId);
  const listed = services.map((s) => `${s.serviceId}:${s.domainName}`).join('\n');
  const known = summary?.services.map((s) => `${s.serviceId}:${s.serviceName}`).join('\n');
  // The rows end where the data ends: a refresh that could not reach the API keeps the last day shown.
  const ends = [...histories.values()].map(lastCompleteHourEnd).filter((e): e is number => e !== null);
  const dataEnd = ends.length === 0 ? null : Math.min(end, Math.max(...ends));
  const unchanged =
    !fetched &&
    summary !== undefined &&
    summary.digestVersion === DIGEST_VERSION &&
    summary.end === dataEnd &&
    known === listed;
  const at = deps.now().getTime();
  const lastError = outcome.error === null ? null : { ...outcome.error, at };
  if (unchanged) {
    // Nothing new could be final yet: the data is as fresh as it can be, as of now.
    await deps.store.writeSummary({
      ...summary,
      lastError,
      refreshedAt: outcome.error === null ? at : summary.refreshedAt,
    });
    return outcome;
  }
  const digest = digestAccount({
    services: services.map((s) => ({
      serviceId: s.serviceId,
      serviceName: s.domainName,
      history: histories.get(s.domainName),
    })),
    end: dataEnd ?? end,
  });
  if (dataEnd !== null) await deps.store.writeServices(accountId, dataEnd, digest.services);
  await deps.store.writeSummary({
    accountId,
    digestVersion: DIGEST_VERSION,
    end: dataEnd,
    refreshedAt: fetched || outcome.error === null ? at : (summary?.refreshedAt ?? null),
    lastError,
    traffic: dataEnd === null ? null : digest.traffic,
    services: digest.services.map((s) => ({
      serviceId: s.serviceId,
      serviceName: s.serviceName,
      status: dataEnd === null ? 'no-data' : s.attention.status,
    })),
  });
  outcome.refreshed = fetched;
  return outcome;
}

async function recordError(store: OverviewStore, accountId: string, error: RefreshError): Promise<void> {
  const summary = await store.readSummary(accountId);
  await store.writeSummary(
    summary
      ? { ...summary, lastError: error }
      : {
          accountId,
          digestVersion: DIGEST_VERSION,
          end: null,
          refreshedAt: null,
          lastError: error,
          traffic: null,
          services: [],
        },
  );
}
