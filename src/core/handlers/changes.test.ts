// drafts.*, changes.* and journal.* through the core's invoke() (IPC validation, masking, the
// journal file), with the sandbox account and its in-process gateway.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../app-core.ts';
import { createMemorySecretStore } from '../secrets/memory-store.ts';
import { data } from '../test-support/core.ts';
import { SECRET_MASK } from '#shared/security/secret-text.ts';
import { MAX_REVEALS } from '../api/reveal-throttle.ts';
import { createFakeClock } from '../test-support/fake-clock.ts';

let dataDir: string;
let core: Core;
let accountId: string;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'accel-policies-'));
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

type Listed = {
  policyId: number;
  policyName: string;
  type?: string;
  priority: number;
  tokenSecret?: string;
  matchUrlPath?: unknown;
};

async function listAccess(): Promise<Listed[]> {
  return data(
    await core.invoke('api.call', {
      accountId,
      operationId: 'listAccessControlPolicies',
      input: { params: { serviceId: 101 } },
    }),
  ).data as Listed[];
}

describe('changes and journal channels', () => {
  it('apply keeps masked tokens, answers masked, and journals without the secret', async () => {
    const token = (await listAccess()).find((p) => p.type === 'token')!;
    expect(token.tokenSecret).toBe(SECRET_MASK);
    const current = data(
      await core.invoke('changes.current', {
        accountId,
        operationId: 'updateAccessControlPolicy',
        input: { params: { serviceId: 101, policyId: token.policyId } },
      }),
    );
    expect(current).toMatchObject({
      source: 'server',
      before: { policyName: token.policyName, tokenSecret: SECRET_MASK },
    });

    const applied = data(
      await core.invoke('changes.apply', {
        accountId,
        operationId: 'updateAccessControlPolicy',
        input: {
          params: { serviceId: 101, policyId: token.policyId },
          body: {
            policyName: 'Renamed',
            type: 'token',
            matchUrlPath: token.matchUrlPath,
            priority: token.priority,
            tokenSecret: SECRET_MASK,
          },
        },
      }),
    );
    expect(applied.entry).toMatchObject({
      summary: `Edit access control policy ${token.policyId} “Renamed”`,
      result: { ok: true },
    });
    expect((applied.data as Listed).tokenSecret).toBe(SECRET_MASK);

    const revealed = data(
      await core.invoke('api.revealSecret', {
        accountId,
        operationId: 'listAccessControlPolicies',
        input: { params: { serviceId: 101 } },
        path: `${(await listAccess()).findIndex((p) => p.policyId === token.policyId)}.tokenSecret`,
      }),
    );
    expect(revealed.value).toMatch(/^[0-9a-z]{64}$/);
    const journalText = await readFile(join(dataDir, 'journal.json'), 'utf8');
    expect(journalText).not.toContain(revealed.value);
    const { entries } = data(await core.invoke('journal.list', { accountId, serviceId: 101 }));
    expect(entries.map((e) => e.id)).toEqual([applied.entry.id]);
  });

  it('createService goes through changes.apply: answered masked, journaled under the new ID without the S3 secret', async () => {
    const secret = 's3-secret-through-core-77';
    const applied = data(
      await core.invoke('changes.apply', {
        accountId,
        operationId: 'createService',
        input: {
          params: {},
          body: {
            domainName: 'core-create.example.com',
            origins: [
              {
                originUrl: 'https://bucket.example.com',
                s3Credential: { accessKey: 'AKIACORE', accessSecret: secret, region: 'eu-west-1' },
              },
            ],
            defaultHostHeader: 'originHost',
          },
        },
        confirmProduction: true,
      }),
    );
    const created = applied.data as { id: number; origins: { s3Credential: { accessSecret: string } }[] };
    expect(created.origins[0]?.s3Credential.accessSecret).toBe(SECRET_MASK);
    expect(applied.entry).toMatchObject({
      operationId: 'createService',
      serviceId: created.id,
      before: null,
      after: { domainName: 'core-create.example.com' },
    });
    const { entries } = data(await core.invoke('journal.list', { accountId, serviceId: created.id }));
    expect(entries.map((e) => e.summary)).toEqual([`Create service ${created.id} “core-create.example.com”`]);
    expect(JSON.stringify(entries)).not.toContain(secret);
    expect(await readFile(join(dataDir, 'journal.json'), 'utf8')).not.toContain(secret);
    expect((await core.invoke('journal.reapply', { entryId: applied.entry.id })).ok).toBe(false);
  });

  it('rejects a non-mutating operation and an input the operation table refuses, naming the field', async () => {
    // Deliberately outside the type: the channel's own schema must refuse it at run time.
    const bad = await core.invoke('changes.apply', {
      accountId,
      operationId: 'getService' as 'deleteRateLimit',
      input: { params: { serviceId: 101 } },
    });
    expect(bad.ok).toBe(false);
    const invalid = await core.invoke('changes.apply', {
      accountId,
      operationId: 'upsertRateLimit',
      input: { params: { serviceId: 101 }, body: { timeWindow: 0, requestLimit: 5 } },
    });
    expect(invalid.ok).toBe(false);
    if (!invalid.ok) expect(Object.keys(invalid.error.fields ?? {})).toContain('timeWindow');
  });

  it('a production account needs confirmProduction; journal.reapply too', async () => {
    data(await core.invoke('accounts.update', { accountId, patch: { production: true } }));
    const input = { params: { serviceId: 101 }, body: { timeWindow: 60, requestLimit: 5 } };
    const refused = await core.invoke('changes.apply', { accountId, operationId: 'upsertRateLimit', input });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.code).toBe('Change.ConfirmationRequired');
    data(
      await core.invoke('changes.apply', { accountId, operationId: 'upsertRateLimit', input, confirmProduction: true }),
    );
    const second = data(
      await core.invoke('changes.apply', {
        accountId,
        operationId: 'upsertRateLimit',
        input: { ...input, body: { timeWindow: 1, requestLimit: 1 } },
        confirmProduction: true,
      }),
    );
    const again = await core.invoke('journal.reapply', { entryId: second.entry.id });
    expect(again.ok).toBe(false);
    const ok = data(await core.invoke('journal.reapply', { entryId: second.entry.id, confirmProduction: true }));
    expect(ok.entry).toMatchObject({
      operationId: 'upsertRateLimit',
      after: { timeWindow: 60, requestLimit: 5 },
      reapplyOf: second.entry.id,
    });
  });
});

