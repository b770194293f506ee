// The policy lists a change would leave, so a draft can be checked against a suite before it is
// applied. Only the edits that change rules matter here; the others (CORS, rate limit, a new
// service) leave the lists as they are.
import {
  accessMatchesFromJournal,
  rulesFromLists,
  type AppliedAccessChange,
  type ListedPolicy,
  type ServicePolicyLists,
} from '../rules/index.ts';
import { NEW_POLICY_ID } from '../rules/types.ts';
import { policyListEditOf } from '../api/operation-facts.ts';
import { checkChange, type ChangeCheck } from './evaluate.ts';
import type { Expectation } from './schema.ts';

export type ProposedChange = { operationId: string; params: Record<string, unknown>; body?: unknown };

export { NEW_POLICY_ID };

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A changed policy: the body's fields over the listed ones; conditions are replaced as a whole (either shape). */
function edited<P extends ListedPolicy>(listed: P, body: Json): P {
  const sentConditions = body.matches !== undefined || body.matchUrlPath !== undefined;
  const { matches: _m, matchUrlPath: _p, matchQueryString: _q, ...rest } = listed;
  const base = sentConditions ? rest : listed;
  return { ...base, ...body, policyId: listed.policyId } as P;
}

function replaceIn<P extends ListedPolicy>(list: readonly P[], policyId: number, body: Json): P[] {
  return list.map((p) => (p.policyId === policyId ? edited(p, body) : p));
}

/** True when the change can alter what the rule tester decides (its facts name the policy list it edits). */
export function changesRules(operationId: string): boolean {
  return policyListEditOf(operationId) !== undefined;
}

export function listsAfterChange(lists: ServicePolicyLists, change: ProposedChange): ServicePolicyLists {
  const edit = policyListEditOf(change.operationId);
  if (edit === undefined) return lists;
  const body = isObject(change.body) ? change.body : {};
  // The create's defaults (enabled, anonymousIp false) are what the engine assumes when absent.
  if (edit.how === 'add') return { ...lists, [edit.list]: [...lists[edit.list], { ...body, policyId: NEW_POLICY_ID }] };
  return { ...lists, [edit.list]: replaceIn<ListedPolicy>(lists[edit.list], Number(change.params.policyId), body) };
}

/**
 * The suite check of a change on a service's lists: the rules now (with V2 conditions read back
 * from the journal) against the rules the change would leave.
 */
export function checkChangeOnLists(
  expectations: readonly Expectation[],
  lists: ServicePolicyLists,
  journal: readonly AppliedAccessChange[],
  change: ProposedChange,
): ChangeCheck {
  const matchesNow = accessMatchesFromJournal(lists.access, journal);
  const after = listsAfterChange(lists, change);
  const matchesAfter = new Map(matchesNow);
  // A version 1.0 edit replaces the conditions this app applied in V2 before.
  if (change.operationId === 'updateAccessControlPolicy') matchesAfter.delete(Number(change.params.policyId));
  return checkChange(expectations, rulesFromLists(lists, matchesNow), rulesFromLists(after, matchesAfter));
}
