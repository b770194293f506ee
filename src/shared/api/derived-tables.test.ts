// Every table derived from the operation table (operations.ts) covers every operation, and what
// an entry holds is consistent with what derives from it. A new entry that leaves one out fails here.
import { describe, expect, it } from 'vitest';
import { apiErrorCodes } from './error-codes.ts';
import { apiErrorTable, errorCodesForOperation } from './errors.ts';
import {
  changeFacts,
  journalSummary,
  mutatingOperationIds,
  operationFacts,
  policyListEditOf,
  type MutatingOperationId,
} from './operation-facts.ts';
import { operationIds, operations } from './operations.ts';
import { operationTags } from './operations/operation-entry.ts';
import { policyBodyOperationIds } from './test-support/policy-body-operations.ts';
import { operationIdForNumber, specNumberOf } from './test-support/spec-numbers.ts';
import { bodyFieldsOf } from './policy-bodies.ts';
import { validationRules } from './validate.ts';
import { changesRules } from '../suites/lists-after-change.ts';

describe('the operationIds', () => {
  it('are the table keys, each entry named by its key', () => {
    expect(operationIds).toEqual(Object.keys(operations));
    for (const id of operationIds) expect(operations[id].operationId).toBe(id);
  });

  it('carry distinct spec numbers, looked up both ways', () => {
    const numbers = operationIds.map(specNumberOf);
    expect(new Set(numbers).size).toBe(operationIds.length);
    for (const id of operationIds) expect(operationIdForNumber(specNumberOf(id))).toBe(id);
    expect(() => operationIdForNumber(0)).toThrow(RangeError);
  });

  it('each have a tag the document describes', () => {
    for (const id of operationIds) expect(operationTags[operations[id].tag], id).toMatch(/^[A-Z].*\.$/);
  });
});

describe('the error table, keyed by operationId', () => {
  it('lists, in each entry, only codes the entry must name (no code every operation answers, no duplicate)', () => {
    const scopeOf = new Map(apiErrorCodes.map((e) => [e.code as string, e.scope]));
    for (const id of operationIds) {
      const listed = operations[id].listedErrors;
      expect(new Set(listed).size, id).toBe(listed.length);
      for (const code of listed) expect(scopeOf.get(code), `${id} ${code}`).toBe('listed');
    }
  });

  it('gives every operation its codes, and every code the operations that answer it', () => {
    for (const id of operationIds) {
      const codes = errorCodesForOperation(id, 'all');
      expect(codes, id).toEqual(
        expect.arrayContaining(['Signature.NotMatch', 'Request.NotFound', 'Server.InternalError']),
      );
      expect(codes.includes('Request.MalformedJson'), id).toBe(operations[id].body !== null);
      expect(
        apiErrorTable.filter((e) => e.operations.includes(id)).map((e) => e.code),
        id,
      ).toEqual(codes);
      expect(operations[id].errors, id).toEqual(errorCodesForOperation(id, 'spec'));
    }
    for (const entry of apiErrorTable) expect(entry.operations.length, entry.code).toBeGreaterThan(0);
  });
});

describe('the validation rules', () => {
  it('cover every operation: rules exactly for the operations with a body, on codes it answers', () => {
    expect(Object.keys(validationRules)).toEqual(operationIds);
    for (const id of operationIds) {
      expect(validationRules[id].length > 0, id).toBe(operations[id].body !== null);
      for (const rule of validationRules[id])
        expect(errorCodesForOperation(id, 'all'), `${id} ${rule.code}`).toContain(rule.code);
    }
  });
});

describe('the facts', () => {
  it('cover every operation; idempotent is the facts’ retryable', () => {
    expect(Object.keys(operationFacts)).toEqual(operationIds);
    for (const id of operationIds) expect(operations[id].idempotent, id).toBe(operationFacts[id].retryable);
  });

  it('name only read operations to read back or to settle an unknown outcome', () => {
    for (const id of mutatingOperationIds) {
      const { readBack, unknownOutcome } = changeFacts(id);
      for (const read of [
        readBack.from === 'list' ? readBack.operationId : null,
        unknownOutcome.by === 'read' ? unknownOutcome.operationId : null,
      ]) {
        if (read === null) continue;
        expect(operationIds, `${id} reads ${read}`).toContain(read);
        expect(operationFacts[read].changesState, `${id} reads ${read}`).toBe(false);
      }
    }
  });

  it('word every change in the journal, every placeholder known', () => {
    const none = { serviceId: null, policyId: null, body: undefined, before: null };
    const all = { serviceId: 9, policyId: 4, body: { policyName: 'n', domainName: 'd.example.com' }, before: null };
    for (const id of mutatingOperationIds) {
      for (const values of [none, all]) expect(journalSummary(id, values), id).toMatch(/^[A-Z][^{}]*$/);
      expect(journalSummary(id, none).startsWith(changeFacts(id).journal.split(' {')[0]), id).toBe(true);
    }
  });
});

describe('the policy bodies and the rule tester', () => {
  const policyEdits = mutatingOperationIds.filter((id) => changeFacts(id).policyList !== undefined);

  it('are the changes whose facts name a policy list, each with an object body', () => {
    expect(policyBodyOperationIds).toEqual(policyEdits);
    expect(policyEdits).toEqual([
      'updateCacheControlPolicyV2',
      'createAccessControlPolicy',
      'updateAccessControlPolicy',
      'updateAccessControlPolicyV2',
      'updateRedirectionPolicy',
    ]);
    for (const id of policyEdits) expect(bodyFieldsOf(id), id).toContain('policyName');
  });

  it('cover every change read back from a policy list or settled by reading one', () => {
    const readsAList = (id: MutatingOperationId) =>
      changeFacts(id).readBack.from === 'list' || changeFacts(id).unknownOutcome.by === 'read';
    for (const id of mutatingOperationIds) if (readsAList(id)) expect(policyEdits, id).toContain(id);
  });

  it('tell the rule tester exactly which changes alter the rules', () => {
    for (const id of operationIds) expect(changesRules(id), id).toBe(policyListEditOf(id) !== undefined);
    expect(changesRules('noSuchOperation')).toBe(false);
  });
});
