import { describe, expect, it } from 'vitest';
import {
  isEmptyServiceFilter,
  matchesServiceFilter,
  narrowsServiceFilter,
  parseServiceFilterQuery,
  serviceFilterText,
  toggleTagInFilter,
} from './service-filter.ts';

const shop = {
  serviceId: 101,
  domainName: 'shop.example.com',
  cName: 'shop.example.com.cdn.test',
  tags: ['retail', 'eu'],
};
const staging = { serviceId: 202, domainName: 'staging.example.com', tags: ['staging', 'retail'] };
const plain = { serviceId: 303, domainName: 'api.example.net' };

function filter(text: string) {
  const query = parseServiceFilterQuery(text);
  return [shop, staging, plain].filter((s) => matchesServiceFilter(query, s)).map((s) => s.serviceId);
}

describe('service filter', () => {
  it('matches words against domain, CNAME and ID, all words required', () => {
    expect(filter('')).toEqual([101, 202, 303]);
    expect(filter('example.com')).toEqual([101, 202]);
    expect(filter('EXAMPLE shop')).toEqual([101]);
    expect(filter('#303')).toEqual([303]);
    expect(filter('cdn.test')).toEqual([101]);
    expect(filter('nothing')).toEqual([]);
  });

  it('lets the words match further text (the account of a service in a list of several accounts)', () => {
    const query = parseServiceFilterQuery('shop globex');
    expect(matchesServiceFilter(query, { ...shop, searchText: 'Globex Retail' })).toBe(true);
    expect(matchesServiceFilter(query, shop)).toBe(false);
  });

  it('keeps services with every tag:x and drops those with -tag:x', () => {
    expect(filter('tag:retail')).toEqual([101, 202]);
    expect(filter('tag:Retail -tag:staging')).toEqual([101]);
    expect(filter('tag:retail tag:eu')).toEqual([101]);
    expect(filter('tag:retail staging')).toEqual([202]);
    expect(filter('tag:unknown')).toEqual([]);
    // Still typing: "tag:" alone filters nothing.
    expect(filter('tag:')).toEqual([101, 202, 303]);
    expect(isEmptyServiceFilter(parseServiceFilterQuery(' tag: '))).toBe(true);
  });

  it('matches the same with a prepared text', () => {
    const query = parseServiceFilterQuery('SHOP cdn');
    expect(matchesServiceFilter(query, shop, serviceFilterText(shop))).toBe(true);
    expect(matchesServiceFilter(query, plain, serviceFilterText(plain))).toBe(false);
  });

  it('says when a query only narrows the previous one (typing on), never when tags change', () => {
    const narrows = (a: string, b: string): boolean =>
      narrowsServiceFilter(parseServiceFilterQuery(a), parseServiceFilterQuery(b));
    expect(narrows('', 'm')).toBe(true);
    expect(narrows('med', 'media')).toBe(true);
    expect(narrows('media', 'media c')).toBe(true);
    expect(narrows('edi', 'media')).toBe(true);
    expect(narrows('media', 'medi')).toBe(false);
    expect(narrows('media c', 'media')).toBe(false);
    expect(narrows('shop', 'api')).toBe(false);
    expect(narrows('tag:re', 'tag:ret')).toBe(false);
    expect(narrows('tag:retail', 'tag:retail shop')).toBe(true);
    expect(narrows('shop', 'shop -tag:eu')).toBe(false);
    // Narrowing is sound: whatever the narrower query keeps, the previous one kept.
    for (const [a, b] of [
      ['ex', 'example'],
      ['example', 'example.com shop'],
      ['3', '303'],
    ]) {
      expect(narrows(a, b)).toBe(true);
      const kept = filter(b);
      expect(filter(a)).toEqual(expect.arrayContaining(kept));
    }
  });

  it('toggles a tag term in the filter text, keeping what was typed', () => {
    expect(toggleTagInFilter('shop', 'Retail')).toBe('shop tag:retail');
    expect(toggleTagInFilter('shop tag:retail', 'retail')).toBe('shop');
    expect(toggleTagInFilter('', 'eu')).toBe('tag:eu');
  });
});
