// Baselines in the core: saved baselines, their export / import, and their
// evaluation over the configuration snapshots — offline by default; `refresh` reads the services
// first (interactive priority). Scope: an explicit account list, else the baseline's accounts and
// the services carrying one of its tags (a service carries its account's tags too), else — for a
// baseline assigned to nothing — every account.
import { AppCode } from '#shared/app-errors.ts';
import { CoreError } from '../errors.ts';
import type { BaselineStore } from './baseline-store.ts';
import type { SnapshotStore } from './snapshot-store.ts';
import type { RefreshResult, SnapshotRefresher } from './snapshot-refresher.ts';
import type { TrafficFactsReader } from './traffic-facts.ts';
import {
  baselineDocument,
  evaluateBaseline,
  parseBaselineDocument,
  serializeBaselineDocument,
  type Baseline,
  type BaselineReport,
  type EvaluationTarget,
  type UncheckedService,
} from '#shared/baseline/baseline.ts';

export type BaselineServiceDeps = {
  store: BaselineStore;
  snapshots: SnapshotStore;
  refresher: SnapshotRefresher;
  accounts(): Promise<Array<{ id: string; name: string }>>;
  inventory(accountId: string): Promise<Array<{ serviceId: number; domainName: string }>>;
  /**
   * Tags of each service of an account (its own and its account's). Defaults to none, so a
   * baseline assigned by tag matches nothing until a tag store is wired in.
   */
  serviceTags?(accountId: string): Promise<Map<number, readonly string[]>>;
  traffic?: TrafficFactsReader;
  now(): Date;
};

export type EvaluateRequest = {
  name: string;
  /** Evaluate these accounts (every service) instead of the baseline's assignment. */
  accountIds?: readonly string[];
  /** Read the services in scope first (online); otherwise the snapshots only. */
  refresh?: boolean;
};

export type EvaluateResult = { report: BaselineReport; refresh: RefreshResult | null };

const needsTraffic = (baseline: Baseline) => baseline.checks.some((c) => c.checkId === 'no-idle-enabled-service');

export function createBaselineService(deps: BaselineServiceDeps) {
  const serviceTags = deps.serviceTags ?? (async () => new Map<number, readonly string[]>());
  // The last report per baseline (lower-cased name): the grid's drill-down reads its cells from it.
  const lastReports = new Map<string, BaselineReport>();

  /** The services in scope, by account, in the order accounts are listed. */
  async function scope(baseline: Baseline, accountIds?: readonly string[]) {
    const accounts = await deps.accounts();
    if (accountIds !== undefined) {
      const unknownId = accountIds.find((id) => !accounts.some((a) => a.id === id));
      if (unknownId !== undefined)
        throw new CoreError(AppCode.Accounts.NotFound, `There is no account with ID ${unknownId}.`);
    }
    const { accounts: assignedAccounts, tags } = baseline.assignedTo;
    const everything = accountIds === undefined && assignedAccounts.length === 0 && tags.length === 0;
    const out: Array<{
      account: { id: string; name: string };
      services: Array<{ serviceId: number; domainName: string }>;
    }> = [];
    for (const account of accounts) {
      const whole =
        everything || (accountIds ? accountIds.includes(account.id) : assignedAccounts.includes(account.id));
      if (accountIds !== undefined && !whole) continue;
      const services = await deps.inventory(account.id);
      if (whole) {
        out.push({ account, services });
        continue;
      }
      if (tags.length === 0) continue;
      const tagged = await serviceTags(account.id);
      const picked = services.filter((s) => (tagged.get(s.serviceId) ?? []).some((t) => tags.includes(t)));
      if (picked.length > 0) out.push({ account, services: picked });
    }
    return out;
  }

  async function evaluate(request: EvaluateRequest): Promise<EvaluateResult> {
    const baseline = await deps.store.get(request.name);
    const inScope = await scope(baseline, request.accountIds);
    const refresh = request.refresh
      ? await deps.refresher.refresh({ accountIds: inScope.map((s) => s.account.id), priority: 'interactive' })
      : null;
    const targets: EvaluationTarget[] = [];
    const rows: Array<{ accountId: string; accountName: string; unchecked: UncheckedService[] }> = [];
    const traffic = needsTraffic(baseline) ? deps.traffic : undefined;
    for (const { account, services } of inScope) {
      const snapshots = (await deps.snapshots.read(account.id)).services;
      const unchecked: UncheckedService[] = [];
      for (const service of services) {
        const entry = snapshots[String(service.serviceId)];
        if (!entry) {
          unchecked.push({ serviceId: service.serviceId, domainName: service.domainName });
          continue;
        }
        targets.push({
          accountId: account.id,
          accountName: account.name,
          serviceId: service.serviceId,
          domainName: entry.config.service.domainName,
          config: entry.config,
          snapshotAt: entry.takenAt,
          facts: {
            disabledSince: entry.disabledSince,
            traffic: traffic ? await traffic(account.id, entry.config.service.domainName) : null,
          },
        });
      }
      rows.push({ accountId: account.id, accountName: account.name, unchecked });
    }
    const report = evaluateBaseline(baseline, targets, { now: deps.now().getTime(), accounts: rows });
    lastReports.set(baseline.name.toLowerCase(), report);
    return { report, refresh };
  }

  return {
    list: () => deps.store.list(),
    inventoryOf: (accountId: string) => deps.inventory(accountId),
    get: (name: string) => deps.store.get(name),
    save: (baseline: Baseline, previousName?: string) => deps.store.save(baseline, previousName),
    remove: (name: string) => deps.store.remove(name),
    async exportDocument(
      names?: readonly string[],
    ): Promise<{ suggestedName: string; content: string; count: number }> {
      const all = await deps.store.list();
      const chosen = names === undefined ? all : await Promise.all(names.map((n) => deps.store.get(n)));
      if (chosen.length === 0)
        throw new CoreError(AppCode.Baselines.NothingToExport, 'There is no baseline to export yet: save one first.');
      const stamp = deps.now().toISOString();
      return {
        suggestedName: `baselines-${stamp.slice(0, 10)}.json`,
        content: serializeBaselineDocument(baselineDocument(chosen, stamp)),
        count: chosen.length,
      };
    },
    async importDocument(text: string): Promise<{ imported: string[] }> {
      const parsed = parseBaselineDocument(text);
      if (!parsed.ok)
        throw new CoreError(AppCode.Baselines.InvalidDocument, parsed.message, {
          fields: { document: parsed.message },
        });
      await deps.store.put(parsed.document.baselines);
      return { imported: parsed.document.baselines.map((b) => b.name) };
    },
    evaluate,
    lastReport: (name: string): BaselineReport | undefined => lastReports.get(name.toLowerCase()),
  };
}

export type BaselineService = ReturnType<typeof createBaselineService>;
