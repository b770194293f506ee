import { describe, expect, it } from 'vitest';
import { commonPlanNotes } from './batch.ts';

describe('commonPlanNotes', () => {
  it('is the notes every item to be written carries, when there are two or more', () => {
    const items = [
      { action: 'update' as const, notes: ['Replaces all CORS headers.', 'Last applied at A.'] },
      { action: 'unchanged' as const, notes: ['Last applied at B.', 'Replaces all CORS headers.'] },
      { action: 'cannot' as const, notes: [] },
    ];
    expect(commonPlanNotes(items)).toEqual(['Replaces all CORS headers.']);
    expect(commonPlanNotes(items.slice(0, 1))).toEqual([]);
    expect(commonPlanNotes([])).toEqual([]);
  });
});
