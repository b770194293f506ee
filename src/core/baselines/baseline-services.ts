// The baseline feature's long-lived services, one per core (like src/core/core-services.ts): the
// snapshot store, the refresher and the baseline service share them across channels and the CLI.
import type { CoreContext } from '../context.ts';
import { perCore } from '../per-core.ts';
import { bulkServiceFor, configDocumentsFor, inventoryServiceFor, tagStoreFor } from '../core-services.ts';
import { SnapshotStore } from './snapshot-store.ts';
import { createSnapshotRefresher, type SnapshotRefresher } from './snapshot-refresher.ts';
import { BaselineStore } from './baseline-store.ts';
import { createBaselineService, type BaselineService } from './baseline-service.ts';
import { createTrafficFactsReader } from './traffic-facts.ts';
import { createBaselineFix, type BaselineFix } from './baseline-fix.ts';

export const snapshotStoreFor: (ctx: CoreContext) => SnapshotStore = perCore(
  (ctx) => new SnapshotStore({ dataDir: ctx.dataDir, now: ctx.clock.now, onWarning: (warning) => ctx.warnings.add(warning) }),
);

export const baselineStoreFor: (ctx: CoreContext) => BaselineStore = perCore(
  (ctx) => new BaselineStore({ dataDir: ctx.dataDir, now: ctx.clock.now, onWarning: (warning) => ctx.warnings.add(warning) }),
);

const accountList = (ctx: CoreContext) => async () => (await ctx.accounts.list()).map((a) => ({ id: a.id, name: a.name }));

export const snapshotRefresherFor: (ctx: CoreContext) => SnapshotRefresher = perCore((ctx) =>
  createSnapshotRefresher({
    accounts: accountList(ctx),
    inventory: (accountId) => inventoryServiceFor(ctx).list(accountId),
    read: (accountId, serviceId, options) => configDocumentsFor(ctx).readServiceConfig(accountId, serviceId, options),
    store: snapshotStoreFor(ctx),
    now: ctx.clock.now,
    changed: (accountId) => ctx.emit('baselines.snapshotsChanged', { accountId }),
  }),
);

export const baselineServiceFor: (ctx: CoreContext) => BaselineService = perCore((ctx) =>
  createBaselineService({
    store: baselineStoreFor(ctx),
    snapshots: snapshotStoreFor(ctx),
    refresher: snapshotRefresherFor(ctx),
    accounts: accountList(ctx),
    inventory: (accountId) => inventoryServiceFor(ctx).list(accountId),
    serviceTags: async (accountId) => {
      const tags = tagStoreFor(ctx);
      const [own, accountTags] = await Promise.all([tags.serviceTags(accountId), tags.accountTags()]);
      const inherited = accountTags.get(accountId) ?? [];
      const out = new Map<number, readonly string[]>();
      for (const { serviceId } of await inventoryServiceFor(ctx).list(accountId)) out.set(serviceId, [...(own.get(serviceId) ?? []), ...inherited]);
      return out;
    },
    traffic: createTrafficFactsReader(ctx.dataDir, ctx.clock.nowMs),
    now: ctx.clock.now,
  }),
);

/** A baseline's Fix: planned and run through the bulk service (one batch per Fix). */
export const baselineFixFor: (ctx: CoreContext) => BaselineFix = perCore((ctx) =>
  createBaselineFix({ baselines: baselineServiceFor(ctx), bulk: bulkServiceFor(ctx), refresher: snapshotRefresherFor(ctx) }),
);
