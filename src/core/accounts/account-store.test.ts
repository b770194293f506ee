import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNTS_FILE, createAccountStore, migrateAccountsFile, type NewAccount } from './account-store.ts';
import { createFakeClock } from '../test-support/fake-clock.ts';

const clock = createFakeClock();

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'accel-accounts-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const profile: NewAccount = {
  kind: 'standard',
  name: 'Acme production',
  baseUrl: 'https://api.example.net',
  accessKeyId: 'AK1',
  customerId: 1024,
  color: 'red',
  production: true,
  notes: '',
  needsSecret: false,
  customer: null,
};

describe('account store', () => {
  it('persists accounts and the current account across instances; first run only without a file', async () => {
    const store = createAccountStore({ dataDir: dir, now: clock.now });
    expect(await store.isFirstRun()).toBe(true);
    const a = await store.insert(profile);
    const b = await store.insert({ ...profile, name: 'Acme staging', production: false });
    await store.setCurrent(b.id);
    await store.update(a.id, { notes: 'on call: Kim' });

    const again = createAccountStore({ dataDir: dir, now: clock.now });
    expect(await again.isFirstRun()).toBe(false);
    expect(await again.currentId()).toBe(b.id);
    expect((await again.get(a.id)).notes).toBe('on call: Kim');
    const file = JSON.parse(await readFile(join(dir, ACCOUNTS_FILE), 'utf8'));
    expect(file.schemaVersion).toBe(1);

    await again.remove(b.id);
    expect(await again.currentId()).toBe(a.id);
    await expect(again.get(b.id)).rejects.toMatchObject({ code: 'Accounts.NotFound' });
  });

  it('keeps a corrupt file aside, reports it, and starts empty (never overwriting it)', async () => {
    await writeFile(join(dir, ACCOUNTS_FILE), '{ this is not json');
    const store = createAccountStore({ dataDir: dir, now: clock.now });
    expect(await store.list()).toEqual([]);
    expect(await store.isFirstRun()).toBe(false);
    const [warning] = store.warnings();
    expect(warning.code).toBe('Accounts.FileCorrupt');
    expect(warning.message).toMatch(/accounts\.json\.corrupt-/);
    const files = await readdir(dir);
    const aside = files.find((name) => name.startsWith('accounts.json.corrupt-'));
    expect(aside).toBeDefined();
    expect(await readFile(join(dir, aside!), 'utf8')).toBe('{ this is not json');
    // A new account goes into a fresh file; the corrupt copy stays.
    await store.insert(profile);
    expect((await readdir(dir)).sort()).toEqual([ACCOUNTS_FILE, aside].sort());
  });

  it('migrates a version 0 file and refuses one from a newer app', async () => {
    const v0 = {
      current: 'old-1',
      accounts: [
        {
          id: 'old-1',
          label: 'Legacy',
          baseUrl: 'https://api.example.net',
          keyId: 'AKOLD',
          customerId: '7',
          colour: 'purple',
        },
      ],
    };
    await writeFile(join(dir, ACCOUNTS_FILE), JSON.stringify(v0));
    const store = createAccountStore({ dataDir: dir, now: clock.now });
    const [account] = await store.list();
    expect(account).toMatchObject({
      id: 'old-1',
      name: 'Legacy',
      accessKeyId: 'AKOLD',
      customerId: 7,
      color: 'purple',
      kind: 'standard',
    });
    expect(await store.currentId()).toBe('old-1');
    expect(store.warnings()).toEqual([]);

    expect(() => migrateAccountsFile({ schemaVersion: 99, accounts: [] })).toThrow(/newer version/);
  });

  it.each([
    [
      'a damaged current file (schemaVersion lost)',
      {
        currentAccountId: 'a1',
        accounts: [
          {
            id: 'a1',
            kind: 'standard',
            name: 'Acme',
            baseUrl: 'https://api.example.net',
            accessKeyId: 'AK1',
            customerId: 1,
            color: 'red',
            production: true,
            notes: '',
            needsSecret: false,
            customer: null,
            createdAt: 'x',
            updatedAt: 'x',
          },
        ],
      },
    ],
    ['an unrelated object', { hello: 'world' }],
    ['a non-numeric schemaVersion', { schemaVersion: '1', currentAccountId: null, accounts: [] }],
    ['an old-looking file with a broken account', { accounts: [{ id: 'old-1', label: 'Legacy' }] }],
  ])('keeps %s aside with a warning instead of migrating it to zero accounts', async (_name, content) => {
    const text = JSON.stringify(content);
    await writeFile(join(dir, ACCOUNTS_FILE), text);
    const store = createAccountStore({ dataDir: dir, now: clock.now });
    expect(await store.list()).toEqual([]);
    expect(store.warnings().map((w) => w.code)).toEqual(['Accounts.FileCorrupt']);
    const aside = (await readdir(dir)).find((name) => name.startsWith('accounts.json.corrupt-'));
    expect(aside).toBeDefined();
    expect(await readFile(join(dir, aside!), 'utf8')).toBe(text);
    store.dismissWarning('Accounts.FileCorrupt');
    expect(store.warnings()).toEqual([]);
  });
});
