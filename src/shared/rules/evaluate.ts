// Which rules match a request, and which one wins.
//
// Effective order (documented for users in the rule tester):
//   1. higher priority first (the spec: "a rule with a higher weight takes precedence");
//   2. equal priority: lower policyId first (the older rule; stable across reloads);
//   3. equal policyId too (should not happen): the order the rules were given in.
// Disabled rules are evaluated and shown, but never win. An access control rule applies only when
// its anonymousIp scope includes the client (src/shared/rules/access.ts). A rule whose conditions
// cannot be read back ('v1.0-list-no-path') may or may not apply: the rules after it are still
// evaluated, and the evaluation lists it as undecided.
import { decideAccess, type AccessDecision, type CheckOutcome } from './access.ts';
import { evaluateMatch, evaluatePatternMatch, type ConditionOutcome } from './match.ts';
import type { PolicyKind, RuleLike, TestRequest } from './types.ts';

interface ConditionResult extends ConditionOutcome {
  /** e.g. "req.path startswith /img/, /static/" */
  readonly description: string;
}

export interface RuleResult<R extends RuleLike = RuleLike> {
  readonly rule: R;
  readonly enabled: boolean;
  /** All conditions matched. */
  readonly matched: boolean;
  readonly conditions: readonly ConditionResult[];
  /** Whether the rule applies: conditions matched, enabled, and (access) in scope. 'unknown' when conditions cannot be read back. */
  readonly applies: CheckOutcome;
  /** Access control rules only. */
  readonly access?: AccessDecision;
  /** Why the tester cannot fully know this rule's conditions, or null. */
  readonly readBackNote: string | null;
  /** 1-based position in the effective order. */
  readonly rank: number;
  readonly winner: boolean;
}

export interface Evaluation<R extends RuleLike = RuleLike> {
  /** Every rule, in effective order. */
  readonly results: readonly RuleResult<R>[];
  readonly winner: RuleResult<R> | null;
  /** Rules before the winner (all rules when none wins) that may apply: the winner is only the winner if they do not. */
  readonly undecided: readonly RuleResult<R>[];
}

function readBackNote(rule: RuleLike): string | null {
  switch (rule.readBack) {
    case 'v1.0-list':
      return 'Read from the version 1.0 list: conditions on other fields than URL path and query string (set by a V2 edit) cannot be read back and are not tested.';
    case 'v1.0-list-no-path':
      return 'Read from the version 1.0 list, which omits this rule’s path condition (it has no version 1.0 form): whether the rule matches cannot be told.';
    default:
      return null;
  }
}

function compareRules(a: RuleLike, b: RuleLike): number {
  if (a.priority !== b.priority) return b.priority - a.priority;
  return a.policyId - b.policyId;
}

/** Rules in effective order (stable: equal rules keep their input order). */
export function sortRules<R extends RuleLike>(rules: readonly R[]): R[] {
  return rules
    .map((rule, index) => ({ rule, index }))
    .sort((x, y) => compareRules(x.rule, y.rule) || x.index - y.index)
    .map((x) => x.rule);
}

function describe(subject: string, operator: string, values: readonly string[]): string {
  return `${subject} ${operator} ${values.join(', ')}`;
}

function evaluateConditions(rule: RuleLike, request: TestRequest): ConditionResult[] {
  if (rule.matches !== undefined) {
    return rule.matches.map((m) => ({
      ...evaluateMatch(m, request),
      description: describe(m.field, m.operator, m.values),
    }));
  }
  const out: ConditionResult[] = [];
  if (rule.matchUrlPath !== undefined) {
    const m = rule.matchUrlPath;
    out.push({ ...evaluatePatternMatch(m, request.path), description: describe('URL path', m.operator, m.patterns) });
  }
  if (rule.matchQueryString !== undefined) {
    const m = rule.matchQueryString;
    out.push({
      ...evaluatePatternMatch(m, request.query),
      description: describe('query string', m.operator, m.patterns),
    });
  }
  return out;
}

/**
 * Evaluates every rule. A rule matches when all its conditions match (a rule without
 * conditions matches every request, as an empty AND does). The winner is the first enabled,
 * matching rule in effective order.
 */
export function evaluateRules<R extends RuleLike>(rules: readonly R[], request: TestRequest): Evaluation<R> {
  let winner: RuleResult<R> | null = null;
  const undecided: RuleResult<R>[] = [];
  const results = sortRules(rules).map((rule, i) => {
    const conditions = evaluateConditions(rule, request);
    const enabled = rule.enabled !== false;
    const matched = conditions.every((c) => c.matched);
    const access = rule.access ? decideAccess(rule.access, request) : undefined;
    const inScope = access === undefined || access.scope.outcome === 'pass';
    const conditionsKnown = rule.readBack !== 'v1.0-list-no-path';
    const applies: CheckOutcome = !enabled || !matched || !inScope ? 'fail' : conditionsKnown ? 'pass' : 'unknown';
    const isWinner = winner === null && applies === 'pass';
    const result: RuleResult<R> = {
      rule,
      enabled,
      matched,
      conditions,
      applies,
      ...(access ? { access } : {}),
      readBackNote: readBackNote(rule),
      rank: i + 1,
      winner: isWinner,
    };
    if (isWinner) winner = result;
    else if (winner === null && applies === 'unknown') undecided.push(result);
    return result;
  });
  return { results, winner, undecided };
}

export type EvaluationByKind = Record<PolicyKind, Evaluation>;

/** Evaluates each policy kind separately: cache, access and redirection rules never compete. */
export function evaluateAll(rules: readonly RuleLike[], request: TestRequest): EvaluationByKind {
  const of = (kind: PolicyKind) =>
    evaluateRules(
      rules.filter((r) => r.kind === kind),
      request,
    );
  return { cache: of('cache'), access: of('access'), redirection: of('redirection') };
}
