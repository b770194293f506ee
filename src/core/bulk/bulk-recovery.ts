// What the bulk service does about writes whose outcome it does not know. A batch stored as
// running was cut off by an app stop: its unfinished items take their result from the journal,
// which records every write before its request leaves. An item whose write was sent and never
// answered is checked by reading its service before anything is sent again. docs/bulk-apply.md.
import { AppCode } from '#shared/app-errors.ts';
import type { ChangeService } from '../changes/changes.ts';
import type { Journal } from '../journal/journal.ts';
import type { BatchStore, StoredItem } from './bulk-store.ts';
import { batchSummary } from './bulk-batches.ts';
import { countItems, type BulkBatchSummary } from '#shared/bulk/batch.ts';
import { type JournalEntry } from '#shared/ipc/channels/journal.ts';
import { UNANSWERED_MESSAGE } from '#shared/journal-outcome.ts';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Whether a journal entry can be the write of an item: the same policy name where both name one. */
function samePolicyName(entry: JournalEntry, item: StoredItem): boolean {
  const body = item.input?.body;
  const wanted = isObject(body) ? body.policyName : undefined;
  const written = isObject(entry.after) ? entry.after.policyName : undefined;
  return wanted === undefined || written === undefined || wanted === written;
}

function settleFromJournal(item: StoredItem, entry: JournalEntry): void {
  item.journalEntryId = entry.id;
  if (entry.result.ok === true) {
    item.state = 'applied';
    item.error = null;
  } else if (entry.result.ok === false) {
    item.state = 'failed';
    item.error = { code: entry.result.code, message: entry.result.message };
  } else {
    item.state = 'unknown';
    item.error = { code: AppCode.Change.OutcomeUnknown, message: entry.result.message ?? UNANSWERED_MESSAGE };
  }
}

/**
 * Once per core: a batch stored as running was cut off by an app stop. Its unfinished items take
 * their result from the journal, which records every write before its request leaves: applied,
 * failed, or unknown (sent, no answer recorded: checked by reading the service before anything
 * is sent again). The batch waits as "interrupted" for the user to resume it.
 */
export function createBatchRecovery(deps: {
  batches: BatchStore;
  journal: Journal;
  /** Whether this core is running the batch (then it was not cut off). */
  isRunning(batchId: string): boolean;
  onInterrupted?(batches: BulkBatchSummary[]): void;
}): () => Promise<void> {
  let recovered: Promise<void> | undefined;
  return () => {
    recovered ??= (async () => {
      const stale = (await deps.batches.all()).filter((b) => b.status === 'running' && !deps.isRunning(b.id));
      for (const batch of stale) {
        const entries = await deps.journal.list();
        const ofBatch = entries.filter((e) => e.batchId === batch.id);
        await deps.batches.update(batch.id, (b) => {
          // An entry settles one item: a baseline Fix may create two access rules on one service.
          // An item's own entry stays its own (an unknown one being checked when the app stopped).
          const usedBy = new Map(
            b.items.flatMap((i) => (i.journalEntryId === null ? [] : [[i.journalEntryId, i.id] as const])),
          );
          for (const item of b.items) {
            if (item.state !== 'pending' && item.state !== 'running') continue;
            const entry = ofBatch.find(
              (e) =>
                (usedBy.get(e.id) ?? item.id) === item.id &&
                e.accountId === item.accountId &&
                e.serviceId === item.serviceId &&
                e.operationId === item.operationId &&
                samePolicyName(e, item),
            );
            if (entry) usedBy.set(entry.id, item.id);
            if (entry) settleFromJournal(item, entry);
            else item.state = 'pending';
          }
          // Cut off after its last write was answered: nothing is left but failures to retry.
          b.status = b.items.some((i) => i.state === 'pending' || i.state === 'unknown') ? 'interrupted' : 'finished';
          b.counts = countItems(b.items);
        });
      }
      // Cut off just now or by an earlier stop: still waiting for the user.
      const interrupted = (await deps.batches.all()).filter((b) => b.status === 'interrupted').map(batchSummary);
      if (interrupted.length > 0) deps.onInterrupted?.(interrupted);
    })();
    return recovered;
  };
}

/** What to do with an item whose earlier write has an unknown outcome, once its service was read. */
export type UnknownItemDecision =
  /** Send it (again: `resendOf` names the entry it sends again). */
  | { send: true; resendOf?: string }
  /** Do not send it; the item becomes `settle` (applied as the read confirmed, or unknown for the user). */
  | { send: false; settle?: Pick<StoredItem, 'state' | 'error'> };

/**
 * An item whose earlier write has an unknown outcome: its service is read first (background
 * priority; the run's cancel stops the read). Returns whether to send it; a read that confirms the
 * write settles its journal entry here.
 */
export async function checkUnknownItem(
  changes: ChangeService,
  item: StoredItem,
  options: { signal: AbortSignal; afterRestart: boolean; mayResend: boolean },
): Promise<UnknownItemDecision> {
  const { signal } = options;
  const entryId = item.journalEntryId;
  const leave = (code: string, message: string): UnknownItemDecision => ({
    send: false,
    settle: { state: 'unknown', error: { code, message } },
  });
  if (item.operationId === null || item.input === null) return { send: false };
  const context = options.afterRestart ? 'restart' : 'later';
  let decision;
  try {
    decision = await changes.checkUnknown(
      { accountId: item.accountId, operationId: item.operationId, input: item.input },
      context,
      { priority: 'background', signal },
    );
  } catch (error) {
    if (signal.aborted)
      return leave(item.error?.code ?? AppCode.Change.OutcomeUnknown, item.error?.message ?? UNANSWERED_MESSAGE);
    throw error;
  }
  switch (decision.decision) {
    case 'applied':
      if (entryId !== null)
        await changes.confirmApplied(entryId, 'read-back', decision.message, { policyId: decision.policyId });
      return { send: false, settle: { state: 'applied', error: null } };
    case 'not-applied':
      if (entryId !== null) await changes.confirmNotApplied(entryId, decision.message);
      return { send: true };
    case 'resend':
      return { send: true, ...(entryId === null ? {} : { resendOf: entryId }) };
    case 'ask':
      if (options.mayResend) return { send: true, ...(entryId === null ? {} : { resendOf: entryId }) };
      return leave(AppCode.Change.OutcomeCannotTell, decision.message);
  }
}
