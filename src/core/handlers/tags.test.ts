// tags.* through the core over invoke() (real files, in-memory secrets, a real sandbox gateway).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCore } from '../app-core.ts';
import { createMemorySecretStore } from '../secrets/memory-store.ts';
import { data, sandboxProfile, useSandboxCore } from '../test-support/core.ts';
import { TAGS_FILE } from '../tags/tags.ts';

const ctx = useSandboxCore({
  tmpPrefix: 'accel-tags-',
  coreOptions: () => ({ secretStore: createMemorySecretStore(), clientOptions: { timeoutMs: 5_000 } }),
});

async function addAccount(): Promise<string> {
  const { account } = data(await ctx.core.invoke('accounts.add', sandboxProfile(ctx.sandbox)));
  return account.id;
}

describe('tags handlers', () => {
  it('stores account and service tags normalised, announces changes, and survives a restart', async () => {
    const accountId = await addAccount();
    const events: unknown[] = [];
    ctx.core.on('tags.changed', (payload) => events.push(payload));
    expect(data(await ctx.core.invoke('tags.setAccount', { accountId, tags: ['Retail', 'retail', 'EU'] }))).toEqual({
      tags: ['retail', 'eu'],
    });
    expect(data(await ctx.core.invoke('tags.setService', { accountId, serviceId: 101, tags: ['staging'] }))).toEqual({
      tags: ['staging'],
    });
    expect(events).toEqual([{ accountId }, { accountId }]);

    await ctx.core.dispose();
    ctx.core = createCore({
      dataDir: ctx.dataDir,
      secretStore: createMemorySecretStore(),
      sandboxOptions: { statePath: null },
    });
    expect(data(await ctx.core.invoke('tags.list', undefined))).toEqual({
      accounts: { [accountId]: ['retail', 'eu'] },
      services: { [accountId]: { '101': ['staging'] } },
    });

    // The core functions other features select targets with.
    const store = ctx.core.services.tags;
    expect(await store.serviceTags(accountId)).toEqual(new Map([[101, ['staging']]]));
    expect(await store.accountTags()).toEqual(new Map([[accountId, ['retail', 'eu']]]));
    expect(await store.effectiveServiceTags(accountId, 101)).toEqual(['eu', 'retail', 'staging']);
    expect((await store.servicesTagged('STAGING', new Map([[accountId, [101, 102]]]))).map((s) => s.serviceId)).toEqual(
      [101],
    );
    expect((await store.servicesTagged('retail', new Map([[accountId, [101, 102]]]))).map((s) => s.serviceId)).toEqual([
      101, 102,
    ]);

    // An empty list removes the entry.
    data(await ctx.core.invoke('tags.setService', { accountId, serviceId: 101, tags: [] }));
    const file = JSON.parse(await readFile(join(ctx.dataDir, TAGS_FILE), 'utf8')) as { services: object };
    expect(file.services).toEqual({});
  });

  it('rejects a bad tag with a message naming it and the rule, and an unknown account', async () => {
    const accountId = await addAccount();
    const bad = await ctx.core.invoke('tags.setAccount', { accountId, tags: ['fine', 'not fine'] });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(JSON.stringify(bad.error)).toContain('Tag “not fine” contains a space');
    const unknown = await ctx.core.invoke('tags.setService', { accountId: 'nope', serviceId: 1, tags: ['x'] });
    expect(unknown.ok).toBe(false);
    if (!unknown.ok) expect(unknown.error.code).toBe('Accounts.NotFound');
  });

  it('forgets the tags of a removed account', async () => {
    const accountId = await addAccount();
    data(await ctx.core.invoke('tags.setAccount', { accountId, tags: ['retail'] }));
    data(await ctx.core.invoke('tags.setService', { accountId, serviceId: 7, tags: ['staging'] }));
    data(await ctx.core.invoke('accounts.remove', { accountId }));
    expect(data(await ctx.core.invoke('tags.list', undefined))).toEqual({ accounts: {}, services: {} });
  });
});
