// End to end through the real core: every channel result and every event the renderer could
// see, every file the core writes and the sandbox's request log are searched for the secrets in
// play (access key secrets, an S3 accessSecret, a tokenSecret). Only api.revealSecret — the
// user's explicit "show" — may carry one.
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../app-core.ts';
import { createMemorySecretStore, type MemorySecretStore } from './memory-store.ts';
import { startSandbox } from '#sandbox';
import { DEMO_ACCESS_KEY_SECRET } from '#sandbox/seed.ts';
import { SECRET_MASK } from './secret-mask.ts';
import type { IpcResult } from '#shared/ipc/contract.ts';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

// Distinctive values, so a substring search cannot miss them nor match anything else.
const ACCESS_KEY_SECRET = 'AKSECRET-7f3c9e1b5d2a4086-never-shown';
const WRONG_SECRET = 'WRONGSECRET-0c4d8a2e9b1f7365-never-shown';
const S3_SECRET = 'S3SECRET-b8e2d4f6a1c3e5907-never-shown';
const TOKEN_SECRET = 'tok0' + 'q7z9'.repeat(15);
const TOKEN_SECRET_2 = 'tok1' + 'm3x8'.repeat(15);
const SECRETS = [ACCESS_KEY_SECRET, WRONG_SECRET, S3_SECRET, TOKEN_SECRET, TOKEN_SECRET_2, DEMO_ACCESS_KEY_SECRET];
const CUSTOMER_ID = 4711;

let sandbox: Sandbox;
let dataDir: string;
let secrets: MemorySecretStore;
let core: Core;
const sandboxLog: string[] = [];
const events: unknown[] = [];
/** Everything the renderer received, labelled by the call that produced it. */
const seen: { label: string; value: unknown }[] = [];

async function call(label: string, channel: string, input: unknown): Promise<IpcResult<unknown>> {
  const result = await (core.invoke as (c: string, i: unknown) => Promise<IpcResult<unknown>>)(channel, input);
  seen.push({ label: `${label} (${channel})`, value: result });
  return result;
}

async function ok<T = Record<string, unknown>>(label: string, channel: string, input: unknown): Promise<T> {
  const result = await call(label, channel, input);
  if (!result.ok) throw new Error(`${label}: ${channel} failed: ${result.error.code} ${result.error.message}`);
  return result.data as T;
}

function leaksIn(text: string): string[] {
  return SECRETS.filter((secret) => text.includes(secret));
}

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await filesUnder(path)));
    else out.push(path);
  }
  return out;
}

let standardId: string;
let wrongId: string;
let serviceId: number;

beforeAll(async () => {
  sandbox = await startSandbox({
    port: 0,
    host: '127.0.0.1',
    keys: [
      { accessKeyId: 'AK-LEAKTEST', accessKeySecret: ACCESS_KEY_SECRET, customerId: CUSTOMER_ID },
      // Used with WRONG_SECRET only (a second profile of the same key would be a duplicate).
      { accessKeyId: 'AK-LEAKTEST-2', accessKeySecret: `${ACCESS_KEY_SECRET}-2`, customerId: CUSTOMER_ID },
    ],
    log: (line) => sandboxLog.push(line),
  });
  dataDir = await mkdtemp(join(tmpdir(), 'accel-leak-'));
  secrets = createMemorySecretStore();
  core = createCore({
    dataDir,
    secretStore: secrets,
    sandboxOptions: { statePath: null },
    clientOptions: { timeoutMs: 5_000, retry: { maxAttempts: 1 } },
  });
  core.onAny((event, payload) => events.push({ event, payload }));

  // The in-process sandbox account (its credentials must stay in main) and a standard account.
  await ok('sandbox account', 'accounts.ensureSandbox', { makeCurrent: false });
  const added = await ok<{ account: { id: string } }>('add standard', 'accounts.add', {
    name: 'Leak test',
    baseUrl: sandbox.url,
    accessKeyId: 'AK-LEAKTEST',
    customerId: CUSTOMER_ID,
    secret: ACCESS_KEY_SECRET,
    makeCurrent: true,
  });
  standardId = added.account.id;

  const created = await ok<{ data: { id: number } }>('create service', 'changes.apply', {
    accountId: standardId,
    operationId: 'createService',
    input: {
      params: {},
      body: {
        domainName: 'leak-test.example.com',
        origins: [
          {
            originUrl: 'https://origin.example.com',
            s3Credential: { accessKey: 'AKS3LEAK', accessSecret: S3_SECRET, region: 'eu-west-1' },
          },
        ],
        defaultHostHeader: 'originHost',
      },
    },
  });
  serviceId = created.data.id;

  // Two token policies through changes.apply (the only write path; it journals them).
  await ok('create token policy', 'changes.apply', {
    accountId: standardId,
    operationId: 'createAccessControlPolicy',
    input: {
      params: { serviceId },
      body: {
        policyName: 'Signed',
        type: 'token',
        priority: 501,
        matchUrlPath: { operator: 'prefix', patterns: ['/signed/'] },
        tokenSecret: TOKEN_SECRET,
      },
    },
  });
  await ok('journaled token policy', 'changes.apply', {
    accountId: standardId,
    operationId: 'createAccessControlPolicy',
    input: {
      params: { serviceId },
      body: {
        policyName: 'Signed 2',
        type: 'token',
        priority: 502,
        matchUrlPath: { operator: 'prefix', patterns: ['/vip/'] },
        tokenSecret: TOKEN_SECRET_2,
      },
    },
  });
}, 30_000);

