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

  it('answers the spec’s alias paths', () => {
    const plural = matchRoute('GET', '/cdn/v1.0/services/12');
    expect(plural).toMatchObject({ kind: 'match', operationId: 'getService', params: { serviceId: '12' } });
    expect(matchRoute('POST', '/cdn/v1.0/analytics/requestNumber')).toMatchObject({ operationId: 'getOriginRequestNumber' });
  });

  it('keeps invalid ids for the handler to judge, and tells 404 from 405', () => {
    expect(matchRoute('GET', '/cdn/v1.0/service/abc')).toMatchObject({ kind: 'match', params: { serviceId: 'abc' } });
    expect(matchRoute('GET', '/cdn/v1.0/service')).toEqual({ kind: 'method-not-allowed', allowed: ['POST'] });
    expect(matchRoute('PATCH', '/cdn/v1.0/services/1/rateLimit')).toEqual({ kind: 'method-not-allowed', allowed: ['DELETE', 'POST'] });
    expect(matchRoute('GET', '/cdn/v1.0/service/1/extra')).toEqual({ kind: 'not-found' });
  });
});
