// journalPage: the part of the selected journal entries journal.list answers with.
import { describe, expect, it } from 'vitest';
import { journalPage } from './journal-page.ts';

const entries = Array.from({ length: 250 }, (_, i) => ({ id: `e${i}` }));
const ids = (page: readonly { id: string }[]) => page.map((e) => e.id);

describe('journalPage', () => {
  it('answers everything without a limit, and `limit` entries from `offset` with one', () => {
    expect(journalPage(entries, {})).toHaveLength(250);
    expect(ids(journalPage(entries, { limit: 100 }))).toEqual(ids(entries.slice(0, 100)));
    expect(ids(journalPage(entries, { offset: 100, limit: 100 }))).toEqual(ids(entries.slice(100, 200)));
    expect(ids(journalPage(entries, { offset: 200, limit: 100 }))).toEqual(ids(entries.slice(200)));
    expect(journalPage(entries, { offset: 300, limit: 100 })).toEqual([]);
    expect(journalPage(entries, { offset: 240 })).toHaveLength(10);
  });

  it('reaches the entry `through` names when it comes after the page, and changes nothing otherwise', () => {
    const reached = journalPage(entries, { limit: 100, through: 'e180' });
    expect(reached).toHaveLength(181);
    expect(reached.at(-1)?.id).toBe('e180');
    expect(journalPage(entries, { limit: 100, through: 'e5' })).toHaveLength(100);
    expect(journalPage(entries, { limit: 100, through: 'not-selected' })).toHaveLength(100);
    // Before the offset: the page does not go back for it.
    expect(ids(journalPage(entries, { offset: 100, limit: 10, through: 'e5' }))).toEqual(ids(entries.slice(100, 110)));
  });
});
