import { describe, expect, it } from 'vitest';
import {
  bulkChangeKinds,
  bulkChangeSchema,
  type BulkChange,
  type BulkChangeInput,
  type BulkChangeKind,
} from './change.ts';
import {
  bulkCannotApply,
  planBulkItem,
  planLastAppliedFor,
  planReadFor,
  type LastApplied,
  type PlannedItem,
  type TargetRead,
} from './plan.ts';
import { planRevertItem } from './revert.ts';
import { bulkFieldChangeSchema } from './batch.ts';
import { journalReadBackOf } from '../api/operation-facts.ts';
import { SECRET_MASK } from '../security/secret-text.ts';
import type { JournalEntry } from '../ipc/channels/journal.ts';

const change = (input: BulkChangeInput) => bulkChangeSchema.parse(input);
const policies = (...list: Array<Record<string, unknown>>): TargetRead => ({ kind: 'policies', policies: list });
const service: TargetRead = { kind: 'service' };

const cors = change({
  kind: 'cors',
  headers: { accessControlAllowOrigin: 'https://shop.example', accessControlAllowMethods: 'GET,POST' },
});
const acl = change({
  kind: 'access-control',
  policy: {
    policyName: 'block-admin',
    type: 'deny',
    matchUrlPath: { operator: 'prefix', patterns: ['/admin/'] },
    priority: 5,
    ipRestriction: '10.0.0.0/8',
  },
});
const tokenAcl = change({
  kind: 'access-control',
  policy: {
    policyName: 'signed',
    type: 'token',
    matchUrlPath: { operator: 'prefix', patterns: ['/dl/'] },
    priority: 7,
  },
});
const cacheEdit = change({ kind: 'cache-control-edit', policyName: 'images', fields: { ttl: 600 } });
const redirectEdit = change({ kind: 'redirection-edit', policyName: 'old-shop', fields: { httpCode: 301 } });

const cachePolicy = {
  policyId: 11,
  policyName: 'images',
  priority: 3,
  matches: [{ field: 'req.path', operator: 'startswith', values: ['/img/'] }],
  ttl: 60,
  autoGzipDisable: false,
};
const redirection = {
  policyId: 21,
  policyName: 'old-shop',
  priority: 2,
  matches: [{ field: 'req.path', operator: 'startswith', values: ['/shop/'] }],
  redirectDestination: 'https://new.example/',
  httpCode: 302,
};

