import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SnapshotStore } from './snapshot-store.ts';
import { createSnapshotRefresher } from './snapshot-refresher.ts';
import type { ReadOptions } from '../config/config-documents.ts';
import { serviceConfig } from '#shared/baseline/test-support/service-config.ts';
import type { ServiceConfig } from '#shared/config-document/schema.ts';
import { createFakeClock } from '../test-support/fake-clock.ts';

const clock = createFakeClock('2026-11-23T12:00:00Z');

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'accel-snapshots-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const disabledCache = (enabled: boolean) =>
  serviceConfig({
    cacheControlPolicies: [
      {
        policyId: 11,
        policyName: 'Old',
        priority: 1,
        matches: [{ field: 'req.path', operator: 'startswith', values: ['/x'] }],
        enabled,
      },
    ],
  });

describe('SnapshotStore', () => {
  it('keeps the first time a policy was seen disabled, forgets it once enabled', async () => {
    const store = new SnapshotStore({ dataDir: dir, now: clock.now });
    await store.record('acme', 101, disabledCache(false), new Date('2026-10-01T00:00:00Z'));
    await store.record('acme', 101, disabledCache(false), new Date('2026-11-01T00:00:00Z'));
    let entry = (await store.read('acme')).services['101'];
    expect(entry).toMatchObject({
      takenAt: '2026-11-01T00:00:00.000Z',
      disabledSince: { 'cache:11': '2026-10-01T00:00:00.000Z' },
    });
    await store.record('acme', 101, disabledCache(true), new Date('2026-11-02T00:00:00Z'));
    entry = (await new SnapshotStore({ dataDir: dir, now: clock.now }).read('acme')).services['101'];
    expect(entry.disabledSince).toEqual({});
  });

  it('never stores a secret, and drops services no longer listed', async () => {
    const store = new SnapshotStore({ dataDir: dir, now: clock.now });
    const withSecret = serviceConfig({
      service: {
        origins: [
          {
            originUrl: 'https://b.example',
            s3Credential: { accessKey: 'AK', accessSecret: 'very-secret-value', region: 'eu' },
          },
        ],
      },
    });
    await store.record('acme', 101, withSecret, clock.now());
    await store.record('acme', 102, serviceConfig({}, 102), clock.now());
    await store.recordFailure('acme', 103, { code: 'InvalidService.NotFound', message: 'gone' }, clock.now());
    const files = await import('node:fs/promises').then((fs) => fs.readdir(join(dir, 'snapshots')));
    const text = await readFile(join(dir, 'snapshots', files[0]), 'utf8');
    expect(text).not.toContain('very-secret-value');
    expect(text).toContain('[REDACTED]');
    await store.keepOnly('acme', [102]);
    const kept = await store.read('acme');
    expect(Object.keys(kept.services)).toEqual(['102']);
    expect(kept.failures).toEqual({});
  });
});

describe('snapshot refresher', () => {
  const setup = (
    read: (accountId: string, serviceId: number, options: ReadOptions) => Promise<ServiceConfig>,
    now = () => new Date('2026-11-23T12:00:00Z'),
  ) => {
    const store = new SnapshotStore({ dataDir: dir, now: clock.now });
    const changed: string[] = [];
    const refresher = createSnapshotRefresher({
      accounts: async () => [{ id: 'acme' }, { id: 'globex' }],
      inventory: async (accountId) =>
        accountId === 'acme' ? [{ serviceId: 1 }, { serviceId: 2 }] : [{ serviceId: 7 }],
      read,
      store,
      now,
      maxAgeMs: 3_600_000,
      roundPauseMs: 60_000,
      changed: (accountId) => changed.push(accountId),
    });
    return { store, refresher, changed };
  };

  it('reads every service at the priority asked for and records the time', async () => {
    const priorities: string[] = [];
    const { store, refresher, changed } = setup(async (_a, serviceId, options) => {
      priorities.push(options.priority ?? 'none');
      return serviceConfig({}, serviceId);
    });
    expect(await refresher.refresh({ priority: 'interactive' })).toEqual({ refreshed: 3, failed: [], unreachable: [] });
    expect(priorities).toEqual(['interactive', 'interactive', 'interactive']);
    expect((await store.read('globex')).services['7'].takenAt).toBe('2026-11-23T12:00:00.000Z');
    expect(changed).toEqual(['acme', 'globex']);
    // Nothing is stale an instant later.
    expect((await refresher.refresh({ onlyStale: true })).refreshed).toBe(0);
  });

  it('the background round reads at background priority, only stale services, and stop() aborts it', async () => {
    let release: () => void = () => {};
    const seen: Array<{ serviceId: number; priority: string | undefined }> = [];
    const { refresher } = setup(
      (_a, serviceId, options) =>
        new Promise((resolve, reject) => {
          seen.push({ serviceId, priority: options.priority });
          options.signal?.addEventListener('abort', () => reject(new Error('aborted')));
          release = () => resolve(serviceConfig({}, serviceId));
        }),
    );
    expect(refresher.status().running).toBe(false);
    refresher.start();
    expect(refresher.status().running).toBe(true);
    await expect.poll(() => seen.length).toBe(1);
    expect(seen[0]).toEqual({ serviceId: 1, priority: 'background' });
    await refresher.stop();
    expect(refresher.status()).toMatchObject({ running: false, refreshing: null });
    release();
    // Aborted: the round did not go on to the next service.
    expect(seen).toHaveLength(1);
  });

  it('one failed service is recorded; an account that cannot be reached is skipped after the first failure', async () => {
    const { store, refresher } = setup(async (accountId, serviceId) => {
      if (accountId === 'acme' && serviceId === 1)
        throw Object.assign(new Error('No such service'), { code: 'InvalidService.NotFound', status: 404 });
      if (accountId === 'globex')
        throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'Network.ConnectionRefused' });
      return serviceConfig({}, serviceId);
    });
    const result = await refresher.refresh();
    expect(result.refreshed).toBe(1);
    expect(result.failed.map((f) => [f.accountId, f.serviceId, f.code])).toEqual([
      ['acme', 1, 'InvalidService.NotFound'],
      ['globex', 7, 'Network.ConnectionRefused'],
    ]);
    expect(result.unreachable).toEqual(['globex']);
    expect((await store.read('acme')).failures['1']).toMatchObject({ code: 'InvalidService.NotFound' });
  });
});
