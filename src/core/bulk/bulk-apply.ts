// Bulk apply (issue 12 §2): plans one change for many services across accounts, runs the plan
// through changes.apply (the one guarded write path: production confirmation, journal with the
// batch ID), accounts in parallel and each access key at its own budget's pace, with progress,
// cancel and resume (batches are persisted; a batch running when the app stopped is offered for
// resume, never resumed by itself), and reverts a batch through a new plan. docs/bulk-apply.md.
import { randomUUID } from 'node:crypto';
import { CoreError } from '../errors.ts';
import { serializeError } from '../api/errors.ts';
import { WriteOutcomeUnknownError, type ChangeClient, type ChangeService } from '../changes/changes.ts';
import type { Journal } from '../journal/journal.ts';
import type { BatchStore, StoredBatch, StoredItem, TemplateStore } from './bulk-store.ts';
import { CONFIRMATION_REQUIRED } from '#shared/ipc/channels/changes.ts';
import { BATCH_ID_AMBIGUOUS, BATCH_NOT_FOUND, BATCH_NOT_UNKNOWN, BATCH_NOTHING_TO_RUN, BATCH_RUNNING, TEMPLATE_NOT_FOUND } from '#shared/ipc/channels/bulk.ts';
import { describeBulkChange, type BulkChange } from '#shared/bulk/change.ts';
import { matchTargets, type TargetCandidate, type TargetSelector } from '#shared/bulk/target.ts';
import { planBulkItem, planReadFor, type LastApplied, type PlannedItem, type TargetRead } from '#shared/bulk/plan.ts';
import { planRevertItem, revertReadFor } from '#shared/bulk/revert.ts';
import {
  batchIdMatches,
  countItems,
  flippedExpectationsNote,
  isLeftToDo,
  isResumable,
  MIN_BATCH_ID_PREFIX,
  type BatchOrigin,
  type BulkBatch,
  type BulkBatchSummary,
  type BulkItem,
  type BulkProgress,
  type BulkTemplate,
} from '#shared/bulk/batch.ts';
import { OUTCOME_CANNOT_TELL, OUTCOME_UNKNOWN, UNANSWERED_MESSAGE, type JournalEntry } from '#shared/ipc/channels/journal.ts';
import type { JournalReadBackKind } from '#shared/api/operation-facts.ts';
import type { OperationId } from '#shared/api/operation-ids.ts';
import { changesRules, type ProposedChange } from '#shared/suites/lists-after-change.ts';
import type { ChangeCheck } from '#shared/suites/evaluate.ts';
import { estimateMsLeft, PLAN_CANCELLED, type BudgetUsage, type PlanProgress } from '#shared/bulk/plan-progress.ts';
import { monotonicMs } from '../clock.ts';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

export type BulkAccount = { id: string; name: string; production: boolean };

export type BulkDeps = {
  batches: BatchStore;
  templates: TemplateStore;
  changes: ChangeService;
  journal: Journal;
  accounts(): Promise<BulkAccount[]>;
  /** The services the app knows in an account (its inventory). */
  inventory(accountId: string): Promise<Array<{ serviceId: number; domainName: string }>>;
  /** The account's signed client, for the plan's reads. */
  client(accountId: string): Promise<ChangeClient>;
  /** Tags of an account's services (by service ID). Default: none (wired to the tags store when there is one). */
  serviceTags?(accountId: string): Promise<ReadonlyMap<number, readonly string[]>>;
  /** Tags of the accounts (by account ID). Default: none. */
  accountTags?(): Promise<ReadonlyMap<string, readonly string[]>>;
  /** A batch changed (after each item and on every status change). */
  progress?(event: BulkProgress): void;
  /** A plan read one more service (and once at the start, with nothing read). */
  planProgress?(event: PlanProgress): void;
  /** The account key's budget, for the plan's time estimate (null: no budget). */
  budget?(accountId: string): Promise<{ usage(): BudgetUsage } | null>;
  /**
   * The service's rule test suite on the rules now and after a rule-changing write (rule-suites.ts
   * check); without it a plan does not check suites.
   */
  suiteCheck?(accountId: string, change: ProposedChange): Promise<ChangeCheck>;
  /** Batches cut off by an app stop and not resumed yet (once per core, when the batches are first read). */
  onInterrupted?(batches: BulkBatchSummary[]): void;
  now(): Date;
  newId?(): string;
  /** Reads (plan) and writes (run) in flight per account; each still waits for its key's budget. */
  concurrency?: number;
};

/** planId names the plan in planProgress events and for cancelPlan. */
export type PlanRequest = { change?: BulkChange; template?: string; targets: TargetSelector; planId?: string };

