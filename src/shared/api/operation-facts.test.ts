import { describe, expect, it } from 'vitest';
import {
  changeFacts,
  journalReadBackOf,
  journalSummary,
  listOperationFor,
  mutatingOperationIds,
  operationFacts,
  operationsReadBackFromJournal,
  reapplicableOperationIds,
} from './operation-facts.ts';
import { operationIds, operations } from './operations.ts';

describe('operation facts', () => {
  it('has one entry per operation, keyed like the operation table', () => {
    expect(Object.keys(operationFacts)).toEqual([...operationIds]);
  });

  it('marks every GET and the four analytics reads (POST) as reads, retryable', () => {
    const reads = operationIds.filter((id) => !operationFacts[id].changesState);
    expect(reads.filter((id) => operations[id].method === 'POST')).toEqual([
      'getVolume',
      'getBandwidth',
      'getRequestNumber',
      'getOriginRequestNumber',
    ]);
    expect(operationIds.filter((id) => operations[id].method === 'GET').every((id) => reads.includes(id))).toBe(true);
    for (const id of reads) {
      expect(operationFacts[id].retryable, id).toBe(true);
      expect(operations[id].idempotent, id).toBe(true);
    }
  });

  it('retries no change served by POST (only the PUT/DELETE changes)', () => {
    for (const id of mutatingOperationIds) expect(operations[id].idempotent, id).toBe(operations[id].method !== 'POST');
  });

  it('never retries or re-applies a create', () => {
    const creates = mutatingOperationIds.filter((id) => operations[id].method === 'POST' && id.startsWith('create'));
    expect(creates).toEqual(['createService', 'createAccessControlPolicy']);
    for (const id of creates) {
      expect(operations[id].idempotent).toBe(false);
      expect(reapplicableOperationIds).not.toContain(id);
      expect(changeFacts(id).readBack).toEqual({ from: 'nothing' });
    }
  });

  it('lists the nine changes, reading back from a list or from the journal', () => {
    expect(mutatingOperationIds).toEqual([
      'createService',
      'updateCacheControlPolicyV2',
      'createAccessControlPolicy',
      'updateAccessControlPolicy',
      'updateAccessControlPolicyV2',
      'updateRedirectionPolicy',
      'setCorsHeaders',
      'upsertRateLimit',
      'deleteRateLimit',
    ]);
    expect(listOperationFor('updateAccessControlPolicyV2')).toBe('listAccessControlPolicies');
    expect(listOperationFor('setCorsHeaders')).toBeUndefined();
    expect(operationsReadBackFromJournal('cors')).toEqual(['setCorsHeaders']);
    expect(operationsReadBackFromJournal('rate-limit')).toEqual(['upsertRateLimit', 'deleteRateLimit']);
    for (const id of mutatingOperationIds) {
      const list = listOperationFor(id);
      if (list !== undefined) expect(operationFacts[list].changesState, `${id} reads back through ${list}`).toBe(false);
    }
  });

  it('names the journal setting of each change the API cannot read back', () => {
    expect(
      mutatingOperationIds.filter((id) => journalReadBackOf(id) !== null).map((id) => [id, journalReadBackOf(id)]),
    ).toEqual([
      ['setCorsHeaders', 'cors'],
      ['upsertRateLimit', 'rate-limit'],
      ['deleteRateLimit', 'rate-limit'],
    ]);
  });

  it('names every change uniquely (journal filter, CSV export), where the labels repeat', () => {
    const actions = mutatingOperationIds.map((id) => operationFacts[id].action);
    expect(new Set(actions).size).toBe(mutatingOperationIds.length);
    expect(new Set(mutatingOperationIds.map((id) => operationFacts[id].label)).size).toBeLessThan(
      mutatingOperationIds.length,
    );
  });
});

describe('journalSummary (the journal wording of each change)', () => {
  const change = (values: Partial<Parameters<typeof journalSummary>[1]>) => ({
    serviceId: null,
    policyId: null,
    body: undefined,
    before: null,
    ...values,
  });

  it.each([
    [
      'createService',
      change({ serviceId: 12, body: { domainName: 'www.example.com' } }),
      'Create service 12 “www.example.com”',
    ],
    ['createService', change({ body: { domainName: 'www.example.com' } }), 'Create service “www.example.com”'],
    ['createService', change({ serviceId: 12 }), 'Create service 12'],
    [
      'updateCacheControlPolicyV2',
      change({ policyId: 3, body: { policyName: 'images' } }),
      'Edit cache control policy 3 “images”',
    ],
    [
      'createAccessControlPolicy',
      change({ policyId: 11, body: { policyName: 'block' } }),
      'Create access control policy 11 “block”',
    ],
    ['createAccessControlPolicy', change({ body: { policyName: 'block' } }), 'Create access control policy “block”'],
    [
      'updateAccessControlPolicy',
      change({ policyId: 1, before: { policyName: 'tokens' } }),
      'Edit access control policy 1 “tokens”',
    ],
    [
      'updateAccessControlPolicyV2',
      change({ policyId: 1, body: { policyName: 'new' }, before: { policyName: 'old' } }),
      'Edit access control policy 1 “new” (matches)',
    ],
    [
      'updateRedirectionPolicy',
      change({ policyId: 5, body: { policyName: '' }, before: { policyName: 'old' } }),
      'Edit redirection 5',
    ],
    ['updateRedirectionPolicy', change({}), 'Edit redirection'],
    ['setCorsHeaders', change({ body: { accessControlAllowOrigin: '*' } }), 'Set CORS headers'],
    ['upsertRateLimit', change({ body: { timeWindow: 1, requestLimit: 2 } }), 'Set rate limit'],
    ['deleteRateLimit', change({}), 'Delete rate limit'],
  ] as const)('%s → %s', (id, values, summary) => {
    expect(journalSummary(id, values)).toBe(summary);
  });
});
