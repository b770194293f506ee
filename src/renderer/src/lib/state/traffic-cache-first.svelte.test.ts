// @vitest-environment jsdom
// The dashboard paints saved data before the API answers, so an offline dashboard never waits
// for the client's retries to show the cache. A fake window.api holds the network answer back
// until the test releases it.
import { beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsResult } from '#shared/analytics/query.ts';

type Query = { cacheOnly?: boolean; requestId?: string };
const pending: Array<(result: AnalyticsResult) => void> = [];
let cachedAnswer: AnalyticsResult | null = null;

function result(overrides: Partial<AnalyticsResult>): AnalyticsResult {
  return {
    requestId: 'r',
    range: { from: 0, to: 3_600_000 },
    intervals: { volume: 'minute' },
    series: [
      {
        serviceName: 'a.example.com',
        metric: 'volume',
        interval: 'minute',
        points: [[0, 1]],
        fetched: [[0, 3_600_000]],
      },
    ],
    failures: [],
    offline: false,
    asOf: 1_000,
    calls: 0,
    cancelled: false,
    ...overrides,
  };
}

beforeAll(() => {
  // getApi() uses globalThis.api when present (the Electron preload's object).
  Object.assign(globalThis, {
    api: {
      on: () => () => undefined,
      host: {},
      analytics: {
        fetch: (query: Query) =>
          query.cacheOnly
            ? Promise.resolve({ ok: true, data: cachedAnswer })
            : new Promise((resolve) => pending.push((data) => resolve({ ok: true, data }))),
        cacheInfo: () => Promise.resolve({ ok: true, data: { bytes: 1, entries: 1, maxBytes: 10 } }),
      },
    },
  });
});

const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

describe('traffic dashboard: saved data first', () => {
  it('shows the cached charts while the API has not answered, then the answer replaces them', async () => {
    const { TrafficDashboardState } = await import('./traffic.svelte.ts');
    const dash = new TrafficDashboardState('acc-cache-first');
    cachedAnswer = result({
      asOf: 1_000,
      failures: [
        { serviceName: 'b.example.com', metric: 'volume', code: 'Analytics.NotCached', message: 'not saved yet' },
      ],
    });
    const loading = dash.load(['a.example.com', 'b.example.com']);
    await settle();
    expect(pending).toHaveLength(1);
    expect(dash.loading).toBe(true);
    expect(dash.result?.asOf).toBe(1_000);
    expect(dash.showingSaved).toBe(true);
    // "Not saved yet" is not reported as a failure while the refresh runs.
    expect(dash.result?.failures).toEqual([]);

    pending.shift()?.(result({ offline: true, asOf: 1_000, failures: cachedAnswer.failures }));
    await loading;
    expect(dash.loading).toBe(false);
    expect(dash.showingSaved).toBe(false);
    expect(dash.result?.offline).toBe(true);
    expect(dash.result?.failures).toHaveLength(1);
  });

  it('shows nothing from the cache when nothing is saved, then the network answer', async () => {
    const { TrafficDashboardState } = await import('./traffic.svelte.ts');
    const dash = new TrafficDashboardState('acc-cache-none');
    cachedAnswer = result({ asOf: null, series: [] });
    const loading = dash.load(['a.example.com']);
    await settle();
    expect(dash.result).toBeNull();
    pending.shift()?.(result({ asOf: 5_000, calls: 2 }));
    await loading;
    expect(dash.result?.calls).toBe(2);
    expect(dash.showingSaved).toBe(false);
  });
});
