// Profile export / import through the core (in-memory secrets, real files, a real sandbox gateway):
// inventories and tags travel with the profiles; a plain file never carries a secret; an
// encrypted one does, and a wrong passphrase and a changed file are told apart.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCore } from '../app-core.ts';
import { createMemorySecretStore } from '../secrets/memory-store.ts';
import { data, sandboxProfile, useSandboxCore } from '../test-support/core.ts';

const secrets = createMemorySecretStore();
const ctx = useSandboxCore({
  tmpPrefix: 'accel-profiles-',
  coreOptions: () => ({ secretStore: secrets, clientOptions: { timeoutMs: 5_000 } }),
});

async function twoCustomers() {
  const acme = data(await ctx.core.invoke('accounts.add', sandboxProfile(ctx.sandbox))).account;
  const globex = data(
    await ctx.core.invoke('accounts.add', {
      ...sandboxProfile(ctx.sandbox),
      name: 'Globex',
      customerId: 4242,
      secret: 'globex-secret-value',
      verify: false,
    }),
  ).account;
  const [first, second] = ctx.sandbox.services;
  data(await ctx.core.invoke('inventory.addByIds', { accountId: acme.id, ids: `${first.id}, ${second.id}` }));
  data(await ctx.core.invoke('tags.setAccount', { accountId: acme.id, tags: ['retail'] }));
  data(await ctx.core.invoke('tags.setService', { accountId: acme.id, serviceId: first.id, tags: ['staging'] }));
  return { acme, globex, first, second };
}

