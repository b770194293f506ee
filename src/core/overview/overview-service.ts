// The fleet overview in the core: rows assembled from the saved summaries (no API call), an
// account's services on expand, refreshes (one at a time per account; a second request joins the
// running one), the watch round (refresh the watched accounts, then raise alerts) and snoozes.
// What the screen shows is decided here; the maths is in src/shared/overview/.
import { AppCode } from '#shared/app-errors.ts';
import { CoreError } from '../errors.ts';
import type { AnalyticsTransport } from '../analytics/fetcher.ts';
import { HOUR_MS } from '#shared/analytics/model.ts';
import { assessAttention, ATTENTION_HOURS, OVERVIEW_HOURS } from '#shared/overview/attention.ts';
import {
  accountStatusOf,
  compareServices,
  countService,
  dayShown,
  emptyCounts,
  trafficFigures,
  weekEarlier,
} from '#shared/overview/digest.ts';
import type {
  AccountRow,
  OverviewAlert,
  ServiceCounts,
  ServiceDigest,
  ServiceRow,
  WatchSettings,
} from '#shared/overview/schemas.ts';
import type { ChangeMarker } from '#shared/ipc/channels/impact.ts';
import type { accountColors } from '#shared/account-profile.ts';
import type { OverviewStore } from './overview-store.ts';
import type { AlertKeeper } from './alerts.ts';
import { refreshAccount, settledEnd, type AccountRefreshOutcome, type OverviewServiceInfo } from './refresh.ts';

/** Data ending more than this before the hours that could be held now is stale (counts as no data). */
const STALE_AFTER_MS = 2 * HOUR_MS;

export type OverviewAccount = { id: string; name: string; color: (typeof accountColors)[number]; production: boolean };
export type OverviewSelection = { accountIds?: readonly string[] | undefined; tag?: string | undefined } | undefined;

export interface OverviewServiceDeps {
  store: OverviewStore;
  alerts: AlertKeeper;
  accounts(): Promise<OverviewAccount[]>;
  accountTags(): Promise<Map<string, string[]>>;
  /** The account's listed services as saved (no API call). */
  listedServices(accountId: string): Promise<OverviewServiceInfo[]>;
  /** The same before a refresh (the sandbox account's first list is read from it). */
  servicesForRefresh(accountId: string): Promise<OverviewServiceInfo[]>;
  transport(accountId: string): Promise<AnalyticsTransport>;
  /** Applied changes of these services between from and to (the journal's markers). */
  markers(accountId: string, serviceNames: readonly string[], from: number, to: number): Promise<ChangeMarker[]>;
  watchSettings(): Promise<WatchSettings>;
  now(): Date;
  changed(accountId: string): void;
  alert(alert: OverviewAlert): void;
}

export type SummaryOutput = {
  generatedAt: number;
  hours: number;
  attentionHours: number;
  accounts: AccountRow[];
  totals: ServiceCounts & { accounts: number };
};

export type ServicesOutput = {
  accountId: string;
  range: { from: number; to: number } | null;
  services: ServiceRow[];
  markers: ChangeMarker[];
};

export type RefreshOutput = { accounts: AccountRefreshOutcome[]; calls: number };

