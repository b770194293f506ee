import { describe, expect, it } from 'vitest';
import type { Match } from './model.ts';
import { matchesFromV1, v1FromMatches } from './policy-shapes.ts';

/** True when every rule of the array survives the v1.0 view unchanged. */
function isExpressibleInV1(matches: readonly Match[]): boolean {
  return matchesFromV1(v1FromMatches(matches)).length === matches.length;
}

describe('v1.0 ↔ V2 policy shapes', () => {
  it('maps each v1.0 operator to its V2 operator and back', () => {
    for (const [v1, v2] of [
      ['prefix', 'startswith'],
      ['regex', 'regex'],
      ['equals', 'equals'],
      ['suffix', 'endswith'],
    ]) {
      const matches = matchesFromV1({
        matchUrlPath: { operator: v1, patterns: ['/a'] },
        matchQueryString: { operator: v1, patterns: ['q=1'] },
      });
      expect(matches).toEqual([
        { field: 'req.path', operator: v2, values: ['/a'] },
        { field: 'req.query', operator: v2, values: ['q=1'] },
      ]);
      expect(v1FromMatches(matches)).toEqual({
        matchUrlPath: { operator: v1, patterns: ['/a'] },
        matchQueryString: { operator: v1, patterns: ['q=1'] },
      });
      expect(isExpressibleInV1(matches)).toBe(true);
    }
  });

  it('lists a V2 policy with what maps and says it is not fully expressible', () => {
    const matches = [
      { field: 'client.ip', operator: 'subnet', values: ['10.0.0.0/8'] },
      { field: 'req.path', operator: 'not_startswith', values: ['/x'] },
      { field: 'req.path', operator: 'endswith', values: ['.pdf'] },
      { field: 'req.path', operator: 'startswith', values: ['/docs'] },
    ];
    expect(v1FromMatches(matches)).toEqual({ matchUrlPath: { operator: 'suffix', patterns: ['.pdf'] } });
    expect(isExpressibleInV1(matches)).toBe(false);
    expect(v1FromMatches([{ field: 'req.host', operator: 'iequals', values: ['a'] }])).toEqual({});
  });

  it('refuses an operator that has no V2 form', () => {
    expect(() => matchesFromV1({ matchUrlPath: { operator: 'contains', patterns: ['/a'] } })).toThrow(/contains/);
  });
});
