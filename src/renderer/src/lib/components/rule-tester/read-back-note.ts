// Which rule rows of the tester carry a note about conditions the API cannot read back. Hidden
// conditions only narrow a rule, so the note matters where a rule's own answer is in doubt:
//  - 'v1.0-list' (an access rule listed without the conditions a V2 edit set): only for the rule
//    that decides — and the verdict already says it for that rule, so no row repeats it;
//  - 'v1.0-list-no-path' (the list omits the rule's path condition): on a rule that may apply
//    before the deciding one (undecided), where it is why the verdict cannot tell.
import type { Evaluation, RuleLike, RuleResult } from '#shared/rules/index.ts';

export function rowReadBackNote<R extends RuleLike>(result: RuleResult<R>, evaluation: Evaluation<R>): string | null {
  if (result.readBackNote === null || result.rule.readBack !== 'v1.0-list-no-path') return null;
  return evaluation.undecided.includes(result) ? result.readBackNote : null;
}