export function createOverviewService(deps: OverviewServiceDeps) {
  const running = new Map<string, Promise<AccountRefreshOutcome>>();
  const nowMs = (): number => deps.now().getTime();

  async function select(selection: OverviewSelection): Promise<OverviewAccount[]> {
    const all = await deps.accounts();
    if (selection?.accountIds !== undefined) {
      return selection.accountIds.map((id) => {
        const account = all.find((a) => a.id === id);
        if (!account)
          throw new CoreError(AppCode.Accounts.NotFound, `No account with ID ${id}.`, {
            fields: { accountIds: `Unknown account ${id}` },
          });
        return account;
      });
    }
    if (selection?.tag !== undefined) {
      const tags = await deps.accountTags();
      return all.filter((a) => tags.get(a.id)?.includes(selection.tag as string));
    }
    return all;
  }

  async function watchedIds(): Promise<{ settings: WatchSettings; ids: string[] }> {
    const settings = await deps.watchSettings();
    if (settings.accountIds.length === 0 && settings.tags.length === 0) return { settings, ids: [] };
    const [all, tags] = await Promise.all([deps.accounts(), deps.accountTags()]);
    const ids = all
      .filter(
        (a) => settings.accountIds.includes(a.id) || (tags.get(a.id) ?? []).some((t) => settings.tags.includes(t)),
      )
      .map((a) => a.id);
    return { settings, ids };
  }

  const serviceKey = (accountId: string, serviceId: number): string => deps.alerts.snoozeKey(accountId, serviceId);

  async function accountRow(
    account: OverviewAccount,
    context: { tags: Map<string, string[]>; watched: Set<string>; snoozes: Map<string, number>; now: number },
  ): Promise<AccountRow> {
    const [file, listed] = await Promise.all([deps.store.readSummary(account.id), deps.listedServices(account.id)]);
    const verdicts = new Map(file?.services.map((s) => [`${s.serviceId}\n${s.serviceName}`, s.status]));
    const counts = emptyCounts();
    for (const service of listed) {
      const status = verdicts.get(`${service.serviceId}\n${service.domainName}`) ?? 'no-data';
      countService(
        counts,
        status,
        status === 'attention' && context.snoozes.has(serviceKey(account.id, service.serviceId)),
      );
    }
    const end = file?.end ?? null;
    const stale = end === null || settledEnd(context.now) - end > STALE_AFTER_MS;
    const range = end === null ? null : dayShown(end);
    const markers =
      range === null || listed.length === 0
        ? []
        : await deps.markers(
            account.id,
            listed.map((s) => s.domainName),
            range.from,
            context.now + 1,
          );
    return {
      accountId: account.id,
      accountName: account.name,
      color: account.color,
      production: account.production,
      tags: context.tags.get(account.id) ?? [],
      status: accountStatusOf(counts, stale),
      stale,
      watched: context.watched.has(account.id),
      refreshing: running.has(account.id),
      range,
      weekEarlierRange: range === null ? null : weekEarlier(range),
      dataEnd: end,
      refreshedAt: file?.refreshedAt ?? null,
      dataAgeMs: file?.refreshedAt == null ? null : context.now - file.refreshedAt,
      lastError: file?.lastError ?? null,
      traffic: file?.traffic ?? trafficFigures([], end ?? 0),
      services: counts,
      markers: markers.length,
    };
  }

  async function refreshOne(accountId: string, signal?: AbortSignal): Promise<AccountRefreshOutcome> {
    const existing = running.get(accountId);
    if (existing) return existing;
    const run = refreshAccount(
      { store: deps.store, services: deps.servicesForRefresh, transport: deps.transport, now: deps.now },
      accountId,
      signal,
    ).finally(() => {
      running.delete(accountId);
      deps.changed(accountId);
    });
    running.set(accountId, run);
    deps.changed(accountId);
    return run;
  }

  async function refresh(selection: OverviewSelection, signal?: AbortSignal): Promise<RefreshOutput> {
    const accounts = await select(selection);
    const outcomes = await Promise.all(accounts.map((a) => refreshOne(a.id, signal)));
    return { accounts: outcomes, calls: outcomes.reduce((n, o) => n + o.calls, 0) };
  }

  return {
    select,

    async summary(selection: OverviewSelection): Promise<SummaryOutput> {
      const now = nowMs();
      const accounts = await select(selection);
      const [tags, watched, snoozes] = await Promise.all([deps.accountTags(), watchedIds(), deps.alerts.snoozes()]);
      const context = { tags, watched: new Set(watched.ids), snoozes, now };
      const rows = await Promise.all(accounts.map((account) => accountRow(account, context)));
      const totals = { accounts: rows.length, ...emptyCounts() };
      for (const row of rows)
        for (const key of Object.keys(row.services) as Array<keyof ServiceCounts>) totals[key] += row.services[key];
      return { generatedAt: now, hours: OVERVIEW_HOURS, attentionHours: ATTENTION_HOURS, accounts: rows, totals };
    },

    async services(accountId: string): Promise<ServicesOutput> {
      const [account] = await select({ accountIds: [accountId] });
      const now = nowMs();
      const [file, listed, snoozes] = await Promise.all([
        deps.store.readServices(account.id),
        deps.listedServices(account.id),
        deps.alerts.snoozes(),
      ]);
      const end = file?.end ?? null;
      const range = end === null ? null : dayShown(end);
      const digests = new Map<string, ServiceDigest>(
        file?.services.map((s) => [`${s.serviceId}\n${s.serviceName}`, s]),
      );
      const markers =
        range === null || listed.length === 0
          ? []
          : await deps.markers(
              account.id,
              listed.map((s) => s.domainName),
              range.from,
              now + 1,
            );
      const markerCounts = new Map<number, number>();
      for (const m of markers) markerCounts.set(m.serviceId, (markerCounts.get(m.serviceId) ?? 0) + 1);
      const shown = range ?? dayShown(settledEnd(now));
      const rows: ServiceRow[] = listed.map((service) => {
        const digest = digests.get(`${service.serviceId}\n${service.domainName}`) ?? {
          serviceId: service.serviceId,
          serviceName: service.domainName,
          traffic: trafficFigures([], shown.to),
          attention: assessAttention(undefined, shown.to),
        };
        const until = snoozes.get(serviceKey(account.id, service.serviceId)) ?? null;
        return {
          ...digest,
          accountId: account.id,
          range: shown,
          weekEarlierRange: weekEarlier(shown),
          status: digest.attention.status,
          snoozedUntil: until,
          markers: markerCounts.get(service.serviceId) ?? 0,
        };
      });
      const strength = (row: ServiceRow): number =>
        Math.max(0, ...row.attention.metrics.filter((m) => m.flagged).map((m) => Math.abs(m.z ?? 0)));
      rows.sort((a, b) =>
        compareServices(
          { status: a.status, snoozed: a.snoozedUntil !== null, strength: strength(a), serviceName: a.serviceName },
          { status: b.status, snoozed: b.snoozedUntil !== null, strength: strength(b), serviceName: b.serviceName },
        ),
      );
      return { accountId: account.id, range, services: rows, markers };
    },

    refresh,

    /** The accounts a watch round refreshes, and the setting they come from. */
    watched: watchedIds,

    /** Refreshes the watched accounts, then raises the alerts their new rows call for (announced through deps.alert). */
    async watchRound(signal?: AbortSignal): Promise<{ outcomes: AccountRefreshOutcome[]; alerts: OverviewAlert[] }> {
      const { ids } = await watchedIds();
      if (ids.length === 0) return { outcomes: [], alerts: [] };
      const { accounts: outcomes } = await refresh({ accountIds: ids }, signal);
      const names = new Map((await deps.accounts()).map((a) => [a.id, a.name]));
      const alerts: OverviewAlert[] = [];
      for (const id of ids) {
        if (signal?.aborted) break;
        const file = await deps.store.readServices(id);
        if (!file) continue;
        const raised = await deps.alerts.evaluate({ id, name: names.get(id) ?? id }, file.end, file.services);
        for (const alert of raised) deps.alert(alert);
        alerts.push(...raised);
      }
      return { outcomes, alerts };
    },

    async snooze(accountId: string, serviceId: number, hours: number): Promise<number> {
      await select({ accountIds: [accountId] });
      return deps.alerts.snooze(accountId, serviceId, hours);
    },
    unsnooze: (accountId: string, serviceId: number) => deps.alerts.unsnooze(accountId, serviceId),
    alerts: (limit?: number) => deps.alerts.list(limit),

    /** Forgets the files, verdicts and snoozes of removed accounts. */
    async prune(): Promise<void> {
      const ids = (await deps.accounts()).map((a) => a.id);
      await Promise.all([deps.store.retainAccounts(ids), deps.alerts.retainAccounts(ids)]);
    },
  };
}

export type OverviewService = ReturnType<typeof createOverviewService>;
