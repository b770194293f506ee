// Running expectations against a service's rules with the rule tester's engine: pass, fail or
// cannot tell (the tester cannot tell, or the saved request no longer parses). A change "flips" an
// expectation when it passes on the rules now and not on the rules the change would leave.
import { formatSeconds } from '../api/field-labels.ts';
import {
  evaluateAll,
  overallVerdict,
  parseRequest,
  type EvaluationByKind,
  type RuleLike,
  type TestRequest,
} from '../rules/index.ts';
import type {
  Expectation,
  ExpectationRequest,
  ExpectationResult,
  ExpectedOutcome,
  FlippedExpectation,
} from './schema.ts';

/** What the request gets, in the terms an expectation uses. */
type ActualOutcome =
  | { status: 'denied'; rule: string }
  | { status: 'redirected'; rule: string; httpCode?: number; destination?: string }
  | { status: 'served'; rule: string | null; cache: 'cached' | 'never' | 'origin'; ttl?: number }
  | { status: 'unknown' };

function actualOutcome(evaluation: EvaluationByKind): ActualOutcome {
  const verdict = overallVerdict(evaluation);
  if (verdict.status === 'unknown') return { status: 'unknown' };
  if (verdict.status === 'denied') return { status: 'denied', rule: evaluation.access.winner?.rule.policyName ?? '' };
  if (verdict.status === 'redirected') {
    const rule = evaluation.redirection.winner?.rule;
    return {
      status: 'redirected',
      rule: rule?.policyName ?? '',
      ...(rule?.redirect?.httpCode !== undefined ? { httpCode: rule.redirect.httpCode } : {}),
      ...(rule?.redirect?.destination !== undefined ? { destination: rule.redirect.destination } : {}),
    };
  }
  const rule = evaluation.cache.winner?.rule;
  if (!rule) return { status: 'served', rule: null, cache: 'origin' };
  if (rule.cache?.noCache) return { status: 'served', rule: rule.policyName, cache: 'never' };
  if (rule.cache?.ttl !== undefined)
    return { status: 'served', rule: rule.policyName, cache: 'cached', ttl: rule.cache.ttl };
  return { status: 'served', rule: rule.policyName, cache: 'origin' };
}

const quoted = (name: string) => `“${name}”`;

/** "403 by “Block admin”", "served, cached 1 day by “Static”", "301 to https://… ". */
export function describeExpected(expect: ExpectedOutcome): string {
  const by = expect.rule !== undefined ? ` by ${quoted(expect.rule)}` : '';
  switch (expect.status) {
    case 'denied':
      return `403${by}`;
    case 'redirected':
      return `${expect.httpCode ?? 'redirect'}${expect.destination !== undefined ? ` to ${expect.destination}` : ''}${by}`;
    case 'served': {
      const cache =
        expect.cache === 'cached'
          ? expect.ttl !== undefined
            ? `, cached ${formatSeconds(expect.ttl)}`
            : ', cached'
          : expect.cache === 'never'
            ? ', never cached'
            : expect.cache === 'origin'
              ? ', caching left to the origin'
              : '';
      return `served${cache}${by}`;
    }
  }
}

function describeActual(actual: Exclude<ActualOutcome, { status: 'unknown' }>): string {
  switch (actual.status) {
    case 'denied':
      return `403 by ${quoted(actual.rule)}`;
    case 'redirected':
      return `${actual.httpCode ?? 'redirect'} to ${actual.destination ?? '(destination not listed)'} by ${quoted(actual.rule)}`;
    case 'served': {
      const cache =
        actual.cache === 'cached'
          ? `cached ${formatSeconds(actual.ttl ?? 0)}`
          : actual.cache === 'never'
            ? 'never cached'
            : 'caching left to the origin';
      return `served, ${cache}${actual.rule !== null ? ` by ${quoted(actual.rule)}` : ' (no cache rule applies)'}`;
    }
  }
}

/** Why the actual outcome is not the expected one, or null when it is. */
function mismatch(expect: ExpectedOutcome, actual: Exclude<ActualOutcome, { status: 'unknown' }>): string | null {
  const got = `got ${describeActual(actual)}`;
  if (expect.status !== actual.status) return `Expected ${describeExpected(expect)}, ${got}.`;
  if (expect.rule !== undefined && expect.rule !== actual.rule)
    return `Expected rule ${quoted(expect.rule)} to decide, ${got}.`;
  if (expect.status === 'redirected' && actual.status === 'redirected') {
    if (expect.httpCode !== undefined && expect.httpCode !== actual.httpCode)
      return `Expected HTTP ${expect.httpCode}, ${got}.`;
    if (expect.destination !== undefined && expect.destination !== actual.destination)
      return `Expected the destination ${expect.destination}, ${got}.`;
  }
  if (expect.status === 'served' && actual.status === 'served') {
    if (expect.cache !== undefined && expect.cache !== actual.cache)
      return `Expected ${describeExpected(expect)}, ${got}.`;
    if (expect.ttl !== undefined && expect.ttl !== actual.ttl)
      return `Expected a TTL of ${formatSeconds(expect.ttl)}, ${got}.`;
  }
  return null;
}

