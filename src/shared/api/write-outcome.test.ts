// Every decision for a write whose answer never came (write-outcome.ts).
import { describe, expect, it } from 'vitest';
import { decideUnknownOutcome, differingFields } from './write-outcome.ts';
import { mutatingOperationIds } from './operation-facts.ts';

const create = {
  params: { serviceId: 7 },
  body: {
    policyName: 'Block admin',
    type: 'deny',
    priority: 5,
    matchUrlPath: { operator: 'prefix', patterns: ['/admin'] },
    geoRestriction: 'FR,DE',
  },
};
const listed = (extra: Record<string, unknown> = {}) => ({
  policyId: 41,
  policyName: 'Block admin',
  type: 'deny',
  priority: 5,
  matchUrlPath: { operator: 'prefix', patterns: ['/admin'] },
  // The gateway may return the codes in another order; flags it defaults are listed.
  geoRestriction: 'DE,FR',
  anonymousIp: false,
  enabled: true,
  ...extra,
});

describe('a create with an unknown outcome', () => {
  it('is applied when a policy of that name has the fields that were sent (no second create)', () => {
    const decision = decideUnknownOutcome(
      'createAccessControlPolicy',
      create,
      { kind: 'policies', policies: [listed()] },
      'restart',
    );
    expect(decision).toEqual({
      decision: 'applied',
      policyId: 41,
      message:
        'Confirmed after restart: the service has the access control policy “Block admin” (ID 41) with the fields that were sent.',
    });
  });

  it('is not applied when no policy has that name: it is sent', () => {
    const decision = decideUnknownOutcome(
      'createAccessControlPolicy',
      create,
      { kind: 'policies', policies: [listed({ policyName: 'Other' })] },
      'restart',
    );
    expect(decision.decision).toBe('not-applied');
  });

  it('asks when a policy of that name exists with other fields (edited since, or someone else’s)', () => {
    const decision = decideUnknownOutcome(
      'createAccessControlPolicy',
      create,
      { kind: 'policies', policies: [listed({ type: 'allow' })] },
      'restart',
    );
    expect(decision).toMatchObject({ decision: 'ask', message: expect.stringContaining('type differs') });
  });

  it('asks when the service cannot be read, naming the error', () => {
    const decision = decideUnknownOutcome(
      'createAccessControlPolicy',
      create,
      { kind: 'failed', code: 'Server.Unavailable', message: 'The server is unavailable.' },
      'restart',
    );
    expect(decision).toMatchObject({
      decision: 'ask',
      message: expect.stringContaining('The server is unavailable. (Server.Unavailable)'),
    });
  });

  it('is not applied on a service that no longer exists', () => {
    expect(decideUnknownOutcome('createAccessControlPolicy', create, { kind: 'missing' }, 'restart').decision).toBe(
      'not-applied',
    );
  });

  it('asks when what was sent is not known (a body too large for the journal)', () => {
    expect(
      decideUnknownOutcome(
        'createAccessControlPolicy',
        { params: { serviceId: 7 } },
        { kind: 'policies', policies: [listed()] },
        'restart',
      ).decision,
    ).toBe('ask');
  });

  it('says when the confirmation came right after a write got no answer', () => {
    const decision = decideUnknownOutcome(
      'createAccessControlPolicy',
      create,
      { kind: 'policies', policies: [listed()] },
      'no-answer',
    );
    expect(decision).toMatchObject({
      decision: 'applied',
      message: expect.stringMatching(/^Confirmed after the gateway did not answer: /),
    });
  });
});

