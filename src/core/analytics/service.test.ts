// analytics.* and stats.* channels through the core (invoke), with an in-memory secret store and
// a real sandbox gateway: fetch with progress events, exports, opening bundles, offline fallback.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../app-core.ts';
import { createMemorySecretStore, type MemorySecretStore } from '../secrets/memory-store.ts';
import { data } from '../test-support/core.ts';
import { startSandbox, type SandboxHandle } from '#sandbox';
import { presetRange } from '#shared/analytics/ranges.ts';
import type { AnalyticsQueryInput } from '#shared/analytics/query.ts';

let sandbox: SandboxHandle;
let dataDir: string;
let secrets: MemorySecretStore;
let core: Core;
let accountId: string;

beforeAll(async () => {
  sandbox = await startSandbox({ rateLimit: false });
  dataDir = await mkdtemp(join(tmpdir(), 'accel-analytics-core-'));
  secrets = createMemorySecretStore();
  core = createCore({
    dataDir,
    secretStore: secrets,
    sandboxOptions: { statePath: null },
    clientOptions: { timeoutMs: 5_000, retry: { maxAttempts: 1 } },
  });
  const added = data(
    await core.invoke('accounts.add', {
      name: 'Traffic',
      baseUrl: sandbox.url,
      accessKeyId: sandbox.credentials.accessKeyId,
      customerId: sandbox.credentials.customerId,
      secret: sandbox.credentials.accessKeySecret,
      verify: false,
    }),
  ) as { account: { id: string } };
  accountId = added.account.id;
});
afterAll(async () => {
  await core.dispose();
  await sandbox.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const query = (): AnalyticsQueryInput => {
  const range = presetRange('6h', Date.now());
  return {
    accountId,
    serviceNames: sandbox.services.slice(0, 2).map((s) => s.domainName),
    metrics: ['volume', 'bandwidth'],
    from: range.from,
    to: range.to,
    comparePrevious: true,
  };
};

describe('analytics and stats channels', () => {
  it('fetches with progress events and exports a bundle that opens again, and a CSV', async () => {
    const progress: number[] = [];
    const stop = core.on('analytics.progress', (p) => {
      if (p.requestId === 'r1') progress.push(p.done);
    });
    const result = data(await core.invoke('analytics.fetch', { ...query(), requestId: 'r1' })) as {
      series: { points: unknown[] }[];
      previous?: unknown[];
      calls: number;
      offline: boolean;
    };
    stop();
    expect(result.offline).toBe(false);
    expect(result.calls).toBe(2);
    expect(progress).toEqual([0, 1, 2]);
    expect(result.series).toHaveLength(4);
    expect(result.series[0].points.length).toBeGreaterThan(60);
    expect(result.previous).toHaveLength(4);

    const bundle = data(await core.invoke('stats.exportBundle', { ...query(), cacheOnly: true })) as {
      content: string;
      sha256: string;
      suggestedName: string;
    };
    expect(bundle.suggestedName).toMatch(/\.json$/);
    expect(bundle.content).not.toContain(sandbox.credentials.accessKeySecret);
    const opened = data(await core.invoke('stats.openBundle', { content: bundle.content })) as {
      sha256: string;
      content: { accountLabel?: string; series: unknown[] };
    };
    expect(opened.sha256).toBe(bundle.sha256);
    expect(opened.content.accountLabel).toBe('Traffic');
    expect(opened.content.series).toHaveLength(4);

    const tampered = bundle.content.replace('"offline": false', '"offline": true');
    expect(tampered).not.toBe(bundle.content);
    const refused = await core.invoke('stats.openBundle', { content: tampered });
    expect(refused).toMatchObject({ ok: false, error: { code: 'Bundle.Tampered' } });

    const csv = data(await core.invoke('stats.exportCsv', { ...query(), cacheOnly: true })) as {
      content: string;
      mimeType: string;
    };
    expect(csv.mimeType).toBe('text/csv');
    expect(csv.content.split('\r\n')[0].split(',')).toHaveLength(5);
  });

  it('answers from the cache, marked offline, when the keychain cannot give the secret', async () => {
    data(await core.invoke('analytics.fetch', query()));
    secrets.setUnavailable('locked for the test');
    try {
      core.context.clients.invalidate(accountId);
      const result = data(await core.invoke('analytics.fetch', query())) as {
        offline: boolean;
        asOf: number | null;
        series: { points: unknown[] }[];
      };
      expect(result.offline).toBe(true);
      expect(result.asOf).toEqual(expect.any(Number));
      expect(result.series[0].points.length).toBeGreaterThan(60);
      // Nothing cached for this service: the keychain error itself is the answer.
      const none = await core.invoke('analytics.fetch', { ...query(), serviceNames: [sandbox.services[3].domainName] });
      expect(none).toMatchObject({ ok: false, error: { code: 'Keychain.Unavailable' } });
    } finally {
      secrets.setUnavailable(null);
    }
  });

  it('reports the cache size and clears it', async () => {
    const info = data(await core.invoke('analytics.cacheInfo', {})) as { bytes: number; entries: number };
    expect(info.entries).toBeGreaterThan(0);
    data(await core.invoke('analytics.clearCache', { accountId }));
    expect((data(await core.invoke('analytics.cacheInfo', {})) as { entries: number }).entries).toBe(0);
  });

  it('cancel of an unknown request says so', async () => {
    expect(data(await core.invoke('analytics.cancel', { requestId: 'nope' }))).toEqual({ cancelled: false });
  });
});
