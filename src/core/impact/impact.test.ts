// impact.* through the core (invoke) on the built-in sandbox gateway: chart markers of applied
// changes, impact lines read from the analytics cache (cache only by default, fetching the missing
// hours on request), a known shift written into the cache is flagged, and the export.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../app-core.ts';
import { createMemorySecretStore } from '../secrets/memory-store.ts';
import { data } from '../test-support/core.ts';
import { AnalyticsCache, CACHE_DIR_NAME } from '../analytics/cache.ts';
import { createJournal } from '../journal/journal.ts';
import { createImpactService } from './impact.ts';
import { impactDataRange } from '#shared/analytics/impact.ts';
import { DAY_MS, FIVE_MINUTES_MS, HOUR_MS, type Point } from '#shared/analytics/model.ts';
import { floorTo } from '#shared/analytics/ranges.ts';
import { createFakeClock } from '../test-support/fake-clock.ts';

let dataDir: string;
let core: Core;
let accountId: string;
/** The core's clock (its sandbox's too): changes are applied a day ago, then the clock moves on to now. */
const clock = createFakeClock();
const realNow = floorTo(Date.UTC(2026, 10, 23, 12, 0), FIVE_MINUTES_MS);
const changeAt = realNow - DAY_MS + 2 * 60_000;
let shopEntry: string;
let mediaEntry: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'accel-impact-'));
  clock.set(changeAt);
  core = createCore({
    dataDir,
    secretStore: createMemorySecretStore(),
    sandboxOptions: { statePath: null },
    clientOptions: { timeoutMs: 10_000 },
    clock,
  });
  accountId = data(await core.invoke('accounts.ensureSandbox', { makeCurrent: true })).id;
  await core.invoke('inventory.list', { accountId });
  for (const serviceId of [101, 102]) {
    data(
      await core.invoke('changes.apply', {
        accountId,
        operationId: 'setCorsHeaders',
        input: { params: { serviceId }, body: { accessControlAllowOrigin: 'https://a.example' } },
      }),
    );
  }
  const entries = data(await core.invoke('journal.list', { accountId })).entries;
  shopEntry = entries.find((e) => e.serviceId === 101)!.id;
  mediaEntry = entries.find((e) => e.serviceId === 102)!.id;
  clock.set(realNow);
});
afterAll(async () => {
  await core.dispose();
  await rm(dataDir, { recursive: true, force: true });
});

describe('impact.markers', () => {
  it('lists the applied changes of the shown services inside the range, with what changed', async () => {
    const { markers } = data(
      await core.invoke('impact.markers', {
        accountId,
        serviceNames: ['www.example-shop.com'],
        from: changeAt - HOUR_MS,
        to: changeAt + HOUR_MS,
      }),
    );
    expect(markers).toHaveLength(1);
    expect(markers[0]).toMatchObject({
      entryId: shopEntry,
      serviceId: 101,
      serviceName: 'www.example-shop.com',
      operationId: 'setCorsHeaders',
    });
    expect(markers[0].summary).toMatch(/CORS/i);
    // What changed, so that two CORS changes of one service do not look alike on a chart.
    expect(markers[0].detail).toBe('Access-Control-Allow-Origin: unknown → https://a.example');
    expect(markers[0].at).toBe(changeAt);
    expect(markers[0].batchId).toBeUndefined();
  });

  it('leaves out other services and changes outside the range', async () => {
    const other = data(
      await core.invoke('impact.markers', {
        accountId,
        serviceNames: ['static.example-media.net'],
        from: changeAt - HOUR_MS,
        to: changeAt + HOUR_MS,
      }),
    );
    expect(other.markers.map((m) => m.entryId)).toEqual([mediaEntry]);
    const later = data(
      await core.invoke('impact.markers', {
        accountId,
        serviceNames: ['www.example-shop.com', 'static.example-media.net'],
        from: changeAt + HOUR_MS,
        to: realNow,
      }),
    );
    expect(later.markers).toEqual([]);
  });
});