async function freshCore() {
  const dataDir = await mkdtemp(join(tmpdir(), 'accel-profiles-target-'));
  const core = createCore({ dataDir, secretStore: createMemorySecretStore(), sandboxOptions: { statePath: null } });
  return {
    core,
    dataDir,
    done: async () => {
      await core.dispose();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

describe('profile export and import', () => {
  it('exports the picked accounts with their services and tags, no secret, and imports them elsewhere', async () => {
    const { acme, globex, first, second } = await twoCustomers();
    const exported = data(await ctx.core.invoke('accounts.export', { accountIds: [acme.id] }));
    expect(exported).toMatchObject({ count: 1, encrypted: false, withoutSecret: [] });
    expect(exported.content).not.toContain(ctx.sandbox.credentials.accessKeySecret);
    expect(exported.content).not.toContain('Globex');
    const document = JSON.parse(exported.content);
    expect(document.accounts[0]).toMatchObject({
      name: 'Acme',
      tags: ['retail'],
      services: [
        { serviceId: first.id, tags: ['staging'] },
        { serviceId: second.id, tags: [] },
      ],
    });
    expect(document.accounts[0].secret).toBeUndefined();

    const target = await freshCore();
    try {
      const report = data(await target.core.invoke('accounts.import', { content: exported.content }));
      expect(report).toMatchObject({
        encrypted: false,
        skipped: [],
        duplicates: [],
        added: [{ name: 'Acme', services: 2, tags: ['retail'], secretState: 'needed' }],
      });
      const accountId = report.added[0].accountId;
      expect(data(await target.core.invoke('inventory.list', { accountId })).services.map((s) => s.serviceId)).toEqual([
        first.id,
        second.id,
      ]);
      expect(data(await target.core.invoke('tags.list', undefined))).toEqual({
        accounts: { [accountId]: ['retail'] },
        services: { [accountId]: { [String(first.id)]: ['staging'] } },
      });
      // Again: everything is a duplicate now.
      const again = data(await target.core.invoke('accounts.import', { content: exported.content }));
      expect(again).toMatchObject({ added: [], duplicates: [{ name: 'Acme', existingName: 'Acme' }] });
    } finally {
      await target.done();
    }
    expect(globex.needsSecret).toBe(false);
  });

  it('an encrypted export carries the secrets; wrong passphrase and a changed file are told apart', async () => {
    await twoCustomers();
    const short = await ctx.core.invoke('accounts.export', { passphrase: 'short' });
    expect(short).toMatchObject({
      ok: false,
      error: { code: 'Config.PassphraseTooShort', fields: { passphrase: expect.any(String) } },
    });
    const exported = data(await ctx.core.invoke('accounts.export', { passphrase: 'correct horse battery' }));
    expect(exported).toMatchObject({
      count: 2,
      encrypted: true,
      fileName: expect.stringMatching(/\.encrypted\.json$/),
    });
    for (const text of [ctx.sandbox.credentials.accessKeySecret, 'globex-secret-value', 'Acme', 'retail'])
      expect(exported.content).not.toContain(text);

    const target = await freshCore();
    try {
      expect(await target.core.invoke('accounts.import', { content: exported.content })).toMatchObject({
        ok: false,
        error: { code: 'Config.PassphraseRequired' },
      });
      expect(
        await target.core.invoke('accounts.import', { content: exported.content, passphrase: 'wrong horse battery' }),
      ).toMatchObject({
        ok: false,
        error: { code: 'Config.WrongPassphrase', fields: { passphrase: 'Wrong passphrase.' } },
      });
      const envelope = JSON.parse(exported.content) as { ciphertext: string };
      const bytes = Buffer.from(envelope.ciphertext, 'base64');
      bytes[0] = (bytes[0] ?? 0) ^ 1;
      const tampered = JSON.stringify({ ...envelope, ciphertext: bytes.toString('base64') });
      expect(
        await target.core.invoke('accounts.import', { content: tampered, passphrase: 'correct horse battery' }),
      ).toMatchObject({ ok: false, error: { code: 'Config.Tampered' } });
      expect(data(await target.core.invoke('accounts.list', undefined)).accounts).toEqual([]);

      const report = data(
        await target.core.invoke('accounts.import', { content: exported.content, passphrase: 'correct horse battery' }),
      );
      expect(report.encrypted).toBe(true);
      expect(report.added.map((a) => [a.name, a.secretState])).toEqual([
        ['Acme', 'stored'],
        ['Globex', 'stored'],
      ]);
      const acme = report.imported[0];
      expect(acme.needsSecret).toBe(false);
      // The imported secret signs: a real call to the gateway succeeds.
      const customer = data(
        await target.core.invoke('api.call', {
          accountId: acme.id,
          operationId: 'getCustomer',
          input: { params: { customer_id: acme.customerId } },
        }),
      );
      expect(customer.data).toMatchObject({ id: acme.customerId });
    } finally {
      await target.done();
    }
  });

  it('ignores a secret in a plain file, and skips damaged entries with the reason', async () => {
    const document = {
      format: 'acceleration-console/accounts',
      schemaVersion: 2,
      accounts: [
        {
          name: 'Planted',
          baseUrl: 'https://api.example.net',
          accessKeyId: 'AK1',
          customerId: 1,
          secret: 'planted-secret',
        },
        {
          name: 'Bad tags',
          baseUrl: 'https://api.example.net',
          accessKeyId: 'AK2',
          customerId: 2,
          tags: ['no spaces please'],
        },
        {
          name: 'Bad services',
          baseUrl: 'https://api.example.net',
          accessKeyId: 'AK3',
          customerId: 3,
          services: [{ domainName: 'x.example' }],
        },
      ],
    };
    const report = data(await ctx.core.invoke('accounts.import', { content: JSON.stringify(document) }));
    expect(report.added).toEqual([expect.objectContaining({ name: 'Planted', secretState: 'needed' })]);
    expect(secrets.entries.get(report.added[0]?.accountId ?? '')).toBeUndefined();
    expect(report.skipped).toEqual([
      { name: 'Bad tags', reason: expect.stringContaining('contains a space') },
      { name: 'Bad services', reason: expect.stringContaining('damaged service list') },
    ]);
  });

  it('follows the encryption rules of configuration documents: written at N = 2^17, a file written with N = 2^15 imports, settings out of bounds are refused', async () => {
    await twoCustomers();
    const exported = data(await ctx.core.invoke('accounts.export', { passphrase: 'correct horse battery' }));
    expect(JSON.parse(exported.content)).toMatchObject({ kdf: { name: 'scrypt', N: 2 ** 17, r: 8, p: 1 } });

    const old = await readFile(
      new URL('../test-support/fixtures/accounts-scrypt-n15.encrypted.json', import.meta.url),
      'utf8',
    );
    const envelope = JSON.parse(old) as { kdf: Record<string, unknown>; cipher: { tag: string } };
    expect(envelope.kdf).toMatchObject({ N: 2 ** 15 });
    const target = await freshCore();
    try {
      const costly = JSON.stringify({ ...envelope, kdf: { ...envelope.kdf, N: 2 ** 20 } });
      expect(
        await target.core.invoke('accounts.import', { content: costly, passphrase: 'fixture passphrase 2^15' }),
      ).toMatchObject({
        ok: false,
        error: {
          code: 'Config.UnsupportedEncryption',
          message: expect.stringContaining(
            'kdf.N is 1048576 (2^20); this app opens documents with N between 2^15 and 2^18',
          ),
        },
      });
      const cutTag = JSON.stringify({
        ...envelope,
        cipher: {
          ...envelope.cipher,
          tag: Buffer.from(envelope.cipher.tag, 'base64').subarray(0, 4).toString('base64'),
        },
      });
      expect(
        await target.core.invoke('accounts.import', { content: cutTag, passphrase: 'fixture passphrase 2^15' }),
      ).toMatchObject({
        ok: false,
        error: { code: 'Config.UnsupportedEncryption', message: expect.stringContaining('cipher.tag is 4 bytes') },
      });
      expect(data(await target.core.invoke('accounts.list', undefined)).accounts).toEqual([]);

      const report = data(
        await target.core.invoke('accounts.import', { content: old, passphrase: 'fixture passphrase 2^15' }),
      );
      expect(report).toMatchObject({ encrypted: true, added: [{ name: 'Fixture Co', secretState: 'stored' }] });
    } finally {
      await target.done();
    }
  });
});
