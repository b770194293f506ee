// The Match vocabulary of the spec (fields and operators), without zod, so the rule engine
// and the schemas share one list.

export const matchFields = [
  'req.path',
  'req.query',
  'req.method',
  'client.ip',
  'req.host',
  'req.header.user-agent',
  'req.header.cookie',
  'req.header.origin',
  'req.header.via',
] as const;
export type MatchField = (typeof matchFields)[number];

/** Operators we send, in the spec's order (not_istartswith is the spelling we emit). */
export const matchOperators = [
  'startswith',
  'not_startswith',
  'istartswith',
  'not_istartswith',
  'regex',
  'equals',
  'not_equals',
  'iequals',
  'not_iequals',
  'endswith',
  'not_endswith',
  'iendswith',
  'not_iendswith',
  'subnet',
  'not_subnet',
] as const;
export type MatchOperator = (typeof matchOperators)[number];

/** Spellings the spec also shows, accepted on input and rewritten to the canonical one. */
export const matchOperatorAliases: Readonly<Record<string, MatchOperator>> = { not_istartwith: 'not_istartswith' };

export function normalizeMatchOperator(op: string): string {
  return matchOperatorAliases[op] ?? op;
}

/** Operators of the version 1.0 Match Url Path / Match Query String shapes. */
export const matchUrlOperators = ['prefix', 'regex', 'equals', 'suffix'] as const;
export type MatchUrlOperator = (typeof matchUrlOperators)[number];

/** The version 1.1 operator each version 1.0 operator stands for (one map for the rule engine, conversion and editors). */
export const v11OperatorOfMatchUrlOperator = {
  prefix: 'startswith',
  suffix: 'endswith',
  equals: 'equals',
  regex: 'regex',
} as const satisfies Readonly<Record<MatchUrlOperator, MatchOperator>>;

/** The version 1.1 spelling of a version 1.0 operator; anything else is returned as is. */
export function v11OperatorOf(operator: string): string {
  return Object.hasOwn(v11OperatorOfMatchUrlOperator, operator)
    ? v11OperatorOfMatchUrlOperator[operator as MatchUrlOperator]
    : operator;
}

/** The version 1.0 operator for a version 1.1 one, or undefined when 1.0 cannot express it. */
export function matchUrlOperatorOf(operator: string): MatchUrlOperator | undefined {
  return matchUrlOperators.find((v10) => v11OperatorOfMatchUrlOperator[v10] === operator);
}
