// The reads a bulk plan makes: each target's service or policy list as it is now (what the user
// waits for: interactive priority), the journal's last applied version where the API cannot read
// it back, and the counting behind bulk.planProgress (reads per account, time left at the key's
// budget) with bulk.cancelPlan, which stops the reads still to come.
import { AppCode } from '#shared/app-errors.ts';
import { CoreError } from '../errors.ts';
import { toIpcError } from '../ipc/ipc-error.ts';
import type { BulkDeps } from './bulk-service.ts';
import { perAccount } from './per-account.ts';
import type { LastApplied, TargetRead } from '#shared/bulk/plan.ts';
import type { JournalReadBackKind } from '#shared/api/operation-facts.ts';
import type { OperationId } from '#shared/api/operations.ts';
import { estimateMsLeft, type BudgetUsage } from '#shared/bulk/plan-progress.ts';
import { monotonicMs } from '../clock.ts';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A service that is gone answers IdPermission ("does not exist or does not belong to this customer"). */
const SERVICE_MISSING_CODES = new Set(['InvalidService.IdPermission']);

export type PlanReads = {
  /** The target as it is now; an aborted read rethrows, any other failure is part of the answer. */
  readTarget(accountId: string, serviceId: number, operationId: OperationId, signal?: AbortSignal): Promise<TargetRead>;
  /** The version last applied from this app, for what the API cannot read back (CORS, rate limit). */
  lastApplied(accountId: string, serviceId: number, kind: JournalReadBackKind | null): Promise<LastApplied>;
  /** Reads every target once, accounts in parallel, counting reads per account for planProgress. */
  readAll<T extends { accountId: string; accountName: string }>(
    planId: string | undefined,
    targets: readonly T[],
    read: (target: T, signal: AbortSignal) => Promise<void>,
  ): Promise<void>;
  /** Stops a plan in progress: queued reads give their budget slots back; readAll rejects with Bulk.PlanCancelled. */
  cancelPlan(planId: string): boolean;
};

export function createPlanReads(
  deps: Pick<BulkDeps, 'client' | 'changes' | 'planProgress' | 'budget'> & { concurrency: number },
): PlanReads {
  const plans = new Map<string, AbortController>();

  /**
   * The plan's reads are what the user waits for: interactive priority (they go before background
   * work such as a running batch, and may use the key's whole window). An aborted read rethrows.
   */
  async function readTarget(
    accountId: string,
    serviceId: number,
    operationId: OperationId,
    signal?: AbortSignal,
  ): Promise<TargetRead> {
    try {
      const client = await deps.client(accountId);
      const answer = await client.call(
        operationId,
        { params: { serviceId } },
        { priority: 'interactive', ...(signal ? { signal } : {}) },
      );
      if (operationId === 'getService') return { kind: 'service' };
      return { kind: 'policies', policies: Array.isArray(answer) ? answer.filter(isObject) : [] };
    } catch (error) {
      const serialized = toIpcError(error);
      if (signal?.aborted) throw error;
      if (SERVICE_MISSING_CODES.has(serialized.code)) return { kind: 'missing' };
      return { kind: 'failed', code: serialized.code, message: serialized.message };
    }
  }

  async function lastApplied(
    accountId: string,
    serviceId: number,
    kind: JournalReadBackKind | null,
  ): Promise<LastApplied> {
    if (kind === null) return null;
    const entry = await deps.changes.lastApplied(accountId, serviceId, kind);
    if (!entry) return null;
    return { body: isObject(entry.after) ? entry.after : null, at: entry.at };
  }

  async function readAll<T extends { accountId: string; accountName: string }>(
    planId: string | undefined,
    targets: readonly T[],
    read: (target: T, signal: AbortSignal) => Promise<void>,
  ): Promise<void> {
    const controller = new AbortController();
    if (planId !== undefined) {
      if (plans.has(planId))
        throw new CoreError(AppCode.Bulk.PlanRunning, 'A plan with this ID is already being read.');
      plans.set(planId, controller);
    }
    const started = monotonicMs();
    type Counted = {
      accountId: string;
      accountName: string;
      read: number;
      total: number;
      budget: { usage(): BudgetUsage } | null;
    };
    const accounts = new Map<string, Counted>();
    for (const t of targets) {
      const a = accounts.get(t.accountId) ?? {
        accountId: t.accountId,
        accountName: t.accountName,
        read: 0,
        total: 0,
        budget: null,
      };
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
      await perAccount(targets, deps.concurrency, async (target) => {
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
        throw new CoreError(
          AppCode.Bulk.PlanCancelled,
          `Planning was cancelled after reading ${read} of ${targets.length} services. Nothing was changed.`,
        );
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

  return { readTarget, lastApplied, readAll, cancelPlan };
}