/**
 * A plan of several changes, each on its own service (a baseline's Fix): one batch, run, journaled
 * and resumed like any other. A service may get more than one change (items "<account>/<service>",
 * then "<account>/<service>/2", …).
 */
export type PlanChangesRequest = {
  label: string;
  origin: BatchOrigin;
  changes: ReadonlyArray<{ accountId: string; serviceId: number; change: BulkChange }>;
  planId?: string;
};

export type BulkService = {
  plan(request: PlanRequest): Promise<BulkBatch>;
  /** Plans several changes as one batch (each item its own change). */
  planChanges(request: PlanChangesRequest): Promise<BulkBatch>;
  /** Stops a plan in progress: queued reads give their budget slots back; plan() rejects with PLAN_CANCELLED. */
  cancelPlan(planId: string): boolean;
  /**
   * Starts or resumes a batch and returns at once; `finished(batchId)` resolves when it stops.
   * Items with an unknown outcome are checked by reading their service; those a read cannot
   * settle are sent again only when `resendUnknown` names them (true: all).
   */
  run(batchId: string, confirmProduction?: boolean, resendUnknown?: true | readonly string[]): Promise<BulkBatchSummary>;
  /** The user settles items with an unknown outcome as applied (journaled as marked by the user). */
  markApplied(batchId: string, itemIds: readonly string[]): Promise<BulkBatch>;
  /** Resolves with the batch when its current run stops (at once when it is not running). */
  finished(batchId: string): Promise<BulkBatch>;
  cancel(batchId: string): Promise<BulkBatchSummary>;
  get(batchId: string): Promise<BulkBatch>;
  list(limit?: number): Promise<BulkBatchSummary[]>;
  discard(batchId: string): Promise<void>;
  planRevert(batchId: string): Promise<BulkBatch>;
  listTemplates(): Promise<BulkTemplate[]>;
  saveTemplate(name: string, change: BulkChange): Promise<BulkTemplate>;
  deleteTemplate(name: string): Promise<void>;
  /** Waits for every running batch (tests). */
  idle(): Promise<void>;
  /** The app stops: running batches stop after the writes in flight and wait as "interrupted". */
  shutdown(): Promise<void>;
};

/** The batch as the renderer sees it: without the requests. */
export function batchForRenderer(batch: StoredBatch): BulkBatch {
  return { ...batch, items: batch.items.map(({ input: _input, ...item }): BulkItem => item) };
}

export function batchSummary(batch: StoredBatch | BulkBatch): BulkBatchSummary {
  const { items, change: _change, ...rest } = batch;
  return { ...rest, itemCount: items.length, resumable: isResumable(batch) };
}

const readBackKind = (change: BulkChange): JournalReadBackKind | null =>
  change.kind === 'cors' ? 'cors' : change.kind === 'rate-limit-set' || change.kind === 'rate-limit-delete' ? 'rate-limit' : null;

/** Runs `task` over `items` with at most `limit` in flight. */
async function pool<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** Whether a journal entry can be the write of an item: the same policy name where both name one. */
function samePolicyName(entry: JournalEntry, item: StoredItem): boolean {
  const body = item.input?.body;
  const wanted = isObject(body) ? body.policyName : undefined;
  const written = isObject(entry.after) ? entry.after.policyName : undefined;
  return wanted === undefined || written === undefined || wanted === written;
}

/** A service that is gone answers IdPermission ("does not exist or does not belong to this customer"). */
const SERVICE_MISSING_CODES = new Set(['InvalidService.IdPermission']);

