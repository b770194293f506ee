import { describe, expect, it } from 'vitest';
import { planBulkItem } from './plan.ts';
import { revertLimitOf, revertLimits, revertLimitText } from './revert.ts';

const cors = { kind: 'cors' as const, headers: { accessControlAllowOrigin: 'https://shop.example.com' } };
const service = { kind: 'service' as const };

describe('what a later revert cannot undo, known from the plan', () => {
  it('a first-time CORS or rate-limit write has no previous value to go back to', () => {
    const firstTime = planBulkItem(cors, 1, service, null);
    expect(revertLimitOf(firstTime)).toBe('previous-unknown');
    const rateFirst = planBulkItem(
      { kind: 'rate-limit-set', rateLimit: { timeWindow: 60, requestLimit: 10 } },
      1,
      service,
      null,
    );
    expect(revertLimitOf(rateFirst)).toBe('previous-unknown');
    // Applied from this app before: the journal knows the value, the revert restores it.
    const known = planBulkItem(cors, 1, service, {
      body: { accessControlAllowOrigin: '*' },
      at: '2026-11-01T00:00:00Z',
    });
    expect(known.action).toBe('update');
    expect(revertLimitOf(known)).toBeNull();
  });

  it('a created access control policy cannot be removed; unchanged and cannot-apply items are not written at all', () => {
    const created = planBulkItem(
      {
        kind: 'access-control',
        policy: { policyName: 'Deny admin', type: 'deny', matchUrlPath: { operator: 'prefix', patterns: ['/admin'] } },
      },
      1,
      { kind: 'policies', policies: [] },
      null,
    );
    expect(created.action).toBe('create');
    expect(revertLimitOf(created)).toBe('create');
    expect(revertLimitOf(planBulkItem(cors, 1, { kind: 'missing' }, null))).toBeNull();
    expect(revertLimitOf(planBulkItem(cors, 1, service, { body: { ...cors.headers }, at: 'x' }))).toBeNull();
  });

  it('groups the items by reason, in plan order, and says each in one sentence', () => {
    const items = [
      { id: 'a', ...planBulkItem(cors, 1, service, null) },
      { id: 'b', ...planBulkItem(cors, 2, service, { body: { accessControlAllowOrigin: '*' }, at: 'x' }) },
      { id: 'c', ...planBulkItem(cors, 3, service, null) },
    ];
    expect(revertLimits(items).map((g) => [g.limit, g.items.map((i) => i.id)])).toEqual([
      ['previous-unknown', ['a', 'c']],
    ]);
    expect(revertLimitText['previous-unknown'](2)).toMatch(
      /^A revert cannot undo these changes on 2 services: the value there now is not known/,
    );
  });
});
