// journal.list through the core's invoke(): the service filter takes an ID or a domain name,
// resolved against the account's service list and the services created from the app.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../app-core.ts';
import { createMemorySecretStore } from '../secrets/memory-store.ts';
import { data } from '../test-support/core.ts';

let dataDir: string;
let core: Core;
let accountId: string;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'accel-journal-'));
  core = createCore({ dataDir, secretStore: createMemorySecretStore(), sandboxOptions: { statePath: null }, clientOptions: { timeoutMs: 5_000 } });
  accountId = data(await core.invoke('accounts.ensureSandbox', { makeCurrent: true })).id;
  await core.invoke('inventory.list', { accountId });
  for (const serviceId of [101, 102]) {
    data(await core.invoke('changes.apply', { accountId, operationId: 'setCorsHeaders', input: { params: { serviceId }, body: { accessControlAllowOrigin: '*' } } }));
  }
});
afterEach(async () => {
  await core.dispose();
  await rm(dataDir, { recursive: true, force: true });
});

const list = async (input: { accountId?: string; service?: string }) => data(await core.invoke('journal.list', input));

describe('journal.list service filter', () => {
  it('takes an ID, with or without #', async () => {
    expect((await list({ accountId, service: '102' })).entries.map((e) => e.serviceId)).toEqual([102]);
    expect((await list({ accountId, service: '#101' })).entries.map((e) => e.serviceId)).toEqual([101]);
  });

  it('takes a domain name (any case) or part of one, and says which services it matched', async () => {
    const exact = await list({ accountId, service: 'WWW.Example-Shop.com' });
    expect(exact.entries.map((e) => e.serviceId)).toEqual([101]);
    expect(exact.services).toEqual([{ accountId, serviceId: 101, domainName: 'www.example-shop.com' }]);
    const part = await list({ accountId, service: 'example-media' });
    expect(part.entries.map((e) => e.serviceId)).toEqual([102]);
  });

  it('an unknown domain matches nothing instead of being ignored', async () => {
    const none = await list({ accountId, service: 'nothing.example' });
    expect(none.entries).toEqual([]);
    expect(none.services).toEqual([]);
  });

  it('without an account, looks through every account', async () => {
    const all = await list({ service: 'www.example-shop.com' });
    expect(all.entries.map((e) => e.serviceId)).toEqual([101]);
    expect((await list({})).entries).toHaveLength(2);
  });

  it('names the services of the entries from the account’s service list, in both views', async () => {
    const names = (r: { serviceNames: { serviceId: number; domainName: string }[] }) =>
      Object.fromEntries(r.serviceNames.map((s) => [s.serviceId, s.domainName]));
    const expected = { 101: 'www.example-shop.com', 102: 'static.example-media.net' };
    expect(names(await list({ accountId }))).toEqual(expected);
    expect(names(await list({}))).toEqual(expected);
    expect(names(await list({ accountId, service: '#102' }))).toEqual({ 102: 'static.example-media.net' });
  });
});
