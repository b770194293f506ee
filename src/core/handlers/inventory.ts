// inventory.* channels: the per-account list of known services. The rules (sandbox seeding,
// reading IDs, keeping the order typed) are in src/core/inventory/inventory-service.ts.
import { AppCode } from '#shared/app-errors.ts';
import type { CoreContext } from '../context.ts';
import type { FeatureHandlers } from './types.ts';
import type { CoreServices } from '../core-services.ts';
import { parseServiceIdList } from '#shared/service-id-list.ts';
import { CoreError } from '../errors.ts';

export function createInventoryHandlers(ctx: CoreContext, services: CoreServices): FeatureHandlers<'inventory'> {
  const store = services.inventoryStore;
  const inventory = services.inventory;

  return {
    'inventory.list': async ({ accountId }) => ({ accountId, services: await inventory.list(accountId) }),

    'inventory.addByIds': async ({ accountId, ids }) => {
      const parsed = parseServiceIdList(ids);
      if (!parsed.ok)
        throw new CoreError(AppCode.Inventory.InvalidIds, parsed.message, { fields: { ids: parsed.message } });
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
