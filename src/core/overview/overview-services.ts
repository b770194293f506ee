// The fleet overview's services, built once per core by createCoreServices and shared by its
// handlers, the background watcher and the CLI: the files, the alert keeper, the service and the
// watcher.
import { AppCode } from '#shared/app-errors.ts';
import type { CoreContext } from '../context.ts';
import { storeOptions } from '../storage/store-options.ts';
import type { ImpactService } from '../impact/impact.ts';
import type { InventoryStore } from '../inventory/inventory.ts';
import type { InventoryService } from '../inventory/inventory-service.ts';
import type { SettingsStore } from '../settings/settings.ts';
import type { TagStore } from '../tags/tags.ts';
import { OverviewStore } from './overview-store.ts';
import { createAlertKeeper, type AlertKeeper } from './alerts.ts';
import { createOverviewService, type OverviewService } from './overview-service.ts';
import { createOverviewWatcher, type OverviewWatcher } from './watcher.ts';

export type OverviewServices = {
  store: OverviewStore;
  alerts: AlertKeeper;
  service: OverviewService;
  watcher: OverviewWatcher;
};

const servicesOf = (list: ReadonlyArray<{ serviceId: number; domainName: string }>) =>
  list.map((s) => ({ serviceId: s.serviceId, domainName: s.domainName }));

export function createOverviewServices(
  ctx: CoreContext,
  deps: {
    tags: TagStore;
    inventoryStore: InventoryStore;
    inventory: InventoryService;
    impact: ImpactService;
    settings: SettingsStore;
  },
): OverviewServices {
  const store = new OverviewStore({ dataDir: ctx.dataDir, now: () => ctx.clock.now() });
  const alerts = createAlertKeeper(
    storeOptions(
      ctx,
      AppCode.Overview.AlertsCorrupt,
      (report) =>
        `The overview's alert history could not be read (${report.reason}); it was kept as ${report.movedTo} and a new one was started.`,
    ),
  );
  const service = createOverviewService({
    store,
    alerts,
    accounts: async () =>
      (await ctx.accounts.list()).map((a) => ({ id: a.id, name: a.name, color: a.color, production: a.production })),
    accountTags: () => deps.tags.accountTags(),
    listedServices: async (accountId) => servicesOf(await deps.inventoryStore.list(accountId)),
    servicesForRefresh: async (accountId) => servicesOf(await deps.inventory.list(accountId)),
    transport: async (accountId) => {
      const client = await ctx.clients.forAccount(accountId);
      // Many calls, none of them what the user is waiting for: background priority, so interactive reads go first.
      return {
        call: (operationId, body, options) =>
          client.call(operationId, { body } as never, { ...options, priority: 'background' }) as Promise<unknown>,
      };
    },
    markers: (accountId, serviceNames, from, to) => deps.impact.markers({ accountId, serviceNames, from, to }),
    watchSettings: async () => (await deps.settings.read()).overviewWatch,
    now: () => ctx.clock.now(),
    changed: (accountId) => ctx.emit('overview.changed', { accountId }),
    alert: (alert) => ctx.emit('overview.alert', alert),
  });
  const watcher = createOverviewWatcher({
    // The setting, not the accounts it names now: an account tagged later is watched from the next round.
    watching: async () => {
      const { accountIds, tags } = (await deps.settings.read()).overviewWatch;
      return accountIds.length > 0 || tags.length > 0;
    },
    round: async (signal) => {
      await service.prune();
      return service.watchRound(signal);
    },
    now: () => ctx.clock.now(),
  });
  return { store, alerts, service, watcher };
}