describe('bulk plan per service', () => {
  it('reads one thing per service, chosen by the change kind', () => {
    expect(planReadFor('cors')).toBe('getService');
    expect(planReadFor('rate-limit-delete')).toBe('getService');
    expect(planReadFor('access-control')).toBe('listAccessControlPolicies');
    expect(planReadFor('cache-control-edit')).toBe('listCacheControlPoliciesV2');
    expect(planReadFor('redirection-edit')).toBe('listRedirectionPoliciesV2');
  });

  it('compares with the journal’s last applied value exactly for the kinds whose writes the API cannot read back', () => {
    const samples: Record<BulkChangeKind, { change: BulkChange; read: TargetRead }> = {
      cors: { change: cors, read: service },
      'rate-limit-set': {
        change: change({ kind: 'rate-limit-set', rateLimit: { timeWindow: 60, requestLimit: 100 } }),
        read: service,
      },
      'rate-limit-delete': { change: change({ kind: 'rate-limit-delete' }), read: service },
      'access-control': { change: acl, read: policies() },
      'cache-control-edit': { change: cacheEdit, read: policies(cachePolicy) },
      'redirection-edit': { change: redirectEdit, read: policies(redirection) },
    };
    for (const kind of bulkChangeKinds) {
      const item = planBulkItem(samples[kind].change, 1, samples[kind].read, null);
      expect(item.operationId, kind).not.toBeNull();
      expect(planLastAppliedFor(kind), kind).toBe(journalReadBackOf(item.operationId!));
    }
  });

  it("CORS: update against the last applied value, unchanged when it is the same, with the editors' labels", () => {
    const first = planBulkItem(cors, 5, service, null);
    expect(first.action).toBe('update');
    expect(first.operationId).toBe('setCorsHeaders');
    expect(first.input).toEqual({
      params: { serviceId: 5 },
      body: { accessControlAllowOrigin: 'https://shop.example', accessControlAllowMethods: 'GET,POST' },
    });
    expect(first.changes.map((c) => c.label)).toEqual(['Access-Control-Allow-Origin', 'Access-Control-Allow-Methods']);
    expect(first.notes.join(' ')).toMatch(/cannot read CORS headers back/);
    const last: LastApplied = {
      body: { accessControlAllowOrigin: 'https://shop.example', accessControlAllowMethods: 'GET,POST' },
      at: '2026-11-01T00:00:00.000Z',
    };
    const same = planBulkItem(cors, 5, service, last);
    expect(same.action).toBe('unchanged');
    expect(same.notes).toEqual([
      'Compared with what this app last applied (2026-11-01T00:00:00.000Z); the API cannot confirm the current CORS headers.',
    ]);
    const older: LastApplied = { body: { accessControlAllowOrigin: '*' }, at: '2026-11-01T00:00:00.000Z' };
    const update = planBulkItem(cors, 5, service, older);
    expect(update.changes[0]).toEqual({
      path: 'accessControlAllowOrigin',
      label: 'Access-Control-Allow-Origin',
      before: '*',
      after: 'https://shop.example',
    });
  });

  it('rate limit: set (unchanged when the given fields match), delete (unchanged when last deleted)', () => {
    const set = change({ kind: 'rate-limit-set', rateLimit: { timeWindow: 60, requestLimit: 100 } });
    expect(planBulkItem(set, 1, service, null)).toMatchObject({ action: 'update', operationId: 'upsertRateLimit' });
    expect(
      planBulkItem(set, 1, service, { body: { timeWindow: 60, requestLimit: 100, ignoreUrlPath: true }, at: 'x' })
        .action,
    ).toBe('unchanged');
    const del = change({ kind: 'rate-limit-delete' });
    expect(planBulkItem(del, 1, service, null)).toMatchObject({
      action: 'delete',
      operationId: 'deleteRateLimit',
      input: { params: { serviceId: 1 } },
    });
    expect(planBulkItem(del, 1, service, { body: null, at: 'x' }).action).toBe('unchanged');
  });

  it('access control: creates when the target has none of that name, else updates it (or finds it unchanged)', () => {
    const created = planBulkItem(acl, 1, policies(), null);
    expect(created).toMatchObject({ action: 'create', operationId: 'createAccessControlPolicy' });
    expect(created.input?.body).toMatchObject({ policyName: 'block-admin', enabled: true, anonymousIp: false });
    const existing = {
      policyId: 4,
      policyName: 'block-admin',
      type: 'deny',
      matchUrlPath: { operator: 'prefix', patterns: ['/admin/'] },
      priority: 5,
      ipRestriction: '10.0.0.1',
    };
    const updated = planBulkItem(acl, 1, policies(existing), null);
    expect(updated).toMatchObject({
      action: 'update',
      operationId: 'updateAccessControlPolicy',
      input: { params: { serviceId: 1, policyId: 4 } },
    });
    expect(updated.changes).toEqual([
      { path: 'ipRestriction', label: 'IP restriction', before: '10.0.0.1', after: '10.0.0.0/8' },
    ]);
    expect(
      planBulkItem(acl, 1, policies({ ...existing, ipRestriction: '10.0.0.0/8', enabled: false }), null).action,
    ).toBe('unchanged');
  });

  it('a token policy keeps its tokens: the mask is sent, the secret never shown', () => {
    const existing = {
      policyId: 9,
      policyName: 'signed',
      type: 'token',
      matchUrlPath: { operator: 'prefix', patterns: ['/old/'] },
      priority: 7,
      tokenSecret: 'abc',
    };
    const item = planBulkItem(tokenAcl, 1, policies(existing), null);
    expect(item.action).toBe('update');
    expect((item.input?.body as Record<string, unknown>).tokenSecret).toBe(SECRET_MASK);
    expect(JSON.stringify(item.changes)).not.toContain('abc');
  });

  it("cache control and redirection edits merge the fields into the target's policy of that name", () => {
    const cache = planBulkItem(cacheEdit, 1, policies(cachePolicy), null);
    expect(cache).toMatchObject({
      action: 'update',
      operationId: 'updateCacheControlPolicyV2',
      input: { params: { serviceId: 1, policyId: 11 } },
    });
    expect(cache.changes).toEqual([{ path: 'ttl', label: 'TTL', before: '1 minute', after: '10 minutes' }]);
    expect(cache.input?.body).toMatchObject({
      policyName: 'images',
      priority: 3,
      matches: cachePolicy.matches,
      ttl: 600,
    });
    expect(planBulkItem(cacheEdit, 1, policies({ ...cachePolicy, ttl: 600 }), null).action).toBe('unchanged');
    const redirect = planBulkItem(redirectEdit, 1, policies(redirection), null);
    expect(redirect).toMatchObject({ action: 'update', operationId: 'updateRedirectionPolicy' });
    expect(redirect.input?.body).toMatchObject({
      matchUrlPath: { operator: 'prefix', patterns: ['/shop/'] },
      httpCode: 301,
    });
    expect(redirect.changes.map((c) => c.label)).toEqual(['HTTP code']);
  });
});

