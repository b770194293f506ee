import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createJournal, JOURNAL_FILE, type Journal } from '../journal/journal.ts';
import { createChangeService, policyAsBody, type ChangeClient, type OperationCallInput } from './changes.ts';
import { SECRET_MASK } from '#shared/security/secret-text.ts';
import { createFakeClock } from '../test-support/fake-clock.ts';

// A small stand-in for the gateway's policy store: enough to see what changes.ts sends and reads.
// The same flows run against the real sandbox in changes.sandbox.test.ts.
type Policy = Record<string, unknown> & { policyId: number };
function fakeGateway() {
  const access: Policy[] = [
    {
      policyId: 1,
      policyName: 'tokens',
      type: 'token',
      priority: 5,
      matchUrlPath: { operator: 'prefix', patterns: ['/vip/'] },
      tokenSecret: 'k'.repeat(64),
    },
  ];
  const cache: Policy[] = [
    {
      policyId: 3,
      policyName: 'images',
      priority: 2,
      matches: [{ field: 'req.path', operator: 'startswith', values: ['/img/'] }],
      ttl: 60,
      autoGzipDisable: false,
    },
  ];
  const calls: { id: string; input: OperationCallInput }[] = [];
  const client: ChangeClient = {
    async call(id, input) {
      calls.push({ id, input });
      const body = input.body as Record<string, unknown>;
      switch (id) {
        case 'listAccessControlPolicies':
          return structuredClone(access);
        case 'listCacheControlPoliciesV2':
          return structuredClone(cache);
        case 'updateAccessControlPolicy': {
          const p = access.find((x) => x.policyId === input.params.policyId)!;
          for (const k of Object.keys(p)) if (k !== 'policyId') delete p[k];
          Object.assign(p, body);
          return structuredClone(p);
        }
        case 'updateCacheControlPolicyV2': {
          if (typeof body.priority !== 'number')
            throw Object.assign(new Error('priority required'), { code: 'InvalidPolicy.Priority' });
          const p = cache.find((x) => x.policyId === input.params.policyId)!;
          Object.assign(p, body);
          return null;
        }
        case 'createAccessControlPolicy': {
          const p = { ...body, policyId: 10 + access.length };
          access.push(p);
          return structuredClone(p);
        }
        default:
          return null;
      }
    },
  };
  return { client, calls, access, cache };
}

let dir: string;
let journal: Journal;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'changes-'));
  journal = createJournal({ dataDir: dir, now: createFakeClock().now });
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function service(production = false) {
  const gw = fakeGateway();
  const changes = createChangeService({
    journal,
    account: async (id) => ({ id, name: production ? 'Prod' : 'Test', production }),
    client: async () => gw.client,
  });
  return { gw, changes };
}

