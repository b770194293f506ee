// Accounts against the REAL OS keychain (keytar → Secret Service), with a real sandbox gateway.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../app-core.ts';
import { createKeytarSecretStore } from '../secrets/keytar-store.ts';
import { startTestSandbox, type TestSandbox } from '../test-support/sandbox.ts';
import { clearKeychainService, keychainEntries, keychainTestsEnabled, uniqueKeychainService } from '../test-support/keychain.ts';
import type { IpcResult } from '../../../shared/ipc/contract.ts';

function data<T>(result: IpcResult<T>): T {
  if (!result.ok) throw new Error(`IPC call failed: ${result.error.code} ${result.error.message}`);
  return result.data;
}

describe.runIf(keychainTestsEnabled())('accounts in the OS keychain', () => {
  let sandbox: TestSandbox;
  let dataDir: string;
  let service: string;
  let core: Core;

  beforeAll(async () => {
    sandbox = await startTestSandbox();
  });
  afterAll(async () => {
    await sandbox.stop();
  });
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'accel-keychain-'));
    service = uniqueKeychainService();
    core = createCore({ dataDir, keychainService: service, sandboxOptions: { statePath: null } });
  });
  afterEach(async () => {
    await core.dispose();
    await clearKeychainService(service);
    await rm(dataDir, { recursive: true, force: true });
  });

  const profile = () => ({
    name: 'Acme',
    baseUrl: sandbox.url,
    accessKeyId: sandbox.credentials.accessKeyId,
    customerId: sandbox.credentials.customerId,
    secret: sandbox.credentials.accessKeySecret,
  });

  it('the keychain store reports itself available and round-trips a secret', async () => {
    const store = createKeytarSecretStore(service);
    expect(await store.status()).toEqual({ available: true, service });
    await store.set('entry', 'value-1');
    expect(await store.get('entry')).toBe('value-1');
    expect(await store.delete('entry')).toBe(true);
    expect(await store.get('entry')).toBeNull();
  });

  it('stores one keychain entry per account under the service name, nothing secret on disk', async () => {
    const first = data(await core.invoke('accounts.add', profile())).account;
    const second = data(await core.invoke('accounts.add', { ...profile(), name: 'Offline', baseUrl: 'https://api.example.net', secret: 'other-secret-value', verify: false })).account;
    const entries = await keychainEntries(service);
    expect(entries.sort((a, b) => a.account.localeCompare(b.account))).toEqual(
      [
        { account: first.id, password: sandbox.credentials.accessKeySecret },
        { account: second.id, password: 'other-secret-value' },
      ].sort((a, b) => a.account.localeCompare(b.account)),
    );
    const file = await readFile(join(dataDir, 'accounts.json'), 'utf8');
    expect(file).not.toContain(sandbox.credentials.accessKeySecret);
    expect(file).not.toContain('other-secret-value');
    // A call signs with the secret read back from the keychain.
    const customer = data(await core.invoke('api.call', { accountId: first.id, operationId: 'getCustomer', input: { params: { customer_id: first.customerId } } }));
    expect(customer.data).toMatchObject({ id: first.customerId });
  });

  it('rotates the secret in the keychain after verifying it, and remove deletes the entry', async () => {
    const account = data(await core.invoke('accounts.add', profile())).account;
    expect(await core.invoke('accounts.rotateSecret', { accountId: account.id, secret: 'definitely-wrong' })).toMatchObject({
      ok: false,
      error: { code: 'Signature.NotMatch' },
    });
    expect((await keychainEntries(service))[0].password).toBe(sandbox.credentials.accessKeySecret);
    data(await core.invoke('accounts.rotateSecret', { accountId: account.id, secret: sandbox.credentials.accessKeySecret }));
    data(await core.invoke('accounts.remove', { accountId: account.id }));
    expect(await keychainEntries(service)).toEqual([]);
    expect(data(await core.invoke('accounts.list', undefined)).accounts).toEqual([]);
  });

  it('an imported profile asks for its secret, which then lands in the keychain', async () => {
    const source = data(await core.invoke('accounts.add', profile())).account;
    const { content } = data(await core.invoke('accounts.export', { accountIds: [source.id] }));
    data(await core.invoke('accounts.remove', { accountId: source.id }));
    const { imported } = data(await core.invoke('accounts.import', { content }));
    expect(imported[0]).toMatchObject({ needsSecret: true, name: 'Acme' });
    expect(await keychainEntries(service)).toEqual([]);
    expect(await core.invoke('api.call', { accountId: imported[0].id, operationId: 'getCustomer', input: { params: { customer_id: source.customerId } } })).toMatchObject({
      ok: false,
      error: { code: 'Accounts.SecretMissing' },
    });
    const ready = data(await core.invoke('accounts.rotateSecret', { accountId: imported[0].id, secret: sandbox.credentials.accessKeySecret }));
    expect(ready.needsSecret).toBe(false);
    expect(await keychainEntries(service)).toEqual([{ account: imported[0].id, password: sandbox.credentials.accessKeySecret }]);
    expect(data(await core.invoke('api.call', { accountId: imported[0].id, operationId: 'getCustomer', input: { params: { customer_id: source.customerId } } })).data).toMatchObject({
      id: source.customerId,
    });
  });
});
