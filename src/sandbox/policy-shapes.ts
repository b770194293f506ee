// Conversion between the version 1.0 pattern shape (matchUrlPath / matchQueryString) and the V2
// matches array the store keeps. A V2 rule that has no v1.0 equivalent (another field, a negated or
// case-insensitive operator) is left out of the v1.0 view: the list shows what maps.
import type { Match, PatternMatch } from './model.ts';

const V1_TO_V2: Readonly<Record<string, string>> = {
  prefix: 'startswith',
  regex: 'regex',
  equals: 'equals',
  suffix: 'endswith',
};

const V2_TO_V1: Readonly<Record<string, string>> = {
  startswith: 'prefix',
  regex: 'regex',
  equals: 'equals',
  endswith: 'suffix',
};

export interface V1Patterns {
  matchUrlPath?: PatternMatch;
  matchQueryString?: PatternMatch;
}

export function matchesFromV1(input: V1Patterns): Match[] {
  const matches: Match[] = [];
  if (input.matchUrlPath) matches.push(toMatch('req.path', input.matchUrlPath));
  if (input.matchQueryString) matches.push(toMatch('req.query', input.matchQueryString));
  return matches;
}

/** A V2 matches array as stored: only field, operator and a copy of the values. */
export function copyMatches(matches: readonly Match[]): Match[] {
  return matches.map((m) => ({ field: m.field, operator: m.operator, values: [...m.values] }));
}

function toMatch(field: string, pattern: PatternMatch): Match {
  const operator = V1_TO_V2[pattern.operator];
  if (!operator) throw new Error(`policy-shapes: v1.0 operator ${pattern.operator} has no V2 form`);
  return { field, operator, values: [...pattern.patterns] };
}

/** The v1.0 view of a matches array: the first req.path and req.query rules with a v1.0 operator. */
export function v1FromMatches(matches: readonly Match[]): V1Patterns {
  const out: V1Patterns = {};
  for (const match of matches) {
    const operator = V2_TO_V1[match.operator];
    if (!operator) continue;
    const pattern: PatternMatch = { operator, patterns: [...match.values] };
    if (match.field === 'req.path' && !out.matchUrlPath) out.matchUrlPath = pattern;
    else if (match.field === 'req.query' && !out.matchQueryString) out.matchQueryString = pattern;
  }
  return out;
}
