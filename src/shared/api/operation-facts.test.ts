import { describe, expect, it } from 'vitest';
import {
  changeFacts,
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
    expect(reads.filter((id) => operations[id].method === 'POST')).toEqual(['getVolume', 'getBandwidth', 'getRequestNumber', 'getOriginRequestNumber']);
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
      'createService', 'updateCacheControlPolicyV2', 'createAccessControlPolicy', 'updateAccessControlPolicy',
      'updateAccessControlPolicyV2', 'updateRedirectionPolicy', 'setCorsHeaders', 'upsertRateLimit', 'deleteRateLimit',
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

  it('names every change uniquely (journal filter, CSV export), where the labels repeat', () => {
    const actions = mutatingOperationIds.map((id) => operationFacts[id].action);
    expect(new Set(actions).size).toBe(mutatingOperationIds.length);
    expect(new Set(mutatingOperationIds.map((id) => operationFacts[id].label)).size).toBeLessThan(mutatingOperationIds.length);
  });
});
