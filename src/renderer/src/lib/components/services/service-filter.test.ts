import { describe, expect, it } from 'vitest';
import { filterWords, searchableList, serviceSearchText } from './service-filter.ts';

const services = [
  { domainName: 'www.example-shop.com', serviceId: 101, cName: 'www-example-shop-com.1024.cdn.sandbox.example', account: 'Acme' },
  { domainName: 'api.example-shop.com', serviceId: 103, account: 'Globex' },
  { domainName: 'static.example-media.net', serviceId: 2101, account: 'Globex' },
];

describe('services filter', () => {
  const list = searchableList(services, (s) => serviceSearchText(s, [s.account]));

  it('keeps every service for an empty query, in list order', () => {
    expect(list.filter('  ')).toEqual(services);
  });

  it('needs every word, in any field, case-insensitively', () => {
    expect(list.filter('SHOP').map((s) => s.serviceId)).toEqual([101, 103]);
    expect(list.filter('shop globex').map((s) => s.serviceId)).toEqual([103]);
    expect(list.filter('1024.cdn').map((s) => s.serviceId)).toEqual([101]);
    expect(list.filter('#2101').map((s) => s.serviceId)).toEqual([2101]);
    expect(list.filter('shop nowhere')).toEqual([]);
  });

  it('splits queries on any white space', () => {
    expect(filterWords(' a\tB  c ')).toEqual(['a', 'b', 'c']);
  });
});