describe('impact.lines', () => {
  it('says not enough data from an empty cache, fetches the missing hours on request, then answers from the cache alone', async () => {
    const empty = data(await core.invoke('impact.lines', { entryIds: [shopEntry], hours: 6 }));
    expect(empty.calls).toBe(0);
    expect(empty.lines[0].status).toBe('not-enough-data');
    expect(empty.lines[0].reason).toMatch(/Not enough data/);
    expect(empty.lines[0].missing.length).toBeGreaterThan(0);

    const fetched = data(await core.invoke('impact.lines', { entryIds: [shopEntry], hours: 6, fetchMissing: true }));
    expect(fetched.calls).toBeGreaterThan(0);
    expect(fetched.offline).toBe(false);
    const line = fetched.lines[0];
    expect(line.status).toBe('ok');
    expect(line.serviceName).toBe('www.example-shop.com');
    expect(line.referenceDays).toBe(14);
    expect(line.missing).toEqual([]);
    expect(line.metrics.map((m) => m.metric)).toEqual(['requests', 'originRequests', 'offload', 'bandwidth']);
    expect(line.metrics.find((m) => m.metric === 'requests')?.after).toBeGreaterThan(0);

    const cached = data(await core.invoke('impact.lines', { entryIds: [shopEntry], hours: 6 }));
    expect(cached.calls).toBe(0);
    expect(cached.lines[0]).toEqual(line);
  });

  it('flags a shift written into the cache at the time of the change', async () => {
    // Synthetic series for static.example-media.net: a daily cycle, origin requests halve at the change.
    const cache = new AnalyticsCache({ dir: join(dataDir, CACHE_DIR_NAME), now: clock.nowMs });
    const range = impactDataRange(changeAt, 6);
    const level = (t: number) => 1000 * (1 + 0.5 * Math.sin(((t % DAY_MS) / DAY_MS) * 2 * Math.PI));
    const wiggle = (t: number) => 1 + 0.03 * Math.sin(t / 7_777_777);
    const points = { requests: [] as Point[], originRequests: [] as Point[], bandwidth: [] as Point[] };
    for (let t = range.from; t < range.to; t += FIVE_MINUTES_MS) {
      const requests = Math.round(level(t) * wiggle(t));
      points.requests.push([t, requests]);
      points.originRequests.push([t, Math.round(requests * (t >= changeAt ? 0.1 : 0.25))]);
      points.bandwidth.push([t, requests * 1000]);
    }
    for (const metric of ['requests', 'originRequests', 'bandwidth'] as const) {
      await cache.write({
        accountId,
        serviceName: 'static.example-media.net',
        metric,
        interval: 'minute',
        final: [[range.from, range.to]],
        points: points[metric],
        fetchedAt: realNow,
      });
    }
    const { lines, calls } = data(await core.invoke('impact.lines', { entryIds: [mediaEntry], hours: 6 }));
    expect(calls).toBe(0);
    expect(lines[0].status).toBe('ok');
    expect(lines[0].flagged).toBe(true);
    const origin = lines[0].metrics.find((m) => m.metric === 'originRequests');
    expect(origin?.flagged).toBe(true);
    expect(origin?.z).toBeLessThan(-3.5);
    // Against the usual change at this hour, origin requests fell to about 0.1 / 0.25 of it.
    expect((1 + (origin?.change ?? 0)) / (1 + (origin?.usualChange ?? 0))).toBeCloseTo(0.4, 1);
    expect(lines[0].metrics.find((m) => m.metric === 'requests')?.flagged).toBe(false);
  });

  it('refuses hours the journal does not offer, naming the field', async () => {
    const result = await core.invoke('impact.lines', { entryIds: [shopEntry], hours: 5 });
    expect(result.ok).toBe(false);
    expect(JSON.stringify(result)).toMatch(/hours/);
  });
});

describe('impact.export', () => {
  it('writes one CSV row per applied change with its figures and flag', async () => {
    const file = data(await core.invoke('impact.export', { accountId, hours: 6, format: 'csv' }));
    expect(file.mimeType).toBe('text/csv');
    const rows = file.content.trim().split('\r\n');
    expect(rows[0]).toMatch(
      /^Entry ID,Applied at,Account,Service ID,Service,Change,Batch,Hours,Status,Reason,Shift flagged/,
    );
    expect(rows).toHaveLength(3);
    const media = rows.find((r) => r.startsWith(mediaEntry));
    expect(media).toContain('static.example-media.net');
    expect(media).toContain(',ok,');
    expect(media).toMatch(/,true,14,/);
  });

  it('writes the same lines as JSON', async () => {
    const file = data(await core.invoke('impact.export', { hours: 6, format: 'json' }));
    const parsed = JSON.parse(file.content) as {
      kind: string;
      lines: Array<{ entryId: string; status: string; accountName: string }>;
    };
    expect(parsed.kind).toBe('accel-change-impact');
    expect(parsed.lines.map((l) => l.entryId).sort()).toEqual([shopEntry, mediaEntry].sort());
    expect(parsed.lines.every((l) => l.accountName === 'Sandbox')).toBe(true);
  });
});

describe('markers of a bulk run', () => {
  it('carry the batch ID the journal recorded', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'accel-impact-batch-'));
    try {
      const at = new Date(Date.UTC(2026, 10, 20, 12, 0)).toISOString();
      const now = () => new Date(Date.UTC(2026, 10, 21));
      const journal = createJournal({ dataDir: dir, now });
      const base = {
        accountId: 'acme',
        accountName: 'Acme',
        operationId: 'setCorsHeaders' as const,
        policyId: null,
        summary: 'Set CORS headers',
        before: null,
        after: {},
        at,
      };
      await journal.append({ ...base, serviceId: 7, result: { ok: true }, batchId: 'bulk-42' });
      await journal.append({ ...base, serviceId: 8, result: { ok: true } });
      await journal.append({ ...base, serviceId: 7, result: { ok: false, code: 'X', message: 'failed' } });
      const service = createImpactService({
        journal,
        analytics: {
          cache: new AnalyticsCache({ dir: join(dir, CACHE_DIR_NAME), now: () => now().getTime() }),
          fetch: () => Promise.reject(new Error('no fetch in this test')),
        },
        knownServices: async () => [
          { accountId: 'acme', serviceId: 7, domainName: 'a.example.com' },
          { accountId: 'acme', serviceId: 8, domainName: 'b.example.com' },
        ],
        now,
      });
      const markers = await service.markers({
        accountId: 'acme',
        serviceNames: ['A.example.com', 'b.example.com'],
        from: Date.parse(at) - HOUR_MS,
        to: Date.parse(at) + HOUR_MS,
      });
      // The failed change is not a marker; the names are the chart's spelling.
      expect(markers.map((m) => [m.serviceName, m.batchId]).sort()).toEqual([
        ['A.example.com', 'bulk-42'],
        ['b.example.com', undefined],
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