describe('drafts channels', () => {
  it('save, get, list and discard; unknown editor keys are refused', async () => {
    const key = { accountId, serviceId: 101, policyKey: 'access:new' };
    data(await core.invoke('drafts.save', { ...key, value: { policyName: 'x', tokenSecret: ['a'.repeat(64)] } }));
    expect(data(await core.invoke('drafts.get', key)).draft).toMatchObject({
      value: { policyName: 'x', tokenSecret: '' },
      formVersion: 1,
    });
    expect(data(await core.invoke('drafts.list', { accountId })).drafts.map((d) => d.policyKey)).toEqual([
      'access:new',
    ]);
    data(await core.invoke('drafts.discard', key));
    expect(data(await core.invoke('drafts.get', key)).draft).toBeNull();
    expect((await core.invoke('drafts.save', { ...key, policyKey: 'bogus', value: 1 })).ok).toBe(false);
  });

  it('keeps the New service draft under serviceId 0 without its S3 secret; 0 is for that form only', async () => {
    const key = { accountId, serviceId: 0, policyKey: 'service:new' };
    const value = {
      domainName: 'new.example.com',
      origins: [{ originUrl: 'https://o.example.com', s3: { accessKey: 'AK', accessSecret: 's3-secret-value' } }],
    };
    data(await core.invoke('drafts.save', { ...key, value }));
    const stored = data(await core.invoke('drafts.get', key)).draft;
    expect(stored?.value).toMatchObject({
      domainName: 'new.example.com',
      origins: [{ s3: { accessKey: 'AK', accessSecret: '' } }],
    });
    expect(JSON.stringify(stored)).not.toContain('s3-secret-value');
    expect((await core.invoke('drafts.save', { ...key, policyKey: 'cors', value: 1 })).ok).toBe(false);
    expect((await core.invoke('drafts.save', { ...key, serviceId: 5, value: 1 })).ok).toBe(false);
    expect((await core.invoke('drafts.get', { ...key, policyKey: 'cors' })).ok).toBe(false);
    data(await core.invoke('drafts.discard', key));
  });

  it('journals the body as sent (schema-parsed), not keys the schema strips', async () => {
    const junk = 'j'.repeat(300_000);
    const applied = data(
      await core.invoke('changes.apply', {
        accountId,
        operationId: 'setCorsHeaders',
        input: { params: { serviceId: 101 }, body: { accessControlAllowOrigin: 'https://shop.example', junk } },
      }),
    );
    expect(applied.entry.after).toEqual({ accessControlAllowOrigin: 'https://shop.example' });
    const text = await readFile(join(dataDir, 'journal.json'), 'utf8');
    expect(text).not.toContain('jjjj');
    expect(text.length).toBeLessThan(10_000);
  });

  it('throttles reveals in the core: a loop is refused with the time to wait, before any request', async () => {
    const clock = createFakeClock('2026-11-23T12:00:00Z');
    const clocked = createCore({
      dataDir,
      secretStore: createMemorySecretStore(),
      sandboxOptions: { statePath: null },
      clock,
    });
    try {
      const id = data(await clocked.invoke('accounts.ensureSandbox', { makeCurrent: true })).id;
      const policies = data(
        await clocked.invoke('api.call', {
          accountId: id,
          operationId: 'listAccessControlPolicies',
          input: { params: { serviceId: 101 } },
        }),
      ).data as Listed[];
      const reveal = () =>
        clocked.invoke('api.revealSecret', {
          accountId: id,
          operationId: 'listAccessControlPolicies',
          input: { params: { serviceId: 101 } },
          path: `${policies.findIndex((p) => p.type === 'token')}.tokenSecret`,
        });
      for (let i = 0; i < MAX_REVEALS; i++) expect((await reveal()).ok).toBe(true);
      clock.advance(20_000);
      expect(await reveal()).toMatchObject({
        ok: false,
        error: { code: 'Api.RevealThrottled', retryable: true, message: expect.stringMatching(/Wait 40 seconds/) },
      });
      // Other reads are not affected, and the window moves on.
      expect(
        (
          await clocked.invoke('api.call', {
            accountId: id,
            operationId: 'listAccessControlPolicies',
            input: { params: { serviceId: 101 } },
          })
        ).ok,
      ).toBe(true);
      clock.advance(40_000);
      expect((await reveal()).ok).toBe(true);
    } finally {
      await clocked.dispose();
    }
  });
});
