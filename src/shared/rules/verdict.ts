// The overall answer for a request, from the per-kind evaluations: access control first (a 403
// ends the request), then redirection (the edge answers 301/302 itself), then cache control.
// See docs/rule-tester-semantics.md.
import type { EvaluationByKind, RuleResult } from './evaluate.ts';
import { NEW_POLICY_ID, type RuleLike } from './types.ts';
import { formatSeconds } from '../api/field-labels.ts';

type VerdictStatus = 'denied' | 'redirected' | 'served' | 'unknown';

export interface Verdict {
  readonly status: VerdictStatus;
  /** e.g. "403 — denied by access rule “Block admin” (ID 7): client 10.0.0.1 is not in 203.0.113.0/24." */
  readonly headline: string;
  /** Further lines: the access rule that let the request through, caveats. */
  readonly notes: readonly string[];
}

const idText = (rule: RuleLike) => (rule.policyId === NEW_POLICY_ID ? 'new' : `ID ${rule.policyId}`);
const named = (label: string, rule: RuleLike) => `${label} “${rule.policyName}” (${idText(rule)})`;

function undecidedNote(kind: string, results: readonly RuleResult[]): string | null {
  if (results.length === 0) return null;
  const names = results.map((r) => `“${r.rule.policyName}” (${idText(r.rule)})`).join(', ');
  return `Unless ${kind} ${names} ${results.length === 1 ? 'applies' : 'apply'} first: ${results.length === 1 ? 'its' : 'their'} conditions cannot be read back.`;
}

function cacheSentence(result: RuleResult | null): string {
  if (result === null) return 'no cache rule applies, so the origin’s caching headers decide';
  const { rule } = result;
  const xCache = rule.cache?.enableXCache ? ', X-Cache on' : '';
  if (rule.cache?.noCache) return `never cached by ${named('cache rule', rule)}${xCache}`;
  if (rule.cache?.ttl !== undefined)
    return `cached ${formatSeconds(rule.cache.ttl)} by ${named('cache rule', rule)}${xCache}`;
  return `${named('cache rule', rule)} applies without a TTL, so the origin’s caching headers decide the time${xCache}`;
}

export function overallVerdict(evaluation: EvaluationByKind): Verdict {
  const verdict = knownRulesVerdict(evaluation);
  const [first, ...others] = evaluation.access.undecided;
  if (first === undefined) return verdict;
  // An access rule above the deciding one might apply: say what is known and what it depends on.
  const more = others.length > 0 ? ` (and ${others.length} more)` : '';
  return {
    status: 'unknown',
    headline: `Cannot tell — ${named('access rule', first.rule)}${more} may apply first: its conditions cannot be read back from the version 1.0 list.`,
    notes: [`If it does not apply: ${verdict.headline}`, ...verdict.notes],
  };
}

function knownRulesVerdict(evaluation: EvaluationByKind): Verdict {
  const notes: string[] = [];
  const access = evaluation.access;
  if (access.winner) {
    const { rule } = access.winner;
    const decision = access.winner.access;
    if (access.winner.readBackNote) notes.push(`${named('Access rule', rule)}: ${access.winner.readBackNote}`);
    if (decision?.decision === 'deny') {
      return { status: 'denied', headline: `403 — denied by ${named('access rule', rule)}: ${decision.reason}`, notes };
    }
    if (decision?.decision === 'unknown') {
      return {
        status: 'unknown',
        headline: `Cannot tell — ${named('access rule', rule)} decides: ${decision.reason}`,
        notes,
      };
    }
    notes.unshift(`Allowed by ${named('access rule', rule)}: ${decision?.reason ?? ''}`.trim());
  } else {
    notes.unshift('No access rule applies, so the request is allowed.');
  }

  const redirect = evaluation.redirection;
  const redirectUndecided = undecidedNote('redirection', redirect.undecided);
  if (redirectUndecided) notes.push(redirectUndecided);
  if (redirect.winner) {
    const { rule } = redirect.winner;
    const code = rule.redirect?.httpCode ?? 'redirect';
    return {
      status: 'redirected',
      headline: `${code} to ${rule.redirect?.destination ?? '(destination not listed)'} by ${named('redirection', rule)}.`,
      notes,
    };
  }

  const cacheUndecided = undecidedNote('cache rule', evaluation.cache.undecided);
  if (cacheUndecided) notes.push(cacheUndecided);
  return { status: 'served', headline: `Served — ${cacheSentence(evaluation.cache.winner)}.`, notes };
}
