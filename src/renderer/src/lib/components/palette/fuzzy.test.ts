import { describe, expect, it } from 'vitest';
import { fuzzyFilter, fuzzyIndex } from './fuzzy.ts';

const names = Array.from({ length: 400 }, (_, i) => ({ label: `${['www', 'shop', 'media', 'video'][i % 4]}-${String(i).padStart(4, '0')}.customer-${String(i % 20).padStart(2, '0')}.example`, account: `Customer ${i % 20}` }));

describe('fuzzy index', () => {
  const index = fuzzyIndex(names, (n) => n.label, (n) => n.account);

  it('keeps only the best results, in the order a full sort gives (ties in list order)', () => {
    for (const query of ['v', 'media-01', 'video customer-1', 'shop 0042', 'customer 7', 'zzz']) {
      const full = fuzzyFilter(names, query, (n) => n.label, (n) => n.account);
      expect(index.search(query, 10)).toEqual(full.slice(0, 10));
    }
  });

  it('gives the same answers while typing on (refining) as from scratch, and after deleting', () => {
    const typing = fuzzyIndex(names, (n) => n.label, (n) => n.account);
    const query = 'video-01 customer 1';
    for (let i = 1; i <= query.length; i++) {
      const fresh = fuzzyIndex(names, (n) => n.label, (n) => n.account).search(query.slice(0, i), 20);
      expect(typing.search(query.slice(0, i), 20)).toEqual(fresh);
    }
    expect(typing.search('video', 20)).toEqual(index.search('video', 20));
    expect(typing.search('shop', 20)).toEqual(index.search('shop', 20));
  });

  it('lists items in their order for an empty query and leaves out what `include` rejects', () => {
    expect(index.search('', 3).map((r) => r.item)).toEqual(names.slice(0, 3));
    expect(index.search('media', 5, (n) => n.account === 'Customer 2').every((r) => r.item.account === 'Customer 2')).toBe(true);
  });

  it('highlights only the words found in the label, never half of a miss', () => {
    const [hit] = index.search('media customer 2', 1);
    expect(hit?.match.positions.length).toBe('media'.length + 'customer'.length + 1);
  });
});
