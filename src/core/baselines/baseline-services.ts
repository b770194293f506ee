// The baseline feature's services, built once per core by createCoreServices: the snapshot store,
// the refresher and the baseline service are shared by the channels, the CLI and the Fix.
import type { CoreContext } from '../context.ts';
import type { BulkService } from '../bulk/bulk-service.ts';
import type { ConfigDocumentService } from '../config/config-documents.ts';
import type { InventoryService } from '../inventory/inventory-service.ts';
import type { TagStore } from '../tags/tags.ts';
import { SnapshotStore } from './snapshot-store.ts';
import { createSnapshotRefresher, type SnapshotRefresher } from './snapshot-refresher.ts';
import { BaselineStore } from './baseline-store.ts';
import { createBaselineService, type BaselineService } from './baseline-service.ts';
import { createTrafficFactsReader } from './traffic-facts.ts';
import { createBaselineFix, type BaselineFix } from './baseline-fix.ts';

export type BaselineServices = {
  snapshots: SnapshotStore;
  store: BaselineStore;
  refresher: SnapshotRefresher;
  service: BaselineService;
  /** A baseline's Fix: planned and run through the bulk service (one batch per Fix). */
  fix: BaselineFix;
};

export function createBaselineServices(
  ctx: CoreContext,
  deps: { inventory: InventoryService; configDocuments: ConfigDocumentService; tags: TagStore; bulk: BulkService },
): BaselineServices {
  const { inventory, tags } = deps;
  const snapshots = new SnapshotStore({
    dataDir: ctx.dataDir,
    now: ctx.clock.now,
    onWarning: (warning) => ctx.warnings.add(warning),
  });
  const store = new BaselineStore({
    dataDir: ctx.dataDir,
    now: ctx.clock.now,
    onWarning: (warning) => ctx.warnings.add(warning),
  });
  const accountList = async () => (await ctx.accounts.list()).map((a) => ({ id: a.id, name: a.name }));
  const refresher = createSnapshotRefresher({
    accounts: accountList,
    inventory: (accountId) => inventory.list(accountId),
    read: (accountId, serviceId, options) => deps.configDocuments.readServiceConfig(accountId, serviceId, options),
    store: snapshots,
    now: ctx.clock.now,
    changed: (accountId) => ctx.emit('baselines.snapshotsChanged', { accountId }),
  });
  const service = createBaselineService({
    store,
    snapshots,
    refresher,
    accounts: accountList,
    inventory: (accountId) => inventory.list(accountId),
    serviceTags: async (accountId) => {
      const [own, accountTags] = await Promise.all([tags.serviceTags(accountId), tags.accountTags()]);
      const inherited = accountTags.get(accountId) ?? [];
      const out = new Map<number, readonly string[]>();
      for (const { serviceId } of await inventory.list(accountId))
        out.set(serviceId, [...(own.get(serviceId) ?? []), ...inherited]);
      return out;
    },
    traffic: createTrafficFactsReader(ctx.dataDir, ctx.clock.nowMs),
    now: ctx.clock.now,
  });
  const fix = createBaselineFix({ baselines: service, bulk: deps.bulk, refresher });
  return { snapshots, store, refresher, service, fix };
}
