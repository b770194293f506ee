// The IPC boundary through the core's invoke(): limits on depth, size and value types are
// enforced before anything runs, error answers never echo a huge input, and unknown account IDs
// (including prototype names) are Accounts.NotFound, never a raw TypeError.
import type { OperationId } from '#shared/api/operations.ts';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../app-core.ts';
import { createMemorySecretStore } from '../secrets/memory-store.ts';
import { data } from '../test-support/core.ts';
import { MAX_PAYLOAD_CHARS } from '#shared/ipc/define.ts';
import { INSECURE_BASE_URL_MESSAGE } from '#shared/api/base-url.ts';

let dataDir: string;
let core: Core;
let accountId: string;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'accel-boundary-'));
  core = createCore({
    dataDir,
    secretStore: createMemorySecretStore(),
    sandboxOptions: { statePath: null },
    clientOptions: { timeoutMs: 5_000 },
  });
  accountId = data(await core.invoke('accounts.ensureSandbox', { makeCurrent: true })).id;
});
afterEach(async () => {
  await core.dispose();
  await rm(dataDir, { recursive: true, force: true });
});

const nested = (levels: number): unknown => {
  let value: unknown = { accessControlAllowOrigin: '*' };
  for (let i = 0; i < levels; i++) value = { value };
  return value;
};

describe('IPC boundary', () => {
  it('refuses a body nested thousands of levels before the change runs: nothing applied, nothing journaled', async () => {
    const result = await core.invoke('changes.apply', {
      accountId,
      operationId: 'setCorsHeaders',
      input: { params: { serviceId: 101 }, body: nested(5_000) },
    });
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'Ipc.PayloadTooLarge', message: expect.stringMatching(/nested too deeply/) },
    });
    expect(data(await core.invoke('journal.list', { accountId })).entries).toEqual([]);
    expect(await readdir(dataDir)).not.toContain('journal.json');
  });

  it('refuses a payload over the size limit, and answers without repeating it', async () => {
    const huge = 'x'.repeat(MAX_PAYLOAD_CHARS + 10);
    const draft = await core.invoke('drafts.save', {
      accountId,
      serviceId: 101,
      policyKey: 'cors',
      value: { note: huge },
    });
    expect(draft).toMatchObject({ ok: false, error: { code: 'Ipc.PayloadTooLarge' } });
    const id = await core.invoke('accounts.get', { accountId: huge });
    expect(id).toMatchObject({ ok: false, error: { code: 'Ipc.PayloadTooLarge' } });
    expect(JSON.stringify(id).length).toBeLessThan(2_000);
  });

  it('bounds every string input and keeps the error short', async () => {
    const long = 'a'.repeat(300_000);
    const result = await core.invoke('accounts.get', { accountId: long });
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'Ipc.InvalidInput', fields: { accountId: 'At most 200 characters' } },
    });
    // The schema lists the operationIds; a test sends what a compromised renderer could.
    const unknownOperation = await core.invoke('api.revealSecret', {
      accountId,
      operationId: long as OperationId,
      path: 'x',
    });
    expect(unknownOperation.ok).toBe(false);
    expect(JSON.stringify(unknownOperation).length).toBeLessThan(2_000);
  });

  it('refuses a BigInt (or any non-JSON value) by name instead of failing to serialize it', async () => {
    const result = await core.invoke('drafts.save', {
      accountId,
      serviceId: 101,
      policyKey: 'cors',
      value: { maxAge: 10n },
    });
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'Ipc.InvalidInput', fields: { 'value.maxAge': expect.stringMatching(/plain JSON .*bigint/) } },
    });
    expect(JSON.stringify(result, (_key, value: unknown) => value)).not.toMatch(/serialize a BigInt/);
    const map = await core.invoke('drafts.save', {
      accountId,
      serviceId: 101,
      policyKey: 'cors',
      value: new Map([['a', 1]]),
    });
    expect(map).toMatchObject({ ok: false, error: { code: 'Ipc.InvalidInput' } });
  });

  it('answers Accounts.NotFound for unknown account IDs, prototype names included', async () => {
    for (const id of ['no-such-account', '__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      const calls = [
        core.invoke('accounts.get', { accountId: id }),
        core.invoke('accounts.switch', { accountId: id }),
        core.invoke('accounts.update', { accountId: id, patch: { notes: 'x' } }),
        core.invoke('accounts.remove', { accountId: id }),
        core.invoke('accounts.testConnection', { accountId: id }),
        core.invoke('inventory.record', { accountId: id, serviceId: 5, domainName: 'a.example' }),
        core.invoke('inventory.remove', { accountId: id, serviceIds: [5] }),
        core.invoke('drafts.save', { accountId: id, serviceId: 5, policyKey: 'cors', value: {} }),
        core.invoke('changes.current', {
          accountId: id,
          operationId: 'setCorsHeaders',
          input: { params: { serviceId: 101 } },
        }),
        core.invoke('api.call', { accountId: id, operationId: 'getCustomer', input: { params: { customer_id: 1 } } }),
      ];
      for (const result of await Promise.all(calls)) {
        expect(result).toMatchObject({ ok: false, error: { code: 'Accounts.NotFound' } });
      }
      // Filters by an unknown account simply find nothing.
      expect(data(await core.invoke('journal.list', { accountId: id })).entries).toEqual([]);
      expect(data(await core.invoke('drafts.list', { accountId: id })).drafts).toEqual([]);
      expect(data(await core.invoke('inventory.list', { accountId: id })).services).toEqual([]);
    }
  });

  it('refuses an http:// base URL to another computer at the baseUrl field, and accepts it for this one', async () => {
    const profile = {
      name: 'Plain',
      baseUrl: 'http://api.example.net',
      accessKeyId: 'AK1',
      customerId: 1,
      secret: 's'.repeat(20),
      verify: false,
    };
    expect(await core.invoke('accounts.add', profile)).toMatchObject({
      ok: false,
      error: { code: 'Ipc.InvalidInput', fields: { baseUrl: INSECURE_BASE_URL_MESSAGE } },
    });
    expect(
      await core.invoke('accounts.testConnection', {
        baseUrl: 'http://10.1.2.3:8080',
        accessKeyId: 'AK1',
        customerId: 1,
        secret: 'x',
      }),
    ).toMatchObject({
      ok: false,
      error: { fields: { baseUrl: INSECURE_BASE_URL_MESSAGE } },
    });
    expect(
      await core.invoke('accounts.update', { accountId, patch: { baseUrl: 'http://api.example.net' } }),
    ).toMatchObject({ ok: false, error: { code: 'Ipc.InvalidInput' } });
    expect((await core.invoke('accounts.add', { ...profile, baseUrl: 'http://127.0.0.1:9' })).ok).toBe(true);
  });
});
