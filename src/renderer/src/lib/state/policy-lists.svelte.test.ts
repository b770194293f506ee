import { describe, expect, it } from 'vitest';
import { effectiveOrder } from './policy-lists.svelte.ts';

describe('effectiveOrder', () => {
  it('orders listed policies as the rule engine does', () => {
    const list = [
      { policyId: 9, priority: 5 },
      { policyId: 3, priority: 10 },
      { policyId: 1, priority: 5 },
    ];
    expect(effectiveOrder(list).map((p) => p.policyId)).toEqual([3, 1, 9]);
  });
});
