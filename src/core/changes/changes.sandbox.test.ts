// changes.ts against the real in-process sandbox gateway through the signed API client.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '#sandbox';
import { createApiClient, type ApiClient } from '../api/client.ts';
import { createJournal, JOURNAL_FILE } from '../journal/journal.ts';
import { createChangeService, type ChangeClient, type ChangeService } from './changes.ts';
import { SECRET_MASK } from '#shared/security/secret-text.ts';
import { createFakeClock } from '../test-support/fake-clock.ts';

/** The journal's clock (entry times); the sandbox and its client keep the system clock. */
const journalClock = createFakeClock();

let sandbox: SandboxHandle;
let client: ApiClient;
let changes: ChangeService;
let dir: string;
let serviceId: number;

type Listed = Record<string, unknown> & { policyId: number; policyName: string; priority: number };

beforeAll(async () => {
  sandbox = await startSandbox({ rateLimit: false });
  dir = await mkdtemp(join(tmpdir(), 'changes-sb-'));
  client = createApiClient({
    baseUrl: sandbox.url,
    keyId: sandbox.credentials.accessKeyId,
    secret: sandbox.credentials.accessKeySecret,
    budget: false,
    // The sandbox started here keeps the system clock.
    now: Date.now,
  });
  const call = client.call as unknown as ChangeClient['call'];
  changes = createChangeService({
    journal: createJournal({ dataDir: dir, now: journalClock.now }),
    account: async (id) => ({ id, name: 'Sandbox', production: false }),
    client: async () => ({ call: (op, input, options) => call(op, input, options) }),
  });
  serviceId = sandbox.services[0]!.id;
});

afterAll(async () => {
  client?.close();
  await sandbox?.stop();
  await rm(dir, { recursive: true, force: true });
});

const list = async (op: string) =>
  (await (client.call as unknown as ChangeClient['call'])(op, { params: { serviceId } })) as Listed[];