describe('every reason a bulk item cannot apply', () => {
  const entry = (over: Partial<JournalEntry>): JournalEntry => ({
    id: 'e1',
    at: '2026-11-01T00:00:00.000Z',
    accountId: 'a',
    accountName: 'A',
    serviceId: 1,
    operationId: 'setCorsHeaders',
    policyId: null,
    summary: 's',
    before: { accessControlAllowOrigin: '*' },
    beforeSource: 'journal',
    after: {},
    result: { ok: true },
    batchId: 'b1',
    ...over,
  });
  const cases: Record<keyof typeof bulkCannotApply, { item: () => PlannedItem; reason: string }> = {
    serviceMissing: {
      item: () => planBulkItem(cors, 8, { kind: 'missing' }, null),
      reason: bulkCannotApply.serviceMissing(8),
    },
    readFailed: {
      item: () =>
        planBulkItem(
          cors,
          8,
          { kind: 'failed', code: 'Server.Unavailable', message: 'The server is unavailable.' },
          null,
        ),
      reason: bulkCannotApply.readFailed('The server is unavailable.'),
    },
    accessControlAmbiguous: {
      item: () =>
        planBulkItem(
          acl,
          1,
          policies(
            { policyId: 1, policyName: 'block-admin', priority: 1 },
            { policyId: 2, policyName: 'block-admin', priority: 2 },
          ),
          null,
        ),
      reason: bulkCannotApply.accessControlAmbiguous('block-admin', 2),
    },
    cacheControlAmbiguous: {
      item: () => planBulkItem(cacheEdit, 1, policies(cachePolicy, { ...cachePolicy, policyId: 12 }), null),
      reason: bulkCannotApply.cacheControlAmbiguous('images', 2),
    },
    redirectionAmbiguous: {
      item: () => planBulkItem(redirectEdit, 1, policies(redirection, { ...redirection, policyId: 22 }), null),
      reason: bulkCannotApply.redirectionAmbiguous('old-shop', 2),
    },
    cacheControlMissing: {
      item: () => planBulkItem(cacheEdit, 1, policies(), null),
      reason: bulkCannotApply.cacheControlMissing('images'),
    },
    redirectionMissing: {
      item: () => planBulkItem(redirectEdit, 1, policies(), null),
      reason: bulkCannotApply.redirectionMissing('old-shop'),
    },
    priorityTaken: {
      item: () => planBulkItem(acl, 1, policies({ policyId: 3, policyName: 'other', priority: 5 }), null),
      reason: bulkCannotApply.priorityTaken(5, 'other'),
    },
    invalid: {
      // The target's policy has a priority of 0, which the edit (merged with it) cannot send.
      item: () => planBulkItem(cacheEdit, 1, policies({ ...cachePolicy, priority: 0 }), null),
      reason: bulkCannotApply.invalid('Priority', 'Priority must be a whole number greater than 0.'),
    },
    tokenPolicyCreate: {
      item: () => planBulkItem(tokenAcl, 1, policies(), null),
      reason: bulkCannotApply.tokenPolicyCreate(),
    },
    tokenPolicyFromOtherType: {
      item: () =>
        planBulkItem(tokenAcl, 1, policies({ policyId: 9, policyName: 'signed', type: 'allow', priority: 7 }), null),
      reason: bulkCannotApply.tokenPolicyFromOtherType('signed'),
    },
    cacheControlConditionsUnknown: {
      item: () => planBulkItem(cacheEdit, 1, policies({ ...cachePolicy, matches: undefined }), null),
      reason: bulkCannotApply.cacheControlConditionsUnknown('images'),
    },
    redirectionConditionsNotExpressible: {
      item: () =>
        planBulkItem(
          redirectEdit,
          1,
          policies({ ...redirection, matches: [{ field: 'client.ip', operator: 'subnet', values: ['10.0.0.0/8'] }] }),
          null,
        ),
      reason: bulkCannotApply.redirectionConditionsNotExpressible(),
    },
    createNotUndoable: {
      item: () =>
        planRevertItem(
          entry({ operationId: 'createAccessControlPolicy', before: null, beforeSource: 'none' }),
          policies(),
          null,
        ),
      reason: bulkCannotApply.createNotUndoable(),
    },
    previousUnknown: {
      item: () => planRevertItem(entry({ before: null, beforeSource: 'none' }), service, null),
      reason: bulkCannotApply.previousUnknown(),
    },
    previousTooLarge: {
      item: () => planRevertItem(entry({ omitted: true, before: null }), service, null),
      reason: bulkCannotApply.previousTooLarge(),
    },
    policyGone: {
      item: () =>
        planRevertItem(
          entry({
            operationId: 'updateCacheControlPolicyV2',
            policyId: 11,
            before: cachePolicy,
            beforeSource: 'server',
          }),
          policies(),
          null,
        ),
      reason: bulkCannotApply.policyGone('cache control', 11),
    },
  };

  for (const [key, { item, reason }] of Object.entries(cases)) {
    it(key, () => {
      const planned = item();
      expect(planned.action).toBe('cannot');
      expect(planned.reason).toBe(reason);
      expect(planned.operationId).toBeNull();
      expect(planned.input).toBeNull();
    });
  }

  it('the table above covers every reason', () => {
    expect(Object.keys(cases).sort()).toEqual(Object.keys(bulkCannotApply).sort());
  });
});

