import { describe, expect, it } from 'vitest';
import { JOURNAL_PAGE_SIZE, appendPage, journalCountText, nextPageCount, notShownText } from './journal-paging.ts';

describe('journal paging', () => {
  it('adds a page of 100, or the rest, until every selected entry is shown', () => {
    expect(JOURNAL_PAGE_SIZE).toBe(100);
    expect(nextPageCount(100, 2400)).toBe(100);
    expect(nextPageCount(200, 237)).toBe(37);
    expect(nextPageCount(237, 237)).toBe(0);
    expect(nextPageCount(12, 12)).toBe(0);
    // More shown than selected (entries removed meanwhile): nothing more, never negative.
    expect(nextPageCount(100, 90)).toBe(0);
  });

  it('appends a later page, skipping entries already shown (changes journaled meanwhile shift the offsets)', () => {
    const shown = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
    const { entries, added } = appendPage(shown, [{ id: 'c' }, { id: 'd' }, { id: 'e' }]);
    expect(entries.map((e) => e.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(added.map((e) => e.id)).toEqual(['d', 'e']);
    expect(appendPage(shown, [{ id: 'b' }]).added).toEqual([]);
  });

  it('says how many are shown of how many the filters select', () => {
    expect(journalCountText(1, 1, false)).toBe('1 change.');
    expect(journalCountText(12, 12, true)).toBe('12 changes matching the filters.');
    expect(journalCountText(100, 2400, false)).toBe('Showing 100 of 2,400 changes.');
    expect(journalCountText(200, 250, true)).toBe('Showing 200 of 250 changes matching the filters.');
    expect(journalCountText(100, 90, false)).toBe('100 changes.');
    expect(notShownText(100, 2400)).toBe('2,300 older changes not shown yet; the export holds all of them.');
    expect(notShownText(236, 237)).toBe('1 older change not shown yet; the export holds all of them.');
  });
});
