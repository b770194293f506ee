// The fleet overview's services of one core (made on first use, shared by its handlers, the
// background watcher and the CLI): the files, the alert keeper, the service and the watcher.
import type { CoreContext } from '../context.ts';
import { perCore, storeOptions } from '../per-core.ts';
import { impactServiceFor, inventoryServiceFor, inventoryStoreFor, settingsFor, tagStoreFor } from '../core-services.ts';
import { OverviewStore } from './overview-store.ts';
import { createAlertKeeper, type AlertKeeper } from './alerts.ts';
import { createOverviewService, type OverviewService } from './overview-service.ts';
import { createOverviewWatcher, type OverviewWatcher } from './watcher.ts';

export const overviewStoreFor: (ctx: CoreContext) => OverviewStore = perCore((ctx) => new OverviewStore({ dataDir: ctx.dataDir, now: () => ctx.clock.now() }));

export const overviewAlertsFor: (ctx: CoreContext) => AlertKeeper = perCore((ctx) =>
  createAlertKeeper(
    storeOptions(ctx, 'Overview.AlertsCorrupt', (report) => `The overview's alert history could not be read (${report.reason}); it was kept as ${report.movedTo} and a new one was started.`),
  ),
);

const servicesOf = (list: ReadonlyArray<{ serviceId: number; domainName: string }>) => list.map((s) => ({ serviceId: s.serviceId, domainName: s.domainName }));

export const overviewServiceFor: (ctx: CoreContext) => OverviewService = perCore((ctx) =>
  createOverviewService({
    store: overviewStoreFor(ctx),
    alerts: overviewAlertsFor(ctx),
    accounts: async () => (await ctx.accounts.list()).map((a) => ({ id: a.id, name: a.name, color: a.color, production: a.production })),
    accountTags: () => tagStoreFor(ctx).accountTags(),
    listedServices: async (accountId) => servicesOf(await inventoryStoreFor(ctx).list(accountId)),
    servicesForRefresh: async (accountId) => servicesOf(await inventoryServiceFor(ctx).list(accountId)),
    transport: async (accountId) => {
      const client = await ctx.clients.forAccount(accountId);
      // Many calls, none of them what the user is waiting for: background priority, so interactive reads go first.
      return { call: (operationId, body, options) => client.call(operationId, { body } as never, { ...options, priority: 'background' }) as Promise<unknown> };
    },
    markers: (accountId, serviceNames, from, to) => impactServiceFor(ctx).markers({ accountId, serviceNames, from, to }),
    watchSettings: async () => (await settingsFor(ctx).read()).overviewWatch,
    now: () => ctx.clock.now(),
    changed: (accountId) => ctx.emit('overview.changed', { accountId }),
    alert: (alert) => ctx.emit('overview.alert', alert),
  }),
);

export const overviewWatcherFor: (ctx: CoreContext) => OverviewWatcher = perCore((ctx) =>
  createOverviewWatcher({
    // The setting, not the accounts it names now: an account tagged later is watched from the next round.
    watching: async () => {
      const { accountIds, tags } = (await settingsFor(ctx).read()).overviewWatch;
      return accountIds.length > 0 || tags.length > 0;
    },
    round: async (signal) => {
      await overviewServiceFor(ctx).prune();
      return overviewServiceFor(ctx).watchRound(signal);
    },
    now: () => ctx.clock.now(),
  }),
);