describe('an edit with an unknown outcome', () => {
  const edit = { params: { serviceId: 7, policyId: 41 }, body: { ...create.body, type: 'allow' } };

  it('is applied when the policy already has the values sent', () => {
    const decision = decideUnknownOutcome(
      'updateAccessControlPolicy',
      edit,
      { kind: 'policies', policies: [listed({ type: 'allow' })] },
      'restart',
    );
    expect(decision).toMatchObject({ decision: 'applied', policyId: 41 });
  });

  it('is not applied (and sent again: an edit is a full replacement) when a value differs', () => {
    const decision = decideUnknownOutcome(
      'updateAccessControlPolicy',
      edit,
      { kind: 'policies', policies: [listed()] },
      'restart',
    );
    expect(decision).toMatchObject({ decision: 'not-applied', message: expect.stringContaining('(type)') });
  });

  it('is not applied when the policy is gone', () => {
    expect(
      decideUnknownOutcome('updateAccessControlPolicy', edit, { kind: 'policies', policies: [] }, 'restart').decision,
    ).toBe('not-applied');
  });

  it('compares V2 matches with a version 1.0 listing through their version 1.0 form', () => {
    const v2 = {
      params: { serviceId: 7, policyId: 41 },
      body: {
        policyName: 'Block admin',
        type: 'deny',
        matches: [{ field: 'req.path', operator: 'startswith', values: ['/admin'] }],
      },
    };
    expect(
      decideUnknownOutcome('updateAccessControlPolicyV2', v2, { kind: 'policies', policies: [listed()] }, 'restart')
        .decision,
    ).toBe('applied');
    const other = {
      ...v2,
      body: { ...v2.body, matches: [{ field: 'req.path', operator: 'startswith', values: ['/private'] }] },
    };
    expect(
      decideUnknownOutcome('updateAccessControlPolicyV2', other, { kind: 'policies', policies: [listed()] }, 'restart')
        .decision,
    ).toBe('not-applied');
  });

  it('of a cache control policy compares autoGzipDisable with its default when the list leaves it out', () => {
    const body = {
      policyName: 'images',
      priority: 3,
      matches: [{ field: 'req.path', operator: 'startswith', values: ['/img'] }],
      autoGzipDisable: false,
      ttl: 600,
    };
    const policy = {
      policyId: 9,
      policyName: 'images',
      priority: 3,
      matches: [{ field: 'req.path', operator: 'startswith', values: ['/img'] }],
      ttl: 600,
    };
    expect(
      decideUnknownOutcome(
        'updateCacheControlPolicyV2',
        { params: { serviceId: 7, policyId: 9 }, body },
        { kind: 'policies', policies: [policy] },
        'restart',
      ).decision,
    ).toBe('applied');
  });

  it('of a redirection compares with the V2 listing through its version 1.0 form', () => {
    const body = {
      policyName: 'old',
      matchUrlPath: { operator: 'prefix', patterns: ['/old'] },
      redirectDestination: 'https://new.example/',
      httpCode: 301,
      priority: 1,
    };
    const policy = {
      policyId: 3,
      policyName: 'old',
      matches: [{ field: 'req.path', operator: 'startswith', values: ['/old'] }],
      redirectDestination: 'https://new.example/',
      httpCode: 301,
      priority: 1,
      enabled: true,
    };
    expect(
      decideUnknownOutcome(
        'updateRedirectionPolicy',
        { params: { serviceId: 7, policyId: 3 }, body },
        { kind: 'policies', policies: [policy] },
        'restart',
      ).decision,
    ).toBe('applied');
  });
});

describe('writes the API cannot read back', () => {
  it('are sent again, with the reason it is safe', () => {
    const cors = decideUnknownOutcome(
      'setCorsHeaders',
      { params: { serviceId: 7 }, body: { accessControlAllowOrigin: '*' } },
      null,
      'restart',
    );
    expect(cors).toEqual({ decision: 'resend', message: expect.stringContaining('full replacement') });
    expect(
      decideUnknownOutcome(
        'upsertRateLimit',
        { params: { serviceId: 7 }, body: { timeWindow: 1, requestLimit: 5 } },
        null,
        'restart',
      ),
    ).toMatchObject({ decision: 'resend', message: expect.stringContaining('creates or updates') });
    expect(decideUnknownOutcome('deleteRateLimit', { params: { serviceId: 7 } }, null, 'restart')).toMatchObject({
      decision: 'resend',
      message: expect.stringContaining('deleting it again is safe'),
    });
    expect(
      decideUnknownOutcome('createService', { params: {}, body: { domainName: 'a.example' } }, null, 'restart'),
    ).toMatchObject({ decision: 'resend', message: expect.stringContaining('refuses a second service') });
  });

  it('every mutating operation has a check', () => {
    for (const id of mutatingOperationIds) {
      const decision = decideUnknownOutcome(
        id,
        { params: { serviceId: 1, policyId: 1 }, body: { policyName: 'x' } },
        { kind: 'policies', policies: [] },
        'restart',
      );
      expect(['not-applied', 'resend']).toContain(decision.decision);
    }
  });
});

describe('differingFields', () => {
  it('ignores secrets (journaled redacted) and compares IP and country lists as sets', () => {
    expect(
      differingFields(
        { tokenSecret: '[redacted]', ipRestriction: '10.0.0.1, 10.0.0.2' },
        { tokenSecret: 'real', ipRestriction: '10.0.0.2,10.0.0.1' },
      ),
    ).toEqual([]);
    expect(differingFields({ enabled: false }, {})).toEqual(['enabled']);
    expect(differingFields({ enabled: true }, {})).toEqual([]);
  });
});
