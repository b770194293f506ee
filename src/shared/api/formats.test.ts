import { describe, expect, it } from 'vitest';
import {
  corsAllowOriginProblem,
  invalidCountryCode,
  invalidIpRestrictionEntry,
  isApiDayTimestamp,
  isApiTimestamp,
  isCidr,
  isCorsMethodList,
  isDomainName,
  isDottedNetmask,
  isHeaderNameList,
  isIPv4,
  isIPv6,
  isIpRestrictionEntry,
  isMimeType,
  isRedirectDestination,
  isTokenSecretList,
  iso3166Countries,
  normalizeCommaList,
  parseApiTimestamp,
  parseOriginUrl,
} from './formats.ts';

describe('domain names', () => {
  it.each(['www.example.com', 'example.com', 'a-b.example.co.uk', 'xn--bcher-kva.example', 'WWW.Example.COM'])(
    'accepts %s',
    (d) => {
      expect(isDomainName(d)).toBe(true);
    },
  );
  it.each([
    '',
    'localhost',
    '-a.example.com',
    'a-.example.com',
    'a..com',
    'example.com.',
    'https://example.com',
    'example.com/x',
    '1.2.3.4',
    'ex ample.com',
    '*.example.com',
    `${'a'.repeat(64)}.com`,
  ])('rejects %s', (d) => {
    expect(isDomainName(d)).toBe(false);
  });
  it('allows a leading wildcard label only when asked', () => {
    expect(isDomainName('*.example.com', { wildcard: true })).toBe(true);
    expect(isDomainName('a.*.example.com', { wildcard: true })).toBe(false);
    expect(isDomainName('*.com', { wildcard: true })).toBe(false);
  });
});

describe('origin URL [http[s]://]hostname[:port][/path/prefix]', () => {
  it('parses every part', () => {
    expect(parseOriginUrl('https://origin.example.com:8443/static/v1')).toEqual({
      scheme: 'https',
      host: 'origin.example.com',
      port: 8443,
      path: '/static/v1',
    });
    expect(parseOriginUrl('origin.example.com')).toEqual({ host: 'origin.example.com' });
    expect(parseOriginUrl('HTTP://10.0.0.1:80')).toEqual({ scheme: 'http', host: '10.0.0.1', port: 80 });
    expect(parseOriginUrl('[2001:db8::1]:443/x')).toEqual({ host: '[2001:db8::1]', port: 443, path: '/x' });
    expect(parseOriginUrl('origin/x')).toEqual({ host: 'origin', path: '/x' });
  });
  it.each([
    '',
    'ftp://origin.example.com',
    'https://',
    'origin.example.com:0',
    'origin.example.com:65536',
    'origin.example.com/a?b=1',
    'origin .example.com',
    '999.1.1.1',
    'https://[zz::1]',
  ])('rejects %s', (u) => {
    expect(parseOriginUrl(u)).toBeNull();
  });
});

describe('IP addresses', () => {
  it('IPv4', () => {
    expect(isIPv4('203.0.113.7')).toBe(true);
    expect(isIPv4('0.0.0.0')).toBe(true);
    for (const bad of ['256.0.0.1', '1.2.3', '01.2.3.4', '1.2.3.4.5', 'a.b.c.d', ''])
      expect(isIPv4(bad), bad).toBe(false);
  });
  it('dotted netmasks are contiguous', () => {
    for (const m of ['255.255.255.0', '255.255.255.255', '0.0.0.0', '255.128.0.0'])
      expect(isDottedNetmask(m), m).toBe(true);
    for (const m of ['255.0.255.0', '255.255.255.1', '128.255.0.0']) expect(isDottedNetmask(m), m).toBe(false);
  });
  it('IPv6', () => {
    for (const ok of ['::1', '::', '2001:db8::', '2001:db8:0:0:0:0:0:1', 'fe80::1:2', '::ffff:192.0.2.1'])
      expect(isIPv6(ok), ok).toBe(true);
    for (const bad of ['2001:db8::1::2', '12345::', '1:2:3:4:5:6:7:8:9', 'g::1', ':1', '1:2:3:4:5:6:7'])
      expect(isIPv6(bad), bad).toBe(false);
  });
  it('ipRestriction entries: address, address/netmask, address/prefix', () => {
    for (const ok of [
      '203.0.113.7',
      '203.0.113.0/24',
      '203.0.113.0/255.255.255.0',
      '10.0.0.0/0',
      '2001:db8::/32',
      '::1',
    ]) {
      expect(isIpRestrictionEntry(ok), ok).toBe(true);
    }
    for (const bad of [
      '203.0.113.0/33',
      '203.0.113.0/255.0.255.0',
      '2001:db8::/129',
      '2001:db8::/255.255.0.0',
      'example.com',
      '203.0.113.0/',
      '/24',
    ]) {
      expect(isIpRestrictionEntry(bad), bad).toBe(false);
    }
  });
  it('ipRestriction lists report the first bad entry', () => {
    expect(invalidIpRestrictionEntry('1.2.3.4, 10.0.0.0/8')).toBeNull();
    expect(invalidIpRestrictionEntry('1.2.3.4,,10.0.0.0/8')).toBe('');
    expect(invalidIpRestrictionEntry('1.2.3.4,10.0.0.0/40')).toBe('10.0.0.0/40');
  });
  it('CIDR for subnet match values (no dotted netmask)', () => {
    expect(isCidr('10.0.0.0/8')).toBe(true);
    expect(isCidr('10.0.0.1')).toBe(true);
    expect(isCidr('2001:db8::/48')).toBe(true);
    expect(isCidr('10.0.0.0/255.0.0.0')).toBe(false);
  });
});

