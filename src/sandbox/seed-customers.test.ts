// What a seed gives: the default seed the unchanged demo customer, every other seed a customer of
// its own (deterministic), several customers with separate keys, a domain some of them share.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { SandboxState } from './model.ts';
import { seedFrom } from './prng.ts';
import {
  buildInitialState,
  DEFAULT_SEED,
  DEMO_ACCESS_KEY_ID,
  DEMO_CUSTOMER_ID,
  ensureSeededCustomers,
  ensureSharedDomain,
  seededCustomerIdsOf,
} from './seed.ts';

const NOW = Date.parse('2026-11-20T10:17:42Z');
const DEMO_DOMAINS = [
  'www.example-shop.com',
  'static.example-media.net',
  'api.example-shop.com',
  'legacy.example-shop.com',
  'downloads.example-media.net',
  'staging.example-shop.com',
];

const build = (seed: number | string, more: Partial<Parameters<typeof buildInitialState>[0]> = {}): SandboxState =>
  buildInitialState({ seed: seedFrom(seed), nowMs: NOW, ...more });

function customersOf(state: SandboxState) {
  return seededCustomerIdsOf(state).map((id) => ({
    id,
    name: state.customers.find((c) => c.customer.id === id)!.customer.name,
    key: state.keys.find((k) => k.customerId === id)!,
    domains: state.services.filter((s) => s.customerId === id).map((s) => s.service.domainName),
  }));
}

describe('the default seed', () => {
  it('serves the demo customer 1024 with its six domains and the demo key, as before', () => {
    const state = build(DEFAULT_SEED, { extraKeys: [{ accessKeyId: 'K2', accessKeySecret: 's', customerId: 4096 }] });
    const [demo] = customersOf(state);
    expect(demo).toMatchObject({ id: DEMO_CUSTOMER_ID, name: 'Sandbox Demo Retail Ltd', domains: DEMO_DOMAINS });
    expect(demo.key.accessKeyId).toBe(DEMO_ACCESS_KEY_ID);
    expect(state.services.filter((s) => s.customerId === DEMO_CUSTOMER_ID).map((s) => s.service.id)).toEqual([
      101, 102, 103, 104, 105, 106,
    ]);
    // The whole demo state (policies, traffic profiles, ids, the extra key's customer) is byte for
    // byte what it was before a seed could give other customers.
    const { seededCustomerIds, ...rest } = state;
    expect(seededCustomerIds).toEqual([DEMO_CUSTOMER_ID]);
    expect(createHash('sha256').update(JSON.stringify(rest)).digest('hex')).toBe(
      '7f19dca9563e21f1051249b036b5429d2a123cae3aaa020dc20ff47abeb783e1',
    );
  });

  it('keeps the demo customer first when it gives several', () => {
    const [demo, ...others] = customersOf(build(DEFAULT_SEED, { customers: 3 }));
    expect(demo).toMatchObject({ id: DEMO_CUSTOMER_ID, domains: DEMO_DOMAINS });
    expect(others).toHaveLength(2);
    for (const other of others) expect(other.domains.every((d) => d.endsWith('.example'))).toBe(true);
  });
});

