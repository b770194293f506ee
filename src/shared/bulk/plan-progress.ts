// Progress of planning a bulk change: the plan reads every target once, one read
// per service, each waiting for its access key's budget — at 100 requests/minute 200 services take
// about two minutes, so the reads are counted per account, with a time estimate, and can be
// cancelled (bulk.cancelPlan). docs/bulk-apply.md "Planning progress".
import { z } from 'zod';

const planAccountProgressSchema = z.object({
  accountId: z.string(),
  accountName: z.string(),
  read: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  /** About how long the account's remaining reads take at its key's budget; null when not known. */
  msLeft: z.number().nonnegative().nullable(),
  /** The key's per-minute budget (the pace shown), null when the client has no budget. */
  perMinute: z.number().int().positive().nullable(),
  /** The key's budget sets the pace (the reads wait for slots), rather than the gateway's answers. */
  budgetBound: z.boolean(),
});
export type PlanAccountProgress = z.infer<typeof planAccountProgressSchema>;

export const planProgressSchema = z.object({
  planId: z.string(),
  read: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  /** The slowest account's estimate: accounts are read in parallel. */
  msLeft: z.number().nonnegative().nullable(),
  accounts: z.array(planAccountProgressSchema),
});
export type PlanProgress = z.infer<typeof planProgressSchema>;

export type BudgetUsage = ReadonlyArray<{ limit: number; windowMs: number; used: number }>;

/**
 * About how long `remaining` reads take at a budget: per window, the reads beyond what is free now
 * go at the window's pace (limit per windowMs); the slowest window wins. The pace seen so far
 * (elapsed per read) is a floor, so a slow gateway is not reported as instant.
 */
export function estimateMsLeft(
  remaining: number,
  usage: BudgetUsage | null,
  seen: { read: number; elapsedMs: number },
): { msLeft: number | null; budgetBound: boolean } {
  if (remaining <= 0) return { msLeft: 0, budgetBound: false };
  const observed = seen.read > 0 ? (seen.elapsedMs / seen.read) * remaining : null;
  if (!usage || usage.length === 0) return { msLeft: observed, budgetBound: false };
  let budget = 0;
  for (const w of usage) {
    const beyond = remaining - Math.max(0, w.limit - w.used);
    if (beyond > 0) budget = Math.max(budget, (beyond * w.windowMs) / w.limit);
  }
  return budget > 0 && budget >= (observed ?? 0)
    ? { msLeft: budget, budgetBound: true }
    : { msLeft: Math.max(budget, observed ?? 0), budgetBound: false };
}

/** “about 1 min 40 s”, “about 20 s”, “less than 5 s” — rounded so the text does not flicker. */
export function formatMsLeft(ms: number): string {
  if (ms < 5_000) return 'less than 5 s';
  const seconds = ms < 60_000 ? Math.ceil(ms / 5_000) * 5 : Math.ceil(ms / 10_000) * 10;
  if (seconds < 60) return `about ${seconds} s`;
  const min = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return `about ${min} min${rest ? ` ${rest} s` : ''}`;
}

/** One line for a whole plan: “Reading 37 of 200 services… about 1 min 40 s left at this key's budget”. */
export function describePlanProgress(p: Pick<PlanProgress, 'read' | 'total' | 'msLeft' | 'accounts'>): string {
  const head = `Reading ${p.read} of ${p.total} service${p.total === 1 ? '' : 's'}…`;
  if (p.msLeft === null || p.read >= p.total) return head;
  const budgeted = p.accounts.filter((a) => a.budgetBound && a.read < a.total).length;
  const pace = budgeted === 0 ? '' : budgeted === 1 ? " at this key's budget" : " at these keys' budgets";
  return `${head} ${formatMsLeft(p.msLeft)} left${pace}`;
}

/** One line per account: “Shop GmbH: 37 of 200 · 100 requests/min · about 1 min 40 s left”. */
export function describeAccountProgress(a: PlanAccountProgress): string {
  const parts = [`${a.accountName}: ${a.read} of ${a.total}`];
  if (a.perMinute !== null) parts.push(`${a.perMinute} requests/min`);
  if (a.read >= a.total) parts.push('done');
  else if (a.msLeft !== null) parts.push(`${formatMsLeft(a.msLeft)} left`);
  return parts.join(' · ');
}
