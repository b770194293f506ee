// Accounts against the REAL OS keychain (keytar → Secret Service), with a real sandbox gateway.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createKeytarSecretStore } from '../secrets/keytar-store.ts';
import { createCore } from '../app-core.ts';
import { data, sandboxProfile, useSandboxCore } from '../test-support/core.ts';
import {
  clearKeychainService,
  keychainEntries,
  keychainTestsEnabled,
  uniqueKeychainService,
} from '../test-support/keychain.ts';

describe.runIf(keychainTestsEnabled())('accounts in the OS keychain', () => {
  let service: string;
  const ctx = useSandboxCore({
    tmpPrefix: 'accel-keychain-',
    coreOptions: () => ({ keychainService: (service = uniqueKeychainService()) }),
    cleanup: () => clearKeychainService(service),
  });
  const profile = () => sandboxProfile(ctx.sandbox);

  it('the keychain store reports itself available and round-trips a secret', async () => {
    const store = createKeytarSecretStore(service);
    expect(await store.status()).toEqual({ available: true, service });
    await store.set('entry', 'value-1');
    expect(await store.get('entry')).toBe('value-1');
    expect(await store.delete('entry')).toBe(true);
    expect(await store.get('entry')).toBeNull();
  });

  it('stores one keychain entry per account under the service name, nothing secret on disk', async () => {
    const first = data(await ctx.core.invoke('accounts.add', profile())).account;
    const second = data(
      await ctx.core.invoke('accounts.add', {
        ...profile(),
        name: 'Offline',
        baseUrl: 'https://api.example.net',
        secret: 'other-secret-value',
        verify: false,
      }),
    ).account;
    const entries = await keychainEntries(service);
    expect(entries.sort((a, b) => a.account.localeCompare(b.account))).toEqual(
      [
        { account: first.id, password: ctx.sandbox.credentials.accessKeySecret },
        { account: second.id, password: 'other-secret-value' },
      ].sort((a, b) => a.account.localeCompare(b.account)),
    );
    const file = await readFile(join(ctx.dataDir, 'accounts.json'), 'utf8');
    expect(file).not.toContain(ctx.sandbox.credentials.accessKeySecret);
    expect(file).not.toContain('other-secret-value');
    // A call signs with the secret read back from the keychain.
    const customer = data(
      await ctx.core.invoke('api.call', {
        accountId: first.id,
        operationId: 'getCustomer',
        input: { params: { customer_id: first.customerId } },
      }),
    );
    expect(customer.data).toMatchObject({ id: first.customerId });
  });

  it('rotates the secret in the keychain after verifying it, and remove deletes the entry', async () => {
    const account = data(await ctx.core.invoke('accounts.add', profile())).account;
    expect(
      await ctx.core.invoke('accounts.rotateSecret', { accountId: account.id, secret: 'definitely-wrong' }),
    ).toMatchObject({
      ok: false,
      error: { code: 'Signature.NotMatch' },
    });
    expect((await keychainEntries(service))[0].password).toBe(ctx.sandbox.credentials.accessKeySecret);
    data(
      await ctx.core.invoke('accounts.rotateSecret', {
        accountId: account.id,
        secret: ctx.sandbox.credentials.accessKeySecret,
      }),
    );
    data(await ctx.core.invoke('accounts.remove', { accountId: account.id }));
    expect(await keychainEntries(service)).toEqual([]);
    expect(data(await ctx.core.invoke('accounts.list', undefined)).accounts).toEqual([]);
  });

  it('an imported profile asks for its secret, which then lands in the keychain', async () => {
    const source = data(await ctx.core.invoke('accounts.add', profile())).account;
    const { content } = data(await ctx.core.invoke('accounts.export', { accountIds: [source.id] }));
    data(await ctx.core.invoke('accounts.remove', { accountId: source.id }));
    const { imported } = data(await ctx.core.invoke('accounts.import', { content }));
    expect(imported[0]).toMatchObject({ needsSecret: true, name: 'Acme' });
    expect(await keychainEntries(service)).toEqual([]);
    expect(
      await ctx.core.invoke('api.call', {
        accountId: imported[0].id,
        operationId: 'getCustomer',
        input: { params: { customer_id: source.customerId } },
      }),
    ).toMatchObject({
      ok: false,
      error: { code: 'Accounts.SecretMissing' },
    });
    const ready = data(
      await ctx.core.invoke('accounts.rotateSecret', {
        accountId: imported[0].id,
        secret: ctx.sandbox.credentials.accessKeySecret,
      }),
    );
    expect(ready.needsSecret).toBe(false);
    expect(await keychainEntries(service)).toEqual([
      { account: imported[0].id, password: ctx.sandbox.credentials.accessKeySecret },
    ]);
    expect(
      data(
        await ctx.core.invoke('api.call', {
          accountId: imported[0].id,
          operationId: 'getCustomer',
          input: { params: { customer_id: source.customerId } },
        }),
      ).data,
    ).toMatchObject({
      id: source.customerId,
    });
  });

  it('an encrypted profile export moves secrets, services and tags to a fresh data dir and keychain', async () => {
    const source = data(await ctx.core.invoke('accounts.add', profile())).account;
    const serviceId = ctx.sandbox.services[0].id;
    data(await ctx.core.invoke('inventory.addByIds', { accountId: source.id, ids: String(serviceId) }));
    data(await ctx.core.invoke('tags.setService', { accountId: source.id, serviceId, tags: ['retail'] }));
    const exported = data(await ctx.core.invoke('accounts.export', { passphrase: 'moving day passphrase' }));
    expect(exported.encrypted).toBe(true);
    expect(exported.content).not.toContain(ctx.sandbox.credentials.accessKeySecret);

    // The new machine: its own data dir and its own keychain service, nothing shared.
    const targetService = uniqueKeychainService();
    const targetDir = await mkdtemp(join(tmpdir(), 'accel-keychain-target-'));
    const target = createCore({
      dataDir: targetDir,
      keychainService: targetService,
      sandboxOptions: { statePath: null },
    });
    try {
      const report = data(
        await target.invoke('accounts.import', { content: exported.content, passphrase: 'moving day passphrase' }),
      );
      expect(report.added).toEqual([
        { accountId: expect.any(String), name: 'Acme', services: 1, tags: [], secretState: 'stored' },
      ]);
      const imported = report.added[0].accountId;
      expect(await keychainEntries(targetService)).toEqual([
        { account: imported, password: ctx.sandbox.credentials.accessKeySecret },
      ]);
      expect(await readFile(join(targetDir, 'accounts.json'), 'utf8')).not.toContain(
        ctx.sandbox.credentials.accessKeySecret,
      );
      expect(data(await target.invoke('tags.list', undefined)).services[imported]).toEqual({
        [String(serviceId)]: ['retail'],
      });
      // The secret read back from the new keychain signs a real call.
      const customer = data(
        await target.invoke('api.call', {
          accountId: imported,
          operationId: 'getCustomer',
          input: { params: { customer_id: source.customerId } },
        }),
      );
      expect(customer.data).toMatchObject({ id: source.customerId });
    } finally {
      await target.dispose();
      await clearKeychainService(targetService);
      await rm(targetDir, { recursive: true, force: true });
    }
  });
});