describe('other seeds', () => {
  const seeds = [1, 2, 3, 4, 5, 6, 7, 8, 42, 'consultant-demo'];

  it('give each a customer of its own: ID, name, key and domains', () => {
    const firsts = seeds.map((seed) => customersOf(build(seed))[0]);
    for (const c of firsts) {
      expect(c.id).not.toBe(DEMO_CUSTOMER_ID);
      expect(c.id).toBeGreaterThanOrEqual(10_000);
      expect(c.name).toMatch(/^[A-Z][a-zA-Z]*( [A-Z][a-zA-Z]*)+$/);
      expect(c.key.accessKeyId).toMatch(/^SBX[A-Z2-9]{13}$/);
      expect(c.key.accessKeySecret).toMatch(/^sandbox-[a-z0-9-]+-secret-[0-9a-f]{12}$/);
      expect(c.domains.length).toBeGreaterThanOrEqual(4);
      expect(c.domains.length).toBeLessThanOrEqual(6);
      // Reserved TLD only, under the company's own name.
      const slug = c.name.toLowerCase().replace(/ /g, '-');
      expect(c.domains[0]).toBe(`www.${slug}.example`);
      for (const d of c.domains) expect(d.endsWith(`.${slug}.example`)).toBe(true);
      expect(c.domains).not.toContain('www.example-shop.com');
    }
    for (const field of ['id', 'name'] as const) expect(new Set(firsts.map((c) => c[field])).size).toBe(seeds.length);
    expect(new Set(firsts.map((c) => c.key.accessKeyId)).size).toBe(seeds.length);
    expect(new Set(firsts.flatMap((c) => c.domains)).size).toBe(firsts.reduce((n, c) => n + c.domains.length, 0));
  });

  it('are deterministic: the same seed (number or text) gives the same state', () => {
    expect(build(42, { customers: 3 })).toEqual(build(42, { customers: 3 }));
    expect(build('consultant-demo')).toEqual(build('consultant-demo'));
    expect(build(42)).not.toEqual(build(43));
  });

  it('number their services apart from the demo ids, so two gateways rarely share a service ID', () => {
    const a = build(1).services.map((s) => s.service.id);
    const b = build(2).services.map((s) => s.service.id);
    expect(a[0]).toBeGreaterThanOrEqual(1_000);
    expect(a.filter((id) => b.includes(id))).toEqual([]);
  });

  it('give the same first customer whatever the number of customers, and distinct others', () => {
    const one = build(7);
    const five = build(7, { customers: 5 });
    const [first, ...rest] = customersOf(five);
    expect(first).toEqual(customersOf(one)[0]);
    expect(five.services.filter((s) => s.customerId === first.id)).toEqual(
      one.services.filter((s) => s.customerId === first.id),
    );
    const all = customersOf(five);
    expect(rest).toHaveLength(4);
    expect(new Set(all.map((c) => c.id)).size).toBe(5);
    expect(new Set(all.map((c) => c.name)).size).toBe(5);
    expect(new Set(all.map((c) => c.key.accessKeyId)).size).toBe(5);
    expect(new Set(all.map((c) => c.key.accessKeySecret)).size).toBe(5);
    const names = five.services.map((s) => s.service.domainName);
    expect(new Set(names).size).toBe(names.length);
  });

  it('add only the missing customers to an existing state, keeping the ones there', () => {
    const state = build(7, { customers: 2 });
    const before = structuredClone(state);
    expect(ensureSeededCustomers(state, 2, NOW)).toBe(false);
    expect(state).toEqual(before);
    expect(ensureSeededCustomers(state, 4, NOW)).toBe(true);
    expect(customersOf(state).slice(0, 2)).toEqual(customersOf(before));
    expect(customersOf(state).map((c) => c.id)).toEqual(customersOf(build(7, { customers: 4 })).map((c) => c.id));
  });

  it('name customers past the brand list with a number, still distinct', () => {
    const all = customersOf(build(9, { customers: 45 }));
    expect(new Set(all.map((c) => c.name)).size).toBe(45);
    expect(all.some((c) => / 2$/.test(c.name))).toBe(true);
  });
});

describe('a shared domain', () => {
  it('is served by each of the first customers as a service of its own', () => {
    const state = build(42, { customers: 4, sharedDomain: { domainName: 'www.example-shop.com', customers: 3 } });
    const sharing = state.services.filter((s) => s.service.domainName === 'www.example-shop.com');
    const ids = seededCustomerIdsOf(state);
    expect(sharing.map((s) => s.customerId)).toEqual(ids.slice(0, 3));
    expect(new Set(sharing.map((s) => s.service.id)).size).toBe(3);
    expect(new Set(sharing.map((s) => s.service.cName)).size).toBe(3);
    for (const s of sharing) expect(s.service.cName).toContain(`.${s.customerId}.`);
    expect(sharing.every((s) => s.traffic !== null)).toBe(true);
  });

  it('is not added twice: the demo customer already serves www.example-shop.com', () => {
    const state = build(DEFAULT_SEED, { customers: 2 });
    expect(ensureSharedDomain(state, { domainName: 'WWW.example-shop.com', customers: 2 }, NOW)).toBe(true);
    const sharing = state.services.filter((s) => s.service.domainName.toLowerCase() === 'www.example-shop.com');
    expect(sharing.map((s) => s.customerId)).toEqual(seededCustomerIdsOf(state));
    expect(sharing[0].service.id).toBe(101);
    expect(ensureSharedDomain(state, { domainName: 'www.example-shop.com', customers: 2 }, NOW)).toBe(false);
  });
});

describe('state files written before several customers', () => {
  it('read as their first keyed customer', () => {
    const state = build(DEFAULT_SEED);
    delete state.seededCustomerIds;
    expect(seededCustomerIdsOf(state)).toEqual([DEMO_CUSTOMER_ID]);
    const generated = build(5);
    const first = generated.seededCustomerIds![0];
    delete generated.seededCustomerIds;
    expect(seededCustomerIdsOf(generated)).toEqual([first]);
  });
});
