// A baseline's Fix in the core: every change the API can carry for one failing check (optionally
// in one account), planned as ONE bulk batch and run by the bulk service (production
// confirmation, the journal with the batch ID, exactly-once, resume), then the changed services
// are read again and the baseline evaluated anew. A plan runs once: a batch that already ran (or
// was not planned by a Fix) is refused, so a spent plan is never replayed. docs/baselines.md.
import { AppCode } from '#shared/app-errors.ts';
import { CoreError } from '../errors.ts';
import type { BulkService } from '../bulk/bulk-service.ts';
import type { BaselineService } from './baseline-service.ts';
import type { RefreshResult, SnapshotRefresher } from './snapshot-refresher.ts';
import { selectFixes, type FixLine } from '#shared/baseline/fix-plan.ts';
import type { BaselineReport } from '#shared/baseline/baseline.ts';
import type { BatchOrigin, BulkBatch } from '#shared/bulk/batch.ts';

export type FixPlanRequest = {
  name: string;
  /** Index of the check in the baseline (as in the report and the grid). */
  check: number;
  /** Only this account's failing services (the grid's cell). */
  accountId?: string;
  /** Evaluate these accounts instead of the baseline's assignment (the CLI's --accounts). */
  accountIds?: readonly string[];
  planId?: string;
};

export type FixPlan = {
  baseline: string;
  checkId: string;
  checkTitle: string;
  fixText: string;
  /** What the Fix changes: one line per kind of action, with its service count. */
  lines: FixLine[];
  /** Failing services no API change can fix. */
  byHand: number;
  /** The planned batch (status planned); null when nothing is left to fix through the API. */
  batch: BulkBatch | null;
};

export type FixResult = {
  batch: BulkBatch;
  refresh: RefreshResult;
  /** The baseline evaluated after the changed services were read again (counts only). */
  report: BaselineReport;
  /** What a new Fix of the same check would still change (empty: nothing is left). */
  remaining: { lines: FixLine[]; byHand: number };
};

type FixOrigin = BatchOrigin;

export function createBaselineFix(deps: {
  baselines: BaselineService;
  bulk: BulkService;
  refresher: SnapshotRefresher;
}) {
  async function evaluateFor(name: string, accountIds?: readonly string[]) {
    return (await deps.baselines.evaluate({ name, ...(accountIds ? { accountIds } : {}) })).report;
  }

  function checkOf(report: BaselineReport, check: number) {
    const entry = report.checks[check];
    if (!entry)
      throw new CoreError(
        AppCode.Baselines.CheckNotFound,
        `The baseline “${report.baseline}” has no check number ${check + 1}.`,
      );
    return entry;
  }

  async function plan(request: FixPlanRequest): Promise<FixPlan> {
    const report = await evaluateFor(request.name, request.accountIds);
    const check = checkOf(report, request.check);
    const selection = selectFixes(report.details, request.check, request.accountId);
    const base = {
      baseline: report.baseline,
      checkId: check.checkId,
      checkTitle: check.title,
      fixText: check.fixText,
      lines: selection.lines,
      byHand: selection.byHand.length,
    };
    if (selection.changes.length === 0) return { ...base, batch: null };
    const origin: FixOrigin = {
      kind: 'baseline-fix',
      baseline: report.baseline,
      checkId: check.checkId,
      checkTitle: check.title,
      check: request.check,
      accountId: request.accountId ?? null,
      scope: request.accountIds ? [...request.accountIds] : null,
    };
    const batch = await deps.bulk.planChanges({
      label: `Baseline fix: ${check.title}`,
      origin,
      changes: selection.changes.map(({ accountId, serviceId, change }) => ({ accountId, serviceId, change })),
      ...(request.planId ? { planId: request.planId } : {}),
    });
    return { ...base, batch };
  }

  /** The batch, when it is a Fix plan that has not run yet. */
  async function unspent(batchId: string): Promise<BulkBatch & { origin: FixOrigin }> {
    let batch: BulkBatch;
    try {
      batch = await deps.bulk.get(batchId);
    } catch (error) {
      if (error instanceof CoreError && error.code === AppCode.Bulk.NotFound)
        throw new CoreError(
          AppCode.Baselines.FixSpent,
          'This Fix plan is no longer kept. Plan the Fix again: the new plan starts from the services as they are now.',
        );
      throw error;
    }
    const origin = batch.origin;
    if (origin?.kind !== 'baseline-fix')
      throw new CoreError(
        AppCode.Baselines.FixSpent,
        'This batch was not planned by a baseline Fix: run it from Bulk changes (or accel bulk).',
      );
    if (batch.status !== 'planned') {
      throw new CoreError(
        AppCode.Baselines.FixSpent,
        'This Fix plan was applied already, so it is not run again. Plan the Fix again: the new plan starts from the services as they are now.',
      );
    }
    return { ...batch, origin };
  }

  async function apply(batchId: string, confirmProduction?: boolean): Promise<FixResult> {
    const { origin } = await unspent(batchId);
    await deps.bulk.run(batchId, confirmProduction);
    const batch = await deps.bulk.finished(batchId);
    // The changed services are read again, so the grid and the next plan see their new state.
    const refresh: RefreshResult = { refreshed: 0, failed: [], unreachable: [] };
    const byAccount = new Map<string, number[]>();
    for (const item of batch.items)
      byAccount.set(item.accountId, [...new Set([...(byAccount.get(item.accountId) ?? []), item.serviceId])]);
    for (const [accountId, serviceIds] of byAccount) {
      const read = await deps.refresher.refresh({ accountIds: [accountId], serviceIds, priority: 'interactive' });
      refresh.refreshed += read.refreshed;
      refresh.failed.push(...read.failed);
      refresh.unreachable.push(...read.unreachable);
    }
    const report = await evaluateFor(origin.baseline, origin.scope ?? undefined);
    // By check ID: the baseline may have been edited since the plan.
    const check = report.checks.findIndex((c) => c.checkId === origin.checkId);
    const remaining =
      check < 0 ? { lines: [], byHand: [] } : selectFixes(report.details, check, origin.accountId ?? undefined);
    return {
      batch,
      refresh,
      report: { ...report, details: [] },
      remaining: { lines: remaining.lines, byHand: remaining.byHand.length },
    };
  }

  /** Forgets a Fix plan that will not run (the panel closed, the dialog cancelled). */
  async function discard(batchId: string): Promise<void> {
    await unspent(batchId);
    await deps.bulk.discard(batchId);
  }

  return { plan, apply, discard };
}

export type BaselineFix = ReturnType<typeof createBaselineFix>;
