// Conversion between the v1.1 `matches` shape and the v1.0 matchUrlPath / matchQueryString pair.
// Needed because some operations list in one shape and edit in the other (redirections are listed
// in V2 and edited in v1.0).
import { matchUrlOperatorOf, v11OperatorOf } from '../api/match-vocabulary.ts';
import type { MatchLike, PatternMatchLike } from './types.ts';

export type V10Pair = { matchUrlPath: PatternMatchLike; matchQueryString?: PatternMatchLike };

/**
 * The v1.0 pair expressing the same condition, or null when `matches` cannot be expressed in
 * v1.0 (another field, a case-insensitive or negated operator, two conditions on one field).
 */
export function matchesToV10(matches: readonly MatchLike[]): V10Pair | null {
  let path: PatternMatchLike | undefined;
  let query: PatternMatchLike | undefined;
  for (const m of matches) {
    const operator = matchUrlOperatorOf(m.operator);
    if (operator === undefined) return null;
    const pattern = { operator, patterns: [...m.values] };
    if (m.field === 'req.path' && path === undefined) path = pattern;
    else if (m.field === 'req.query' && query === undefined) query = pattern;
    else return null;
  }
  if (path === undefined) return null;
  return query === undefined ? { matchUrlPath: path } : { matchUrlPath: path, matchQueryString: query };
}

/** The v1.1 matches for a v1.0 pair (always possible). */
export function v10ToMatches(pair: {
  matchUrlPath?: PatternMatchLike;
  matchQueryString?: PatternMatchLike;
}): MatchLike[] {
  const out: MatchLike[] = [];
  if (pair.matchUrlPath) {
    out.push({
      field: 'req.path',
      operator: v11OperatorOf(pair.matchUrlPath.operator),
      values: [...pair.matchUrlPath.patterns],
    });
  }
  if (pair.matchQueryString) {
    out.push({
      field: 'req.query',
      operator: v11OperatorOf(pair.matchQueryString.operator),
      values: [...pair.matchQueryString.patterns],
    });
  }
  return out;
}
