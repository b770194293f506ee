// Shapes the rule engine works on. They mirror the API's Match / MatchUrlPath / MatchQueryString
// (src/shared/api/schemas/match.ts) structurally and share its vocabulary
// (src/shared/api/match-vocabulary.ts), so the engine has no dependency on zod.

export {
  matchFields,
  matchOperators,
  matchOperatorAliases as operatorAliases,
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
  /** ISO 3166 two-letter code of the client's location, upper case; '' when not given. */
  readonly clientCountry: string;
  /** The client connects through an anonymising service (VPN, proxy). */
  readonly clientAnonymous: boolean;
  /** The request carries an access token (type token rules). */
  readonly hasToken: boolean;
}

export type PolicyKind = 'cache' | 'access' | 'redirection';

/** The restrictions of an access control policy (src/shared/rules/access.ts evaluates them). */
export interface AccessRestrictions {
  /** allow, deny or token. */
  readonly type: string;
  readonly ipRestriction?: string;
  readonly geoRestriction?: string;
  /** Absent means false (the API default): the rule applies to non-anonymous clients only. */
  readonly anonymousIp?: boolean;
}

/**
 * How completely the rule's conditions are known:
 * - 'complete': as the API returned them (V2 lists) or as this app last applied them;
 * - 'v1.0-list': read from a version 1.0 list, which shows only URL path and query string
 *   conditions, so conditions on other fields set through V2 edits cannot be read back;
 * - 'v1.0-list-no-path': as above, and the path condition has no v1.0 form (the list omits it),
 *   so whether the rule matches cannot be told.
 */
type ConditionsReadBack = 'complete' | 'v1.0-list' | 'v1.0-list-no-path';

/** A policy reduced to what matching needs. Either `matches` (v1.1) or `matchUrlPath` (v1.0) is used. */
/**
 * The policy ID of a policy a change would create (it has none yet): after every listed one at its
 * priority (the order of IDs). Verdicts call it "new", never by this number.
 */
export const NEW_POLICY_ID = Number.MAX_SAFE_INTEGER;

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
  /** Absent means 'complete'. */
  readonly readBack?: ConditionsReadBack;
  /** Access control rules only. */
  readonly access?: AccessRestrictions;
  /** Cache control rules only: what the verdict reports. */
  readonly cache?: { readonly ttl?: number; readonly noCache?: boolean; readonly enableXCache?: boolean };
  /** Redirection rules only. */
  readonly redirect?: { readonly httpCode?: number; readonly destination?: string };
}
