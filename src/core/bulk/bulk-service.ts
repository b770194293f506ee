// Bulk apply: plans one change for many services across accounts, runs the plan through
// changes.apply (the one guarded write path: production confirmation, journal with the batch ID),
// accounts in parallel and each access key at its own budget's pace, with progress, cancel and
// resume (batches are persisted; a batch running when the app stopped is offered for resume, never
// resumed by itself), and reverts a batch through a new plan. docs/bulk-apply.md.
// This file composes the parts: bulk-planner.ts (with bulk-plan-reads.ts), bulk-runner.ts,
// bulk-recovery.ts, bulk-templates.ts and the batch store, bulk-store.ts.
import { AppCode } from '#shared/app-errors.ts';
import { randomUUID } from 'node:crypto';
import type { ChangeClient, ChangeService } from '../changes/changes.ts';
import type { Journal } from '../journal/journal.ts';
import type { BatchStore } from './bulk-store.ts';
import { createBulkTemplates, type TemplateStore } from './bulk-templates.ts';
import { batchForRenderer, batchSummary, createBatchLookup } from './bulk-batches.ts';
import { createBatchRecovery } from './bulk-recovery.ts';
import { createPlanReads } from './bulk-plan-reads.ts';
import { createBulkPlanner } from './bulk-planner.ts';
import { createBulkRunner, type ActiveRun } from './bulk-runner.ts';
import { CoreError } from '../errors.ts';
import type { BulkChange } from '#shared/bulk/change.ts';
import type { TargetSelector } from '#shared/bulk/target.ts';
import type { BatchOrigin, BulkBatch, BulkBatchSummary, BulkProgress, BulkTemplate } from '#shared/bulk/batch.ts';
import type { ProposedChange } from '#shared/suites/lists-after-change.ts';
import type { ChangeCheck } from '#shared/suites/evaluate.ts';
import type { BudgetUsage, PlanProgress } from '#shared/bulk/plan-progress.ts';

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
  /** Stops a plan in progress: queued reads give their budget slots back; plan() rejects with Bulk.PlanCancelled. */
  cancelPlan(planId: string): boolean;
  /**
   * Starts or resumes a batch and returns at once; `finished(batchId)` resolves when it stops.
   * Items with an unknown outcome are checked by reading their service; those a read cannot
   * settle are sent again only when `resendUnknown` names them (true: all).
   */
  run(
    batchId: string,
    confirmProduction?: boolean,
    resendUnknown?: true | readonly string[],
  ): Promise<BulkBatchSummary>;
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

export function createBulkService(deps: BulkDeps): BulkService {
  const newId = deps.newId ?? (() => randomUUID());
  const concurrency = deps.concurrency ?? 4;
  const runs = new Map<string, ActiveRun>();
  const recover = createBatchRecovery({
    batches: deps.batches,
    journal: deps.journal,
    isRunning: (id) => runs.has(id),
    onInterrupted: deps.onInterrupted,
  });
  const lookup = createBatchLookup({ batches: deps.batches, running: runs, recover });
  const reads = createPlanReads({ ...deps, concurrency });
  const templates = createBulkTemplates(deps.templates, deps.now);
  const planner = createBulkPlanner({ ...deps, newId, concurrency, recover, lookup, reads, templates });
  const runner = createBulkRunner({ ...deps, concurrency, runs, lookup });

  return {
    plan: planner.plan,
    planChanges: planner.planChanges,
    cancelPlan: reads.cancelPlan,
    run: runner.run,
    markApplied: runner.markApplied,
    finished: runner.finished,
    cancel: runner.cancel,
    async get(given) {
      return batchForRenderer(await lookup.load(await lookup.resolveId(given)));
    },
    async list(limit = 100) {
      await recover();
      return (await deps.batches.all()).slice(0, limit).map((b) => batchSummary(runs.get(b.id)?.batch ?? b));
    },
    async discard(given) {
      const batchId = await lookup.resolveId(given);
      await lookup.load(batchId);
      if (runs.has(batchId)) throw new CoreError(AppCode.Bulk.Running, 'This batch is running. Cancel it first.');
      await deps.batches.remove(batchId);
    },
    planRevert: planner.planRevert,
    listTemplates: templates.list,
    saveTemplate: templates.save,
    deleteTemplate: templates.remove,
    idle: runner.idle,
    shutdown: runner.shutdown,
  };
}
