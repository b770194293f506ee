// The shadowed-rule proof: a rule can never win when a rule ranked strictly before it (higher
// priority) is enabled, applies to the same clients, and matches every request the later rule
// matches. "Matches every request" is proven with the condition logic (condition-logic.ts), which
// only ever answers yes when it is certain, so a rule is flagged only when the proof holds.
//
// Deliberately not flagged (see docs/baselines.md): a rule covered only by several earlier rules
// together; a rule behind one of EQUAL priority (the tie-break is the app's reading, not the
// spec's); rules with an unreadable condition or without a listed priority; covering rules whose
// conditions are not all known (access control read from the version 1.0 list) unless the user
// trusts the listed conditions; disabled rules (they never win anyway: another check covers them).
import type { PolicyKind } from '../rules/types.ts';
import { conjunctionImplies } from './condition-logic.ts';
import type { DocumentRule } from './document-rules.ts';

type RuleRef = { kind: PolicyKind; policyId: number; policyName: string; priority: number };

export type ShadowedRule = {
  shadowed: RuleRef;
  /** The earlier rule that always matches first (the highest ranked one when several do). */
  by: RuleRef;
  explanation: string;
};

const ref = (r: DocumentRule): RuleRef => ({
  kind: r.kind,
  policyId: r.policyId,
  policyName: r.policyName,
  priority: r.priority,
});
const enabled = (r: DocumentRule) => r.enabled !== false;
const describe = (r: DocumentRule) =>
  (r.matches ?? []).map((m) => `${m.field} ${m.operator} ${m.values.join(', ')}`).join(' and ');
/** Access rules apply to anonymous or to non-anonymous clients only (anonymousIp, default false). */
const scopeOf = (r: DocumentRule) => (r.access ? r.access.anonymousIp === true : null);

/** Rules of one kind that can never win, each with the earlier rule that proves it. */
export function findShadowedRules(rules: readonly DocumentRule[]): ShadowedRule[] {
  const out: ShadowedRule[] = [];
  // Highest priority first, so the reported cover is the first rule that takes the requests.
  const ranked = [...rules].sort((a, b) => b.priority - a.priority || a.policyId - b.policyId);
  for (const later of ranked) {
    const { atoms, listedPriority } = later;
    if (!enabled(later) || atoms === null || listedPriority === undefined) continue;
    const cover = ranked.find(
      (earlier) =>
        earlier !== later &&
        earlier.kind === later.kind &&
        enabled(earlier) &&
        earlier.conditionsComplete &&
        earlier.atoms !== null &&
        earlier.listedPriority !== undefined &&
        earlier.listedPriority > listedPriority &&
        scopeOf(earlier) === scopeOf(later) &&
        conjunctionImplies(atoms, earlier.atoms),
    );
    if (!cover) continue;
    out.push({
      shadowed: ref(later),
      by: ref(cover),
      explanation: `“${later.policyName}” (priority ${later.priority}) can never win: every request it matches (${describe(later)}) also matches “${cover.policyName}” (priority ${cover.priority}, ${describe(cover)}), which comes first.`,
    });
  }
  return out;
}