describe('geo, tokens, headers, CORS', () => {
  it('exports all 249 ISO 3166-1 alpha-2 codes with English names, sorted by code', () => {
    expect(iso3166Countries).toHaveLength(249);
    const codes = iso3166Countries.map((c) => c.code);
    expect([...codes].sort()).toEqual(codes);
    expect(iso3166Countries.find((c) => c.code === 'DE')?.name).toBe('Germany');
    expect(
      iso3166Countries.every((c) => /^[A-Z]{2}$/.test(c.code) && c.name.length > 2 && (c.name as string) !== c.code),
    ).toBe(true);
  });
  it('geoRestriction codes are upper-case assigned codes', () => {
    expect(invalidCountryCode('US,DE, JP')).toBeNull();
    expect(invalidCountryCode('us')).toBe('us');
    expect(invalidCountryCode('US,XX')).toBe('XX');
    expect(invalidCountryCode('USA')).toBe('USA');
    expect(invalidCountryCode('US,')).toBe('');
  });
  it('tokenSecret: tokens of exactly 64 [0-9a-z]', () => {
    const t = 'a1'.repeat(32);
    expect(isTokenSecretList(t)).toBe(true);
    expect(isTokenSecretList(`${t},${'z'.repeat(64)}`)).toBe(true);
    expect(isTokenSecretList(t.slice(1))).toBe(false);
    expect(isTokenSecretList(`${t}0`)).toBe(false);
    expect(isTokenSecretList('A'.repeat(64))).toBe(false);
    expect(isTokenSecretList(`${t},`)).toBe(false);
  });
  it('header name lists', () => {
    expect(isHeaderNameList('X-Request-Id, Content-Length')).toBe(true);
    expect(isHeaderNameList('X Bad')).toBe(false);
    expect(isHeaderNameList('A,,B')).toBe(false);
  });
  it('CORS methods and origins', () => {
    expect(isCorsMethodList('GET')).toBe(true);
    expect(isCorsMethodList('GET, POST,PATCH')).toBe(true);
    expect(isCorsMethodList('get')).toBe(false);
    expect(isCorsMethodList('GET,FOO')).toBe(false);
    expect(corsAllowOriginProblem('*')).toBeNull();
    expect(corsAllowOriginProblem('https://www.example.com')).toBeNull();
    expect(corsAllowOriginProblem('http://www.example.com:8080')).toBeNull();
    for (const bad of [
      'www.example.com',
      'https://www.example.com/',
      'https://localhost',
      'ftp://example.com',
      'https://*.example.com',
      '',
    ]) {
      expect(corsAllowOriginProblem(bad), bad).not.toBeNull();
    }
  });
  it('MIME types and redirect destinations', () => {
    expect(isMimeType('image/webp')).toBe(true);
    expect(isMimeType('image/*')).toBe(true);
    expect(isMimeType('image')).toBe(false);
    expect(isRedirectDestination('https://www.example.com/new?x=1')).toBe(true);
    expect(isRedirectDestination('/new')).toBe(true);
    expect(isRedirectDestination('//evil.example')).toBe(false);
    expect(isRedirectDestination('www.example.com')).toBe(false);
    expect(isRedirectDestination('https://a b')).toBe(false);
  });
  it('normalizeCommaList drops spaces around commas', () => {
    expect(normalizeCommaList(' US , DE,JP ')).toBe('US,DE,JP');
  });
});

describe('timestamps yyyy-MM-ddTHH:mm:ssZ', () => {
  it('parses valid UTC times', () => {
    expect(parseApiTimestamp('2024-02-29T23:59:59Z')?.toISOString()).toBe('2024-02-29T23:59:59.000Z');
    expect(isApiTimestamp('2024-01-01T00:00:00Z')).toBe(true);
  });
  it.each([
    '2023-02-29T00:00:00Z',
    '2024-13-01T00:00:00Z',
    '2024-01-01T24:00:00Z',
    '2024-01-01T00:60:00Z',
    '2024-01-01 00:00:00Z',
    '2024-01-01T00:00:00',
    '2024-01-01T00:00:00.000Z',
    '2024-01-01T00:00:00+00:00',
  ])('rejects %s', (t) => {
    expect(isApiTimestamp(t)).toBe(false);
  });
  it('day form is midnight', () => {
    expect(isApiDayTimestamp('2024-01-01T00:00:00Z')).toBe(true);
    expect(isApiDayTimestamp('2024-01-01T00:00:01Z')).toBe(false);
  });
});
