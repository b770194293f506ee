// createCore's clock is the one clock of everything it runs: the in-process sandbox gateway, the
// signed API client, the stores and the analytics cache all see a clock set years away from today.
import { readdir, rm, stat, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from './app-core.ts';
import { createMemorySecretStore } from './secrets/memory-store.ts';
import { data } from './test-support/core.ts';
import { createFakeClock } from './test-support/fake-clock.ts';
import { CACHE_DIR_NAME } from './analytics/cache.ts';
import { presetRange } from '#shared/analytics/ranges.ts';
import { HOUR_MS } from '#shared/analytics/model.ts';

const clock = createFakeClock('2031-03-01T12:02:00.000Z');
let dataDir: string;
let core: Core;
let accountId: string;
let domainName: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'accel-one-clock-'));
  core = createCore({
    dataDir,
    secretStore: createMemorySecretStore(),
    sandboxOptions: { statePath: null },
    clientOptions: { timeoutMs: 5_000 },
    clock,
  });
  accountId = data(await core.invoke('accounts.ensureSandbox', { makeCurrent: true })).id;
  domainName = data(await core.invoke('inventory.list', { accountId })).services[0].domainName;
});
afterAll(async () => {
  await core.dispose();
  await rm(dataDir, { recursive: true, force: true });
});

async function fetchLastHours(hours: '6h' | '24h') {
  const range = presetRange(hours, clock.nowMs());
  return data(
    await core.invoke('analytics.fetch', {
      accountId,
      serviceNames: [domainName],
      metrics: ['requests'],
      from: range.from,
      to: range.to,
    }),
  );
}

describe("the core's clock", () => {
  it('is the gateway’s and the client’s: traffic up to the clock’s now, signed requests accepted as the clock moves on', async () => {
    const first = await fetchLastHours('6h');
    expect(first.offline).toBe(false);
    const points = first.series[0].points;
    // The gateway's traffic runs up to its now, which is the core's (a gateway on today's clock has none in 2031).
    expect(points.length).toBeGreaterThan(60);
    expect(points.at(-1)![0]).toBeGreaterThan(clock.nowMs() - HOUR_MS);
    expect(points.at(-1)![0]).toBeLessThanOrEqual(clock.nowMs());

    clock.advance(3 * HOUR_MS);
    const later = await fetchLastHours('6h');
    expect(later.series[0].points.at(-1)![0]).toBeGreaterThan(clock.nowMs() - HOUR_MS);
    // Signing date and gateway agree: no clock offset was estimated, so no skew warning.
    const status = data(await core.invoke('app.status', undefined));
    expect(status.warnings.map((w) => w.code)).not.toContain('Clock.Skew');
  });

  it('stamps the journal and the analytics cache files', async () => {
    const applied = data(
      await core.invoke('changes.apply', {
        accountId,
        operationId: 'setCorsHeaders',
        input: { params: { serviceId: 101 }, body: { accessControlAllowOrigin: 'https://a.example' } },
      }),
    );
    expect(applied.entry.at).toBe(clock.now().toISOString());
    const cacheDir = join(dataDir, CACHE_DIR_NAME);
    const [account] = await readdir(cacheDir);
    const files = await readdir(join(cacheDir, account));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const { mtimeMs } = await stat(join(cacheDir, account, file));
      expect(new Date(mtimeMs).getUTCFullYear()).toBe(2031);
    }
  });
});