export function createBulkService(deps: BulkDeps): BulkService {
  const newId = deps.newId ?? (() => randomUUID());
  const concurrency = deps.concurrency ?? 4;
  const runs = new Map<string, ActiveRun>();
  let recovered: Promise<void> | undefined;
  let shuttingDown = false;

  const emit = (batch: StoredBatch, item?: StoredItem) => {
    if (!deps.progress) return;
    const event: BulkProgress = { batchId: batch.id, status: batch.status, counts: batch.counts };
    if (item) {
      const { input: _input, ...shown } = item;
      event.item = shown;
    }
    deps.progress(event);
  };

  /**
   * Once per core: a batch stored as running was cut off by an app stop. Its unfinished items take
   * their result from the journal, which records every write before its request leaves: applied,
   * failed, or unknown (sent, no answer recorded: checked by reading the service before anything
   * is sent again). The batch waits as "interrupted" for the user to resume it.
   */
  function recover(): Promise<void> {
    recovered ??= (async () => {
      const stale = (await deps.batches.all()).filter((b) => b.status === 'running' && !runs.has(b.id));
      for (const batch of stale) {
        const entries = await deps.journal.list();
        const ofBatch = entries.filter((e) => e.batchId === batch.id);
        await deps.batches.update(batch.id, (b) => {
          // An entry settles one item: a baseline Fix may create two access rules on one service.
          // An item's own entry stays its own (an unknown one being checked when the app stopped).
          const usedBy = new Map(b.items.flatMap((i) => (i.journalEntryId === null ? [] : [[i.journalEntryId, i.id] as const])));
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
      item.error = { code: OUTCOME_UNKNOWN, message: entry.result.message ?? UNANSWERED_MESSAGE };
    }
  }

  async function load(batchId: string): Promise<StoredBatch> {
    await recover();
    const running = runs.get(batchId);
    if (running) return running.batch;
    const batch = await deps.batches.get(batchId);
    if (!batch) throw new CoreError(BATCH_NOT_FOUND, `No bulk batch has the ID “${batchId}”.`);
    return batch;
  }

  /**
   * The full ID of the batch `given` names: its ID, or a unique start of it (the 8 characters the
   * journal and the lists show). Every entry point resolves first, so the rest uses whole IDs.
   */
  async function resolveId(given: string): Promise<string> {
    if (runs.has(given)) return given;
    await recover();
    const ids = new Set([...runs.keys(), ...(await deps.batches.all()).map((b) => b.id)]);
    if (ids.has(given)) return given;
    const matches = [...ids].filter((id) => batchIdMatches(id, given)).sort();
    if (matches.length === 1 && matches[0] !== undefined) return matches[0];
    if (matches.length > 1) {
      throw new CoreError(BATCH_ID_AMBIGUOUS, `${matches.length} bulk batches have IDs starting with “${given.trim()}”: ${matches.join(', ')}. Give more of the ID.`);
    }
    const short = given.trim().length < MIN_BATCH_ID_PREFIX ? ` (give at least ${MIN_BATCH_ID_PREFIX} characters of it)` : '';
    throw new CoreError(BATCH_NOT_FOUND, `No bulk batch has the ID “${given.trim()}”${short}.`);
  }

  /**
   * The plan's reads are what the user waits for: interactive priority (they go before background
   * work such as a running batch, and may use the key's whole window). An aborted read rethrows.
   */
  async function readTarget(accountId: string, serviceId: number, operationId: OperationId, signal?: AbortSignal): Promise<TargetRead> {
    try {
      const client = await deps.client(accountId);
      const answer = await client.call(operationId, { params: { serviceId } }, { priority: 'interactive', ...(signal ? { signal } : {}) });
      if (operationId === 'getService') return { kind: 'service' };
      return { kind: 'policies', policies: Array.isArray(answer) ? answer.filter(isObject) : [] };
    } catch (error) {
      const serialized = serializeError(error);
      if (signal?.aborted) throw error;
      if (SERVICE_MISSING_CODES.has(serialized.code)) return { kind: 'missing' };
      return { kind: 'failed', code: serialized.code, message: serialized.message };
    }
  }

  async function lastApplied(accountId: string, serviceId: number, kind: JournalReadBackKind | null): Promise<LastApplied> {
    if (kind === null) return null;
    const entry = await deps.changes.lastApplied(accountId, serviceId, kind);
    if (!entry) return null;
    return { body: isObject(entry.after) ? entry.after : null, at: entry.at };
  }

  async function candidatesFor(selector: TargetSelector, accounts: BulkAccount[]): Promise<TargetCandidate[]> {
    const explicit = new Set((selector.services ?? []).map((s) => s.accountId));
    const filtered = selector.accountIds !== undefined || selector.domainPattern !== undefined || (selector.tags?.length ?? 0) > 0;
    const wanted = accounts.filter(
      (a) => explicit.has(a.id) || (filtered && (selector.accountIds === undefined || selector.accountIds.includes(a.id))),
    );
    const accountTags = (await deps.accountTags?.()) ?? new Map<string, readonly string[]>();
    const out: TargetCandidate[] = [];
    for (const account of wanted) {
      const serviceTags = (await deps.serviceTags?.(account.id)) ?? new Map<number, readonly string[]>();
      // An account none of whose services can carry every tag is not read (its inventory may start the sandbox).
      if (!explicit.has(account.id) && (selector.tags?.length ?? 0) > 0) {
        const present = new Set([...(accountTags.get(account.id) ?? []), ...[...serviceTags.values()].flat()].map((t) => t.toLowerCase()));
        if (!(selector.tags ?? []).every((tag) => present.has(tag.toLowerCase()))) continue;
      }
      const services = await deps.inventory(account.id);
      for (const s of services) {
        out.push({
          accountId: account.id,
          accountName: account.name,
          production: account.production,
          serviceId: s.serviceId,
          domainName: s.domainName,
          tags: [...(serviceTags.get(s.serviceId) ?? []), ...(accountTags.get(account.id) ?? [])],
        });
      }
    }
    return out;
  }

  function itemOf(target: Pick<TargetCandidate, 'accountId' | 'accountName' | 'production' | 'serviceId' | 'domainName'>, planned: PlannedItem): StoredItem {
    return {
      id: `${target.accountId}/${target.serviceId}`,
      accountId: target.accountId,
      accountName: target.accountName,
      production: target.production,
      serviceId: target.serviceId,
      domainName: target.domainName,
      ...planned,
      state: planned.action === 'cannot' ? 'cannot' : planned.action === 'unchanged' ? 'unchanged' : 'pending',
      error: null,
      journalEntryId: null,
    };
  }

  /** Per account in parallel; within an account a few at a time (the key's budget paces them). */
  async function perAccount<T extends { accountId: string }>(targets: readonly T[], task: (target: T) => Promise<void>): Promise<void> {
    const byAccount = new Map<string, T[]>();
    for (const t of targets) byAccount.set(t.accountId, [...(byAccount.get(t.accountId) ?? []), t]);
    await Promise.all([...byAccount.values()].map((list) => pool(list, concurrency, task)));
  }

  async function storeNew(batch: Omit<StoredBatch, 'counts' | 'productionAccounts'>): Promise<BulkBatch> {
    const production = new Map<string, string>();
    for (const item of batch.items) if (item.production && item.operationId !== null) production.set(item.accountId, item.accountName);
    const stored: StoredBatch = {
      ...batch,
      counts: countItems(batch.items),
      productionAccounts: [...production].map(([id, name]) => ({ id, name })),
    };
    await deps.batches.put(stored);
    return batchForRenderer(stored);
  }

  const plans = new Map<string, AbortController>();

  /** Reads every target once, accounts in parallel, counting reads per account for planProgress. */
  async function readAll<T extends { accountId: string; accountName: string }>(
    planId: string | undefined,
    targets: readonly T[],
    read: (target: T, signal: AbortSignal) => Promise<void>,
  ): Promise<void> {
    const controller = new AbortController();
    if (planId !== undefined) {
      if (plans.has(planId)) throw new CoreError('Bulk.PlanRunning', 'A plan with this ID is already being read.');
      plans.set(planId, controller);
    }
    const started = monotonicMs();
    type Counted = { accountId: string; accountName: string; read: number; total: number; budget: { usage(): BudgetUsage } | null };
    const accounts = new Map<string, Counted>();
    for (const t of targets) {
      const a = accounts.get(t.accountId) ?? { accountId: t.accountId, accountName: t.accountName, read: 0, total: 0, budget: null };
      a.total++;
      accounts.set(t.accountId, a);
    }
    // Synchronous from here on, so that the events count up in order.
    const report = (): void => {
      if (planId === undefined || !deps.planProgress) return;
      const elapsedMs = monotonicMs() - started;
      const rows = [...accounts.values()].map((a) => {
        const usage = a.budget?.usage() ?? null;
        const estimate = estimateMsLeft(a.total - a.read, usage, { read: a.read, elapsedMs });
        return {
          accountId: a.accountId,
          accountName: a.accountName,
          read: a.read,
          total: a.total,
          msLeft: estimate.msLeft,
          perMinute: usage?.find((w) => w.windowMs === 60_000)?.limit ?? null,
          budgetBound: estimate.budgetBound,
        };
      });
      const known = rows.map((r) => r.msLeft).filter((ms) => ms !== null);
      deps.planProgress({
        planId,
        read: rows.reduce((n, r) => n + r.read, 0),
        total: rows.reduce((n, r) => n + r.total, 0),
        msLeft: known.length === 0 ? null : Math.max(...known),
        accounts: rows,
      });
    };
    try {
      if (planId !== undefined && deps.planProgress) {
        for (const a of accounts.values()) a.budget = (await deps.budget?.(a.accountId)) ?? null;
      }
      report();
      await perAccount(targets, async (target) => {
        // After a cancel no further read starts; the queued ones were rejected by the budget.
        if (controller.signal.aborted) return;
        try {
          await read(target, controller.signal);
        } catch (error) {
          if (controller.signal.aborted) return;
          throw error;
        }
        const a = accounts.get(target.accountId);
        if (a) a.read++;
        report();
      });
      if (controller.signal.aborted) {
        const read = [...accounts.values()].reduce((n, a) => n + a.read, 0);
        throw new CoreError(PLAN_CANCELLED, `Planning was cancelled after reading ${read} of ${targets.length} services. Nothing was changed.`);
      }
    } finally {
      if (planId !== undefined) plans.delete(planId);
    }
  }

  function cancelPlan(planId: string): boolean {
    const controller = plans.get(planId);
    if (!controller) return false;
    controller.abort();
    return true;
  }

  async function plan(request: PlanRequest): Promise<BulkBatch> {
    await recover();
    let change = request.change;
    if (change === undefined) {
      const template = request.template === undefined ? undefined : await deps.templates.get(request.template);
      if (!template) throw new CoreError(TEMPLATE_NOT_FOUND, `There is no template named “${request.template ?? ''}”. Choose a saved template or give the change.`);
      change = template.change;
    }
    const accounts = await deps.accounts();
    const match = matchTargets(await candidatesFor(request.targets, accounts), request.targets);
    if (match.targets.length === 0) {
      throw new CoreError('Bulk.NoTargets', 'No known service matches this selection. Check the accounts, the domain pattern and the tags.');
    }
    const operationId = planReadFor(change.kind);
    const kind = readBackKind(change);
    const planned = new Map<string, StoredItem>();
    const chosen = change;
    await readAll(request.planId, match.targets, async (target, signal) => {
      const read = await readTarget(target.accountId, target.serviceId, operationId, signal);
      const last = await lastApplied(target.accountId, target.serviceId, kind);
      const item = itemOf(target, planBulkItem(chosen, target.serviceId, read, last));
      planned.set(item.id, await withSuiteCheck(item));
    });
    return storeNew({
      id: newId(),
      label: describeBulkChange(change),
      createdAt: deps.now().toISOString(),
      change,
      revertOf: null,
      status: 'planned',
      items: match.targets.map((t) => planned.get(`${t.accountId}/${t.serviceId}`) as StoredItem),
      startedAt: null,
      finishedAt: null,
      unknownTargets: match.unknown,
    });
  }

  async function planChanges(request: PlanChangesRequest): Promise<BulkBatch> {
    await recover();
    if (request.changes.length === 0) throw new CoreError('Bulk.NoTargets', 'There is nothing to change.');
    const accounts = new Map((await deps.accounts()).map((a) => [a.id, a]));
    type Wanted = { id: string; change: BulkChange; target: Pick<TargetCandidate, 'accountId' | 'accountName' | 'production' | 'serviceId' | 'domainName'> };
    const wanted: Wanted[] = [];
    const unknownTargets: Array<{ accountId: string; serviceId: number }> = [];
    const perService = new Map<string, number>();
    const inventories = new Map<string, Map<number, string>>();
    for (const { accountId, serviceId, change } of request.changes) {
      const account = accounts.get(accountId);
      let known = inventories.get(accountId);
      if (account && !known) {
        known = new Map((await deps.inventory(accountId)).map((s) => [s.serviceId, s.domainName]));
        inventories.set(accountId, known);
      }
      const domainName = known?.get(serviceId);
      if (!account || domainName === undefined) {
        if (!unknownTargets.some((u) => u.accountId === accountId && u.serviceId === serviceId)) unknownTargets.push({ accountId, serviceId });
        continue;
      }
      const key = `${accountId}/${serviceId}`;
      const n = (perService.get(key) ?? 0) + 1;
      perService.set(key, n);
      wanted.push({ id: n === 1 ? key : `${key}/${n}`, change, target: { accountId, accountName: account.name, production: account.production, serviceId, domainName } });
    }
    if (wanted.length === 0) throw new CoreError('Bulk.NoTargets', 'None of the services to change is in its account’s service list any more.');
    // One read per service and kind of list, whatever the number of changes it gets.
    const services = [...new Map(wanted.map((w) => [`${w.target.accountId}/${w.target.serviceId}`, w.target])).values()];
    const reads = new Map<string, TargetRead>();
    await readAll(request.planId, services, async (target, signal) => {
      const operations = new Set(wanted.filter((w) => w.target.accountId === target.accountId && w.target.serviceId === target.serviceId).map((w) => planReadFor(w.change.kind)));
      for (const operationId of operations) {
        reads.set(`${target.accountId}/${target.serviceId} ${operationId}`, await readTarget(target.accountId, target.serviceId, operationId, signal));
      }
    });
    const items: StoredItem[] = [];
    for (const w of wanted) {
      const read = reads.get(`${w.target.accountId}/${w.target.serviceId} ${planReadFor(w.change.kind)}`) as TargetRead;
      const last = await lastApplied(w.target.accountId, w.target.serviceId, readBackKind(w.change));
      items.push(await withSuiteCheck({ ...itemOf(w.target, planBulkItem(w.change, w.target.serviceId, read, last)), id: w.id }));
    }
    return storeNew({
      id: newId(),
      label: request.label,
      createdAt: deps.now().toISOString(),
      change: null,
      revertOf: null,
      origin: request.origin,
      status: 'planned',
      items,
      startedAt: null,
      finishedAt: null,
      unknownTargets,
    });
  }

  /**
   * A rule-changing item checked against its service's rule test suite, as the editors' review
   * does: what would flip is shown in the plan and journaled when the item is applied. A suite
   * that cannot be checked (its lists unreadable) leaves a note rather than failing the plan.
   */
  async function withSuiteCheck(item: StoredItem): Promise<StoredItem> {
    if (!deps.suiteCheck || item.operationId === null || item.input === null || !changesRules(item.operationId)) return item;
    try {
      const check = await deps.suiteCheck(item.accountId, { operationId: item.operationId, params: item.input.params, body: item.input.body });
      if (check.flipped.length === 0) return { ...item, flippedExpectations: [] };
      return { ...item, flippedExpectations: check.flipped, notes: [...item.notes, flippedExpectationsNote(check.flipped, check.total)] };
    } catch (error) {
      const { message } = serializeError(error);
      return { ...item, notes: [...item.notes, `The service's rule tests could not be checked: ${message}`] };
    }
  }

  async function planRevert(given: string): Promise<BulkBatch> {
    const batch = await load(await resolveId(given));
    if (batch.status === 'running') throw new CoreError(BATCH_RUNNING, 'This batch is still running. Cancel it or wait for it to finish, then revert it.');
    const entries = (await deps.journal.list()).filter((e) => e.batchId === batch.id && e.result.ok);
    const accounts = new Map((await deps.accounts()).map((a) => [a.id, a]));
    // One item per service: the earliest applied entry of the batch holds the version before it.
    const byItem = new Map<string, JournalEntry>();
    for (const entry of entries) byItem.set(`${entry.accountId}/${entry.serviceId}`, entry);
    const targets = batch.items.filter((i) => byItem.has(i.id));
    if (targets.length === 0) {
      throw new CoreError(BATCH_NOTHING_TO_RUN, 'No item of this batch was applied, so there is nothing to revert.');
    }
    const planned = new Map<string, StoredItem>();
    await perAccount(targets, async (item) => {
      const entry = byItem.get(item.id) as JournalEntry;
      const read = await readTarget(item.accountId, item.serviceId, revertReadFor(entry.operationId));
      const kind = entry.operationId === 'setCorsHeaders' ? 'cors' : entry.operationId === 'upsertRateLimit' || entry.operationId === 'deleteRateLimit' ? 'rate-limit' : null;
      const last = await lastApplied(item.accountId, item.serviceId, kind);
      const account = accounts.get(item.accountId);
      const target = { ...item, accountName: account?.name ?? item.accountName, production: account?.production ?? item.production };
      planned.set(item.id, await withSuiteCheck({ ...itemOf(target, planRevertItem(entry, read, last)), reapplyOf: entry.id }));
    });
    return storeNew({
      id: newId(),
      label: `Revert of “${batch.label}”`,
      createdAt: deps.now().toISOString(),
      change: null,
      revertOf: batch.id,
      status: 'planned',
      items: targets.map((t) => planned.get(t.id) as StoredItem),
      startedAt: null,
      finishedAt: null,
      unknownTargets: [],
    });
  }

  /**
   * A running batch lives in memory and is written behind its changes, coalesced (one write in
   * flight, the next one carries everything since). The journal is the durable record of each
   * write: after a crash, recover() takes every unfinished item's result from it.
   */
  type ActiveRun = {
    controller: AbortController;
    done: Promise<void>;
    batch: StoredBatch;
    save: () => Promise<void>;
    /** Unknown items the user allowed to be sent again when a read cannot settle them. */
    resendUnknown: true | ReadonlySet<string>;
    /** The run resumes a batch the app's stop interrupted (journaled as "confirmed after restart"). */
    afterRestart: boolean;
  };

  function writeBehind(batch: StoredBatch): () => Promise<void> {
    let writing: Promise<void> | null = null;
    let dirty = false;
    const write = async (): Promise<void> => {
      while (dirty) {
        dirty = false;
        await deps.batches.put(structuredClone(batch));
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

  function setItem(active: ActiveRun, item: StoredItem, change: Partial<StoredItem>): void {
    const stored = active.batch.items.find((i) => i.id === item.id);
    if (!stored) return;
    Object.assign(stored, change);
    active.batch.counts = countItems(active.batch.items);
    void active.save().catch(() => undefined);
    emit(active.batch, stored);
  }

  /**
   * An item whose earlier write has an unknown outcome: its service is read first. Returns whether
   * to send it (and which entry it sends again); otherwise the item is settled here (applied as
   * confirmed by the read, or left unknown for the user).
   */
  async function settleUnknownItem(active: ActiveRun, item: StoredItem): Promise<{ send: boolean; resendOf?: string }> {
    const { signal } = active.controller;
    const entryId = item.journalEntryId;
    const mayResend = active.resendUnknown === true || active.resendUnknown.has(item.id);
    const leave = (code: string, message: string) => {
      setItem(active, item, { state: 'unknown', error: { code, message } });
      return { send: false };
    };
    if (item.operationId === null || item.input === null) return { send: false };
    setItem(active, item, { state: 'running' });
    const context = active.afterRestart ? 'restart' : 'later';
    let decision;
    try {
      decision = await deps.changes.checkUnknown({ accountId: item.accountId, operationId: item.operationId, input: item.input }, context, { priority: 'background', signal });
    } catch (error) {
      if (signal.aborted) return leave(item.error?.code ?? OUTCOME_UNKNOWN, item.error?.message ?? UNANSWERED_MESSAGE);
      throw error;
    }
    switch (decision.decision) {
      case 'applied':
        if (entryId !== null) await deps.changes.confirmApplied(entryId, 'read-back', decision.message, { policyId: decision.policyId });
        setItem(active, item, { state: 'applied', error: null });
        return { send: false };
      case 'not-applied':
        if (entryId !== null) await deps.changes.confirmNotApplied(entryId, decision.message);
        return { send: true };
      case 'resend':
        return { send: true, ...(entryId === null ? {} : { resendOf: entryId }) };
      case 'ask':
        if (mayResend) return { send: true, ...(entryId === null ? {} : { resendOf: entryId }) };
        return leave(OUTCOME_CANNOT_TELL, decision.message);
    }
  }

  async function runItem(active: ActiveRun, item: StoredItem): Promise<void> {
    if (item.operationId === null || item.input === null) return;
    const { signal } = active.controller;
    let resendOf: string | undefined;
    if (item.state === 'unknown') {
      const settled = await settleUnknownItem(active, item);
      if (!settled.send) return;
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
        ...(item.flippedExpectations?.length ? { flippedExpectations: item.flippedExpectations.map((f) => f.name) } : {}),
        ...(item.flippedExpectations === undefined && changesRules(item.operationId) ? { acceptFlippedExpectations: true } : {}),
        callOptions: { priority: 'background', signal },
      });
      setItem(active, item, { state: 'applied', error: null, journalEntryId: entry.id });
    } catch (thrown) {
      if (thrown instanceof WriteOutcomeUnknownError) {
        setItem(active, item, { state: 'unknown', error: { code: thrown.code, message: thrown.message }, journalEntryId: thrown.entryId });
        return;
      }
      const serialized = serializeError(thrown);
      const failed = await deps.journal.findLatest(
        (e) => e.batchId === active.batch.id && e.accountId === item.accountId && e.serviceId === item.serviceId && e.result.ok === false,
      );
      if (signal.aborted && serialized.code === 'Request.Aborted') {
        // Cancelled before its request left (waiting for the budget): it stays to do.
        setItem(active, item, { state: resendOf === undefined ? 'pending' : 'unknown', journalEntryId: resendOf ?? failed?.id ?? null });
      } else {
        setItem(active, item, { state: 'failed', error: { code: serialized.code, message: serialized.message }, journalEntryId: failed?.id ?? null });
      }
    }
  }

  async function execute(active: ActiveRun): Promise<void> {
    const todo = active.batch.items.filter((i) => (i.state === 'pending' || i.state === 'unknown') && i.operationId !== null);
    // Accounts in parallel; within an account a few writes in flight, in plan order, each waiting
    // for its key's budget (so the journal and file writes of one overlap the next one's request).
    await perAccount(todo, async (item) => {
      if (!active.controller.signal.aborted) await runItem(active, item);
    });
    const b = active.batch;
    for (const item of b.items) if (item.state === 'running') item.state = 'pending';
    const left = b.items.some((i) => i.state === 'pending' || i.state === 'unknown');
    b.status = shuttingDown && left ? 'interrupted' : active.controller.signal.aborted && left ? 'cancelled' : 'finished';
    b.finishedAt = deps.now().toISOString();
    b.counts = countItems(b.items);
    await active.save();
    emit(b);
  }

  async function run(given: string, confirmProduction?: boolean, resendUnknown?: true | readonly string[]): Promise<BulkBatchSummary> {
    const batchId = await resolveId(given);
    if (shuttingDown) throw new CoreError('Core.Disposed', 'The application is shutting down.');
    const batch = await load(batchId);
    if (batch.status === 'running' || runs.has(batchId)) {
      throw new CoreError(BATCH_RUNNING, 'This batch is already running.');
    }
    const todo = batch.items.filter((i) => isLeftToDo(i.state) && i.operationId !== null);
    if (todo.length === 0) {
      throw new CoreError(BATCH_NOTHING_TO_RUN, 'Nothing is left to apply in this batch: every item is applied, unchanged or cannot apply.');
    }
    // Production as the accounts say now (an account may have been marked since the plan).
    const production = (await deps.accounts()).filter((a) => a.production && todo.some((i) => i.accountId === a.id));
    if (production.length > 0 && confirmProduction !== true) {
      const names = production.map((a) => `“${a.name}”`).join(', ');
      throw new CoreError(
        CONFIRMATION_REQUIRED,
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
      save: writeBehind(started),
      resendUnknown: resendUnknown === true ? true : new Set(resendUnknown ?? []),
      afterRestart: batch.status === 'interrupted',
    };
    runs.set(batchId, active);
    try {
      // Stored as running before the first write, so that an app stop leaves it to recover().
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

  async function markApplied(given: string, itemIds: readonly string[]): Promise<BulkBatch> {
    const batchId = await resolveId(given);
    const batch = await load(batchId);
    if (runs.has(batchId) || batch.status === 'running') throw new CoreError(BATCH_RUNNING, 'This batch is running. Wait for it to stop, then mark items.');
    const wanted = new Set(itemIds);
    const items = batch.items.filter((i) => wanted.has(i.id));
    const notUnknown = [...wanted].filter((id) => !items.some((i) => i.id === id && i.state === 'unknown'));
    if (notUnknown.length > 0) {
      throw new CoreError(
        BATCH_NOT_UNKNOWN,
        `Only items whose outcome is unknown can be marked as applied; ${notUnknown.map((id) => `“${id}”`).join(', ')} ${notUnknown.length === 1 ? 'is' : 'are'} not (or not in this batch).`,
      );
    }
    for (const item of items) {
      if (item.journalEntryId !== null) {
        await deps.changes.confirmApplied(item.journalEntryId, 'user', 'Marked as applied by the user, who checked the service, after the gateway’s answer was lost.');
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
    if (!updated) throw new CoreError(BATCH_NOT_FOUND, `No bulk batch has the ID “${batchId}”.`);
    emit(updated);
    return batchForRenderer(updated);
  }

  async function finished(given: string): Promise<BulkBatch> {
    const batchId = await resolveId(given);
    await runs.get(batchId)?.done;
    return batchForRenderer(await load(batchId));
  }

  async function cancel(given: string): Promise<BulkBatchSummary> {
    const batchId = await resolveId(given);
    const active = runs.get(batchId);
    if (!active) return batchSummary(await load(batchId));
    active.controller.abort();
    await active.done;
    return batchSummary(await load(batchId));
  }

  return {
    plan,
    planChanges,
    cancelPlan,
    run,
    markApplied,
    finished,
    cancel,
    async get(given) {
      return batchForRenderer(await load(await resolveId(given)));
    },
    async list(limit = 100) {
      await recover();
      return (await deps.batches.all()).slice(0, limit).map((b) => batchSummary(runs.get(b.id)?.batch ?? b));
    },
    async discard(given) {
      const batchId = await resolveId(given);
      await load(batchId);
      if (runs.has(batchId)) throw new CoreError(BATCH_RUNNING, 'This batch is running. Cancel it first.');
      await deps.batches.remove(batchId);
    },
    planRevert,
    listTemplates: () => deps.templates.list(),
    async saveTemplate(name, change) {
      const template: BulkTemplate = { name: name.trim(), change, savedAt: deps.now().toISOString() };
      await deps.templates.save(template);
      return template;
    },
    async deleteTemplate(name) {
      if (!(await deps.templates.remove(name))) {
        throw new CoreError(TEMPLATE_NOT_FOUND, `There is no template named “${name}”.`);
      }
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
