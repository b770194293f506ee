import { describe, expect, it } from 'vitest';
import { bulkChangeInputSchema, bulkChangeSchema, describeBulkChange, TOKEN_SECRET_NOT_IN_BULK } from './change.ts';

describe('bulk change schema', () => {
  it('accepts each kind and names it in one line', () => {
    const changes = [
      { kind: 'cors', headers: { accessControlAllowOrigin: '*' } },
      { kind: 'rate-limit-set', rateLimit: { timeWindow: 60, requestLimit: 100 } },
      { kind: 'rate-limit-delete' },
      {
        kind: 'access-control',
        policy: {
          policyName: 'block',
          type: 'deny',
          matchUrlPath: { operator: 'prefix', patterns: ['/admin/'] },
          priority: 5,
          ipRestriction: '10.0.0.1',
        },
      },
      { kind: 'cache-control-edit', policyName: 'images', fields: { ttl: 600 } },
      { kind: 'redirection-edit', policyName: 'old', fields: { httpCode: 301 } },
    ].map((c) => bulkChangeSchema.parse(c));
    expect(changes.map(describeBulkChange)).toEqual([
      'Set CORS headers',
      'Set rate limit: 100 requests per 60 s',
      'Delete rate limit',
      'Access control policy “block”',
      'Edit cache control policy “images”',
      'Edit redirection policy “old”',
    ]);
  });

  it('never carries a token secret, and says why', () => {
    const result = bulkChangeSchema.safeParse({
      kind: 'access-control',
      policy: {
        policyName: 't',
        type: 'token',
        matchUrlPath: { operator: 'prefix', patterns: ['/'] },
        priority: 1,
        tokenSecret: 'abc',
      },
    });
    expect(result.error?.issues[0]?.message).toBe(TOKEN_SECRET_NOT_IN_BULK);
  });

  it('an edit must change at least one field; field rules keep their messages over IPC', () => {
    expect(
      bulkChangeSchema.safeParse({ kind: 'cache-control-edit', policyName: 'images', fields: {} }).error?.issues[0]
        ?.message,
    ).toMatch(/at least one field/);
    const ipc = bulkChangeInputSchema.safeParse({
      kind: 'rate-limit-set',
      rateLimit: { timeWindow: 0, requestLimit: 5 },
    });
    expect(ipc.success).toBe(false);
    expect(ipc.error?.issues[0]?.path).toEqual(['rateLimit', 'timeWindow']);
    expect(ipc.error?.issues[0]?.message).toMatch(/Time window/);
    expect(bulkChangeInputSchema.safeParse('cors').error?.issues[0]?.message).toMatch(/Choose what to change/);
  });
});
