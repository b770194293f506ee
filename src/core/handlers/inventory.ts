// inventory.* channels: the per-account list of known services. The rules (sandbox seeding,
// reading IDs, keeping the order typed) are in src/core/inventory-service.ts.
import type { CoreContext } from '../context.ts';
import type { FeatureHandlers } from './types.ts';
import { InventoryStore } from '../inventory.ts';
import { createInventoryService } from '../inventory-service.ts';
import { perCore, storeOptions } from './per-core.ts';
import { parseServiceIdList } from '#shared/ipc/channels/inventory.ts';
import { CoreError } from '../errors.ts';

// One store per core: inventory.* and accounts.remove (which drops a removed account's
// inventory) share its cache and its write queue.
export const inventoryStoreFor: (ctx: CoreContext) => InventoryStore = perCore(
  (ctx) =>
    new InventoryStore(
      storeOptions(
        ctx,
        'Inventory.Corrupt',
        (report) => `The service inventory file could not be read (${report.reason}); it was kept as ${report.movedTo} and a new one was started.`,
      ),
    ),
);

export function createInventoryHandlers(ctx: CoreContext): FeatureHandlers<'inventory'> {
  const store = inventoryStoreFor(ctx);
  const inventory = createInventoryService({
    store,
    client: (accountId) => ctx.clients.forAccount(accountId),
    isSandboxAccount: async (accountId) => (await ctx.accounts.find(accountId))?.kind === 'sandbox',
    seededServices: () => ctx.sandbox.seededServices(),
    changed: (accountId) => ctx.emit('inventory.changed', { accountId }),
  });

  return {
    'inventory.list': async ({ accountId }) => ({ accountId, services: await inventory.list(accountId) }),

    'inventory.addByIds': async ({ accountId, ids }) => {
      const parsed = parseServiceIdList(ids);
      if (!parsed.ok) throw new CoreError('Inventory.InvalidIds', parsed.message, { fields: { ids: parsed.message } });
      return inventory.addByIds(accountId, parsed.ids);
    },

    'inventory.record': async ({ accountId, ...service }) => {
      await ctx.accounts.get(accountId);
      return inventory.record(accountId, service);
    },

    'inventory.remove': async ({ accountId, serviceIds }) => {
      await ctx.accounts.get(accountId);
      return { removed: await inventory.remove(accountId, serviceIds) };
    },

    'inventory.clear': async ({ accountId }) => {
      await store.removeAccount(accountId);
      return { ok: true as const };
    },
  };
}
