// Planning a bulk batch: the targets a selection names (accounts, domain pattern, tags, services),
// each read once as it is now, the item it gets (what would change, or why it cannot), checked
// against its service's rule test suite; several changes as one batch (a baseline's Fix); and the
// revert of a batch, planned from the journal's versions before it. Nothing is sent here: a plan is
// stored for the runner. docs/bulk-apply.md.
import { AppCode } from '#shared/app-errors.ts';
import { CoreError } from '../errors.ts';
import { toIpcError } from '../ipc/ipc-error.ts';
import type { BulkAccount, BulkDeps, PlanChangesRequest, PlanRequest } from './bulk-service.ts';
import type { StoredBatch, StoredItem } from './bulk-store.ts';
import type { BatchLookup } from './bulk-batches.ts';
import { batchForRenderer } from './bulk-batches.ts';
import type { PlanReads } from './bulk-plan-reads.ts';
import type { BulkTemplates } from './bulk-templates.ts';
import { perAccount } from './per-account.ts';
import { describeBulkChange, type BulkChange } from '#shared/bulk/change.ts';
import { matchTargets, type TargetCandidate, type TargetSelector } from '#shared/bulk/target.ts';
import { planBulkItem, planLastAppliedFor, planReadFor, type PlannedItem, type TargetRead } from '#shared/bulk/plan.ts';
import { planRevertItem, revertReadFor } from '#shared/bulk/revert.ts';
import { countItems, flippedExpectationsNote, type BulkBatch } from '#shared/bulk/batch.ts';
import type { JournalEntry } from '#shared/ipc/channels/journal.ts';
import { journalReadBackOf } from '#shared/api/operation-facts.ts';
import { changesRules } from '#shared/suites/lists-after-change.ts';

type PlanTarget = Pick<TargetCandidate, 'accountId' | 'accountName' | 'production' | 'serviceId' | 'domainName'>;

export type BulkPlanner = {
  plan(request: PlanRequest): Promise<BulkBatch>;
  planChanges(request: PlanChangesRequest): Promise<BulkBatch>;
  planRevert(batchId: string): Promise<BulkBatch>;
};

export type BulkPlannerDeps = Pick<
  BulkDeps,
  'batches' | 'journal' | 'accounts' | 'inventory' | 'serviceTags' | 'accountTags' | 'suiteCheck' | 'now'
> & {
  newId(): string;
  concurrency: number;
  recover(): Promise<void>;
  lookup: BatchLookup;
  reads: PlanReads;
  templates: BulkTemplates;
};

