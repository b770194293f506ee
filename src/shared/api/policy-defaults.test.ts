import { describe, expect, it } from 'vitest';
import { cacheControlSwitchDefaults } from './policy-defaults.ts';
import { cacheControlPolicySchema } from './schemas/cache-control.ts';

describe('cacheControlSwitchDefaults', () => {
  it('names only boolean fields of a cache control policy', () => {
    const parsed = cacheControlPolicySchema.parse({ policyId: 1, ...cacheControlSwitchDefaults });
    for (const [key, value] of Object.entries(cacheControlSwitchDefaults)) expect(parsed[key], key).toBe(value);
  });

  it('has every switch off except enabled, as the spec says', () => {
    const on = Object.entries(cacheControlSwitchDefaults)
      .filter(([, value]) => value)
      .map(([key]) => key);
    expect(on).toEqual(['enabled']);
    expect(Object.keys(cacheControlSwitchDefaults)).toHaveLength(7);
  });
});
