// The offline dashboard must not wait for retries: once the account's gateway is known to be out
// of reach, an analytics fetch tries each call once and answers from the cache (with
// retries, an offline dashboard takes several times longer to open: `npm run bench -- --only offline`).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createCore, type Core } from '../app-core.ts';
import { createMemorySecretStore } from '../secrets/memory-store.ts';
import { data } from '../test-support/core.ts';
import type { ApiLogEntry } from '../api/client.ts';
import { startSandbox, type SandboxHandle } from '#sandbox';
import { presetRange } from '#shared/analytics/ranges.ts';
import type { AnalyticsQueryInput } from '#shared/analytics/query.ts';

let sandbox: SandboxHandle;
let dataDir: string;
let core: Core;
let accountId: string;
const attempts: ApiLogEntry[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ rateLimit: false });
  dataDir = await mkdtemp(join(tmpdir(), 'accel-offline-fast-'));
  // The default retry policy (3 attempts), without jitter so the first offline fetch is quick.
  core = createCore({
    dataDir,
    secretStore: createMemorySecretStore(),
    sandboxOptions: { statePath: null },
    clientOptions: { timeoutMs: 5_000, retry: { jitter: () => 0 }, log: (entry) => attempts.push(entry) },
  });
  const added = data(
    await core.invoke('accounts.add', {
      name: 'Offline',
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
    serviceNames: sandbox.services.slice(0, 3).map((s) => s.domainName),
    metrics: ['volume', 'requests'],
    from: range.from,
    to: range.to,
  };
};

it('retries connection failures only until the gateway is known to be down, then answers from the cache after one attempt per call', async () => {
  const online = data(await core.invoke('analytics.fetch', query())) as { offline: boolean };
  expect(online.offline).toBe(false);
  await sandbox.stop();

  // The first failure is not known yet to be more than a blip: the reads are retried.
  attempts.length = 0;
  const first = data(await core.invoke('analytics.fetch', query())) as { offline: boolean; asOf: number | null };
  expect(first.offline).toBe(true);
  expect(Math.max(...attempts.map((a) => a.attempt))).toBe(3);
  expect(data(await core.invoke('accounts.health', {}))).toMatchObject({ [accountId]: { state: 'unreachable' } });

  // Known down: one attempt per call, no backoff before the cache answers.
  attempts.length = 0;
  const second = data(await core.invoke('analytics.fetch', query())) as {
    offline: boolean;
    asOf: number | null;
    series: { points: unknown[] }[];
  };
  expect(second.offline).toBe(true);
  expect(second.asOf).toEqual(expect.any(Number));
  expect(second.series[0].points.length).toBeGreaterThan(0);
  expect(attempts.length).toBeGreaterThan(0);
  expect(attempts.every((a) => a.attempt === 1 && a.code === 'Network.ConnectionFailed')).toBe(true);
});
