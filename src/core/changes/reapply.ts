// journal.reapply: a journal entry's "before" applied again, through changes.apply like any other
// change (production confirmation, rule tests, a new journal entry naming the one it reverts).
// Entries are named by their ID or a unique start of it (the short IDs lists show).
import { AppCode } from '#shared/app-errors.ts';
import { CoreError } from '../errors.ts';
import type { Journal } from '../journal/journal.ts';
import type { ApplyRequest, RuleTestAcceptance } from './changes.ts';
import { isObject } from './change-input.ts';
import type { JournalEntry } from '#shared/ipc/channels/journal.ts';
import { changeFacts, reapplicableOperationIds, type MutatingOperationId } from '#shared/api/operation-facts.ts';
import { policyAsBody } from '#shared/api/policy-bodies.ts';

/** Shortest start of a journal entry ID that may name it (lists show the first 8 characters). */
const MIN_ENTRY_ID_PREFIX = 8;

export function createReapply(deps: {
  journal: Journal;
  apply(request: ApplyRequest): Promise<{ entry: JournalEntry; data: unknown }>;
}): (entryId: string, confirmProduction?: boolean, ruleTests?: RuleTestAcceptance) => Promise<{ entry: JournalEntry }> {
  const { journal } = deps;

  /** The entry with this ID, or the only one whose ID starts with it (the short IDs lists show). */
  async function findEntry(given: string): Promise<JournalEntry> {
    const id = given.trim();
    const exact = await journal.get(id);
    if (exact) return exact;
    const matches = id.length >= MIN_ENTRY_ID_PREFIX ? (await journal.list()).filter((e) => e.id.startsWith(id)) : [];
    if (matches.length === 1 && matches[0]) return matches[0];
    if (matches.length > 1) {
      throw new CoreError(
        AppCode.Journal.AmbiguousId,
        `${matches.length} journal entries have IDs starting with “${id}”. Give more of the ID.`,
      );
    }
    const short = id.length < MIN_ENTRY_ID_PREFIX ? ` (give at least ${MIN_ENTRY_ID_PREFIX} characters of it)` : '';
    throw new CoreError(
      AppCode.Journal.NotFound,
      `No journal entry has the ID “${id}”${short}; it may have been dropped from the journal. Refresh the journal.`,
    );
  }

  return async function reapply(entryId, confirmProduction, ruleTests = {}) {
    const entry = await findEntry(entryId);
    if (entry.omitted) {
      throw new CoreError(
        AppCode.Journal.PreviousUnknown,
        'This change was too large to keep in the journal, so it cannot be applied again.',
      );
    }
    if (!reapplicableOperationIds.includes(entry.operationId)) {
      throw new CoreError(
        AppCode.Journal.NotReapplicable,
        'A create cannot be undone through the API; edit or disable the policy instead.',
      );
    }
    if (entry.serviceId === null || entry.beforeSource === 'none' || entry.beforeSource === undefined) {
      throw new CoreError(
        AppCode.Journal.PreviousUnknown,
        'The version before this change is not known (nothing had been applied from this app before it), so it cannot be applied again.',
      );
    }
    const params: Record<string, unknown> = { serviceId: entry.serviceId };
    if (entry.policyId !== null) params.policyId = entry.policyId;
    let operationId: MutatingOperationId = entry.operationId;
    let body: unknown = entry.before;
    if (changeFacts(operationId).reapply === 'previous-version-or-delete') {
      // The previous version of a rate limit is either a configuration or "none".
      operationId = isObject(entry.before) ? 'upsertRateLimit' : 'deleteRateLimit';
      body = isObject(entry.before) ? entry.before : undefined;
    } else if (!isObject(entry.before)) {
      throw new CoreError(
        AppCode.Journal.PreviousUnknown,
        'The policy did not exist before this change; there is no version to apply again.',
      );
    } else if (operationId === 'updateAccessControlPolicy' || operationId === 'updateAccessControlPolicyV2') {
      // Use the edit that matches the shape that was recorded.
      operationId = entry.before.matches !== undefined ? 'updateAccessControlPolicyV2' : 'updateAccessControlPolicy';
      body = policyAsBody(operationId, entry.before);
    }
    const result = await deps.apply({
      accountId: entry.accountId,
      operationId,
      input: body === undefined ? { params } : { params, body },
      confirmProduction,
      reapplyOf: entry.id,
      ...ruleTests,
    });
    return { entry: result.entry };
  };
}
