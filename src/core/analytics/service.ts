// The analytics feature of one core: the offline cache, running fetches (cancellable by request
// ID) and the exports. Shared by the analytics.* and stats.* handlers and the CLI.
import { AppCode } from '#shared/app-errors.ts';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import packageJson from '../../../package.json' with { type: 'json' };
import type { CoreContext } from '../context.ts';
import { CoreError } from '../errors.ts';
import { AnalyticsCache, CACHE_DIR_NAME, DEFAULT_CACHE_MAX_BYTES } from './cache.ts';
import { fetchAnalytics, type AnalyticsTransport } from './fetcher.ts';
import type { AnalyticsQuery, AnalyticsResult } from '#shared/analytics/query.ts';
import {
  createBundle,
  exportFileName,
  parseBundle,
  serializeBundle,
  type BundleContent,
} from '#shared/analytics/bundle.ts';
import { seriesToCsv } from '#shared/analytics/csv.ts';

export interface AnalyticsService {
  cache: AnalyticsCache;
  /** `signal`: the caller went away; the fetch stops as analytics.cancel stops it. */
  fetch(query: AnalyticsQuery, signal?: AbortSignal): Promise<AnalyticsResult>;
  cancel(requestId: string): boolean;
  exportBundle(
    query: AnalyticsQuery,
    signal?: AbortSignal,
  ): Promise<{ suggestedName: string; mimeType: string; content: string; sha256: string }>;
  exportCsv(
    query: AnalyticsQuery,
    signal?: AbortSignal,
  ): Promise<{ suggestedName: string; mimeType: string; content: string }>;
  openBundle(text: string): Promise<{ sha256: string; content: BundleContent }>;
  /**
   * The core stops: running fetches are cancelled and waited for, so nothing writes the cache
   * after the core is disposed (a host removing its data dir right after would race with it).
   */
  close(): Promise<void>;
}

export type AnalyticsServiceContext = Pick<CoreContext, 'dataDir' | 'clients' | 'accounts' | 'emit' | 'clock'>;

export interface AnalyticsServiceOptions {
  maxCacheBytes?: number;
  concurrency?: number;
}

export function createAnalyticsService(
  ctx: AnalyticsServiceContext,
  options: AnalyticsServiceOptions = {},
): AnalyticsService {
  const cache = new AnalyticsCache({
    dir: join(ctx.dataDir, CACHE_DIR_NAME),
    now: ctx.clock.nowMs,
    maxBytes: options.maxCacheBytes ?? DEFAULT_CACHE_MAX_BYTES,
    onCorrupt: ({ key, reason }) =>
      ctx.emit('app.warning', {
        code: AppCode.Analytics.CacheEntryCorrupt,
        message: `Saved traffic data of ${key.serviceName} (${key.metric}) could not be read (${reason}); it was discarded and will be fetched again.`,
      }),
  });
  const running = new Map<string, AbortController>();
  const inFlight = new Set<Promise<unknown>>();
  let closed = false;

  async function transportFor(accountId: string): Promise<{ transport: AnalyticsTransport | null; error?: unknown }> {
    try {
      const client = await ctx.clients.forAccount(accountId);
      return {
        transport: {
          // A fetch is many calls: background priority, so an interactive read never waits behind it.
          call: (operationId, body, callOptions) =>
            client.call(operationId, { body } as never, { ...callOptions, priority: 'background' }) as Promise<unknown>,
        },
      };
    } catch (error) {
      // No credentials (keychain locked, secret missing): the cache still answers.
      return { transport: null, error };
    }
  }

  // Saved traffic of accounts removed since the last start is deleted before the first fetch.
  let pruned: Promise<void> | undefined;
  const pruneRemovedAccounts = (): Promise<void> =>
    (pruned ??= ctx.accounts
      .list()
      .then((accounts) => cache.retainAccounts(accounts.map((a) => a.id)))
      .then(
        () => undefined,
        () => undefined,
      ));

  function run(query: AnalyticsQuery, callerSignal?: AbortSignal): Promise<AnalyticsResult> {
    if (closed) return Promise.reject(new CoreError(AppCode.Core.Disposed, 'The application is shutting down.'));
    const work = fetchOnce(query, callerSignal);
    const settled = work.catch(() => undefined);
    inFlight.add(settled);
    void settled.then(() => inFlight.delete(settled));
    return work;
  }

  async function fetchOnce(query: AnalyticsQuery, callerSignal?: AbortSignal): Promise<AnalyticsResult> {
    await pruneRemovedAccounts();
    const requestId = query.requestId ?? randomUUID();
    const { transport, error } = query.cacheOnly
      ? { transport: null, error: undefined }
      : await transportFor(query.accountId);
    const controller = new AbortController();
    running.get(requestId)?.abort();
    running.set(requestId, controller);
    const onCallerGone = (): void => controller.abort();
    if (callerSignal?.aborted) controller.abort();
    callerSignal?.addEventListener('abort', onCallerGone, { once: true });
    try {
      const result = await fetchAnalytics({
        query,
        cache,
        transport,
        now: ctx.clock.nowMs,
        concurrency: options.concurrency,
        signal: controller.signal,
        onProgress: (progress) => ctx.emit('analytics.progress', { requestId, ...progress }),
      });
      // Offline with nothing saved: the reason the API is out of reach is more useful than empty charts.
      if (error !== undefined && result.asOf === null) throw error;
      return { requestId, ...result };
    } finally {
      callerSignal?.removeEventListener('abort', onCallerGone);
      if (running.get(requestId) === controller) running.delete(requestId);
    }
  }

  async function accountLabel(accountId: string): Promise<string | undefined> {
    try {
      return (await ctx.accounts.find(accountId))?.name;
    } catch {
      return undefined;
    }
  }

  return {
    cache,
    fetch: run,
    async close() {
      closed = true;
      for (const controller of running.values()) controller.abort();
      await Promise.all([...inFlight, pruned]);
    },
    cancel(requestId) {
      const controller = running.get(requestId);
      controller?.abort();
      return controller !== undefined;
    },
    async exportBundle(query, signal) {
      const result = await run(query, signal);
      const label = await accountLabel(query.accountId);
      const bundle = await createBundle({
        generator: `Acceleration Console ${packageJson.version}`,
        createdAt: ctx.clock.nowMs(),
        ...(label === undefined ? {} : { accountLabel: label }),
        range: result.range,
        requestedInterval: query.interval,
        metrics: query.metrics,
        services: [...new Set(query.serviceNames)],
        asOf: result.asOf,
        offline: result.offline,
        series: result.series,
        ...(result.previous ? { previous: result.previous } : {}),
        failures: result.failures,
      });
      return {
        suggestedName: exportFileName(result.range, 'json'),
        mimeType: 'application/json',
        content: serializeBundle(bundle),
        sha256: bundle.sha256,
      };
    },
    async exportCsv(query, signal) {
      const result = await run(query, signal);
      return {
        suggestedName: exportFileName(result.range, 'csv'),
        mimeType: 'text/csv',
        content: seriesToCsv(result.series),
      };
    },
    async openBundle(text) {
      const parsed = await parseBundle(text);
      if (!parsed.ok) throw new CoreError(parsed.code, parsed.message);
      return { sha256: parsed.bundle.sha256, content: parsed.bundle.content };
    },
  };
}