function itemOf(target: PlanTarget, planned: PlannedItem): StoredItem {
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

export function createBulkPlanner(deps: BulkPlannerDeps): BulkPlanner {
  const { reads } = deps;

  async function candidatesFor(selector: TargetSelector, accounts: BulkAccount[]): Promise<TargetCandidate[]> {
    const explicit = new Set((selector.services ?? []).map((s) => s.accountId));
    const filtered =
      selector.accountIds !== undefined || selector.domainPattern !== undefined || (selector.tags?.length ?? 0) > 0;
    const wanted = accounts.filter(
      (a) =>
        explicit.has(a.id) || (filtered && (selector.accountIds === undefined || selector.accountIds.includes(a.id))),
    );
    const accountTags = (await deps.accountTags?.()) ?? new Map<string, readonly string[]>();
    const out: TargetCandidate[] = [];
    for (const account of wanted) {
      const serviceTags = (await deps.serviceTags?.(account.id)) ?? new Map<number, readonly string[]>();
      // An account none of whose services can carry every tag is not read (its inventory may start the sandbox).
      if (!explicit.has(account.id) && (selector.tags?.length ?? 0) > 0) {
        const present = new Set(
          [...(accountTags.get(account.id) ?? []), ...[...serviceTags.values()].flat()].map((t) => t.toLowerCase()),
        );
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

  async function storeNew(batch: Omit<StoredBatch, 'counts' | 'productionAccounts'>): Promise<BulkBatch> {
    const production = new Map<string, string>();
    for (const item of batch.items)
      if (item.production && item.operationId !== null) production.set(item.accountId, item.accountName);
    const stored: StoredBatch = {
      ...batch,
      counts: countItems(batch.items),
      productionAccounts: [...production].map(([id, name]) => ({ id, name })),
    };
    await deps.batches.put(stored);
    return batchForRenderer(stored);
  }

  /**
   * A rule-changing item checked against its service's rule test suite, as the editors' review
   * does: what would flip is shown in the plan and journaled when the item is applied. A suite
   * that cannot be checked (its lists unreadable) leaves a note rather than failing the plan.
   */
  async function withSuiteCheck(item: StoredItem): Promise<StoredItem> {
    if (!deps.suiteCheck || item.operationId === null || item.input === null || !changesRules(item.operationId))
      return item;
    try {
      const check = await deps.suiteCheck(item.accountId, {
        operationId: item.operationId,
        params: item.input.params,
        body: item.input.body,
      });
      if (check.flipped.length === 0) return { ...item, flippedExpectations: [] };
      return {
        ...item,
        flippedExpectations: check.flipped,
        notes: [...item.notes, flippedExpectationsNote(check.flipped, check.total)],
      };
    } catch (error) {
      const { message } = toIpcError(error);
      return { ...item, notes: [...item.notes, `The service's rule tests could not be checked: ${message}`] };
    }
  }

  async function plan(request: PlanRequest): Promise<BulkBatch> {
    await deps.recover();
    const change = await deps.templates.changeFor(request);
    const accounts = await deps.accounts();
    const match = matchTargets(await candidatesFor(request.targets, accounts), request.targets);
    if (match.targets.length === 0) {
      throw new CoreError(
        AppCode.Bulk.NoTargets,
        'No known service matches this selection. Check the accounts, the domain pattern and the tags.',
      );
    }
    const operationId = planReadFor(change.kind);
    const kind = planLastAppliedFor(change.kind);
    const planned = new Map<string, StoredItem>();
    await reads.readAll(request.planId, match.targets, async (target, signal) => {
      const read = await reads.readTarget(target.accountId, target.serviceId, operationId, signal);
      const last = await reads.lastApplied(target.accountId, target.serviceId, kind);
      const item = itemOf(target, planBulkItem(change, target.serviceId, read, last));
      planned.set(item.id, await withSuiteCheck(item));
    });
    return storeNew({
      id: deps.newId(),
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
    await deps.recover();
    if (request.changes.length === 0) throw new CoreError(AppCode.Bulk.NoTargets, 'There is nothing to change.');
    const accounts = new Map((await deps.accounts()).map((a) => [a.id, a]));
    type Wanted = { id: string; change: BulkChange; target: PlanTarget };
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
        if (!unknownTargets.some((u) => u.accountId === accountId && u.serviceId === serviceId))
          unknownTargets.push({ accountId, serviceId });
        continue;
      }
      const key = `${accountId}/${serviceId}`;
      const n = (perService.get(key) ?? 0) + 1;
      perService.set(key, n);
      wanted.push({
        id: n === 1 ? key : `${key}/${n}`,
        change,
        target: { accountId, accountName: account.name, production: account.production, serviceId, domainName },
      });
    }
    if (wanted.length === 0)
      throw new CoreError(
        AppCode.Bulk.NoTargets,
        'None of the services to change is in its account’s service list any more.',
      );
    // One read per service and kind of list, whatever the number of changes it gets.
    const services = [
      ...new Map(wanted.map((w) => [`${w.target.accountId}/${w.target.serviceId}`, w.target])).values(),
    ];
    const targetReads = new Map<string, TargetRead>();
    await reads.readAll(request.planId, services, async (target, signal) => {
      const operations = new Set(
        wanted
          .filter((w) => w.target.accountId === target.accountId && w.target.serviceId === target.serviceId)
          .map((w) => planReadFor(w.change.kind)),
      );
      for (const operationId of operations) {
        targetReads.set(
          `${target.accountId}/${target.serviceId} ${operationId}`,
          await reads.readTarget(target.accountId, target.serviceId, operationId, signal),
        );
      }
    });
    const items: StoredItem[] = [];
    for (const w of wanted) {
      const read = targetReads.get(
        `${w.target.accountId}/${w.target.serviceId} ${planReadFor(w.change.kind)}`,
      ) as TargetRead;
      const last = await reads.lastApplied(w.target.accountId, w.target.serviceId, planLastAppliedFor(w.change.kind));
      items.push(
        await withSuiteCheck({ ...itemOf(w.target, planBulkItem(w.change, w.target.serviceId, read, last)), id: w.id }),
      );
    }
    return storeNew({
      id: deps.newId(),
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

  async function planRevert(given: string): Promise<BulkBatch> {
    const batch = await deps.lookup.load(await deps.lookup.resolveId(given));
    if (batch.status === 'running')
      throw new CoreError(
        AppCode.Bulk.Running,
        'This batch is still running. Cancel it or wait for it to finish, then revert it.',
      );
    const entries = (await deps.journal.list()).filter((e) => e.batchId === batch.id && e.result.ok);
    const accounts = new Map((await deps.accounts()).map((a) => [a.id, a]));
    // One item per service: the earliest applied entry of the batch holds the version before it.
    const byItem = new Map<string, JournalEntry>();
    for (const entry of entries) byItem.set(`${entry.accountId}/${entry.serviceId}`, entry);
    const targets = batch.items.filter((i) => byItem.has(i.id));
    if (targets.length === 0) {
      throw new CoreError(
        AppCode.Bulk.NothingToRun,
        'No item of this batch was applied, so there is nothing to revert.',
      );
    }
    const planned = new Map<string, StoredItem>();
    await perAccount(targets, deps.concurrency, async (item) => {
      const entry = byItem.get(item.id) as JournalEntry;
      const read = await reads.readTarget(item.accountId, item.serviceId, revertReadFor(entry.operationId));
      const last = await reads.lastApplied(item.accountId, item.serviceId, journalReadBackOf(entry.operationId));
      const account = accounts.get(item.accountId);
      const target = {
        ...item,
        accountName: account?.name ?? item.accountName,
        production: account?.production ?? item.production,
      };
      planned.set(
        item.id,
        await withSuiteCheck({ ...itemOf(target, planRevertItem(entry, read, last)), reapplyOf: entry.id }),
      );
    });
    return storeNew({
      id: deps.newId(),
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

  return { plan, planChanges, planRevert };
}
