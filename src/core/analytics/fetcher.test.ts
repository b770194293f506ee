import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '#sandbox';
import { createApiClient, type ApiClient } from '../api/client.ts';
import { AnalyticsCache } from './cache.ts';
import { fetchAnalytics, mergeCoveredGroups, pointsFromResponse, type AnalyticsTransport } from './fetcher.ts';
import { analyticsQuerySchema, type AnalyticsQueryInput } from '#shared/analytics/query.ts';
import { presetRange } from '#shared/analytics/ranges.ts';
import { DAY_MS } from '#shared/analytics/model.ts';

// Gateway, client, cache and fetcher share one movable clock, 2 minutes into a 5-minute point.
let nowMs = Date.UTC(2026, 10, 23, 12, 0) + 120_000;
let sandbox: SandboxHandle;
let client: ApiClient;
let dir: string;
const calls: string[] = [];

function transport(): AnalyticsTransport {
  return {
    call: async (operationId, body, { signal }) => {
      calls.push(`${operationId} ${body.serviceNames.length} ${body.startTime}..${body.endTime}`);
      return client.call(operationId, { body } as never, { signal });
    },
  };
}

const query = (input: Partial<AnalyticsQueryInput>) => {
  const range = presetRange('24h', nowMs);
  return analyticsQuerySchema.parse({
    accountId: 'acc',
    serviceNames: names(),
    metrics: ['volume'],
    from: range.from,
    to: range.to,
    ...input,
  });
};
const names = (): string[] => sandbox.services.slice(0, 2).map((s) => s.domainName);

