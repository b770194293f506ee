import { describe, expect, it } from 'vitest';
import { operationIds, operations } from '#shared/api/operations.ts';
import { matchRoute } from './routes.ts';

describe('routes', () => {
  it('routes every operation of the table by method and path', () => {
    for (const id of operationIds) {
      const op = operations[id];
      const path = op.path.replace(/\{[^}]+\}/g, '7');
      const m = matchRoute(op.method, path);
      expect(m.kind === 'match' && m.operationId).toBe(id);
    }
  });

  it('matches templates, whatever the method’s case, and returns the params as the URL has them', () => {
    expect(matchRoute('PUT', '/cdn/v1.1/services/5/accessControl/9')).toEqual({
      kind: 'match',
      operationId: 'updateAccessControlPolicyV2',
      params: { serviceId: '5', policyId: '9' },
      template: '/cdn/v1.1/services/{serviceId}/accessControl/{policyId}',
    });
    expect(matchRoute('delete', '/cdn/v1.0/services/5/rateLimit')).toMatchObject({
      kind: 'match',
      operationId: 'deleteRateLimit',
    });
  });

  it('answers the spec’s alias paths (plural service read, requestNumber for 19)', () => {
    const plural = matchRoute('GET', '/cdn/v1.0/services/12');
    expect(plural).toMatchObject({
      kind: 'match',
      operationId: 'getService',
      params: { serviceId: '12' },
      template: '/cdn/v1.0/services/{serviceId}',
    });
    expect(matchRoute('POST', '/cdn/v1.0/analytics/requestNumber')).toMatchObject({
      operationId: 'getOriginRequestNumber',
      template: '/cdn/v1.0/analytics/requestNumber',
    });
    expect(matchRoute('POST', '/cdn/v1.0/analytics/getRequestNumberByServiceName')).toMatchObject({
      kind: 'match',
      operationId: 'getRequestNumber',
    });
  });

  it('keeps invalid ids for the handler to judge, and tells 404 from 405', () => {
    expect(matchRoute('GET', '/cdn/v1.0/service/abc')).toMatchObject({ kind: 'match', params: { serviceId: 'abc' } });
    expect(matchRoute('GET', '/cdn/v1.0/service')).toEqual({ kind: 'method-not-allowed', allowed: ['POST'] });
    expect(matchRoute('PATCH', '/cdn/v1.0/services/1/rateLimit')).toEqual({
      kind: 'method-not-allowed',
      allowed: ['DELETE', 'POST'],
    });
    expect(matchRoute('GET', '/cdn/v1.0/service/1/extra')).toEqual({ kind: 'not-found' });
    expect(matchRoute('GET', '/cdn/v1.0/nothing')).toEqual({ kind: 'not-found' });
  });
});
