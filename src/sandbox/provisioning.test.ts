import { describe, expect, it } from 'vitest';
import { cacheControlSwitchDefaults } from '#shared/api/policy-defaults.ts';
import { CNAME_SUFFIX, cNameFor, defaultPoliciesFor } from './provisioning.ts';

describe('provisioning rules', () => {
  it('derives the cName from domain, customer and service, keeping the label within 63 characters', () => {
    expect(cNameFor('www.Example.com', 1024, 101)).toBe(`www-example-com.1024.${CNAME_SUFFIX}`);
    expect(cNameFor('*.example.com', 7, 5)).toBe(`wildcard-example-com.7.${CNAME_SUFFIX}`);
    const long = cNameFor(`${'a'.repeat(70)}.example.com`, 1, 123);
    expect(long.split('.')[0]).toHaveLength(63);
    expect(long.split('.')[0].endsWith('-123')).toBe(true);
  });

  it('gives every new service two cache control policies and a disabled placeholder redirect', () => {
    let id = 10;
    const defaults = defaultPoliciesFor('shop.example', () => id++);
    expect(defaults.cacheControl.map((p) => [p.policyId, p.policyName])).toEqual([
      [10, 'Static assets'],
      [11, 'Default'],
    ]);
    expect(defaults.cacheControl[1]).toMatchObject({ ...cacheControlSwitchDefaults, ttl: 3_600 });
    expect(defaults.redirections).toEqual([
      expect.objectContaining({ policyId: 12, enabled: false, redirectDestination: 'https://shop.example/' }),
    ]);
  });
});
