// The inventory rules over a real store in a temp dir and a fake reader (no HTTP here: the
// handler tests run the same rules against the sandbox gateway).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, ConnectionError } from '../api/errors.ts';
import { InventoryStore } from './inventory.ts';
import { createInventoryService } from './inventory-service.ts';
import type { ServiceReader } from './service-reads.ts';
import { createFakeClock } from '../test-support/fake-clock.ts';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

const known: Record<number, string> = { 101: 'a.example', 102: 'b.example', 103: 'c.example' };
const reader = (fail?: Error): ServiceReader => ({
  async getService({ params: { serviceId } }) {
    if (fail) throw fail;
    if (!known[serviceId])
      throw new ApiError({
        status: 400,
        code: 'InvalidService.IdPermission',
        message: 'no',
        operationId: 'getService',
      });
    return { serviceId, domainName: known[serviceId], cName: `${serviceId}.cdn`, enabled: true };
  },
});

async function setup(options: { sandbox?: boolean; fail?: Error } = {}) {
  const dataDir = await mkdtemp(join(tmpdir(), 'accel-inventory-service-'));
  dirs.push(dataDir);
  const changes: string[] = [];
  const service = createInventoryService({
    store: new InventoryStore({ dataDir, now: createFakeClock().now }),
    client: async () => reader(options.fail),
    isSandboxAccount: async () => options.sandbox ?? false,
    seededServices: async () => [{ id: 103, domainName: 'seed-name.example' }],
    changed: (accountId) => changes.push(accountId),
  });
  return { service, changes };
}

describe('inventory service', () => {
  it('adds IDs in the order typed, separates unknown ones, and refreshes known ones', async () => {
    const { service, changes } = await setup();
    const first = await service.addByIds('acc', [102, 999, 101]);
    expect(first.added.map((e) => [e.serviceId, e.domainName, e.source])).toEqual([
      [102, 'b.example', 'added'],
      [101, 'a.example', 'added'],
    ]);
    expect(first.notFound).toEqual([999]);
    expect(changes).toEqual(['acc']);
    const again = await service.addByIds('acc', [101]);
    expect(again.refreshed.map((e) => e.serviceId)).toEqual([101]);
    expect(again.added).toEqual([]);
  });

  it('fails the whole call when no answer arrives at all', async () => {
    const { service, changes } = await setup({ fail: new ConnectionError('refused', 'getService', 'ECONNREFUSED') });
    await expect(service.addByIds('acc', [101, 102])).rejects.toBeInstanceOf(ConnectionError);
    expect(changes).toEqual([]);
  });

  it('seeds the sandbox account once with what the sandbox created, read back for cName', async () => {
    const { service } = await setup({ sandbox: true });
    expect((await service.list('acc')).map((e) => [e.serviceId, e.domainName, e.source, e.cName])).toEqual([
      [103, 'c.example', 'sandbox', '103.cdn'],
    ]);
    await service.remove('acc', [103]);
    expect(await service.list('acc')).toEqual([]);
  });
});