describe('revert items', () => {
  const applied = (over: Partial<JournalEntry>): JournalEntry => ({
    id: 'e',
    at: 't',
    accountId: 'a',
    accountName: 'A',
    serviceId: 1,
    operationId: 'setCorsHeaders',
    policyId: null,
    summary: '',
    before: null,
    beforeSource: 'journal',
    after: null,
    result: { ok: true },
    ...over,
  });

  it('applies the journal\'s "before" again: CORS set, rate limit set or delete, policy edit', () => {
    const corsBefore = { accessControlAllowOrigin: '*' };
    const now: LastApplied = { body: { accessControlAllowOrigin: 'https://shop.example' }, at: 't' };
    expect(planRevertItem(applied({ before: corsBefore }), service, now)).toMatchObject({
      action: 'update',
      operationId: 'setCorsHeaders',
      input: { params: { serviceId: 1 }, body: corsBefore },
    });
    expect(planRevertItem(applied({ before: corsBefore }), service, { body: corsBefore, at: 't' }).action).toBe(
      'unchanged',
    );
    expect(
      planRevertItem(applied({ operationId: 'upsertRateLimit', before: null }), service, {
        body: { timeWindow: 1, requestLimit: 2 },
        at: 't',
      }),
    ).toMatchObject({
      action: 'delete',
      operationId: 'deleteRateLimit',
    });
    const edit = planRevertItem(
      applied({ operationId: 'updateCacheControlPolicyV2', policyId: 11, before: cachePolicy, beforeSource: 'server' }),
      policies({ ...cachePolicy, ttl: 600 }),
      null,
    );
    expect(edit).toMatchObject({
      action: 'update',
      operationId: 'updateCacheControlPolicyV2',
      input: { params: { serviceId: 1, policyId: 11 } },
    });
    expect(edit.changes).toEqual([{ path: 'ttl', label: 'TTL', before: '10 minutes', after: '1 minute' }]);
  });
});

describe('unknown is not "not set" (review S2)', () => {
  const rateLimit = change({ kind: 'rate-limit-set', rateLimit: { timeWindow: 60, requestLimit: 200 } });

  it('marks the value before as unknown when nothing was applied from this app', () => {
    const item = planBulkItem(cors, 5, service, null);
    expect(item.changes.length).toBeGreaterThan(0);
    for (const c of item.changes) expect(c).toMatchObject({ before: null, beforeUnknown: true });
    for (const c of planBulkItem(rateLimit, 5, service, null).changes) expect(c.beforeUnknown).toBe(true);
  });

  it('keeps "not set" for a value this app really removed (a journaled rate limit delete), and known values known', () => {
    const deleted = planBulkItem(rateLimit, 5, service, { body: null, at: '2026-11-01T00:00:00.000Z' });
    expect(deleted.changes).toContainEqual({
      path: 'requestLimit',
      label: 'Request limit',
      before: null,
      after: '200',
    });
    for (const c of deleted.changes) expect(c.beforeUnknown).toBeUndefined();
    const known = planBulkItem(cors, 5, service, { body: { accessControlAllowOrigin: '*' }, at: 't' });
    for (const c of known.changes) expect(c.beforeUnknown).toBeUndefined();
  });

  it('a revert against a service with nothing applied from this app shows the value now as unknown', () => {
    const entry: JournalEntry = {
      id: 'e',
      at: 't',
      accountId: 'a',
      accountName: 'A',
      serviceId: 1,
      operationId: 'setCorsHeaders',
      policyId: null,
      summary: '',
      before: { accessControlAllowOrigin: '*' },
      beforeSource: 'journal',
      after: null,
      result: { ok: true },
    };
    const item = planRevertItem(entry, service, null);
    expect(item.changes).toEqual([
      {
        path: 'accessControlAllowOrigin',
        label: 'Access-Control-Allow-Origin',
        before: null,
        after: '*',
        beforeUnknown: true,
      },
    ]);
  });

  it('reads batches stored before the field existed', () => {
    expect(bulkFieldChangeSchema.parse({ path: 'p', label: 'L', before: null, after: 'x' })).toEqual({
      path: 'p',
      label: 'L',
      before: null,
      after: 'x',
    });
    expect(
      bulkFieldChangeSchema.parse({ path: 'p', label: 'L', before: null, after: 'x', beforeUnknown: true })
        .beforeUnknown,
    ).toBe(true);
  });
});
