import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiErrorTable } from './errors.ts';
import {
  operationIds,
  operations,
  type AnyOperation,
  type OperationId,
  type OperationInput,
  type OperationParams,
  type OperationResult,
} from './operations.ts';
import { pathParamNames } from './operations/operation-entry.ts';
import { operationIdForNumber } from './test-support/spec-numbers.ts';
import { readSpec, tableAfter } from './test-support/spec-tables.ts';

const endpointRows = tableAfter(readSpec(), '## Endpoints').map(([n, method, path]) => ({
  n: Number(n),
  method,
  path,
}));

/** The contract's operationIds, in the spec's order (index + 1 = the spec's operation number). */
const contractIds = [
  'getCustomer',
  'createService',
  'getService',
  'listCacheControlPolicies',
  'listCacheControlPoliciesV2',
  'updateCacheControlPolicyV2',
  'createAccessControlPolicy',
  'listAccessControlPolicies',
  'updateAccessControlPolicy',
  'updateAccessControlPolicyV2',
  'updateRedirectionPolicy',
  'listRedirectionPoliciesV2',
  'setCorsHeaders',
  'upsertRateLimit',
  'deleteRateLimit',
  'getVolume',
  'getBandwidth',
  'getRequestNumber',
  'getOriginRequestNumber',
];

describe('operation table against the spec Endpoints table', () => {
  it('has the 19 operationIds of the contract, one per spec row', () => {
    expect(endpointRows).toHaveLength(19);
    expect(Object.keys(operations)).toEqual([...operationIds]);
    expect(operationIds).toEqual(contractIds);
  });

  it.each(endpointRows)('operation $n: $method $path', ({ n, method, path }) => {
    const op = operations[operationIdForNumber(n)];
    expect(op.specNumber).toBe(n);
    expect(op.method).toBe(method);
    expect(op.path).toBe(path);
    // Creates (POST) are never retried; the analytics reads (16-19) are POST but only read.
    expect(op.idempotent).toBe(method !== 'POST' || n >= 16);
    expect(op.operationId).toBe(contractIds[n - 1]);
  });

  it('has a body schema exactly where the spec lists a body', () => {
    const withBody = operationIds.filter((id) => operations[id].body !== null).map((id) => operations[id].specNumber);
    expect(withBody).toEqual([2, 6, 7, 9, 10, 11, 13, 14, 16, 17, 18, 19]);
  });

  it('has no response schema exactly for the no-body 200s (6, 13, 14, 15)', () => {
    const noResponse = operationIds
      .filter((id) => operations[id].response === null)
      .map((id) => operations[id].specNumber);
    expect(noResponse).toEqual([6, 13, 14, 15]);
  });

  it('declares one path param schema key per placeholder', () => {
    for (const id of operationIds) {
      const op = operations[id];
      expect(Object.keys(op.pathParams.shape).sort(), id).toEqual(pathParamNames(op.path).sort());
    }
  });

  it('lists Signature.NotMatch on all and only spec codes naming the operation', () => {
    for (const id of operationIds) {
      const op = operations[id];
      expect(op.errors, id).toContain('Signature.NotMatch');
      for (const code of op.errors) {
        const entry = apiErrorTable.find((e) => e.code === code);
        expect(entry?.source, code).toBe('spec');
        expect(entry?.operations, code).toContain(id);
      }
    }
    expect(operations.updateAccessControlPolicy.errors).toContain('InvalidPolicy.IpRestriction');
    expect(operations.upsertRateLimit.errors).toContain('InvalidRateLimit.TimeWindow');
    expect(operations.getCustomer.errors).not.toContain('InvalidService.IdIncorrect');
  });

  it('has a summary and a tag for each operation', () => {
    for (const id of operationIds) {
      expect(operations[id].summary.length, id).toBeGreaterThan(5);
      expect(operations[id].tag.length, id).toBeGreaterThan(2);
    }
  });
});

/**
 * Fills the path template after validating params with the operation's pathParams schema
 * (throws a ZodError for a missing or non-positive id), as the client does.
 */
function buildPath<Id extends OperationId>(id: Id, params: OperationParams<Id>): string {
  const op: AnyOperation = operations[id];
  const parsed = op.pathParams.parse(params) as Record<string, unknown>;
  return op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => encodeURIComponent(String(parsed[name])));
}

describe('buildPath', () => {
  it('fills the placeholders', () => {
    expect(buildPath('getCustomer', { customer_id: 42 })).toBe('/v1.1/customer/42');
    expect(buildPath('getService', { serviceId: 7 })).toBe('/cdn/v1.0/service/7');
    expect(buildPath('updateCacheControlPolicyV2', { serviceId: 7, policyId: 3 })).toBe(
      '/cdn/v1.1/services/7/cacheControl/3',
    );
    expect(buildPath('getVolume', {})).toBe('/cdn/v1.0/analytics/getVolumeByServiceName');
  });

  it.each([0, -1, 1.5, Number.NaN])('rejects the id %s', (bad) => {
    expect(() => buildPath('getService', { serviceId: bad })).toThrow(z.ZodError);
  });

  it('rejects a missing id with a message naming it', () => {
    const r = operations.updateRedirectionPolicy.pathParams.safeParse({ serviceId: 1 });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].path).toEqual(['policyId']);
    expect(r.error?.issues[0].message).toBe('Policy ID is required.');
  });
});

describe('types', () => {
  it('derive inputs and results per operation', () => {
    const input: OperationInput<'upsertRateLimit'> = {
      params: { serviceId: 1 },
      body: { timeWindow: 60, requestLimit: 100 },
    };
    const none: OperationInput<'getCustomer'> = { params: { customer_id: 1 }, body: undefined };
    const result: OperationResult<'setCorsHeaders'> = undefined;
    const service: OperationResult<'getService'> = { id: 1, domainName: 'www.example.com' };
    const wrong: OperationInput<'upsertRateLimit'> = {
      params: { serviceId: 1 },
      // @ts-expect-error timeWindow must be a number
      body: { timeWindow: '60', requestLimit: 1 },
    };
    expect([input, none, result, service, wrong]).toHaveLength(5);
  });
});
