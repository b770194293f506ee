// inventory.* through the core over invoke(), against a real sandbox gateway (in-memory secrets).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCore } from '../app-core.ts';
import { createMemorySecretStore } from '../secrets/memory-store.ts';
import { data, sandboxProfile, useSandboxCore } from '../test-support/core.ts';

const ctx = useSandboxCore({
  tmpPrefix: 'accel-inventory-',
  coreOptions: () => ({ secretStore: createMemorySecretStore(), clientOptions: { timeoutMs: 5_000 } }),
});

async function addAccount(): Promise<string> {
  const { account } = data(await ctx.core.invoke('accounts.add', sandboxProfile(ctx.sandbox)));
  return account.id;
}

describe('inventory handlers', () => {
  it('adds services by range: found ones stored in order, unknown IDs reported, known ones refreshed', async () => {
    const accountId = await addAccount();
    const events: unknown[] = [];
    ctx.core.on('inventory.changed', (payload) => events.push(payload));
    const ids = ctx.sandbox.services.map((service) => service.id);
    const first = Math.min(...ids);
    expect(data(await ctx.core.invoke('inventory.list', { accountId })).services).toEqual([]);

    const result = data(
      await ctx.core.invoke('inventory.addByIds', { accountId, ids: `${first + 1}, ${first}, 999999` }),
    );
    expect(result.added.map((entry) => entry.serviceId)).toEqual([first + 1, first]);
    expect(result.added[0]).toMatchObject({
      source: 'added',
      domainName: ctx.sandbox.services.find((s) => s.id === first + 1)?.domainName,
      cName: expect.any(String),
    });
    expect(result.notFound).toEqual([999999]);
    expect(result.failed).toEqual([]);
    expect(events).toEqual([{ accountId }]);

    const again = data(await ctx.core.invoke('inventory.addByIds', { accountId, ids: `${first}-${first + 2}` }));
    expect(again.refreshed.map((entry) => entry.serviceId)).toEqual([first, first + 1]);
    expect(again.added.map((entry) => entry.serviceId)).toEqual([first + 2]);

    // Survives a restart of the core.
    await ctx.core.dispose();
    ctx.core = createCore({
      dataDir: ctx.dataDir,
      secretStore: createMemorySecretStore(),
      sandboxOptions: { statePath: null },
    });
    const listed = data(await ctx.core.invoke('inventory.list', { accountId })).services.map(
      (entry) => entry.serviceId,
    );
    expect(listed).toEqual([first + 1, first, first + 2]);
  });

  it('rejects a malformed ID list with a field error, and removes entries locally', async () => {
    const accountId = await addAccount();
    const bad = await ctx.core.invoke('inventory.addByIds', { accountId, ids: '9-5' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(JSON.stringify(bad.error)).toContain('runs backwards');

    const recorded = data(
      await ctx.core.invoke('inventory.record', {
        accountId,
        serviceId: 4242,
        domainName: 'made.example.com',
        cName: 'x.edge',
      }),
    );
    expect(recorded).toMatchObject({ serviceId: 4242, source: 'created' });
    expect(data(await ctx.core.invoke('inventory.remove', { accountId, serviceIds: [4242] }))).toEqual({ removed: 1 });
    expect(data(await ctx.core.invoke('inventory.list', { accountId })).services).toEqual([]);

    data(await ctx.core.invoke('inventory.record', { accountId, serviceId: 7, domainName: 'seven.example.com' }));
    expect(data(await ctx.core.invoke('inventory.clear', { accountId }))).toEqual({ ok: true });
    expect(data(await ctx.core.invoke('inventory.list', { accountId })).services).toEqual([]);
  });

  it('seeds the sandbox account with the sandbox services once', async () => {
    const sandboxAccount = data(await ctx.core.invoke('accounts.ensureSandbox', { makeCurrent: true }));
    const seeded = data(await ctx.core.invoke('inventory.list', { accountId: sandboxAccount.id })).services;
    expect(seeded.length).toBeGreaterThan(0);
    expect(seeded.every((entry) => entry.source === 'sandbox')).toBe(true);
    // Read once while seeding, so the list shows each service's edge CNAME and state.
    expect(seeded.every((entry) => typeof entry.cName === 'string' && typeof entry.enabled === 'boolean')).toBe(true);
    const firstId = seeded[0]!.serviceId;
    data(await ctx.core.invoke('inventory.remove', { accountId: sandboxAccount.id, serviceIds: [firstId] }));
    // Removed stays removed: the seed is not applied again.
    const after = data(await ctx.core.invoke('inventory.list', { accountId: sandboxAccount.id })).services;
    expect(after.map((entry) => entry.serviceId)).not.toContain(firstId);
    expect(after).toHaveLength(seeded.length - 1);
  });

  it('accounts.remove discards the account’s inventory and drafts, and leaves other accounts alone', async () => {
    const removed = await addAccount();
    const kept = data(await ctx.core.invoke('accounts.ensureSandbox', { makeCurrent: false })).id;
    const events: unknown[] = [];
    ctx.core.on('inventory.changed', (payload) => events.push(payload));
    for (const accountId of [removed, kept]) {
      data(await ctx.core.invoke('inventory.record', { accountId, serviceId: 4242, domainName: 'made.example.com' }));
      data(
        await ctx.core.invoke('drafts.save', {
          accountId,
          serviceId: 4242,
          policyKey: 'cors',
          value: { accessControlAllowOrigin: '*' },
        }),
      );
    }
    events.length = 0;

    data(await ctx.core.invoke('accounts.remove', { accountId: removed }));
    expect(events).toContainEqual({ accountId: removed });
    expect(data(await ctx.core.invoke('inventory.list', { accountId: removed })).services).toEqual([]);
    expect(data(await ctx.core.invoke('drafts.list', { accountId: removed })).drafts).toEqual([]);
    // The files on disk say the same after a restart; the other account still has both.
    await ctx.core.dispose();
    ctx.core = createCore({
      dataDir: ctx.dataDir,
      secretStore: createMemorySecretStore(),
      sandboxOptions: { statePath: null },
    });
    expect(data(await ctx.core.invoke('drafts.list', { accountId: removed })).drafts).toEqual([]);
    expect(data(await ctx.core.invoke('drafts.list', { accountId: kept })).drafts.map((d) => d.policyKey)).toEqual([
      'cors',
    ]);
    expect(
      data(await ctx.core.invoke('inventory.list', { accountId: kept })).services.map((e) => e.serviceId),
    ).toContain(4242);
    const inventoryFile = JSON.parse(await readFile(join(ctx.dataDir, 'inventory.json'), 'utf8')) as {
      accounts: Record<string, unknown>;
    };
    expect(Object.keys(inventoryFile.accounts)).not.toContain(removed);
  });
});

describe('reading a service that does not exist', () => {
  it('InvalidService.IdPermission from the in-process sandbox counts as not found, not as a failure', async () => {
    const accountId = data(await ctx.core.invoke('accounts.ensureSandbox', { makeCurrent: true })).id;
    // What the gateway answers for an unknown service (docs/api-decisions.md).
    const direct = await ctx.core.invoke('api.call', {
      accountId,
      operationId: 'getService',
      input: { params: { serviceId: 999_999 } },
    });
    expect(direct).toMatchObject({ ok: false, error: { code: 'InvalidService.IdPermission', status: 400 } });

    const result = data(await ctx.core.invoke('inventory.addByIds', { accountId, ids: '999999, 101' }));
    expect(result.notFound).toEqual([999_999]);
    expect(result.failed).toEqual([]);
    expect([...result.added, ...result.refreshed].map((e) => e.serviceId)).toEqual([101]);
  });

  it('a 404 (Request.NotFound) still counts as not found', async () => {
    // A base URL under a path the gateway does not serve: every read answers 404 Request.NotFound.
    const profile = {
      ...sandboxProfile(ctx.sandbox),
      name: 'Wrong path',
      baseUrl: `${ctx.sandbox.url}/elsewhere`,
      verify: false,
    };
    const { account } = data(await ctx.core.invoke('accounts.add', profile));
    const direct = await ctx.core.invoke('api.call', {
      accountId: account.id,
      operationId: 'getService',
      input: { params: { serviceId: 101 } },
    });
    expect(direct).toMatchObject({ ok: false, error: { code: 'Request.NotFound', status: 404 } });
    const result = data(await ctx.core.invoke('inventory.addByIds', { accountId: account.id, ids: '101' }));
    expect(result).toMatchObject({ added: [], notFound: [101], failed: [] });
  });
});