describe('changes against the sandbox', () => {
  it('edits a cache control policy, journals the listed before, and re-applies it', async () => {
    const [first] = await list('listCacheControlPoliciesV2');
    expect(first).toBeDefined();
    const body = {
      policyName: `${first!.policyName} (edited)`,
      priority: first!.priority,
      matches: first!.matches,
      autoGzipDisable: false,
      ttl: 120,
    };
    const { entry } = await changes.apply({
      accountId: 'sb',
      operationId: 'updateCacheControlPolicyV2',
      input: { params: { serviceId, policyId: first!.policyId }, body },
    });
    expect(entry.before).toMatchObject({ policyName: first!.policyName });
    expect(entry.result).toEqual({ ok: true });
    const after = (await list('listCacheControlPoliciesV2')).find((p) => p.policyId === first!.policyId);
    expect(after).toMatchObject({ policyName: body.policyName, ttl: 120 });

    await changes.reapply(entry.id);
    const restored = (await list('listCacheControlPoliciesV2')).find((p) => p.policyId === first!.policyId);
    expect(restored?.policyName).toBe(first!.policyName);
  });

  it('keeps the current token secret when the renderer sends the mask, and never journals it', async () => {
    const token = (await list('listAccessControlPolicies')).find((p) => p.type === 'token');
    expect(token).toBeDefined();
    const secret = token!.tokenSecret as string;
    expect(secret).toMatch(/^[0-9a-z]{64}/);
    await changes.apply({
      accountId: 'sb',
      operationId: 'updateAccessControlPolicy',
      input: {
        params: { serviceId, policyId: token!.policyId },
        body: {
          policyName: 'Signed downloads v2',
          type: 'token',
          matchUrlPath: token!.matchUrlPath ?? { operator: 'prefix', patterns: ['/downloads/'] },
          priority: token!.priority,
          tokenSecret: SECRET_MASK,
        },
      },
    });
    const after = (await list('listAccessControlPolicies')).find((p) => p.policyId === token!.policyId);
    expect(after).toMatchObject({ policyName: 'Signed downloads v2', tokenSecret: secret });
    expect(await readFile(join(dir, JOURNAL_FILE), 'utf8')).not.toContain(secret);
  });

  it('journals a create as sending before the gateway gets it, and a create whose answer is lost is confirmed by name, not failed', async () => {
    // The gateway creates the policy at once but trickles its answer for 3 s; the client gives up after 0.4 s.
    const slow = createApiClient({
      baseUrl: sandbox.url,
      keyId: sandbox.credentials.accessKeyId,
      secret: sandbox.credentials.accessKeySecret,
      budget: false,
      timeoutMs: 400,
      now: Date.now,
    });
    const slowCall = slow.call as unknown as ChangeClient['call'];
    const journal = createJournal({ dataDir: dir, now: journalClock.now });
    const timing = createChangeService({
      journal,
      account: async (id) => ({ id, name: 'Sandbox', production: false }),
      client: async () => ({ call: slowCall }),
    });
    const name = `Lost answer ${Date.now()}`;
    let journaledFirst = false;
    sandbox.setFaults({ perOperation: { createAccessControlPolicy: { slowBodyMs: 3_000 } } });
    const checkBefore = (async () => {
      // Once the policy exists at the gateway, its write-ahead entry is already on disk.
      while (!(await list('listAccessControlPolicies')).some((p) => p.policyName === name))
        await new Promise((resolve) => setTimeout(resolve, 5));
      const onDisk = JSON.parse(await readFile(join(dir, JOURNAL_FILE), 'utf8')) as {
        entries: Array<{ summary: string; result: { ok: unknown } }>;
      };
      journaledFirst = onDisk.entries.some((e) => e.summary.includes(name));
    })();
    try {
      const { entry } = await timing.apply({
        accountId: 'sb',
        operationId: 'createAccessControlPolicy',
        input: {
          params: { serviceId },
          body: { policyName: name, type: 'deny', matchUrlPath: { operator: 'prefix', patterns: ['/lost'] } },
        },
      });
      await checkBefore;
      expect(journaledFirst).toBe(true);
      expect(entry.result).toMatchObject({
        ok: true,
        confirmed: 'read-back',
        message: expect.stringMatching(/^Confirmed after the gateway did not answer: /),
      });
      const created = (await list('listAccessControlPolicies')).filter((p) => p.policyName === name);
      expect(created).toHaveLength(1);
      expect(entry.policyId).toBe(created[0]!.policyId);
    } finally {
      sandbox.setFaults(undefined);
      await slow.close();
    }
  });

  it('records the API error of a rejected change (duplicate priority)', async () => {
    const [a, b] = await list('listAccessControlPolicies');
    await expect(
      changes.apply({
        accountId: 'sb',
        operationId: 'updateAccessControlPolicy',
        input: {
          params: { serviceId, policyId: a!.policyId },
          body: {
            policyName: a!.policyName,
            type: a!.type,
            matchUrlPath: a!.matchUrlPath ?? { operator: 'prefix', patterns: ['/'] },
            priority: b!.priority,
          },
        },
      }),
    ).rejects.toMatchObject({ code: 'InvalidPriority.Unique' });
    const [entry] = await createJournal({ dataDir: dir, now: journalClock.now }).list();
    expect(entry?.result).toMatchObject({ ok: false, code: 'InvalidPriority.Unique' });
  });

  it('sets CORS headers and rate limits; the sandbox store has them', async () => {
    await changes.apply({
      accountId: 'sb',
      operationId: 'setCorsHeaders',
      input: { params: { serviceId }, body: { accessControlAllowOrigin: '*', accessControlMaxAge: 0 } },
    });
    await changes.apply({
      accountId: 'sb',
      operationId: 'upsertRateLimit',
      input: { params: { serviceId }, body: { timeWindow: 60, requestLimit: 10 } },
    });
    expect(sandbox.store.corsOf(serviceId)).toMatchObject({ accessControlAllowOrigin: '*', accessControlMaxAge: 0 });
    expect(sandbox.store.rateLimitOf(serviceId)).toMatchObject({ timeWindow: 60, requestLimit: 10 });
    const del = await changes.apply({
      accountId: 'sb',
      operationId: 'deleteRateLimit',
      input: { params: { serviceId } },
    });
    expect(sandbox.store.rateLimitOf(serviceId) ?? null).toBeNull();
    expect(del.entry.before).toEqual({ timeWindow: 60, requestLimit: 10 });
    expect((await changes.current('sb', 'setCorsHeaders', { params: { serviceId } })).before).toEqual({
      accessControlAllowOrigin: '*',
      accessControlMaxAge: 0,
    });
  });

  it('creates a service: journaled with the created record (secret redacted) under its new ID, not re-appliable', async () => {
    const s3Secret = 's3-secret-journal-test-0042';
    const body = {
      domainName: 'journal-create.example.com',
      origins: [
        {
          originUrl: 'https://bucket.example.com',
          s3Credential: { accessKey: 'AKIAJOURNAL', accessSecret: s3Secret, region: 'eu-west-1' },
        },
      ],
      defaultHostHeader: 'originHost',
    };
    const { entry, data } = await changes.apply({
      accountId: 'sb',
      operationId: 'createService',
      input: { params: {}, body },
    });
    const created = data as { id: number; cName: string; origins: { s3Credential?: { accessSecret?: string } }[] };
    expect(sandbox.store.serviceById(created.id)?.service.domainName).toBe('journal-create.example.com');
    expect(entry).toMatchObject({
      operationId: 'createService',
      serviceId: created.id,
      policyId: null,
      before: null,
      beforeSource: 'none',
      summary: `Create service ${created.id} “journal-create.example.com”`,
      after: { id: created.id, domainName: 'journal-create.example.com', cName: created.cName },
      result: { ok: true },
    });
    expect(created.origins[0]?.s3Credential?.accessSecret).not.toBe(s3Secret);
    expect(JSON.stringify(entry)).not.toContain(s3Secret);
    expect(await readFile(join(dir, JOURNAL_FILE), 'utf8')).not.toContain(s3Secret);
    await expect(changes.reapply(entry.id)).rejects.toMatchObject({ code: 'Journal.NotReapplicable' });

    // The same domain again: the gateway refuses it and the journal records the failed attempt.
    await expect(
      changes.apply({ accountId: 'sb', operationId: 'createService', input: { params: {}, body } }),
    ).rejects.toMatchObject({
      code: expect.stringMatching(/^InvalidService\.DomainName/),
    });
    const [failed] = await createJournal({ dataDir: dir, now: journalClock.now }).list();
    expect(failed).toMatchObject({
      operationId: 'createService',
      serviceId: null,
      result: { ok: false },
      summary: 'Create service “journal-create.example.com”',
    });
    expect(JSON.stringify(failed)).not.toContain(s3Secret);
  });
});
