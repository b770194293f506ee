// Field rules the editors, the rule engine and the sandbox share, each declared once.
import { describe, expect, it } from 'vitest';
import { analyticsLimits, DAY_MS as modelDayMs } from '../analytics/model.ts';
import { DAY_MS } from '../time.ts';
import { matchesToV10, v10ToMatches } from '../rules/convert.ts';
import { evaluatePatternMatch } from '../rules/match.ts';
import {
  isTokenSecretAlphabet,
  isTokenSecretList,
  listEntries,
  TOKEN_SECRET_ALPHABET,
  TOKEN_SECRET_LENGTH,
} from './formats.ts';
import { matchUrlOperatorOf, matchUrlOperators, v11OperatorOf } from './match-vocabulary.ts';
import { DAY_RANGE_MAX_MS, MAX_SERVICE_NAMES, MINUTE_RANGE_MAX_MS } from './schemas/analytics.ts';

describe('v1.0 → v1.1 operator map', () => {
  it('maps each v1.0 operator both ways, and leaves v1.1-only operators without a v1.0 form', () => {
    for (const v10 of matchUrlOperators) expect(matchUrlOperatorOf(v11OperatorOf(v10))).toBe(v10);
    expect(v11OperatorOf('prefix')).toBe('startswith');
    expect(v11OperatorOf('not_equals')).toBe('not_equals');
    expect(matchUrlOperatorOf('iequals')).toBeUndefined();
  });

  it('is the one the rule engine and the converter use', () => {
    expect(evaluatePatternMatch({ operator: 'suffix', patterns: ['.png'] }, '/a.png').matched).toBe(true);
    const matches = v10ToMatches({ matchUrlPath: { operator: 'suffix', patterns: ['.png'] } });
    expect(matches).toEqual([{ field: 'req.path', operator: 'endswith', values: ['.png'] }]);
    expect(matchesToV10(matches)).toEqual({ matchUrlPath: { operator: 'suffix', patterns: ['.png'] } });
  });
});

describe('token rule', () => {
  it('is 64 characters of 0-9a-z, for the schema and the editor alike', () => {
    expect(TOKEN_SECRET_LENGTH).toBe(64);
    expect(TOKEN_SECRET_ALPHABET).toHaveLength(36);
    expect(isTokenSecretList('a'.repeat(64))).toBe(true);
    expect(isTokenSecretList('A'.repeat(64))).toBe(false);
    expect(isTokenSecretAlphabet('abc019')).toBe(true);
    expect(isTokenSecretAlphabet('abc-019')).toBe(false);
  });
});

describe('list entries', () => {
  it('split on commas, or also on whitespace when asked, dropping empty entries', () => {
    expect(listEntries(' a, b ,,c ')).toEqual(['a', 'b', 'c']);
    expect(listEntries('a b\nc,d', { orWhitespace: true })).toEqual(['a', 'b', 'c', 'd']);
    expect(listEntries('a b')).toEqual(['a b']);
    expect(listEntries(undefined)).toEqual([]);
  });
});

describe('analytics limits', () => {
  it('the dashboard maths uses the limits the operation schemas declare', () => {
    expect(analyticsLimits).toEqual({
      maxServiceNamesPerCall: MAX_SERVICE_NAMES,
      maxMinuteRangeMs: MINUTE_RANGE_MAX_MS,
      maxDayRangeMs: DAY_RANGE_MAX_MS,
      maxRequestRangeMs: MINUTE_RANGE_MAX_MS,
    });
    expect(DAY_RANGE_MAX_MS).toBe(90 * DAY_MS);
    expect(modelDayMs).toBe(86_400_000);
  });
});
