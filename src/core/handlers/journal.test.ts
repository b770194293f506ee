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
  core = createCore({
    dataDir,
    secretStore: createMemorySecretStore(),
    sandboxOptions: { statePath: null },
    clientOptions: { timeoutMs: 5_000 },
  });
  accountId = data(await core.invoke('accounts.ensureSandbox', { makeCurrent: true })).id;
  await core.invoke('inventory.list', { accountId });
  for (const serviceId of [101, 102]) {
    data(
      await core.invoke('changes.apply', {
        accountId,
        operationId: 'setCorsHeaders',
        input: { params: { serviceId }, body: { accessControlAllowOrigin: '*' } },
      }),
    );
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

describe('journal filters and export through the core', () => {
  it('filters by operation, outcome and time, pages (limit, offset, through) with the total beyond the page, and exports what is selected', async () => {
    // A change that fails (no such service) is journaled as failed.
    const failed = await core.invoke('changes.apply', {
      accountId,
      operationId: 'setCorsHeaders',
      input: { params: { serviceId: 999999 }, body: { accessControlAllowOrigin: '=cmd' } },
    });
    expect(failed.ok).toBe(false);
    const all = data(await core.invoke('journal.list', {}));
    expect(all.total).toBe(3);
    expect(data(await core.invoke('journal.list', { limit: 1 }))).toMatchObject({
      total: 3,
      entries: [{ serviceId: 999999 }],
    });
    expect(data(await core.invoke('journal.list', { outcome: 'failed' })).entries.map((e) => e.serviceId)).toEqual([
      999999,
    ]);
    expect(
      data(await core.invoke('journal.list', { outcome: 'ok', service: 'example' })).entries.map((e) => e.serviceId),
    ).toEqual([102, 101]);
    expect(data(await core.invoke('journal.list', { operationId: 'upsertRateLimit' })).total).toBe(0);
    expect(data(await core.invoke('journal.list', { from: '2999-01-01T00:00:00Z' })).total).toBe(0);
    // Pages: `offset` skips, `through` reaches an older entry; total stays what the filters select.
    const second = data(await core.invoke('journal.list', { limit: 1, offset: 1 }));
    expect(second).toMatchObject({ total: 3, entries: [{ serviceId: 102 }] });
    expect(second.serviceNames.map((s) => s.serviceId)).toEqual([102]);
    const oldest = all.entries[2]!.id;
    expect(
      data(await core.invoke('journal.list', { limit: 1, through: oldest })).entries.map((e) => e.serviceId),
    ).toEqual([999999, 102, 101]);
    expect(data(await core.invoke('journal.list', { outcome: 'ok', limit: 1, offset: 1 }))).toMatchObject({
      total: 2,
      entries: [{ serviceId: 101 }],
    });
    const tooMany = await core.invoke('journal.list', { limit: 1001 });
    expect(tooMany.ok).toBe(false);
    expect(JSON.stringify(tooMany)).toContain('at most 1000');
    expect((await core.invoke('journal.list', { offset: -1 })).ok).toBe(false);
    const backwards = await core.invoke('journal.list', { from: '2026-02-01T00:00:00Z', to: '2026-01-01T00:00:00Z' });
    expect(backwards.ok).toBe(false);

    const csv = data(await core.invoke('journal.export', { format: 'csv', outcome: 'ok' }));
    expect(csv).toMatchObject({
      mimeType: 'text/csv',
      count: 2,
      suggestedName: expect.stringMatching(/^acceleration-console-journal-\d{4}-\d{2}-\d{2}\.csv$/),
    });
    const rows = csv.content.trim().split('\r\n');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toContain(',102,static.example-media.net,');
    expect(rows[1]).toContain(',applied,');

    const json = data(await core.invoke('journal.export', { format: 'json', outcome: 'failed' }));
    const parsed = JSON.parse(json.content) as {
      filters: unknown;
      entries: { serviceId: number; result: { ok: boolean } }[];
    };
    expect(parsed.filters).toEqual({ outcome: 'failed' });
    expect(parsed.entries.map((e) => [e.serviceId, e.result.ok])).toEqual([[999999, false]]);
  });
});