describe('changes.apply', () => {
  it('reads the current policy, applies, and journals before/after', async () => {
    const { gw, changes } = service();
    const body = {
      policyName: 'images',
      priority: 4,
      matches: [{ field: 'req.path', operator: 'startswith', values: ['/img/'] }],
      ttl: 3600,
      autoGzipDisable: false,
    };
    const { entry } = await changes.apply({
      accountId: 'a',
      operationId: 'updateCacheControlPolicyV2',
      input: { params: { serviceId: 9, policyId: 3 }, body },
    });
    expect(gw.calls.map((c) => c.id)).toEqual(['listCacheControlPoliciesV2', 'updateCacheControlPolicyV2']);
    expect(entry).toMatchObject({
      accountId: 'a',
      accountName: 'Test',
      serviceId: 9,
      policyId: 3,
      operationId: 'updateCacheControlPolicyV2',
      summary: 'Edit cache control policy 3 “images”',
      before: { policyName: 'images', priority: 2, ttl: 60 },
      beforeSource: 'server',
      after: body,
      result: { ok: true },
    });
    expect((await journal.list())[0]?.id).toBe(entry.id);
  });

  it('production accounts need confirmProduction', async () => {
    const { gw, changes } = service(true);
    const request = { accountId: 'p', operationId: 'deleteRateLimit' as const, input: { params: { serviceId: 9 } } };
    await expect(changes.apply(request)).rejects.toMatchObject({ code: 'Change.ConfirmationRequired' });
    expect(gw.calls).toHaveLength(0);
    expect(await journal.list()).toHaveLength(0);
    await expect(changes.apply({ ...request, confirmProduction: true })).resolves.toBeDefined();
    expect(gw.calls.map((c) => c.id)).toEqual(['deleteRateLimit']);
  });

  it('records a failed change with its error and rethrows it', async () => {
    const { changes } = service();
    await expect(
      changes.apply({
        accountId: 'a',
        operationId: 'updateCacheControlPolicyV2',
        input: { params: { serviceId: 9, policyId: 3 }, body: { policyName: 'x' } },
      }),
    ).rejects.toMatchObject({ code: 'InvalidPolicy.Priority' });
    const [entry] = await journal.list();
    expect(entry?.result).toEqual({ ok: false, code: 'InvalidPolicy.Priority', message: 'priority required' });
  });

  it('a masked tokenSecret keeps the current tokens; the journal never holds them', async () => {
    const { gw, changes } = service();
    await changes.apply({
      accountId: 'a',
      operationId: 'updateAccessControlPolicy',
      input: {
        params: { serviceId: 9, policyId: 1 },
        body: {
          policyName: 'tokens 2',
          type: 'token',
          matchUrlPath: { operator: 'prefix', patterns: ['/vip/'] },
          tokenSecret: SECRET_MASK,
        },
      },
    });
    expect((gw.calls[1]?.input.body as { tokenSecret: string }).tokenSecret).toBe('k'.repeat(64));
    expect(gw.access[0]?.policyName).toBe('tokens 2');
    expect(await readFile(join(dir, JOURNAL_FILE), 'utf8')).not.toContain('k'.repeat(64));
  });

  it('a create records the new policyId and cannot be re-applied', async () => {
    const { changes } = service();
    const { entry, data } = await changes.apply({
      accountId: 'a',
      operationId: 'createAccessControlPolicy',
      input: {
        params: { serviceId: 9 },
        body: { policyName: 'block', type: 'deny', matchUrlPath: { operator: 'prefix', patterns: ['/admin'] } },
      },
    });
    expect(entry).toMatchObject({
      policyId: 11,
      before: null,
      beforeSource: 'none',
      summary: 'Create access control policy 11 “block”',
    });
    expect(data).toMatchObject({ policyId: 11 });
    await expect(changes.reapply(entry.id)).rejects.toMatchObject({ code: 'Journal.NotReapplicable' });
  });
});

describe('CORS and rate limit: the last applied configuration', () => {
  it('before comes from the journal; reapply applies it again', async () => {
    const { gw, changes } = service();
    const first = { accessControlAllowOrigin: '*' };
    const second = { accessControlAllowOrigin: 'https://a.example.com', accessControlMaxAge: 60 };
    const params = { serviceId: 9 };
    const e1 = await changes.apply({ accountId: 'a', operationId: 'setCorsHeaders', input: { params, body: first } });
    expect(e1.entry).toMatchObject({ before: null, beforeSource: 'none' });
    await expect(changes.reapply(e1.entry.id)).rejects.toMatchObject({ code: 'Journal.PreviousUnknown' });
    const e2 = await changes.apply({ accountId: 'a', operationId: 'setCorsHeaders', input: { params, body: second } });
    expect(e2.entry).toMatchObject({ before: first, beforeSource: 'journal', after: second });
    expect(await changes.current('a', 'setCorsHeaders', { params })).toMatchObject({
      before: second,
      source: 'journal',
      at: e2.entry.at,
    });
    // Other services and accounts do not see it.
    expect((await changes.current('a', 'setCorsHeaders', { params: { serviceId: 10 } })).source).toBe('none');
    expect((await changes.current('b', 'setCorsHeaders', { params })).source).toBe('none');
    const again = await changes.reapply(e2.entry.id);
    expect(again.entry).toMatchObject({ operationId: 'setCorsHeaders', after: first, reapplyOf: e2.entry.id });
    expect(gw.calls.at(-1)).toEqual({ id: 'setCorsHeaders', input: { params, body: first } });
  });

  it('rate limit: reapplying a delete upserts the previous configuration, and vice versa', async () => {
    const { gw, changes } = service();
    const params = { serviceId: 9 };
    const config = { timeWindow: 60, requestLimit: 100 };
    const up = await changes.apply({ accountId: 'a', operationId: 'upsertRateLimit', input: { params, body: config } });
    const del = await changes.apply({ accountId: 'a', operationId: 'deleteRateLimit', input: { params } });
    expect(del.entry).toMatchObject({ before: config, after: null, beforeSource: 'journal' });
    await changes.reapply(del.entry.id);
    expect(gw.calls.at(-1)).toEqual({ id: 'upsertRateLimit', input: { params, body: config } });
    const up2 = await changes.apply({
      accountId: 'a',
      operationId: 'upsertRateLimit',
      input: { params, body: { timeWindow: 1, requestLimit: 1 } },
    });
    expect(up2.entry.before).toEqual(config);
    // The first upsert had nothing before it.
    await expect(changes.reapply(up.entry.id)).rejects.toMatchObject({ code: 'Journal.PreviousUnknown' });
  });
});