beforeAll(async () => {
  sandbox = await startSandbox({ now: () => nowMs, rateLimit: false });
  client = createApiClient({
    baseUrl: sandbox.url,
    keyId: sandbox.credentials.accessKeyId,
    secret: sandbox.credentials.accessKeySecret,
    budget: false,
    now: () => nowMs,
    retry: { maxAttempts: 1 },
  });
  dir = await mkdtemp(join(tmpdir(), 'analytics-fetch-'));
});
afterAll(async () => {
  await client.close();
  await sandbox.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('fetchAnalytics against the sandbox', () => {
  it('fetches once, then only the open end a minute later, with identical history', async () => {
    const cache = new AnalyticsCache({ dir: join(dir, 'a'), now: () => nowMs });
    calls.length = 0;
    const progress: number[] = [];
    const first = await fetchAnalytics({
      query: query({ metrics: ['volume', 'requests'] }),
      cache,
      transport: transport(),
      now: () => nowMs,
      onProgress: (p) => progress.push(p.done),
    });
    expect(first.calls).toBe(2);
    expect(first.offline).toBe(false);
    expect(first.failures).toEqual([]);
    expect(progress.at(-1)).toBe(2);
    const volume = first.series.filter((s) => s.metric === 'volume');
    expect(volume).toHaveLength(2);
    // 24 hours of complete 5-minute points (the open one is not reported yet).
    expect(volume[0].points.length).toBe(287);

    nowMs += 60_000;
    calls.length = 0;
    const second = await fetchAnalytics({
      query: query({ metrics: ['volume', 'requests'] }),
      cache,
      transport: transport(),
      now: () => nowMs,
    });
    expect(second.calls).toBe(2);
    for (const line of calls) {
      const [, , span] = line.split(' ');
      const [a, b] = span.split('..').map((s) => Date.parse(s));
      expect(b - a).toBeLessThanOrEqual(2 * 3_600_000);
    }
    const old = new Map(volume[0].points);
    const overlap = second.series[0].points.filter(([t]) => old.has(t));
    expect(overlap.length).toBeGreaterThan(250);
    for (const [t, v] of overlap) expect(v).toBe(old.get(t));
  });

  it('splits a 3-day request range into 24-hour calls and aggregates nothing on its own', async () => {
    const cache = new AnalyticsCache({ dir: join(dir, 'b'), now: () => nowMs });
    const range = presetRange('7d', nowMs);
    const result = await fetchAnalytics({
      query: query({ metrics: ['originRequests'], from: range.to - 3 * DAY_MS, to: range.to }),
      cache,
      transport: transport(),
      now: () => nowMs,
    });
    expect(result.calls).toBe(3);
    expect(result.series[0].points.length).toBeGreaterThan(860);
  });

  it('keeps what arrived when one service name is unknown, and names the failing service', async () => {
    const cache = new AnalyticsCache({ dir: join(dir, 'c'), now: () => nowMs });
    const result = await fetchAnalytics({
      query: query({ serviceNames: [...names(), 'unknown.example.org'] }),
      cache,
      transport: transport(),
      now: () => nowMs,
    });
    expect(result.failures).toEqual([
      expect.objectContaining({ serviceName: 'unknown.example.org', metric: 'volume', code: 'ServiceNames.Invalid' }),
    ]);
    expect(result.series.filter((s) => s.points.length > 0).map((s) => s.serviceName)).toEqual(names());
  });

  it('answers from the cache, marked offline, when the API cannot be reached', async () => {
    const cache = new AnalyticsCache({ dir: join(dir, 'd'), now: () => nowMs });
    const online = await fetchAnalytics({ query: query({}), cache, transport: transport(), now: () => nowMs });
    const fetchedAt = nowMs;
    nowMs += 10 * 60_000;
    const unreachable = createApiClient({
      baseUrl: 'http://127.0.0.1:9',
      keyId: 'k',
      secret: 's',
      budget: false,
      retry: { maxAttempts: 1 },
      now: () => nowMs,
    });
    const offline = await fetchAnalytics({
      query: query({}),
      cache,
      transport: { call: (op, body, o) => unreachable.call(op, { body } as never, o) },
      now: () => nowMs,
    });
    await unreachable.close();
    expect(offline.offline).toBe(true);
    expect(offline.asOf).toBe(fetchedAt);
    expect(offline.series[0].points.length).toBeGreaterThan(250);
    expect(offline.series[0].points[5]).toEqual(online.series[0].points[7]);
    const noCredentials = await fetchAnalytics({
      query: query({ serviceNames: ['never.example.com'] }),
      cache,
      transport: null,
      now: () => nowMs,
    });
    expect(noCredentials.offline).toBe(true);
    expect(noCredentials.failures[0]).toMatchObject({ code: 'Analytics.NotCached' });
  });

  it('fetches a corrupt cache entry again', async () => {
    const cache = new AnalyticsCache({ dir: join(dir, 'e'), now: () => nowMs });
    await fetchAnalytics({ query: query({}), cache, transport: transport(), now: () => nowMs });
    await writeFile(
      cache.pathOf({ accountId: 'acc', serviceName: names()[0], metric: 'volume', interval: 'minute' }),
      'garbage',
    );
    calls.length = 0;
    const again = await fetchAnalytics({ query: query({}), cache, transport: transport(), now: () => nowMs });
    // The whole day again for the corrupt entry; the other service's open end rides along (one call, not two).
    expect(calls).toHaveLength(1);
    const [, count, span] = calls[0]!.split(' ');
    const [a, b] = span!.split('..').map((t) => Date.parse(t));
    expect(count).toBe('2');
    expect(b! - a!).toBeGreaterThan(23 * 3_600_000);
    expect(again.series[0].points.length).toBeGreaterThan(280);
  });

  it('stops on cancel and keeps the calls that completed', async () => {
    const cache = new AnalyticsCache({ dir: join(dir, 'f'), now: () => nowMs });
    const controller = new AbortController();
    let seen = 0;
    const slow: AnalyticsTransport = {
      call: async (op, body, o) => {
        seen++;
        if (seen === 2) controller.abort();
        return transport().call(op, body, o);
      },
    };
    const range = presetRange('7d', nowMs);
    const result = await fetchAnalytics({
      query: query({ from: range.from, to: range.to }),
      cache,
      transport: slow,
      now: () => nowMs,
      concurrency: 1,
      signal: controller.signal,
    });
    expect(result.cancelled).toBe(true);
    expect(seen).toBeLessThan(7);
    expect(result.series[0].points.length).toBeGreaterThan(0);
  });

  it('compares with the previous period fetched in the same pass', async () => {
    const cache = new AnalyticsCache({ dir: join(dir, 'g'), now: () => nowMs });
    const result = await fetchAnalytics({
      query: query({ comparePrevious: true, metrics: ['bandwidth'] }),
      cache,
      transport: transport(),
      now: () => nowMs,
    });
    expect(result.calls).toBe(2);
    expect(result.previous?.[0].points.length).toBe(288);
    expect(result.previousRange!.to).toBe(result.range.from);
  });
});

describe('pointsFromResponse', () => {
  it('matches names case-insensitively and skips malformed points', () => {
    const map = pointsFromResponse(
      'volume',
      ['A.example.com', 'b.example.com'],
      [
        {
          serviceName: 'a.example.com',
          volumes: [
            { timestamp: '2026-11-01T00:00:00Z', value: 5 },
            { timestamp: 'bad', value: 1 },
            { timestamp: '2026-11-01T00:05:00Z', value: 'x' },
          ],
        },
      ],
    );
    expect(map.get('A.example.com')).toEqual([[Date.UTC(2026, 10, 1), 5]]);
    expect(map.get('b.example.com')).toEqual([]);
  });
});

describe('mergeCoveredGroups', () => {
  const named = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}${i}.example`);
  // Like planCalls: batches of 50 names, one call per gap and batch.
  const count = (names: readonly string[], gaps: readonly { from: number; to: number }[]) =>
    Math.ceil(names.length / 50) * gaps.length;

  it('lets services cached a little later ride along with the others: 4 calls for 200, not 5', () => {
    const groups = [
      { gaps: [{ from: 100, to: 200 }], names: named('a', 190) },
      { gaps: [{ from: 150, to: 200 }], names: named('b', 10) },
    ];
    const merged = mergeCoveredGroups(groups, count);
    expect(merged).toHaveLength(1);
    expect(merged[0]!.names).toHaveLength(200);
    expect(merged[0]!.gaps).toEqual([{ from: 100, to: 200 }]);
    expect(groups[0]!.names).toHaveLength(190);
  });

  it('keeps apart what is not covered, or would cost more calls together', () => {
    expect(
      mergeCoveredGroups(
        [
          { gaps: [{ from: 100, to: 200 }], names: named('a', 5) },
          { gaps: [{ from: 50, to: 120 }], names: named('b', 5) },
        ],
        count,
      ),
    ).toHaveLength(2);
    // 50 services over three days (3 calls) and one over a day: together 2 batches × 3 days = 6 > 4.
    const days = (n: number) => Array.from({ length: n }, (_, i) => ({ from: i * 10, to: i * 10 + 10 }));
    expect(
      mergeCoveredGroups(
        [
          { gaps: days(3), names: named('a', 50) },
          { gaps: days(1), names: named('b', 1) },
        ],
        count,
      ),
    ).toHaveLength(2);
  });
});