/** The request of an expectation as the tester parses it (null with the problem when it no longer parses). */
function parseExpectationRequest(
  request: ExpectationRequest,
): { ok: true; request: TestRequest } | { ok: false; problem: string } {
  const parsed = parseRequest(request);
  return parsed.ok ? parsed : { ok: false, problem: parsed.problem };
}

function resultOn(
  expectation: Expectation,
  request: TestRequest | null,
  problem: string | null,
  rules: readonly RuleLike[],
): ExpectationResult {
  const base = { name: expectation.name, expected: describeExpected(expectation.expect) };
  if (request === null)
    return { ...base, outcome: 'cannot-tell', actual: 'The request cannot be tested.', reason: problem };
  const evaluation = evaluateAll(rules, request);
  const verdict = overallVerdict(evaluation);
  const actual = actualOutcome(evaluation);
  if (actual.status === 'unknown')
    return { ...base, outcome: 'cannot-tell', actual: verdict.headline, reason: verdict.headline };
  const reason = mismatch(expectation.expect, actual);
  return { ...base, outcome: reason === null ? 'pass' : 'fail', actual: verdict.headline, reason };
}

/** Each expectation on the rules, in suite order. */
export function runExpectations(expectations: readonly Expectation[], rules: readonly RuleLike[]): ExpectationResult[] {
  return expectations.map((e) => {
    const parsed = parseExpectationRequest(e.request);
    return parsed.ok ? resultOn(e, parsed.request, null, rules) : resultOn(e, null, parsed.problem, rules);
  });
}

export type ChangeCheck = {
  /** Pass now, fail or cannot tell after the change. */
  flipped: FlippedExpectation[];
  /** Fail or cannot tell now, pass after the change. */
  fixed: string[];
  total: number;
};

/** Which expectations a change flips: `before` = the rules now, `after` = the rules the change leaves. */
export function checkChange(
  expectations: readonly Expectation[],
  before: readonly RuleLike[],
  after: readonly RuleLike[],
): ChangeCheck {
  const flipped: FlippedExpectation[] = [];
  const fixed: string[] = [];
  for (const e of expectations) {
    const parsed = parseExpectationRequest(e.request);
    const request = parsed.ok ? parsed.request : null;
    const problem = parsed.ok ? null : parsed.problem;
    const was = resultOn(e, request, problem, before);
    const will = resultOn(e, request, problem, after);
    if (was.outcome === 'pass' && will.outcome !== 'pass') {
      flipped.push({
        name: e.name,
        expected: was.expected,
        before: was.actual,
        after: will.actual,
        outcome: will.outcome,
        reason: will.reason,
      });
    } else if (was.outcome !== 'pass' && will.outcome === 'pass') fixed.push(e.name);
  }
  return { flipped, fixed, total: expectations.length };
}

/**
 * The expected outcome that the current verdict satisfies, naming the deciding rule: what "Save as
 * expectation" prefills. Null when the tester cannot tell (there is nothing to expect yet).
 */
export function expectationFromEvaluation(evaluation: EvaluationByKind): ExpectedOutcome | null {
  const actual = actualOutcome(evaluation);
  switch (actual.status) {
    case 'unknown':
      return null;
    case 'denied':
      return { status: 'denied', rule: actual.rule };
    case 'redirected':
      return {
        status: 'redirected',
        rule: actual.rule,
        ...(actual.httpCode === 301 || actual.httpCode === 302 ? { httpCode: actual.httpCode } : {}),
        ...(actual.destination !== undefined ? { destination: actual.destination } : {}),
      };
    case 'served':
      return {
        status: 'served',
        ...(actual.rule !== null ? { rule: actual.rule } : {}),
        cache: actual.cache,
        ...(actual.ttl !== undefined ? { ttl: actual.ttl } : {}),
      };
  }
}

/** The tester's form without the fields at their default (what a suite stores). */
export function compactRequest(
  form: Required<{ [K in keyof ExpectationRequest]: NonNullable<ExpectationRequest[K]> }>,
): ExpectationRequest {
  const out: Record<string, string | boolean> = { url: form.url.trim() };
  const defaults: Record<string, string | boolean> = { method: 'GET', clientAnonymous: false, hasToken: false };
  for (const [key, value] of Object.entries(form)) {
    if (key === 'url') continue;
    const v = typeof value === 'string' ? value.trim() : value;
    if (v === '' || v === (defaults[key] ?? '')) continue;
    out[key] = v;
  }
  return out as ExpectationRequest;
}
