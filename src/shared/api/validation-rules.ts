// The building blocks of an operation's validation rules (its `validation` in the operation
// table): which spec code a zod issue at a body path answers, in the spec's check order.
// validate.ts runs them. Kept apart from validate.ts so the operation table can use them.
import type { z } from 'zod';
import type { ApiErrorCode } from './error-codes.ts';

export type IssuePath = readonly PropertyKey[];

export interface RuleContext {
  issue: z.core.$ZodIssue;
  /** Value in the request body at the issue's path. */
  value: unknown;
  /** Value in the request body at any path. */
  at: (path: IssuePath) => unknown;
}

/**
 * One validation rule: issues at `path` (dotted, `*` = any array index) or below it map to
 * `code`; '' matches only issues about the body itself. The most specific matching path wins; among rules with the same
 * path the first whose `when` holds. A rule's position in the list is its check order.
 * `path: null` rules are reached only by issues that carry `params.apiCode` equal to `code`.
 */
export interface ValidationRule {
  path: string | null;
  code: ApiErrorCode;
  when?: (ctx: RuleContext) => boolean;
}

/** Missing, null, blank text, an empty list or an empty object. */
function isEmptyValue(v: unknown): boolean {
  if (v === undefined || v === null) return true;
  if (typeof v === 'string') return v.trim() === '';
  if (Array.isArray(v)) return v.length === 0;
  if (typeof v === 'object') return Object.keys(v).length === 0;
  return false;
}

export const empty = (c: RuleContext): boolean => isEmptyValue(c.value);
const tooBig = (c: RuleContext): boolean => c.issue.code === 'too_big';
/** The whole body is an empty object (or missing). */
export const bodyEmpty = (c: RuleContext): boolean => isEmptyValue(c.at([]));
/** The origin element that holds the issue (origins.N) is empty. */
export const originElementEmpty = (c: RuleContext): boolean => isEmptyValue(c.at(c.issue.path.slice(0, 2)));

/** One rule; `when` narrows it (the first rule of a path whose `when` holds wins). */
export function rule(path: string | null, code: ApiErrorCode, when?: (ctx: RuleContext) => boolean): ValidationRule {
  return when ? { path, code, when } : { path, code };
}

/** The V2 `matches` list (cache control V2 and access control V2 edits). */
export const matchesRules: ValidationRule[] = [
  rule('matches', 'InvalidPolicy.MatchesIncorrect'),
  rule('matches.*', 'InvalidPolicy.MatchesIncorrect'),
  rule('matches.*.field', 'InvalidPolicy.MatchFieldIncorrect'),
  rule('matches.*.operator', 'InvalidPolicy.MatchOperatorIncorrect'),
  rule('matches.*.values', 'InvalidPolicy.MatchValuesIncorrect'),
  rule('matches.*.values.*', 'InvalidPolicy.MatchValueIncorrect'),
];

/** The access control fields after the conditions, in both shapes. */
export const accessControlTail: ValidationRule[] = [
  rule('priority', 'InvalidPolicy.Priority'),
  rule('ipRestriction', 'InvalidPolicy.IpRestriction'),
  rule('geoRestriction', 'InvalidPolicy.GeoFormat'),
  rule('tokenSecret', 'Request.BadRequest'),
];

/** The access control body in the version 1.0 shape (create and edit). */
export const accessControlV1Rules: ValidationRule[] = [
  rule('', 'Request.BadRequest'),
  rule('policyName', 'Invalid.PolicyName'),
  rule('type', 'InvalidPolicy.TypeEmpty', empty),
  rule('type', 'InvalidPolicy.AccessType'),
  rule('matchUrlPath', 'InvalidPolicy.MatchURLIncorrect'),
  rule('matchUrlPath.operator', 'InvalidPolicy.Operator'),
  rule('matchUrlPath.patterns', 'InvalidPolicy.MatchUrlPathPatternsIncorrect'),
  rule('matchQueryString', 'Request.BadRequest'),
  rule('matchQueryString.operator', 'InvalidPolicy.Operator'),
  rule('matchQueryString.patterns', 'InvalidPolicy.Patterns'),
  ...accessControlTail,
];

/** The analytics series bodies; only volume and bandwidth take an interval. */
export const analyticsRules = (withInterval: boolean): ValidationRule[] => [
  rule('', 'Request.BadRequest'),
  rule('serviceNames', 'ServiceNames.NumberInvalid', tooBig),
  rule('serviceNames', 'ServiceNames.Invalid'),
  rule('startTime', 'Time.Invalid', empty),
  rule('endTime', 'Time.Invalid', empty),
  ...(withInterval ? [rule('interval', 'IntervalType.Invalid')] : []),
  rule('startTime', 'TimeFormat.Invalid'),
  rule('endTime', 'TimeFormat.Invalid'),
  rule(null, 'TimeRange.EndBeforeStart'),
  rule(null, 'TimeRange.Exceeded'),
];
