import { describe, expect, it } from 'vitest';
import {
  countText,
  filterTargets,
  parseTargetKey,
  selectedTargets,
  targetKey,
  type TargetService,
} from './bulk-targets.ts';

const accounts = [
  { id: 'a', name: 'Acme', production: false },
  { id: 'b', name: 'Globex', production: true },
];
const services: TargetService[] = [
  { accountId: 'a', serviceId: 2, domainName: 'shop.acme.com', tags: ['retail'] },
  { accountId: 'a', serviceId: 1, domainName: 'api.acme.com', tags: [] },
  { accountId: 'b', serviceId: 1, domainName: 'www.globex.eu', tags: ['retail', 'staging'] },
];

describe('bulk target selection', () => {
  it('matches a domain pattern on the whole name, as the core does', () => {
    const groups = (pattern: string) =>
      filterTargets(accounts, services, { accountIds: [], pattern, tag: '' }).flatMap((g) =>
        g.services.map((s) => s.domainName),
      );
    expect(groups('*.acme.com')).toEqual(['api.acme.com', 'shop.acme.com']);
    expect(groups('SHOP.acme.com')).toEqual(['shop.acme.com']);
    expect(groups('shop')).toEqual([]);
    expect(groups(' ')).toHaveLength(3);
  });

  it('groups by account in account order, filtered by account, pattern and tag, with totals', () => {
    const all = filterTargets(accounts, services, { accountIds: [], pattern: '', tag: '' });
    expect(all.map((g) => [g.account.id, g.services.map((s) => s.domainName), g.total])).toEqual([
      ['a', ['api.acme.com', 'shop.acme.com'], 2],
      ['b', ['www.globex.eu'], 1],
    ]);
    const retail = filterTargets(accounts, services, { accountIds: [], pattern: '', tag: 'Retail' });
    expect(retail.map((g) => g.services.length)).toEqual([1, 1]);
    const onlyB = filterTargets(accounts, services, { accountIds: ['b'], pattern: 'acme', tag: '' });
    expect(onlyB).toEqual([{ account: accounts[1], services: [], total: 1 }]);
  });

  it('keeps the same service ID in two accounts apart', () => {
    expect(targetKey('a', 1)).not.toBe(targetKey('b', 1));
    expect(parseTargetKey('acc:with:colon:12')).toEqual({ accountId: 'acc:with:colon', serviceId: 12 });
    expect(parseTargetKey('a:x')).toBeNull();
    expect(selectedTargets(new Set([targetKey('b', 1), targetKey('z', 9)]), services).map((s) => s.domainName)).toEqual(
      ['www.globex.eu'],
    );
  });

  it('counts in words', () => {
    expect(countText(1, 1)).toBe('1 service');
    expect(countText(12, 2)).toBe('12 services in 2 accounts');
  });
});
