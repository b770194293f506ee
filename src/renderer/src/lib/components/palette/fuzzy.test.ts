import { describe, expect, it } from 'vitest';
import { fuzzyFilter, fuzzyIndex } from './fuzzy.ts';

const names = Array.from({ length: 400 }, (_, i) => ({
  label: `${['www', 'shop', 'media', 'video'][i % 4]}-${String(i).padStart(4, '0')}.customer-${String(i % 20).padStart(2, '0')}.example`,
  account: `Customer ${i % 20}`,
}));

describe('fuzzy index', () => {
  const index = fuzzyIndex(
    names,
    (n) => n.label,
    (n) => n.account,
  );

  it('keeps only the best results, in the order a full sort gives (ties in list order)', () => {
    for (const query of ['v', 'media-01', 'video customer-1', 'shop 0042', 'customer 7', 'zzz']) {
      const full = fuzzyFilter(
        names,
        query,
        (n) => n.label,
        (n) => n.account,
      );
      expect(index.search(query, 10)).toEqual(full.slice(0, 10));
    }
  });

  it('gives the same answers while typing on (refining) as from scratch, and after deleting', () => {
    const typing = fuzzyIndex(
      names,
      (n) => n.label,
      (n) => n.account,
    );
    const query = 'video-01 customer 1';
    for (let i = 1; i <= query.length; i++) {
      const fresh = fuzzyIndex(
        names,
        (n) => n.label,
        (n) => n.account,
      ).search(query.slice(0, i), 20);
      expect(typing.search(query.slice(0, i), 20)).toEqual(fresh);
    }
    expect(typing.search('video', 20)).toEqual(index.search('video', 20));
    expect(typing.search('shop', 20)).toEqual(index.search('shop', 20));
  });

  it('lists items in their order for an empty query and leaves out what `include` rejects', () => {
    expect(index.search('', 3).map((r) => r.item)).toEqual(names.slice(0, 3));
    expect(
      index.search('media', 5, (n) => n.account === 'Customer 2').every((r) => r.item.account === 'Customer 2'),
    ).toBe(true);
  });

  it('highlights only the words found in the label, never half of a miss', () => {
    const [hit] = index.search('media customer 2', 1);
    expect(hit?.match.positions.length).toBe('media'.length + 'customer'.length + 1);
  });
});

// A consultant's five customers, every one with a service of the same domain: "acme www cache"
// must open Acme's service, not the current account's one of the same domain.
describe('several customers sharing a domain', () => {
  type Entry = { id: string; label: string; other: string; account: string };
  const sections = [
    'Details',
    'Cache control',
    'Access control',
    'Redirection',
    'CORS',
    'Rate limit',
    'Rule tester',
    'Rule tests',
  ];
  // The current account's entries come first in the list, as the palette builds it.
  const accounts = ['Umbrella Corp', 'Retail standard', 'Acme Retail', 'Globex', 'Initech'];
  const entries: Entry[] = [];
  for (const [a, account] of accounts.entries()) {
    const serviceId = 101 + a;
    entries.push({
      id: `${account}/service`,
      label: 'www.example-shop.com',
      other: `Services service ${serviceId} #${serviceId}`,
      account,
    });
    for (const section of sections)
      entries.push({
        id: `${account}/${section}`,
        label: `www.example-shop.com › ${section}`,
        other: `Service sections ${serviceId} #${serviceId}`,
        account,
      });
    entries.push({
      id: `${account}/static`,
      label: 'static.example-media.net',
      other: `Services service ${serviceId + 10} #${serviceId + 10}`,
      account,
    });
  }
  entries.push({ id: 'screen/cache', label: 'Cache control', other: 'Screens', account: '' });
  entries.push({ id: 'screen/accounts', label: 'Accounts', other: 'Screens profiles keys manage', account: '' });
  for (const account of accounts.slice(1))
    entries.push({ id: `switch/${account}`, label: `Switch to ${account}`, other: 'Accounts account switch', account });
  const search = (query: string) =>
    fuzzyIndex(
      entries,
      (e) => e.label,
      (e) => e.other,
      (e) => e.account,
    ).search(query, 50);
  const first = (query: string) => search(query)[0]?.item.id;

  it('"acme www cache" opens Acme\'s www › Cache control, not the current account\'s', () => {
    expect(first('acme www cache')).toBe('Acme Retail/Cache control');
    // Letters of "acme" scattered through "ex·a·mple-shop.·c·o·m" only find the others much lower.
    const ranked = search('acme www cache').map((r) => r.item.id);
    // Acme's entries the query can mean come before any other account's.
    const acme = ranked.filter((id) => id.startsWith('Acme Retail/'));
    expect(ranked.slice(0, acme.length)).toEqual(acme);
    expect(ranked).toContain('Umbrella Corp/Cache control');
  });

  it('"acme www rule tester" ranks Acme\'s rule tester first, not "Retail standard"', () => {
    expect(first('acme www rule tester')).toBe('Acme Retail/Rule tester');
    expect(first('retail standard www rule tester')).toBe('Retail standard/Rule tester');
    expect(first('umbrella www cache')).toBe('Umbrella Corp/Cache control');
  });

  it('every word must still be found: a word naming an account does not list its unrelated entries', () => {
    expect(search('acme zzz')).toEqual([]);
    expect(first('acme static')).toBe('Acme Retail/static');
    expect(search('acme static').map((r) => r.item.id)).toEqual([
      'Acme Retail/static',
      ...accounts.filter((a) => a !== 'Acme Retail').map((a) => `${a}/static`),
    ]);
  });

  it('a word prefix of three letters names the account; shorter ones only as a whole word', () => {
    expect(first('acm www cache')).toBe('Acme Retail/Cache control');
    // "ac" is the start of "Access control" as much as of "Acme": no account is ranked first,
    // and the tie goes to the list order (the current account's entry).
    expect(first('ac www')).toBe('Umbrella Corp/Access control');
  });

  it('whole words and word starts beat letters scattered in order', () => {
    const items = [
      { label: 'www.example-shop.com › Cache control', account: 'Umbrella Corp' },
      { label: 'www.acmeshop.example', account: 'Umbrella Corp' },
      { label: 'acme-outlet.example', account: 'Umbrella Corp' },
    ];
    const ranked = fuzzyFilter(
      items,
      'acme',
      (i) => i.label,
      () => '',
      (i) => i.account,
    ).map((r) => r.item.label);
    expect(ranked).toEqual(['acme-outlet.example', 'www.acmeshop.example', 'www.example-shop.com › Cache control']);
  });

  it('one word naming an account: its switch entry first, then its services', () => {
    // One word lists no sections (the palette's minWords), as in the app.
    const ranked = fuzzyIndex(
      entries,
      (e) => e.label,
      (e) => e.other,
      (e) => e.account,
    )
      .search('globex', 50, (e) => e.label.split(' › ').length === 1)
      .map((r) => r.item.id);
    expect(ranked[0]).toBe('switch/Globex');
    expect(ranked.slice(1, 3)).toEqual(['Globex/service', 'Globex/static']);
  });

  it('highlights the words found in the label, not the account name', () => {
    const [hit] = search('acme www cache');
    expect(hit?.match.positions).toEqual([
      0,
      1,
      2,
      ...Array.from({ length: 5 }, (_, i) => 'www.example-shop.com › '.length + i),
    ]);
  });
});
