// Running a planned bulk batch: every item through changes.apply (the one guarded write path:
// production confirmation, rule tests, journal with the batch ID), accounts in parallel and each
// access key at its own budget's pace, with progress, cancel and resume. A running batch lives in
// memory and is written behind its changes; the app's stop leaves it "interrupted" for the user to
// resume, never resumed by itself. docs/bulk-apply.md.
import { AppCode } from '#shared/app-errors.ts';
import { CoreError } from '../errors.ts';
import { toIpcError } from '../ipc/ipc-error.ts';
import { unknownOutcomeEntry } from '../changes/unknown-outcome.ts';
import type { BulkDeps } from './bulk-service.ts';
import type { StoredBatch, StoredItem } from './bulk-store.ts';
import { batchForRenderer, batchSummary, progressOf, type BatchLookup } from './bulk-batches.ts';
import { checkUnknownItem } from './bulk-recovery.ts';
import { perAccount } from './per-account.ts';
import { countItems, isLeftToDo, type BulkBatch, type BulkBatchSummary } from '#shared/bulk/batch.ts';
import { changesRules } from '#shared/suites/lists-after-change.ts';

/**
 * A running batch lives in memory and is written behind its changes, coalesced (one write in
 * flight, the next one carries everything since). The journal is the durable record of each
 * write: after a crash, recovery takes every unfinished item's result from it.
 */
export type ActiveRun = {
  controller: AbortController;
  done: Promise<void>;
  batch: StoredBatch;
  save: () => Promise<void>;
  /** Unknown items the user allowed to be sent again when a read cannot settle them. */
  resendUnknown: true | ReadonlySet<string>;
  /** The run resumes a batch the app's stop interrupted (journaled as "confirmed after restart"). */
  afterRestart: boolean;
};

export type BulkRunner = {
  run(
    batchId: string,
    confirmProduction?: boolean,
    resendUnknown?: true | readonly string[],
  ): Promise<BulkBatchSummary>;
  markApplied(batchId: string, itemIds: readonly string[]): Promise<BulkBatch>;
  finished(batchId: string): Promise<BulkBatch>;
  cancel(batchId: string): Promise<BulkBatchSummary>;
  idle(): Promise<void>;
  shutdown(): Promise<void>;
};

export type BulkRunnerDeps = Pick<BulkDeps, 'batches' | 'changes' | 'journal' | 'accounts' | 'progress' | 'now'> & {
  concurrency: number;
  /** The batches running now, by ID (the runner adds and removes them). */
  runs: Map<string, ActiveRun>;
  lookup: BatchLookup;
};

function writeBehind(save: (batch: StoredBatch) => Promise<void>, batch: StoredBatch): () => Promise<void> {
  let writing: Promise<void> | null = null;
  let dirty = false;
  const write = async (): Promise<void> => {
    while (dirty) {
      dirty = false;
      await save(structuredClone(batch));
    }
  };
  return () => {
    dirty = true;
    writing ??= write().finally(() => {
      writing = null;
    });
    return writing;
  };
}