describe('reapply of a policy edit', () => {
  it('puts the previous version back, keeping the current tokens', async () => {
    const { gw, changes } = service();
    const { entry } = await changes.apply({
      accountId: 'a',
      operationId: 'updateAccessControlPolicy',
      input: {
        params: { serviceId: 9, policyId: 1 },
        body: {
          policyName: 'renamed',
          type: 'token',
          priority: 6,
          matchUrlPath: { operator: 'prefix', patterns: ['/x/'] },
          tokenSecret: SECRET_MASK,
        },
      },
    });
    await changes.reapply(entry.id);
    expect(gw.access[0]).toMatchObject({
      policyName: 'tokens',
      priority: 5,
      matchUrlPath: { patterns: ['/vip/'] },
      tokenSecret: 'k'.repeat(64),
    });
    const [latest] = await journal.list();
    expect(latest).toMatchObject({ reapplyOf: entry.id, summary: 'Edit access control policy 1 “tokens”' });
  });
});

describe('the rule test guard (checkSuites)', () => {
  const flip = (name: string) => ({
    name,
    expected: '403',
    before: '403 — denied',
    after: 'Served',
    outcome: 'fail' as const,
    reason: null,
  });
  function guarded(check: () => Promise<{ total: number; flipped: ReturnType<typeof flip>[]; fixed: string[] }>) {
    const gw = fakeGateway();
    const checked: string[] = [];
    const changes = createChangeService({
      journal,
      account: async (id) => ({ id, name: 'Test', production: false }),
      client: async () => gw.client,
      suiteCheck: async (_accountId, change) => {
        checked.push(change.operationId);
        return check();
      },
    });
    return { gw, changes, checked };
  }
  const edit = {
    accountId: 'a',
    operationId: 'updateAccessControlPolicy' as const,
    input: {
      params: { serviceId: 9, policyId: 1 },
      body: {
        policyName: 'tokens',
        type: 'token',
        priority: 5,
        matchUrlPath: { operator: 'prefix', patterns: ['/x/'] },
      },
    },
  };

  it('refuses a flip nobody accepted, before anything is sent; accepted names or "any" apply it and the journal names the flips found', async () => {
    const { gw, changes } = guarded(async () => ({ total: 3, flipped: [flip('A'), flip('B')], fixed: [] }));
    await expect(changes.apply(edit)).rejects.toMatchObject({
      code: 'Change.RuleTestsFlipped',
      message: expect.stringContaining('2 of 3 rule test expectations of service 9 no longer pass: “A”'),
    });
    // A review that showed only one of them accepted only that one.
    await expect(changes.apply({ ...edit, flippedExpectations: ['A'] })).rejects.toMatchObject({
      code: 'Change.RuleTestsFlipped',
      message: expect.not.stringContaining('“A”'),
    });
    expect(gw.calls.map((c) => c.id).filter((id) => id === 'updateAccessControlPolicy')).toEqual([]);
    expect(await journal.list()).toEqual([]);

    expect((await changes.apply({ ...edit, flippedExpectations: ['B', 'A'] })).entry.flippedExpectations).toEqual([
      'A',
      'B',
    ]);
    expect((await changes.apply({ ...edit, acceptFlippedExpectations: true })).entry.flippedExpectations).toEqual([
      'A',
      'B',
    ]);
  });

  it('a suite that cannot be checked refuses the change unless any flip is accepted; writes that cannot change a verdict are not checked', async () => {
    const { changes, checked } = guarded(async () => {
      throw new Error('the lists could not be read');
    });
    await expect(changes.apply(edit)).rejects.toMatchObject({
      code: 'Change.RuleTestsUnchecked',
      message: expect.stringContaining('the lists could not be read'),
    });
    const applied = await changes.apply({ ...edit, acceptFlippedExpectations: true });
    expect(applied.entry).not.toHaveProperty('flippedExpectations');
    await changes.apply({
      accountId: 'a',
      operationId: 'setCorsHeaders',
      input: { params: { serviceId: 9 }, body: { accessControlAllowOrigin: '*' } },
    });
    expect(checked).toEqual(['updateAccessControlPolicy', 'updateAccessControlPolicy']);
  });

  it('checks at the caller’s priority; a cancelled check is a cancel, not an unchecked suite', async () => {
    const gw = fakeGateway();
    const seen: unknown[] = [];
    const changes = createChangeService({
      journal,
      account: async (id) => ({ id, name: 'Test', production: false }),
      client: async () => gw.client,
      suiteCheck: async (_accountId, _change, options) => {
        seen.push(options?.priority);
        if (options?.signal?.aborted)
          throw Object.assign(new Error('The request was cancelled.'), { code: 'Request.Aborted' });
        return { total: 0, flipped: [], fixed: [] };
      },
    });
    const controller = new AbortController();
    await changes.apply({ ...edit, callOptions: { priority: 'background', signal: controller.signal } });
    controller.abort();
    await expect(
      changes.apply({
        ...edit,
        acceptFlippedExpectations: true,
        callOptions: { priority: 'background', signal: controller.signal },
      }),
    ).rejects.toMatchObject({ code: 'Request.Aborted' });
    expect(seen).toEqual(['background', 'background']);
  });

  it('reapply finds an entry by the start of its ID and passes the acceptance on', async () => {
    let flips = [flip('A')];
    const { changes } = guarded(async () => ({ total: 1, flipped: flips, fixed: [] }));
    const { entry } = await changes.apply({ ...edit, flippedExpectations: ['A'] });
    await expect(changes.reapply(entry.id.slice(0, 5))).rejects.toMatchObject({
      code: 'Journal.NotFound',
      message: expect.stringContaining('at least 8 characters'),
    });
    await expect(changes.reapply(entry.id.slice(0, 8))).rejects.toMatchObject({ code: 'Change.RuleTestsFlipped' });
    const again = await changes.reapply(entry.id.slice(0, 8), undefined, { acceptFlippedExpectations: true });
    expect(again.entry).toMatchObject({ reapplyOf: entry.id, flippedExpectations: ['A'] });
    flips = [];
    expect((await changes.reapply(entry.id)).entry).not.toHaveProperty('flippedExpectations');
  });
});

