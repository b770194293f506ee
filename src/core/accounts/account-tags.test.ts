// Tags given with accounts.add / accounts.update (the add/edit account dialog), through the core
// over invoke(): real files, in-memory secrets, a real sandbox gateway. A failed tag write is
// provoked on the real store instance (spy), the only way to fail a write when running as root.
import { AppCode } from '#shared/app-errors.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemorySecretStore } from '../secrets/memory-store.ts';
import { data, sandboxProfile, useSandboxCore } from '../test-support/core.ts';

const ctx = useSandboxCore({
  tmpPrefix: 'accel-account-tags-',
  coreOptions: () => ({ secretStore: createMemorySecretStore(), clientOptions: { timeoutMs: 5_000 } }),
});

afterEach(() => vi.restoreAllMocks());

const tagsList = async () => data(await ctx.core.invoke('tags.list', undefined));
const accountNames = async () => data(await ctx.core.invoke('accounts.list', undefined)).accounts.map((a) => a.name);

describe('accounts.add with tags', () => {
  it('stores the tags once the account exists, lower-cased and once each, and announces them', async () => {
    const events: unknown[] = [];
    ctx.core.on('tags.changed', (payload) => events.push(payload));
    const result = data(
      await ctx.core.invoke('accounts.add', { ...sandboxProfile(ctx.sandbox), tags: ['Retail', 'staging', 'retail'] }),
    );
    expect(result.verified).toBe(true);
    expect(result.tags).toEqual(['retail', 'staging']);
    expect(result.tagsError).toBeUndefined();
    expect((await tagsList()).accounts).toEqual({ [result.account.id]: ['retail', 'staging'] });
    expect(events).toEqual([{ accountId: result.account.id }]);
  });

  it('without tags (or an empty list) writes no tags', async () => {
    const result = data(await ctx.core.invoke('accounts.add', { ...sandboxProfile(ctx.sandbox), tags: [] }));
    expect(result).not.toHaveProperty('tags');
    expect((await tagsList()).accounts).toEqual({});
  });

  it('refuses a bad tag with the shared rule’s message under the tags field, and adds nothing', async () => {
    const result = await ctx.core.invoke('accounts.add', {
      ...sandboxProfile(ctx.sandbox),
      tags: ['retail', 're@tail'],
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('Ipc.InvalidInput');
    expect(result.error.fields?.['tags.1']).toBe(
      'Tag “re@tail” may only contain letters, digits, "-", "_" and ".", and must start with a letter or digit.',
    );
    expect(await accountNames()).toEqual([]);
    const tooMany = await ctx.core.invoke('accounts.add', {
      ...sandboxProfile(ctx.sandbox),
      tags: Array.from({ length: 21 }, (_, i) => `t${i}`),
    });
    expect(tooMany.ok).toBe(false);
    if (!tooMany.ok) expect(tooMany.error.fields?.['tags']).toBe('At most 20 tags per account or service.');
  });

  it('stores no tags when the add fails (credentials refused)', async () => {
    const result = await ctx.core.invoke('accounts.add', {
      ...sandboxProfile(ctx.sandbox),
      secret: 'wrong-secret',
      tags: ['retail'],
    });
    expect(result.ok).toBe(false);
    expect(await accountNames()).toEqual([]);
    expect((await tagsList()).accounts).toEqual({});
  });

  it('a failed tag write keeps the account added and says so, naming the account and the tags', async () => {
    vi.spyOn(ctx.core.services.tags, 'setAccountTags').mockRejectedValueOnce(
      new Error('ENOSPC: no space left on device.'),
    );
    const result = data(
      await ctx.core.invoke('accounts.add', { ...sandboxProfile(ctx.sandbox), tags: ['retail', 'staging'] }),
    );
    expect(result.account.name).toBe('Acme');
    expect(result.tags).toBeUndefined();
    expect(result.tagsError).toBe(
      '“Acme” was added, but its tags (retail, staging) could not be stored: ENOSPC: no space left on device. Add them on the Accounts screen with “Add tags”.',
    );
    expect(await accountNames()).toEqual(['Acme']);
  });
});

describe('accounts.update with tags', () => {
  it('replaces the tags after the patch; an empty list removes them; no tags field leaves them', async () => {
    const { account } = data(
      await ctx.core.invoke('accounts.add', { ...sandboxProfile(ctx.sandbox), tags: ['retail', 'staging'] }),
    );
    const updated = data(
      await ctx.core.invoke('accounts.update', {
        accountId: account.id,
        patch: { name: 'Acme EU' },
        tags: ['Retail', 'eu'],
      }),
    );
    expect(updated.name).toBe('Acme EU');
    expect((await tagsList()).accounts).toEqual({ [account.id]: ['retail', 'eu'] });
    data(await ctx.core.invoke('accounts.update', { accountId: account.id, patch: { notes: 'n' } }));
    expect((await tagsList()).accounts).toEqual({ [account.id]: ['retail', 'eu'] });
    data(await ctx.core.invoke('accounts.update', { accountId: account.id, patch: {}, tags: [] }));
    expect((await tagsList()).accounts).toEqual({});
  });

  it('changes no tags when the patch is refused', async () => {
    const { account } = data(
      await ctx.core.invoke('accounts.add', { ...sandboxProfile(ctx.sandbox), tags: ['retail'] }),
    );
    const result = await ctx.core.invoke('accounts.update', {
      accountId: account.id,
      patch: { name: '' },
      tags: ['other'],
    });
    expect(result.ok).toBe(false);
    const unknown = await ctx.core.invoke('accounts.update', { accountId: 'nope', patch: {}, tags: ['other'] });
    expect(unknown.ok).toBe(false);
    expect((await tagsList()).accounts).toEqual({ [account.id]: ['retail'] });
  });

  it('a failed tag write is an error saying the changes were saved and the tags were not', async () => {
    const { account } = data(await ctx.core.invoke('accounts.add', sandboxProfile(ctx.sandbox)));
    vi.spyOn(ctx.core.services.tags, 'setAccountTags').mockRejectedValueOnce(new Error('EIO: i/o error'));
    const result = await ctx.core.invoke('accounts.update', {
      accountId: account.id,
      patch: { name: 'Acme EU' },
      tags: ['retail'],
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toMatchObject({
      code: AppCode.Tags.NotStored,
      retryable: true,
      message:
        'The changes to “Acme EU” were saved, but its tags could not be stored: EIO: i/o error. Save again to retry.',
    });
    expect(await accountNames()).toEqual(['Acme EU']);
    // Saving again stores them.
    data(
      await ctx.core.invoke('accounts.update', { accountId: account.id, patch: { name: 'Acme EU' }, tags: ['retail'] }),
    );
    expect((await tagsList()).accounts).toEqual({ [account.id]: ['retail'] });
  });
});
