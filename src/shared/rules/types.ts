// Shapes the rule engine works on. They mirror the API's Match / MatchUrlPath / MatchQueryString
// (src/shared/api/schemas/match.ts) structurally, so the engine has no dependency on zod.

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

/** The spec's v1.1 operator list, in the spec's order. */
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

/** Operators that only make sense for client.ip. */
export const subnetOperators: readonly MatchOperator[] = ['subnet', 'not_subnet'];

/** The spec spells not_istartswith two ways; the engine accepts both. */
export const operatorAliases: Readonly<Record<string, MatchOperator>> = { not_istartwith: 'not_istartswith' };

export interface MatchLike {
  readonly field: string;
  readonly operator: string;
  readonly values: readonly string[];
}

export const v10Operators = ['prefix', 'regex', 'equals', 'suffix'] as const;
export type V10Operator = (typeof v10Operators)[number];

export interface PatternMatchLike {
  readonly operator: string;
  readonly patterns: readonly string[];
}

/** A request as the tester describes it. Absent headers are empty strings. */
export interface TestRequest {
  /** Path without the query string, starting with '/'. */
  readonly path: string;
  /** Query string without the leading '?'. */
  readonly query: string;
  readonly method: string;
  readonly clientIp: string;
  readonly host: string;
  readonly userAgent: string;
  readonly cookie: string;
  readonly origin: string;
  readonly via: string;
}

export type PolicyKind = 'cache' | 'access' | 'redirection';

/** A policy reduced to what matching needs. Either `matches` (v1.1) or `matchUrlPath` (v1.0) is used. */
export interface RuleLike {
  readonly kind: PolicyKind;
  readonly policyId: number;
  readonly policyName: string;
  readonly priority: number;
  /** Absent means enabled (the API default). */
  readonly enabled?: boolean;
  readonly matches?: readonly MatchLike[];
  readonly matchUrlPath?: PatternMatchLike;
  readonly matchQueryString?: PatternMatchLike;
}
