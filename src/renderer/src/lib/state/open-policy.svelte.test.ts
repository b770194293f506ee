// The list → editor state shared by the policy lists.
import { describe, expect, it } from 'vitest';
import { OpenPolicy } from './open-policy.svelte.ts';

type Item = { policyId: number; policyName: string };

describe('OpenPolicy', () => {
  it('follows the listed policy and keeps the opened one when a reload no longer lists it', () => {
    let items: Item[] = [{ policyId: 1, policyName: 'a' }];
    const open = new OpenPolicy<Item>(() => items);
    expect(open.isOpen).toBe(false);

    open.edit(items[0]!);
    expect(open.id).toBe(1);
    expect(open.listed).toEqual({ policyId: 1, policyName: 'a' });

    items = [{ policyId: 1, policyName: 'renamed' }];
    expect(open.policy?.policyName).toBe('renamed');

    items = [];
    expect(open.listed).toBeNull();
    expect(open.policy?.policyName).toBe('a');
    expect(open.isOpen).toBe(true);

    open.close();
    expect(open.isOpen).toBe(false);
    expect(open.policy).toBeNull();
  });

  it('opens a new-policy editor without a policy', () => {
    const open = new OpenPolicy<Item>(() => []);
    open.create();
    expect(open.id).toBe('new');
    expect(open.policy).toBeNull();
    expect(open.listed).toBeNull();
    expect(open.isOpen).toBe(true);
  });
});
