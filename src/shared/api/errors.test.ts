import { describe, expect, it } from 'vitest';
import {
  apiErrorTable,
  errorCodesForOperation,
  fieldForErrorCode,
  findApiError,
  normalizeApiErrorCode,
} from './errors.ts';
import { operationIds } from './operations.ts';
import { operationIdForNumber, specNumberOf } from './test-support/spec-numbers.ts';
import { parseOperationNumbers, readApiDecisions, readSpec, tableAfter } from './test-support/spec-tables.ts';

const specRows = tableAfter(readSpec(), '## Errors').map(([status, code, , operations]) => ({
  status: Number(status),
  code,
  operations: parseOperationNumbers(operations),
}));

/** Deliberate extensions of the spec's Operations column (docs/api-decisions.md). */
const extensions: Record<string, number[]> = {
  'Request.BadRequest': [2],
  'InvalidCustomer.IdEmpty': [1],
  'InvalidService.IdPermission': [3, 4, 5, 7],
  'InvalidPriority.Unique': [7],
  'InvalidPolicy.Patterns': [7, 9, 10],
  'TimeFormat.Invalid': [16, 18, 19],
};

describe('apiErrorTable against the spec Errors table', () => {
  it('parses the whole spec table', () => {
    expect(specRows.length).toBeGreaterThan(60);
    expect(specRows.every((r) => r.code && Number.isInteger(r.status))).toBe(true);
  });

  it('has exactly the spec codes as source spec rows, in the spec order', () => {
    const ours = apiErrorTable.filter((e) => e.source === 'spec').map((e) => e.code);
    expect(ours).toEqual(specRows.map((r) => r.code));
  });

  it.each(specRows)('$code: status and operations match the spec', (row) => {
    const entry = findApiError(row.code);
    expect(entry?.status).toBe(row.status);
    const specNumbers = row.operations === 'all' ? operationIds.map(specNumberOf) : row.operations;
    const expected = [...specNumbers, ...(extensions[row.code] ?? [])].sort((a, b) => a - b).map(operationIdForNumber);
    expect([...(entry?.operations ?? [])].sort((a, b) => specNumberOf(a) - specNumberOf(b))).toEqual(expected);
  });

  it('lists the gateway codes of docs/api-decisions.md with their status', () => {
    const rows = tableAfter(readApiDecisions(), '## Gateway codes for what the spec leaves open');
    expect(rows.length).toBe(17);
    const gateway = apiErrorTable.filter((e) => e.source === 'gateway');
    expect(gateway.map((e) => [e.status, e.code])).toEqual(rows.map(([status, code]) => [Number(status), code]));
  });

  it('gives every row a user-facing sentence that says what to do', () => {
    for (const e of apiErrorTable) {
      expect(e.meaning, e.code).toMatch(/^[A-Z].*\.$/);
      expect(e.meaning, e.code).toMatch(
        /\b(must|Enter|Choose|Check|Try|Add|Fill|Remove|Use|Wait|Correct|Update|Contact|Refresh|Turn|Shorten|Give|reload)\b/,
      );
      expect(e.operations.length, e.code).toBeGreaterThan(0);
    }
  });

  it('has no duplicate codes', () => {
    const codes = apiErrorTable.map((e) => e.code);
    expect(new Set(codes).size).toBe(codes.length);
  });
});

describe('lookups', () => {
  it('maps the underscore spelling to the dotted code', () => {
    expect(normalizeApiErrorCode('InvalidService_IdPermission')).toBe('InvalidService.IdPermission');
    expect(findApiError('InvalidService_IdPermission')?.status).toBe(400);
    expect(normalizeApiErrorCode('Some.Unknown')).toBe('Some.Unknown');
    expect(findApiError('Some.Unknown')).toBeUndefined();
  });

  it.each([
    ['InvalidPolicy.IpRestriction', 'ipRestriction'],
    ['InvalidService.OriginUrlEmpty', 'origins'],
    ['InvalidRateLimit.TimeWindow', 'timeWindow'],
    ['InvalidOrigin.UrlFormat', 'accessControlAllowOrigin'],
    ['InvalidPolicy.CorsHeaderForMaxAge', 'accessControlMaxAge'],
    ['ServiceNames.NumberInvalid', 'serviceNames'],
    ['Time.Invalid', 'startTime'],
    ['TimeRange.EndBeforeStart', 'endTime'],
    ['IntervalType.Invalid', 'interval'],
    ['InvalidRedirection.HttpCode', 'httpCode'],
  ])('fieldForErrorCode(%s) = %s', (code, field) => {
    expect(fieldForErrorCode(code)).toBe(field);
  });

  it('has no field for codes that concern no body field', () => {
    expect(fieldForErrorCode('Signature.NotMatch')).toBeUndefined();
    expect(fieldForErrorCode('Auth.DateExpired')).toBeUndefined();
  });

  it('lists InvalidService.IdPermission for the service reads 3, 4, 5 (unknown service)', () => {
    for (const id of ['getService', 'listCacheControlPolicies', 'listCacheControlPoliciesV2'] as const) {
      expect(errorCodesForOperation(id), id).toContain('InvalidService.IdPermission');
    }
    expect(errorCodesForOperation('getCustomer')).not.toContain('InvalidService.IdPermission');
    expect(errorCodesForOperation('getVolume')).not.toContain('InvalidService.IdPermission');
  });

  it('has the gateway code InvalidPolicy.IdNotFound for the policy edits 6, 9, 10, 11 only', () => {
    expect(findApiError('InvalidPolicy.IdNotFound')).toEqual({
      code: 'InvalidPolicy.IdNotFound',
      status: 404,
      meaning: 'No policy with this ID exists on this service; reload the list.',
      field: 'policyId',
      operations: [
        'updateCacheControlPolicyV2',
        'updateAccessControlPolicy',
        'updateAccessControlPolicyV2',
        'updateRedirectionPolicy',
      ],
      source: 'gateway',
    });
    expect(fieldForErrorCode('InvalidPolicy.IdNotFound')).toBe('policyId');
    expect(errorCodesForOperation('updateRedirectionPolicy', 'gateway')).toContain('InvalidPolicy.IdNotFound');
    expect(errorCodesForOperation('createAccessControlPolicy', 'all')).not.toContain('InvalidPolicy.IdNotFound');
  });

  it('errorCodesForOperation separates spec and gateway codes', () => {
    expect(errorCodesForOperation('getCustomer')).toEqual(['Signature.NotMatch', 'InvalidCustomer.IdEmpty']);
    expect(errorCodesForOperation('getCustomer', 'gateway')).toContain('InvalidCustomer.NotFound');
    expect(errorCodesForOperation('getService', 'gateway')).not.toContain('InvalidCustomer.NotFound');
    expect(errorCodesForOperation('deleteRateLimit', 'all')).toContain('Request.TooManyRequests');
  });
});
