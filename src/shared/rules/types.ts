// Shapes the rule engine works on. They mirror the API's Match / MatchUrlPath / MatchQueryString
// (src/shared/api/schemas/match.ts) structurally and share its vocabulary
// (src/shared/api/match-vocabulary.ts), so the engine has no dependency on zod.

export {
  matchFields,
  matchOperators,
  matchOperatorAliases as operatorAliases,
  subnetOperators,
  type MatchField,
  type MatchOperator,
} from '../api/match-vocabulary.ts';

export interface MatchLike {
  readonly field: string;
  readonly operator: string;
  readonly values: readonly string[];
}

export { matchUrlOperators as v10Operators, type MatchUrlOperator as V10Operator } from '../api/match-vocabulary.ts';

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
