// A host removes or reuses the data dir right after disposing its core (the e2e fixture does, an
// app restart does): a traffic fetch still running must not write the cache after dispose.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { createCore } from '../app-core.ts';
import { createMemorySecretStore } from '../secrets/memory-store.ts';
import { data } from '../test-support/core.ts';
import { CACHE_DIR_NAME } from './cache.ts';
import { startSandbox, type SandboxHandle } from '#sandbox';
import { presetRange } from '#shared/analytics/ranges.ts';

let sandbox: SandboxHandle | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  await sandbox?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function filesUnder(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir, { recursive: true })).map(String).sort();
  } catch {
    return [];
  }
}

it('dispose waits for running traffic fetches: nothing is written to the cache after it', async () => {
  // Each answer takes a while, so the fetch is between calls when the core stops.
  sandbox = await startSandbox({ rateLimit: false, faults: { latencyMs: 50 } });
  dataDir = await mkdtemp(join(tmpdir(), 'accel-dispose-'));
  const core = createCore({
    dataDir,
    secretStore: createMemorySecretStore(),
    sandboxOptions: { statePath: null },
    clientOptions: { timeoutMs: 5_000 },
  });
  const added = data(
    await core.invoke('accounts.add', {
      name: 'Slow',
      baseUrl: sandbox.url,
      accessKeyId: sandbox.credentials.accessKeyId,
      customerId: sandbox.credentials.customerId,
      secret: sandbox.credentials.accessKeySecret,
      verify: false,
    }),
  ) as { account: { id: string } };
  const range = presetRange('30d', Date.now());
  const fetching = core.invoke('analytics.fetch', {
    accountId: added.account.id,
    serviceNames: sandbox.services.map((s) => s.domainName),
    metrics: ['volume', 'requests', 'originRequests'],
    from: range.from,
    to: range.to,
    interval: 'minute',
  });
  // Stop mid-fetch, once some answers have arrived (they are written when the fetch ends).
  const cacheDir = join(dataDir, CACHE_DIR_NAME);
  await new Promise<void>((resolve) => {
    const off = core.on('analytics.progress', ({ done }) => {
      if (done >= 3) {
        off();
        resolve();
      }
    });
  });
  await core.dispose();
  const atDispose = await filesUnder(cacheDir);
  await fetching;
  await new Promise((resolve) => setTimeout(resolve, 400));
  expect(await filesUnder(cacheDir)).toEqual(atDispose);
  // And the directory can be removed at once, as the e2e fixture does.
  await expect(rm(dataDir, { recursive: true })).resolves.toBeUndefined();
  dataDir = undefined;
});