export function createBulkRunner(deps: BulkRunnerDeps): BulkRunner {
  const { runs, lookup } = deps;
  let shuttingDown = false;

  const emit = (batch: StoredBatch, item?: StoredItem): void => deps.progress?.(progressOf(batch, item));

  function setItem(active: ActiveRun, item: StoredItem, change: Partial<StoredItem>): void {
    const stored = active.batch.items.find((i) => i.id === item.id);
    if (!stored) return;
    Object.assign(stored, change);
    active.batch.counts = countItems(active.batch.items);
    void active.save().catch(() => undefined);
    emit(active.batch, stored);
  }

  async function runItem(active: ActiveRun, item: StoredItem): Promise<void> {
    if (item.operationId === null || item.input === null) return;
    const { signal } = active.controller;
    let resendOf: string | undefined;
    if (item.state === 'unknown') {
      setItem(active, item, { state: 'running' });
      const settled = await checkUnknownItem(deps.changes, item, {
        signal,
        afterRestart: active.afterRestart,
        mayResend: active.resendUnknown === true || active.resendUnknown.has(item.id),
      });
      if (!settled.send) {
        if (settled.settle) setItem(active, item, settled.settle);
        return;
      }
      if (signal.aborted) {
        // Cancelled after the check: still unknown unless the read found it not applied.
        setItem(active, item, { state: settled.resendOf === undefined ? 'pending' : 'unknown' });
        return;
      }
      resendOf = settled.resendOf;
    }
    setItem(active, item, { state: 'running' });
    try {
      const { entry } = await deps.changes.apply({
        accountId: item.accountId,
        operationId: item.operationId,
        input: item.input,
        confirmProduction: true,
        batchId: active.batch.id,
        ...(item.reapplyOf ? { reapplyOf: item.reapplyOf } : {}),
        ...(resendOf ? { resendOf } : {}),
        // changes.apply checks the rule tests again: what the plan showed flipping is accepted; a plan
        // that could not check them (its note said so) was run knowing, so any flip is.
        ...(item.flippedExpectations?.length
          ? { flippedExpectations: item.flippedExpectations.map((f) => f.name) }
          : {}),
        ...(item.flippedExpectations === undefined && changesRules(item.operationId)
          ? { acceptFlippedExpectations: true }
          : {}),
        callOptions: { priority: 'background', signal },
      });
      setItem(active, item, { state: 'applied', error: null, journalEntryId: entry.id });
    } catch (thrown) {
      const unknownEntry = unknownOutcomeEntry(thrown);
      if (unknownEntry !== undefined && thrown instanceof CoreError) {
        setItem(active, item, {
          state: 'unknown',
          error: { code: thrown.code, message: thrown.message },
          journalEntryId: unknownEntry,
        });
        return;
      }
      const serialized = toIpcError(thrown);
      const failed = await deps.journal.findLatest(
        (e) =>
          e.batchId === active.batch.id &&
          e.accountId === item.accountId &&
          e.serviceId === item.serviceId &&
          e.result.ok === false,
      );
      if (signal.aborted && serialized.code === AppCode.Request.Aborted) {
        // Cancelled before its request left (waiting for the budget): it stays to do.
        setItem(active, item, {
          state: resendOf === undefined ? 'pending' : 'unknown',
          journalEntryId: resendOf ?? failed?.id ?? null,
        });
      } else {
        setItem(active, item, {
          state: 'failed',
          error: { code: serialized.code, message: serialized.message },
          journalEntryId: failed?.id ?? null,
        });
      }
    }
  }

  async function execute(active: ActiveRun): Promise<void> {
    const todo = active.batch.items.filter(
      (i) => (i.state === 'pending' || i.state === 'unknown') && i.operationId !== null,
    );
    // Accounts in parallel; within an account a few writes in flight, in plan order, each waiting
    // for its key's budget (so the journal and file writes of one overlap the next one's request).
    await perAccount(todo, deps.concurrency, async (item) => {
      if (!active.controller.signal.aborted) await runItem(active, item);
    });
    const b = active.batch;
    for (const item of b.items) if (item.state === 'running') item.state = 'pending';
    const left = b.items.some((i) => i.state === 'pending' || i.state === 'unknown');
    b.status =
      shuttingDown && left ? 'interrupted' : active.controller.signal.aborted && left ? 'cancelled' : 'finished';
    b.finishedAt = deps.now().toISOString();
    b.counts = countItems(b.items);
    await active.save();
    emit(b);
  }

  async function run(
    given: string,
    confirmProduction?: boolean,
    resendUnknown?: true | readonly string[],
  ): Promise<BulkBatchSummary> {
    const batchId = await lookup.resolveId(given);
    if (shuttingDown) throw new CoreError(AppCode.Core.Disposed, 'The application is shutting down.');
    const batch = await lookup.load(batchId);
    if (batch.status === 'running' || runs.has(batchId)) {
      throw new CoreError(AppCode.Bulk.Running, 'This batch is already running.');
    }
    const todo = batch.items.filter((i) => isLeftToDo(i.state) && i.operationId !== null);
    if (todo.length === 0) {
      throw new CoreError(
        AppCode.Bulk.NothingToRun,
        'Nothing is left to apply in this batch: every item is applied, unchanged or cannot apply.',
      );
    }
    // Production as the accounts say now (an account may have been marked since the plan).
    const production = (await deps.accounts()).filter((a) => a.production && todo.some((i) => i.accountId === a.id));
    if (production.length > 0 && confirmProduction !== true) {
      const names = production.map((a) => `“${a.name}”`).join(', ');
      throw new CoreError(
        AppCode.Change.ConfirmationRequired,
        `This batch changes services of production account${production.length === 1 ? '' : 's'} ${names}. Review the plan and confirm once to run it.`,
      );
    }
    const started = structuredClone(batch);
    for (const item of started.items) {
      if ((item.state === 'failed' || item.state === 'running') && item.operationId !== null) {
        item.state = 'pending';
        item.error = null;
      }
    }
    started.status = 'running';
    started.startedAt = deps.now().toISOString();
    started.finishedAt = null;
    started.counts = countItems(started.items);
    const active: ActiveRun = {
      controller: new AbortController(),
      done: Promise.resolve(),
      batch: started,
      save: writeBehind((b) => deps.batches.put(b), started),
      resendUnknown: resendUnknown === true ? true : new Set(resendUnknown ?? []),
      afterRestart: batch.status === 'interrupted',
    };
    runs.set(batchId, active);
    try {
      // Stored as running before the first write, so that an app stop leaves it to recovery.
      await active.save();
    } catch (error) {
      runs.delete(batchId);
      throw error;
    }
    emit(started);
    active.done = execute(active)
      .catch(async () => {
        // A store failure must not leave the batch "running" for ever: it is offered for resume.
        for (const item of started.items) if (item.state === 'running') item.state = 'pending';
        started.status = 'interrupted';
        started.counts = countItems(started.items);
        await active.save().catch(() => undefined);
        emit(started);
      })
      .finally(() => runs.delete(batchId));
    return batchSummary(started);
  }

  /** The user settles items with an unknown outcome as applied (journaled as marked by the user). */
  async function markApplied(given: string, itemIds: readonly string[]): Promise<BulkBatch> {
    const batchId = await lookup.resolveId(given);
    const batch = await lookup.load(batchId);
    if (runs.has(batchId) || batch.status === 'running')
      throw new CoreError(AppCode.Bulk.Running, 'This batch is running. Wait for it to stop, then mark items.');
    const wanted = new Set(itemIds);
    const items = batch.items.filter((i) => wanted.has(i.id));
    const notUnknown = [...wanted].filter((id) => !items.some((i) => i.id === id && i.state === 'unknown'));
    if (notUnknown.length > 0) {
      throw new CoreError(
        AppCode.Bulk.OutcomeKnown,
        `Only items whose outcome is unknown can be marked as applied; ${notUnknown.map((id) => `“${id}”`).join(', ')} ${notUnknown.length === 1 ? 'is' : 'are'} not (or not in this batch).`,
      );
    }
    for (const item of items) {
      if (item.journalEntryId !== null) {
        await deps.changes.confirmApplied(
          item.journalEntryId,
          'user',
          'Marked as applied by the user, who checked the service, after the gateway’s answer was lost.',
        );
      }
    }
    const updated = await deps.batches.update(batchId, (b) => {
      for (const item of b.items) {
        if (wanted.has(item.id)) {
          item.state = 'applied';
          item.error = null;
        }
      }
      b.counts = countItems(b.items);
    });
    if (!updated) throw new CoreError(AppCode.Bulk.NotFound, `No bulk batch has the ID “${batchId}”.`);
    emit(updated);
    return batchForRenderer(updated);
  }

  return {
    run,
    markApplied,
    async finished(given) {
      const batchId = await lookup.resolveId(given);
      await runs.get(batchId)?.done;
      return batchForRenderer(await lookup.load(batchId));
    },
    async cancel(given) {
      const batchId = await lookup.resolveId(given);
      const active = runs.get(batchId);
      if (!active) return batchSummary(await lookup.load(batchId));
      active.controller.abort();
      await active.done;
      return batchSummary(await lookup.load(batchId));
    },
    async idle() {
      await Promise.all([...runs.values()].map((r) => r.done));
    },
    async shutdown() {
      shuttingDown = true;
      const active = [...runs.values()];
      for (const r of active) r.controller.abort();
      await Promise.all(active.map((r) => r.done));
    },
  };
}
