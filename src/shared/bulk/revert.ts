// Reverting a batch: per applied item, apply the journal's "before" again (as journal.reapply
// does for one entry), planned like any bulk item so the user sees the diff and confirms once.
import { changeFacts, listOperationFor, type MutatingOperationId } from '../api/operation-facts.ts';
import type { OperationId } from '../api/operations.ts';
import { policyAsBody } from '../api/policy-bodies.ts';
import type { JournalEntry } from '../ipc/channels/journal.ts';
import {
  bulkCannotApply,
  bulkFieldChanges,
  changesFromLastApplied,
  type LastApplied,
  type PlannedItem,
  type TargetRead,
} from './plan.ts';
import type { BulkItem } from './batch.ts';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The one read a revert item makes: the policy list for policy edits, getService otherwise. */
export function revertReadFor(operationId: MutatingOperationId): OperationId {
  return listOperationFor(operationId) ?? 'getService';
}

function cannot(reason: string): PlannedItem {
  return { action: 'cannot', reason, notes: [], changes: [], operationId: null, input: null };
}

/**
 * The revert item of one applied journal entry of a batch. `read` is what revertReadFor found,
 * `last` the journal's last applied CORS set / rate limit of the service (what is there now, as
 * far as this app knows).
 */
export function planRevertItem(entry: JournalEntry, read: TargetRead, last: LastApplied): PlannedItem {
  const serviceId = entry.serviceId;
  if (serviceId === null) return cannot(bulkCannotApply.previousUnknown());
  if (changeFacts(entry.operationId).reapply === 'never') return cannot(bulkCannotApply.createNotUndoable());
  if (entry.omitted) return cannot(bulkCannotApply.previousTooLarge());
  if (entry.beforeSource === undefined || entry.beforeSource === 'none')
    return cannot(bulkCannotApply.previousUnknown());
  if (read.kind === 'missing') return cannot(bulkCannotApply.serviceMissing(serviceId));
  if (read.kind === 'failed') return cannot(bulkCannotApply.readFailed(read.message));
  const params: Json = { serviceId };
  const unchanged: PlannedItem = {
    action: 'unchanged',
    reason: null,
    notes: [],
    changes: [],
    operationId: null,
    input: null,
  };

  if (entry.operationId === 'setCorsHeaders') {
    if (!isObject(entry.before)) return cannot(bulkCannotApply.previousUnknown());
    const changes = changesFromLastApplied(last, entry.before);
    if (last !== null && changes.length === 0) return unchanged;
    return {
      action: 'update',
      reason: null,
      notes: [],
      changes,
      operationId: 'setCorsHeaders',
      input: { params, body: entry.before },
    };
  }
  if (entry.operationId === 'upsertRateLimit' || entry.operationId === 'deleteRateLimit') {
    // The previous version of a rate limit is either a configuration or "none".
    if (isObject(entry.before)) {
      const changes = changesFromLastApplied(last, entry.before);
      if (last !== null && last.body !== null && changes.length === 0) return unchanged;
      return {
        action: 'update',
        reason: null,
        notes: [],
        changes,
        operationId: 'upsertRateLimit',
        input: { params, body: entry.before },
      };
    }
    if (last !== null && last.body === null) return unchanged;
    return {
      action: 'delete',
      reason: null,
      notes: [],
      changes: changesFromLastApplied(last, null),
      operationId: 'deleteRateLimit',
      input: { params },
    };
  }

  // Policy edits: the earlier version, in the shape it was recorded in.
  if (!isObject(entry.before)) return cannot(bulkCannotApply.previousUnknown());
  let operationId: MutatingOperationId = entry.operationId;
  if (operationId === 'updateAccessControlPolicy' || operationId === 'updateAccessControlPolicyV2') {
    operationId = entry.before.matches !== undefined ? 'updateAccessControlPolicyV2' : 'updateAccessControlPolicy';
  }
  const policyId = entry.policyId;
  const policies = read.kind === 'policies' ? read.policies : [];
  const found = policies.find((p) => Number(p.policyId) === policyId);
  if (policyId === null || found === undefined)
    return cannot(bulkCannotApply.policyGone(changeFacts(operationId).label, policyId ?? 0));
  const body = policyAsBody(operationId, entry.before);
  const current = policyAsBody(operationId, found);
  const changes = bulkFieldChanges(current, body);
  if (changes.length === 0) return unchanged;
  return {
    action: 'update',
    reason: null,
    notes: [],
    changes,
    operationId,
    input: { params: { serviceId, policyId }, body },
  };
}

/** Why a planned write could not be undone by a later revert of its batch. */
export type RevertLimit = 'previous-unknown' | 'create';

/**
 * What a later revert cannot undo, known before the run: a CORS or rate-limit write whose value
 * before is not known (the API cannot read it back and nothing was applied from this app, so the
 * journal will hold no "before"), and an access control policy created (the API cannot delete
 * policies). Null: the revert can put the service back.
 */
export function revertLimitOf(item: Pick<BulkItem, 'action' | 'operationId' | 'changes'>): RevertLimit | null {
  if (item.action !== 'create' && item.action !== 'update' && item.action !== 'delete') return null;
  if (item.operationId !== null && changeFacts(item.operationId).reapply === 'never') return 'create';
  if (item.changes.some((c) => c.beforeUnknown === true)) return 'previous-unknown';
  return null;
}

/** The plan's items a revert could not undo, by reason, in plan order (empty: the batch reverts whole). */
export function revertLimits<T extends Pick<BulkItem, 'action' | 'operationId' | 'changes'>>(
  items: readonly T[],
): Array<{ limit: RevertLimit; items: T[] }> {
  const out = new Map<RevertLimit, T[]>();
  for (const item of items) {
    const limit = revertLimitOf(item);
    if (limit !== null) out.set(limit, [...(out.get(limit) ?? []), item]);
  }
  return [...out].map(([limit, limited]) => ({ limit, items: limited }));
}

/** One sentence per limit, for the plan (app and CLI) and its confirmation. */
export const revertLimitText: Record<RevertLimit, (count: number) => string> = {
  'previous-unknown': (count) =>
    `A revert cannot undo ${count === 1 ? 'this change on 1 service' : `these changes on ${count} services`}: the value there now is not known (the API cannot read CORS headers or rate limits back, and none was set from this app), so there is no previous value to go back to.`,
  create: (count) =>
    `A revert cannot remove the access control ${count === 1 ? 'policy' : 'policies'} this creates on ${count} service${count === 1 ? '' : 's'} (the API cannot delete policies).`,
};