afterAll(async () => {
  await core?.dispose();
  await sandbox?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('no secret reaches the renderer, the disk or a log', () => {
  it('the secrets really are in play (the API echoes them; reveal returns them on request)', async () => {
    const token = await ok<{ value: string }>('reveal token', 'api.revealSecret', {
      accountId: standardId,
      operationId: 'listAccessControlPolicies',
      input: { params: { serviceId } },
      path: await tokenPath('Signed'),
    });
    expect(token.value).toBe(TOKEN_SECRET);
    const s3 = await ok<{ value: string }>('reveal s3', 'api.revealSecret', {
      accountId: standardId,
      operationId: 'getService',
      input: { params: { serviceId } },
      path: 'origins.0.s3Credential.accessSecret',
    });
    expect(s3.value).toBe(S3_SECRET);
    // These two answers are the only ones allowed to carry a secret.
    seen.splice(
      seen.findIndex((s) => s.label.startsWith('reveal token')),
      1,
    );
    seen.splice(
      seen.findIndex((s) => s.label.startsWith('reveal s3')),
      1,
    );
    expect(secrets.entries.get(standardId)).toBe(ACCESS_KEY_SECRET);
  });

  it('every read channel answers without secrets', async () => {
    const service = await ok<{ data: unknown; secretFields: string[] }>('get service', 'api.call', {
      accountId: standardId,
      operationId: 'getService',
      input: { params: { serviceId } },
    });
    expect(service.secretFields).toEqual(['origins.0.s3Credential.accessSecret']);
    const policies = await ok<{ secretFields: string[] }>('list access policies', 'api.call', {
      accountId: standardId,
      operationId: 'listAccessControlPolicies',
      input: { params: { serviceId } },
    });
    expect(policies.secretFields.filter((f) => f.endsWith('tokenSecret')).length).toBeGreaterThanOrEqual(2);

    const list = await ok<{ accounts: { id: string; kind: string }[] }>('list', 'accounts.list', undefined);
    for (const account of list.accounts) await ok(`get ${account.kind}`, 'accounts.get', { accountId: account.id });
    const exported = await ok<{ content: string; count: number }>('export', 'accounts.export', undefined);
    expect(exported.count).toBeGreaterThanOrEqual(1);
    expect(leaksIn(exported.content)).toEqual([]);
    await ok('test saved', 'accounts.testConnection', { accountId: standardId });
    await ok('customer', 'api.call', {
      accountId: standardId,
      operationId: 'getCustomer',
      input: { params: { customer_id: CUSTOMER_ID } },
    });
    const sandboxAccount = list.accounts.find((a) => a.kind === 'sandbox')!;
    const seeded = await core.context.sandbox.seededServices();
    await ok('sandbox service', 'api.call', {
      accountId: sandboxAccount.id,
      operationId: 'getService',
      input: { params: { serviceId: seeded[0].id } },
    });
    await ok('test sandbox', 'accounts.testConnection', { accountId: sandboxAccount.id });
    await ok('info', 'app.info', undefined);
    await ok('status', 'app.status', undefined);
    await ok('settings', 'app.getSettings', undefined);
    await ok('journal', 'journal.list', { accountId: standardId });
    await ok('current token policy', 'changes.current', {
      accountId: standardId,
      operationId: 'updateAccessControlPolicy',
      input: { params: { serviceId, policyId: await policyId('Signed') } },
    });
    // A draft typed with a token in it: the draft store must drop it.
    const draftKey = { accountId: standardId, serviceId, policyKey: 'access:new' };
    await ok('save draft', 'drafts.save', { ...draftKey, value: { policyName: 'typed', tokenSecret: TOKEN_SECRET } });
    await ok('get draft', 'drafts.get', draftKey);
    await ok('list drafts', 'drafts.list', { accountId: standardId });
    await ok('inventory', 'inventory.list', { accountId: standardId });
    await ok('analytics cache', 'analytics.cacheInfo', {});
    // Configuration documents: secrets left out of a plain export, unreadable in an encrypted
    // one, and never in a diff or plan made from the encrypted one.
    const plain = await ok<{ text: string }>('config export', 'config.export', {
      accountId: standardId,
      serviceIds: [serviceId],
    });
    expect(plain.text).toContain('"tokenSecret": "[REDACTED]"');
    const sealed = await ok<{ text: string; encrypted: boolean }>('config export sealed', 'config.export', {
      accountId: standardId,
      serviceIds: [serviceId],
      includeSecrets: true,
      passphrase: 'leak test passphrase',
    });
    expect(sealed.encrypted).toBe(true);
    const fromSealed = { document: sealed.text, passphrase: 'leak test passphrase' };
    await ok('config diff', 'config.diff', { left: fromSealed, right: { document: plain.text } });
    await ok('config plan', 'config.plan', { source: fromSealed, target: { accountId: standardId, serviceId } });
    // Statistics of the service (fills the offline cache) and both export formats.
    const to = Date.now() - 10 * 60_000;
    const query = {
      accountId: standardId,
      serviceNames: ['leak-test.example.com'],
      metrics: ['volume'],
      from: to - 2 * 3_600_000,
      to,
      interval: 'minute',
    };
    await ok('analytics', 'analytics.fetch', query);
    const bundle = await ok<{ content: string }>('bundle', 'stats.exportBundle', { ...query, cacheOnly: true });
    expect(leaksIn(bundle.content)).toEqual([]);
    await ok('open bundle', 'stats.openBundle', { content: bundle.content });
    await ok('csv', 'stats.exportCsv', { ...query, cacheOnly: true });

    for (const { label, value } of seen) {
      expect(leaksIn(JSON.stringify(value)), label).toEqual([]);
    }
    // The secrets were there and were masked, not absent: the search above is meaningful.
    expect(JSON.stringify(seen).split(SECRET_MASK).length - 1).toBeGreaterThanOrEqual(4);
    await new Promise((resolve) => setImmediate(resolve));
    expect(events.length).toBeGreaterThan(0);
    expect(leaksIn(JSON.stringify(events))).toEqual([]);
  });

  it('a wrong access key secret fails with Signature.NotMatch and the error carries no secret', async () => {
    const rejected = await call('add wrong', 'accounts.add', {
      name: 'Wrong',
      baseUrl: sandbox.url,
      accessKeyId: 'AK-LEAKTEST-2',
      customerId: CUSTOMER_ID,
      secret: WRONG_SECRET,
    });
    expect(rejected).toMatchObject({ ok: false, error: { code: 'Signature.NotMatch' } });
    // The field message is our help text: redaction must not turn it into a marker.
    expect(rejected).toMatchObject({
      ok: false,
      error: { fields: { secret: expect.stringMatching(/[a-z]{3,} [a-z]{3,}/) } },
    });
    expect(JSON.stringify(rejected)).not.toContain('[REDACTED]');
    const tested = await ok<{ ok: boolean; code?: string }>('test wrong', 'accounts.testConnection', {
      baseUrl: sandbox.url,
      accessKeyId: 'AK-LEAKTEST-2',
      customerId: CUSTOMER_ID,
      secret: WRONG_SECRET,
    });
    expect(tested).toMatchObject({ ok: false, code: 'Signature.NotMatch' });

    // Saved unverified, then used: the signed call itself is refused.
    const saved = await ok<{ account: { id: string } }>('add unverified', 'accounts.add', {
      name: 'Wrong saved',
      baseUrl: sandbox.url,
      accessKeyId: 'AK-LEAKTEST-2',
      customerId: CUSTOMER_ID,
      secret: WRONG_SECRET,
      verify: false,
    });
    wrongId = saved.account.id;
    const failed = await call('call wrong', 'api.call', {
      accountId: wrongId,
      operationId: 'getService',
      input: { params: { serviceId } },
    });
    expect(failed).toMatchObject({ ok: false, error: { code: 'Signature.NotMatch', status: expect.any(Number) } });
    const change = await call('change wrong', 'changes.apply', {
      accountId: wrongId,
      operationId: 'createAccessControlPolicy',
      input: {
        params: { serviceId },
        body: {
          policyName: 'x',
          type: 'token',
          priority: 503,
          matchUrlPath: { operator: 'prefix', patterns: ['/x/'] },
          tokenSecret: TOKEN_SECRET,
        },
      },
    });
    expect(change.ok).toBe(false);
    await ok('journal after failure', 'journal.list', { accountId: wrongId });

    // Input rejected by the operation's schema: the field messages must not quote the value.
    const badToken = `${TOKEN_SECRET}X`;
    const invalid = await call('invalid token', 'changes.apply', {
      accountId: standardId,
      operationId: 'createAccessControlPolicy',
      input: {
        params: { serviceId },
        body: {
          policyName: 'bad',
          type: 'token',
          priority: 504,
          matchUrlPath: { operator: 'prefix', patterns: ['/b/'] },
          tokenSecret: badToken,
        },
      },
    });
    expect(invalid).toMatchObject({ ok: false, error: { code: 'Request.InvalidInput' } });
    expect(JSON.stringify(invalid)).not.toContain(badToken.slice(0, 40));

    for (const { label, value } of seen) {
      expect(leaksIn(JSON.stringify(value)), label).toEqual([]);
    }
    expect(leaksIn(JSON.stringify(events))).toEqual([]);
  });

  it('refuses credentials inside a base URL, typed or imported (they would be stored and exported)', async () => {
    const urlWithPassword = sandbox.url.replace('http://', 'http://user:url-password-123456@');
    const added = await call('add url password', 'accounts.add', {
      name: 'URL creds',
      baseUrl: urlWithPassword,
      accessKeyId: 'AK-LEAKTEST',
      customerId: CUSTOMER_ID,
      secret: ACCESS_KEY_SECRET,
      verify: false,
    });
    expect(added).toMatchObject({
      ok: false,
      error: { code: 'Ipc.InvalidInput', fields: { baseUrl: expect.stringMatching(/user name and password/) } },
    });
    const document = {
      format: 'acceleration-console/accounts',
      schemaVersion: 1,
      exportedAt: new Date().toISOString(),
      accounts: [{ name: 'URL creds', baseUrl: urlWithPassword, accessKeyId: 'AK-URL', customerId: 99 }],
    };
    const imported = await ok<{ imported: unknown[]; skipped: { reason: string }[] }>(
      'import url password',
      'accounts.import',
      { content: JSON.stringify(document) },
    );
    expect(imported.imported).toEqual([]);
    expect(imported.skipped[0].reason).toMatch(/user name and password/);
    expect(await readFile(join(dataDir, 'accounts.json'), 'utf8')).not.toContain('url-password-123456');
  });

  it('the core writes no secret to its data directory (accounts, journal, drafts, caches)', async () => {
    const files = (await filesUnder(dataDir)).filter((path) => !relative(dataDir, path).startsWith('sandbox'));
    expect(files.length).toBeGreaterThan(0);
    for (const path of files) {
      if (!(await stat(path)).isFile()) continue;
      expect(leaksIn(await readFile(path, 'utf8')), relative(dataDir, path)).toEqual([]);
    }
  });

  it('the sandbox request log names keys, never secrets or signatures', () => {
    expect(sandboxLog.length).toBeGreaterThan(0);
    const text = sandboxLog.join('\n');
    expect(leaksIn(text)).toEqual([]);
    expect(text).not.toMatch(/HMAC-SHA256/);
  });
});

async function accessPolicies(): Promise<{ policyId: number; policyName: string }[]> {
  const result = await core.invoke('api.call', {
    accountId: standardId,
    operationId: 'listAccessControlPolicies',
    input: { params: { serviceId } },
  });
  if (!result.ok) throw new Error(result.error.message);
  const data = result.data.data as { policies?: unknown } | unknown[];
  return (Array.isArray(data) ? data : ((data as { policies?: unknown[] }).policies ?? [])) as {
    policyId: number;
    policyName: string;
  }[];
}

async function policyId(name: string): Promise<number> {
  const policy = (await accessPolicies()).find((p) => p.policyName === name);
  if (!policy) throw new Error(`no policy ${name}`);
  return policy.policyId;
}

async function tokenPath(name: string): Promise<string> {
  const result = await core.invoke('api.call', {
    accountId: standardId,
    operationId: 'listAccessControlPolicies',
    input: { params: { serviceId } },
  });
  if (!result.ok) throw new Error(result.error.message);
  const policies = await accessPolicies();
  const index = policies.findIndex((p) => p.policyName === name);
  const path = result.data.secretFields.find((field) => field.endsWith(`${index}.tokenSecret`));
  if (!path) throw new Error(`no tokenSecret path for ${name} in ${result.data.secretFields.join(', ')}`);
  return path;
}
