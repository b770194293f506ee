// The core end to end over invoke(), with an in-memory secret store and a real sandbox gateway.
// The same flows against the real OS keychain are in accounts.keychain.test.ts.
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCore } from './app-core.ts';
import { createMemorySecretStore, type MemorySecretStore } from './secrets/memory-store.ts';
import { data, sandboxProfile, useSandboxCore } from './test-support/core.ts';
import { SECRET_MASK } from './secrets/secret-mask.ts';

let secrets: MemorySecretStore;
const ctx = useSandboxCore({
  tmpPrefix: 'accel-core-',
  coreOptions: () => ({ secretStore: (secrets = createMemorySecretStore()), clientOptions: { timeoutMs: 5_000 } }),
});

const profile = () => sandboxProfile(ctx.sandbox);

describe('accounts through the core', () => {
  it('adds a verified account: customer shown, secret only in the secret store, first account becomes current', async () => {
    const events: unknown[] = [];
    ctx.core.on('accounts.changed', (payload) => events.push(payload));
    const { account, verified } = data(
      await ctx.core.invoke('accounts.add', { ...profile(), color: 'green', production: true, notes: 'n' }),
    );
    expect(verified).toBe(true);
    expect(account.customer).toMatchObject({
      id: ctx.sandbox.credentials.customerId,
      name: expect.any(String),
      region: expect.any(String),
    });
    expect(account).not.toHaveProperty('secret');
    expect(secrets.entries.get(account.id)).toBe(ctx.sandbox.credentials.accessKeySecret);
    const file = await readFile(join(ctx.dataDir, 'accounts.json'), 'utf8');
    expect(file).not.toContain(ctx.sandbox.credentials.accessKeySecret);
    const list = data(await ctx.core.invoke('accounts.list', undefined));
    expect(list.currentAccountId).toBe(account.id);
    expect(list.accounts.map((a) => a.production)).toEqual([true]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(events).toContainEqual({ reason: 'added', accountId: account.id, currentAccountId: account.id });
  });

  it('explains failed verification in plain words and saves nothing', async () => {
    const wrongSecret = await ctx.core.invoke('accounts.add', { ...profile(), secret: 'not-the-secret-at-all' });
    expect(wrongSecret).toMatchObject({
      ok: false,
      error: { code: 'Signature.NotMatch', fields: { secret: expect.any(String) } },
    });
    if (!wrongSecret.ok) expect(wrongSecret.error.message).toMatch(/secret does not match/);

    const wrongCustomer = await ctx.core.invoke('accounts.add', { ...profile(), customerId: 999_999 });
    expect(wrongCustomer).toMatchObject({
      ok: false,
      error: { fields: { customerId: expect.stringMatching(/does not belong/) } },
    });

    const unreachable = await ctx.core.invoke('accounts.add', { ...profile(), baseUrl: 'http://127.0.0.1:1' });
    expect(unreachable).toMatchObject({
      ok: false,
      error: { fields: { baseUrl: expect.stringMatching(/cannot be reached/) } },
    });

    // The sandbox speaks plain HTTP: an https:// base URL fails the TLS handshake.
    const tls = await ctx.core.invoke('accounts.add', {
      ...profile(),
      baseUrl: ctx.sandbox.url.replace('http:', 'https:'),
    });
    expect(tls).toMatchObject({
      ok: false,
      error: { code: 'Network.TlsFailed', fields: { baseUrl: expect.stringMatching(/secure \(TLS\) connection/) } },
    });

    expect(data(await ctx.core.invoke('accounts.list', undefined)).accounts).toEqual([]);
    expect(secrets.entries.size).toBe(0);
  });

  it('saves without verifying (offline), and testConnection then reports and records the customer', async () => {
    const { account, verified } = data(
      await ctx.core.invoke('accounts.add', { ...profile(), baseUrl: 'http://127.0.0.1:1', verify: false }),
    );
    expect(verified).toBe(false);
    expect(account.customer).toBeNull();
    const offline = data(await ctx.core.invoke('accounts.testConnection', { accountId: account.id }));
    expect(offline).toMatchObject({ ok: false, field: 'baseUrl' });
    data(
      await ctx.core.invoke('accounts.update', {
        accountId: account.id,
        patch: { baseUrl: ctx.sandbox.url },
        verify: true,
      }),
    );
    const online = data(await ctx.core.invoke('accounts.testConnection', { accountId: account.id }));
    expect(online).toMatchObject({ ok: true, customer: { id: ctx.sandbox.credentials.customerId } });
    expect(data(await ctx.core.invoke('accounts.get', { accountId: account.id })).customer?.id).toBe(
      ctx.sandbox.credentials.customerId,
    );
  });

  it('gives accounts added without a colour different colours, taking turns through the palette', async () => {
    const colors: string[] = [];
    for (let i = 1; i <= 5; i++) {
      const { account } = data(
        await ctx.core.invoke('accounts.add', {
          ...profile(),
          name: `Customer ${i}`,
          customerId: 9000 + i,
          verify: false,
        }),
      );
      colors.push(account.color);
    }
    expect(colors).toEqual(['blue', 'green', 'yellow', 'orange', 'red']);
    // A colour the user picks is kept, and counts for the next one.
    const chosen = data(
      await ctx.core.invoke('accounts.add', {
        ...profile(),
        name: 'Chosen',
        customerId: 9100,
        color: 'purple',
        verify: false,
      }),
    ).account;
    expect(chosen.color).toBe('purple');
    expect(
      data(await ctx.core.invoke('accounts.add', { ...profile(), name: 'Next', customerId: 9101, verify: false }))
        .account.color,
    ).toBe('teal');
  });

  it('rejects a duplicate profile', async () => {
    data(await ctx.core.invoke('accounts.add', profile()));
    expect(
      await ctx.core.invoke('accounts.add', { ...profile(), name: 'Again', baseUrl: `${ctx.sandbox.url}/` }),
    ).toMatchObject({
      ok: false,
      error: { code: 'Accounts.Duplicate' },
    });
  });

  it('switches the current account persistently and removes accounts with their secret', async () => {
    const a = data(await ctx.core.invoke('accounts.add', profile())).account;
    const b = data(
      await ctx.core.invoke('accounts.add', {
        ...profile(),
        name: 'Offline',
        baseUrl: 'https://api.example.net',
        verify: false,
      }),
    ).account;
    data(await ctx.core.invoke('accounts.switch', { accountId: b.id }));
    await ctx.core.dispose();
    ctx.core = createCore({ dataDir: ctx.dataDir, secretStore: secrets, sandboxOptions: { statePath: null } });
    expect(data(await ctx.core.invoke('accounts.list', undefined)).currentAccountId).toBe(b.id);
    data(await ctx.core.invoke('accounts.remove', { accountId: b.id }));
    expect(secrets.entries.has(b.id)).toBe(false);
    expect(secrets.entries.has(a.id)).toBe(true);
    expect(data(await ctx.core.invoke('accounts.list', undefined)).currentAccountId).toBe(a.id);
    expect(await ctx.core.invoke('accounts.switch', { accountId: b.id })).toMatchObject({
      ok: false,
      error: { code: 'Accounts.NotFound' },
    });
  });

  it('exports profiles without secrets and imports them: duplicates skipped, new ones need a secret', async () => {
    const a = data(await ctx.core.invoke('accounts.add', { ...profile(), notes: 'main' })).account;
    data(await ctx.core.invoke('accounts.ensureSandbox', undefined));
    const exported = data(await ctx.core.invoke('accounts.export', undefined));
    expect(exported.count).toBe(1); // the sandbox account is local
    expect(exported.content).not.toContain(ctx.sandbox.credentials.accessKeySecret);
    const document = JSON.parse(exported.content);
    expect(document).toMatchObject({ format: 'acceleration-console/accounts', schemaVersion: 2, secrets: 'left-out' });
    expect(document.accounts[0]).toEqual({
      name: 'Acme',
      baseUrl: ctx.sandbox.url,
      accessKeyId: a.accessKeyId,
      customerId: a.customerId,
      color: 'blue',
      production: false,
      notes: 'main',
      tags: [],
      services: [],
    });

    document.accounts.push({ ...document.accounts[0], name: 'Other customer', customerId: 77 }, { name: 'Broken' });
    const result = data(await ctx.core.invoke('accounts.import', { content: JSON.stringify(document) }));
    expect(result.imported.map((x) => [x.name, x.needsSecret])).toEqual([['Other customer', true]]);
    expect(result.skipped.map((x) => x.name)).toEqual(['Broken']);
    expect(result.duplicates).toEqual([{ name: 'Acme', existingName: 'Acme' }]);

    // An imported account cannot be used before its secret was entered.
    const call = await ctx.core.invoke('api.call', {
      accountId: result.imported[0].id,
      operationId: 'getCustomer',
      input: { params: { customer_id: 77 } },
    });
    expect(call).toMatchObject({
      ok: false,
      error: { code: 'Accounts.SecretMissing', fields: { secret: expect.any(String) } },
    });

    expect(await ctx.core.invoke('accounts.import', { content: '{"x":1}' })).toMatchObject({
      ok: false,
      error: { code: 'Accounts.ImportInvalid' },
    });
  });

  it('rotates a secret only after the new one was verified', async () => {
    const account = data(await ctx.core.invoke('accounts.add', profile())).account;
    const bad = await ctx.core.invoke('accounts.rotateSecret', { accountId: account.id, secret: 'wrong-wrong-wrong' });
    expect(bad).toMatchObject({ ok: false, error: { code: 'Signature.NotMatch' } });
    expect(secrets.entries.get(account.id)).toBe(ctx.sandbox.credentials.accessKeySecret);
    data(
      await ctx.core.invoke('accounts.rotateSecret', {
        accountId: account.id,
        secret: 'unverified-new',
        verify: false,
      }),
    );
    expect(secrets.entries.get(account.id)).toBe('unverified-new');
    // The cached client was dropped: the next call signs with the new (wrong) secret.
    const call = await ctx.core.invoke('api.call', {
      accountId: account.id,
      operationId: 'getCustomer',
      input: { params: { customer_id: account.customerId } },
    });
    expect(call).toMatchObject({ ok: false, error: { code: 'Signature.NotMatch', status: 401 } });
  });
});

describe('keychain unavailable (injected failing store)', () => {
  it('refuses to add an account with Keychain.Unavailable and a fix, writing nothing anywhere', async () => {
    secrets.setUnavailable('Cannot autolaunch D-Bus without X11 $DISPLAY');
    const result = await ctx.core.invoke('accounts.add', { ...profile(), verify: false });
    expect(result).toMatchObject({ ok: false, error: { code: 'Keychain.Unavailable', retryable: true } });
    if (!result.ok) expect(result.error.message).toMatch(/gnome-keyring/);
    const files = await readdir(ctx.dataDir).catch(() => []);
    for (const name of files.filter((f) => f.endsWith('.json'))) {
      expect(await readFile(join(ctx.dataDir, name), 'utf8')).not.toContain(ctx.sandbox.credentials.accessKeySecret);
    }
    expect(data(await ctx.core.invoke('accounts.list', undefined)).accounts).toEqual([]);
    const status = data(await ctx.core.invoke('app.status', undefined));
    expect(status.keychain).toMatchObject({ available: false, code: 'Keychain.Unavailable' });
  });

  it('keeps accounts usable for reading and the sandbox account working', async () => {
    const account = data(await ctx.core.invoke('accounts.add', profile())).account;
    secrets.setUnavailable('locked');
    const call = await ctx.core.invoke('api.call', {
      accountId: account.id,
      operationId: 'getCustomer',
      input: { params: { customer_id: account.customerId } },
    });
    // The client may be cached from verification; a fresh core proves the keychain path.
    await ctx.core.dispose();
    ctx.core = createCore({ dataDir: ctx.dataDir, secretStore: secrets, sandboxOptions: { statePath: null } });
    const fresh = await ctx.core.invoke('api.call', {
      accountId: account.id,
      operationId: 'getCustomer',
      input: { params: { customer_id: account.customerId } },
    });
    expect(fresh).toMatchObject({ ok: false, error: { code: 'Keychain.Unavailable' } });
    expect(call.ok || (!call.ok && call.error.code === 'Keychain.Unavailable')).toBe(true);
    const sandboxAccount = data(await ctx.core.invoke('accounts.ensureSandbox', { makeCurrent: true }));
    expect(
      data(
        await ctx.core.invoke('api.call', {
          operationId: 'getCustomer',
          input: { params: { customer_id: sandboxAccount.customerId } },
        }),
      ).accountId,
    ).toBe(sandboxAccount.id);
  });
});

describe('sandbox account, api.call and secrets', () => {
  it('first run offers the sandbox; ensureSandbox creates it once, hides its credentials', async () => {
    expect(data(await ctx.core.invoke('app.status', undefined))).toMatchObject({
      firstRun: true,
      accountCount: 0,
      sandbox: { running: false },
    });
    const first = data(await ctx.core.invoke('accounts.ensureSandbox', undefined));
    const second = data(await ctx.core.invoke('accounts.ensureSandbox', undefined));
    expect(second.id).toBe(first.id);
    expect(first).toMatchObject({ kind: 'sandbox', name: 'Sandbox', customer: { id: expect.any(Number) } });
    expect(first.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const status = data(await ctx.core.invoke('app.status', undefined));
    expect(status).toMatchObject({ firstRun: false, currentAccountId: first.id, sandbox: { running: true } });
    const list = await ctx.core.invoke('accounts.list', undefined);
    expect(JSON.stringify(list)).not.toContain('sandbox-demo-secret');
    expect(await ctx.core.invoke('accounts.rotateSecret', { accountId: first.id, secret: 'x' })).toMatchObject({
      ok: false,
      error: { code: 'Accounts.SandboxReadOnly' },
    });
  });

  it('runs operations on the current account, masks echoed secrets and reveals one on request', async () => {
    const account = data(await ctx.core.invoke('accounts.ensureSandbox', undefined));
    const body = {
      domainName: 'secret-test.example.com',
      origins: [
        {
          originUrl: 'https://origin.example.com',
          s3Credential: { accessKey: 'AKS3', accessSecret: 's3-super-secret', region: 'eu-west-1' },
        },
      ],
      defaultHostHeader: 'originHost',
    };
    // Writes take the guarded path (changes.apply); api.call reads.
    const created = await ctx.core.invoke('changes.apply', {
      accountId: account.id,
      operationId: 'createService',
      input: { params: {}, body },
    });
    const createdData = data(created);
    expect(JSON.stringify(created)).not.toContain('s3-super-secret');
    expect(createdData.entry.accountId).toBe(account.id);
    const service = createdData.data as { id: number; origins: { s3Credential: { accessSecret: string } }[] };
    expect(service.origins[0].s3Credential.accessSecret).toBe(SECRET_MASK);

    const read = data(
      await ctx.core.invoke('api.call', { operationId: 'getService', input: { params: { serviceId: service.id } } }),
    );
    expect(read.accountId).toBe(account.id);
    expect(read.secretFields).toEqual(['origins.0.s3Credential.accessSecret']);
    const revealed = data(
      await ctx.core.invoke('api.revealSecret', {
        operationId: 'getService',
        input: { params: { serviceId: service.id } },
        path: 'origins.0.s3Credential.accessSecret',
      }),
    );
    expect(revealed.value).toBe('s3-super-secret');
    expect(
      await ctx.core.invoke('api.revealSecret', {
        operationId: 'createService',
        input: { body },
        path: 'origins.0.s3Credential.accessSecret',
      }),
    ).toMatchObject({ ok: false, error: { code: 'Api.RevealNotAllowed' } });
    expect(
      await ctx.core.invoke('api.revealSecret', {
        operationId: 'getService',
        input: { params: { serviceId: service.id } },
        path: 'domainName',
      }),
    ).toMatchObject({ ok: false, error: { code: 'Api.SecretNotFound' } });
  });

  it('reports API errors and invalid operation input in the result shape', async () => {
    data(await ctx.core.invoke('accounts.ensureSandbox', undefined));
    expect(
      await ctx.core.invoke('api.call', { operationId: 'getService', input: { params: { serviceId: 987654 } } }),
    ).toMatchObject({
      ok: false,
      error: { status: expect.any(Number), code: expect.any(String), traceId: expect.any(String) },
    });
    expect(
      await ctx.core.invoke('api.call', { operationId: 'getService', input: { params: { serviceId: 'x' } } }),
    ).toMatchObject({
      ok: false,
      error: { code: 'Request.InvalidInput', fields: expect.any(Object) },
    });
    // The IPC schema lists the operationIds (z.enum), so an unknown one never reaches a handler.
    const unknownOperation: unknown = { operationId: 'dropDatabase', input: {} };
    expect(
      await ctx.core.invoke('api.call', unknownOperation as Parameters<typeof ctx.core.invoke<'api.call'>>[1]),
    ).toMatchObject({
      ok: false,
      error: { code: 'Ipc.InvalidInput', fields: { operationId: 'Unknown API operation' } },
    });
  });

  it('reports a corrupt accounts file through app.status and accounts.list', async () => {
    await ctx.core.dispose();
    await writeFile(join(ctx.dataDir, 'accounts.json'), '[[[');
    ctx.core = createCore({ dataDir: ctx.dataDir, secretStore: secrets, sandboxOptions: { statePath: null } });
    const list = data(await ctx.core.invoke('accounts.list', undefined));
    expect(list.warnings).toEqual([expect.objectContaining({ code: 'Accounts.FileCorrupt' })]);
    const status = data(await ctx.core.invoke('app.status', undefined));
    expect(status.warnings.map((w) => w.code)).toContain('Accounts.FileCorrupt');
    expect(status.firstRun).toBe(false);
  });

  it('stores settings and answers app.info', async () => {
    expect(data(await ctx.core.invoke('app.getSettings', undefined))).toEqual({
      theme: 'system',
      backgroundSnapshots: true,
      overviewWatch: { accountIds: [], tags: [] },
    });
    expect(data(await ctx.core.invoke('app.updateSettings', { theme: 'dark' }))).toEqual({
      theme: 'dark',
      backgroundSnapshots: true,
      overviewWatch: { accountIds: [], tags: [] },
    });
    expect(JSON.parse(await readFile(join(ctx.dataDir, 'settings.json'), 'utf8'))).toEqual({
      theme: 'dark',
      backgroundSnapshots: true,
      overviewWatch: { accountIds: [], tags: [] },
    });
    expect(data(await ctx.core.invoke('app.info', undefined))).toMatchObject({
      name: 'Acceleration Console',
      dataDir: ctx.dataDir,
      keychainService: secrets.service,
    });
  });
});

describe('in-process sandbox lifecycle', () => {
  it('creates one Sandbox account under concurrent calls, keeps its state in the data dir, stops on dispose', async () => {
    const persistent = createCore({
      dataDir: ctx.dataDir,
      secretStore: secrets,
      clientOptions: { retry: { maxAttempts: 1 } },
    });
    const [a, b] = await Promise.all([
      persistent.invoke('accounts.ensureSandbox', undefined),
      persistent.invoke('accounts.ensureSandbox', undefined),
    ]);
    expect(data(a).id).toBe(data(b).id);
    expect(data(await persistent.invoke('accounts.list', undefined)).accounts).toHaveLength(1);
    const url = data(a).baseUrl;
    const body = {
      domainName: 'persisted.example.com',
      origins: [{ originUrl: 'https://origin.example.com' }],
      defaultHostHeader: 'originHost',
    };
    const created = data(
      await persistent.invoke('changes.apply', {
        accountId: data(a).id,
        operationId: 'createService',
        input: { params: {}, body },
      }),
    ).data as { id: number };
    await persistent.dispose();
    await expect(fetch(`${url}/v1.1/customer/1`)).rejects.toThrow();
    expect(await persistent.invoke('accounts.list', undefined)).toMatchObject({
      ok: false,
      error: { code: 'Core.Disposed' },
    });

    const next = createCore({ dataDir: ctx.dataDir, secretStore: secrets });
    try {
      const read = data(
        await next.invoke('api.call', { operationId: 'getService', input: { params: { serviceId: created.id } } }),
      );
      expect(read.data).toMatchObject({ id: created.id, domainName: 'persisted.example.com' });
    } finally {
      await next.dispose();
    }
  });

  it('lets the Sandbox account be renamed and flagged, but not pointed elsewhere', async () => {
    const account = data(await ctx.core.invoke('accounts.ensureSandbox', undefined));
    const renamed = data(
      await ctx.core.invoke('accounts.update', {
        accountId: account.id,
        patch: { name: 'Playground', color: 'purple', production: true },
      }),
    );
    expect(renamed).toMatchObject({
      name: 'Playground',
      color: 'purple',
      production: true,
      customer: { id: account.customerId },
    });
    expect(
      await ctx.core.invoke('accounts.update', {
        accountId: account.id,
        patch: { baseUrl: 'https://api.example.net' },
      }),
    ).toMatchObject({
      ok: false,
      error: { code: 'Accounts.SandboxReadOnly' },
    });
  });
});
