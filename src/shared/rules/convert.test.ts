import { describe, expect, it } from 'vitest';
import { matchesToV10, v10ToMatches } from './convert.ts';

describe('matchesToV10', () => {
  it('converts path and query conditions', () => {
    expect(
      matchesToV10([
        { field: 'req.path', operator: 'startswith', values: ['/old/'] },
        { field: 'req.query', operator: 'regex', values: ['a=1'] },
      ]),
    ).toEqual({
      matchUrlPath: { operator: 'prefix', patterns: ['/old/'] },
      matchQueryString: { operator: 'regex', patterns: ['a=1'] },
    });
    expect(matchesToV10([{ field: 'req.path', operator: 'endswith', values: ['.php'] }])).toEqual({
      matchUrlPath: { operator: 'suffix', patterns: ['.php'] },
    });
  });
  it('refuses what v1.0 cannot express', () => {
    expect(matchesToV10([{ field: 'req.path', operator: 'istartswith', values: ['/a'] }])).toBeNull();
    expect(matchesToV10([{ field: 'client.ip', operator: 'subnet', values: ['10.0.0.0/8'] }])).toBeNull();
    expect(matchesToV10([{ field: 'req.query', operator: 'equals', values: ['a'] }])).toBeNull();
    expect(
      matchesToV10([
        { field: 'req.path', operator: 'equals', values: ['/a'] },
        { field: 'req.path', operator: 'equals', values: ['/b'] },
      ]),
    ).toBeNull();
  });
  it('round-trips through v10ToMatches', () => {
    const pair = {
      matchUrlPath: { operator: 'equals', patterns: ['/x'] },
      matchQueryString: { operator: 'suffix', patterns: ['=1'] },
    };
    expect(matchesToV10(v10ToMatches(pair))).toEqual(pair);
  });
});