describe('a created service', () => {
  it('is recorded in its account’s list with what the gateway answered', async () => {
    const recorded: unknown[] = [];
    const changes = createChangeService({
      journal,
      account: async (id) => ({ id, name: 'Test', production: false }),
      client: async () => ({
        call: async () => ({
          id: 77,
          domainName: 'new.example.com',
          cName: 'new.example.com.cdn.example.net',
          enabled: true,
        }),
      }),
      recordCreatedService: async (accountId, service) => recorded.push({ accountId, ...service }),
    });
    await changes.apply({
      accountId: 'a',
      operationId: 'createService',
      input: { params: {}, body: { domainName: 'new.example.com' } },
    });
    expect(recorded).toEqual([
      {
        accountId: 'a',
        serviceId: 77,
        domainName: 'new.example.com',
        cName: 'new.example.com.cdn.example.net',
        enabled: true,
      },
    ]);
  });
});

describe('policyAsBody', () => {
  it('turns a V2-listed redirection into the v1.0 edit shape', () => {
    expect(
      policyAsBody('updateRedirectionPolicy', {
        policyId: 4,
        policyName: 'old',
        matches: [{ field: 'req.path', operator: 'equals', values: ['/old'] }],
        redirectDestination: 'https://e.com/new',
        httpCode: 301,
        priority: 1,
      }),
    ).toEqual({
      policyName: 'old',
      matchUrlPath: { operator: 'equals', patterns: ['/old'] },
      redirectDestination: 'https://e.com/new',
      httpCode: 301,
      priority: 1,
    });
  });
});
