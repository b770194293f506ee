// inventory.* channels: the per-account list of known services (src/core/inventory.ts).
import type { CoreContext } from '../context.ts';
import type { ApiClient } from '../api/client.ts';
import type { FeatureHandlers } from './types.ts';
import { InventoryStore, type InventoryServiceInfo } from '../inventory.ts';
import { perCore, storeOptions } from './per-core.ts';
import { parseServiceIdList, type InventoryEntry } from '#shared/ipc/channels/inventory.ts';
import { CoreError } from '../errors.ts';

/**
 * Codes meaning "no such service for this account" when reading a service by ID. The gateway
 * answers 400 InvalidService.IdPermission for an unknown service (docs/api-decisions.md,
 * "Unknown service on 3, 4, 5"); a 404 Request.NotFound from an older gateway means the same.
 */
const notFoundCodes = new Set(['InvalidService.IdIncorrect', 'InvalidService.IdPermission', 'Request.NotFound']);
/** Reads run a few at a time: fast for a range, gentle on the 100-requests-per-minute budget. */
const readConcurrency = 4;

type ErrorLike = { code?: unknown; message?: unknown; status?: unknown };

function serviceInfo(serviceId: number, data: unknown): InventoryServiceInfo {
  const record = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  return {
    serviceId,
    domainName: typeof record.domainName === 'string' ? record.domainName : `service ${serviceId}`,
    ...(typeof record.cName === 'string' ? { cName: record.cName } : {}),
    ...(typeof record.enabled === 'boolean' ? { enabled: record.enabled } : {}),
  };
}

type ReadResult = {
  found: InventoryServiceInfo[];
  notFound: number[];
  failed: { serviceId: number; code: string; message: string }[];
  /** An error that would fail every remaining ID (wrong key, no connection); those IDs are in `failed`. */
  fatal: unknown;
};

/** Reads services by ID with getService, a few at a time. */
async function readServices(client: ApiClient, ids: readonly number[]): Promise<ReadResult> {
  const result: ReadResult = { found: [], notFound: [], failed: [], fatal: undefined };
  const queue = [...ids];
  const worker = async (): Promise<void> => {
    for (let serviceId = queue.shift(); serviceId !== undefined && !result.fatal; serviceId = queue.shift()) {
      try {
        // A range is many reads: background priority, so interactive reads go first.
        const data: unknown = await client.getService({ params: { serviceId } }, { priority: 'background' });
        result.found.push(serviceInfo(serviceId, data));
      } catch (error) {
        const { code, message, status } = error as ErrorLike;
        if (typeof code === 'string' && notFoundCodes.has(code)) result.notFound.push(serviceId);
        // A wrong key (401) or no answer at all (connection, timeout) fails every ID the same way: stop and say so once.
        else if (status === 401 || typeof status !== 'number') {
          result.fatal = error;
          result.failed.push({ serviceId, code: String(code ?? 'Unknown'), message: String(message ?? error) });
        } else result.failed.push({ serviceId, code: String(code ?? 'Unknown'), message: String(message ?? error) });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(readConcurrency, ids.length) }, worker));
  if (result.fatal) {
    const { code, message } = result.fatal as ErrorLike;
    for (const serviceId of queue) result.failed.push({ serviceId, code: String(code), message: String(message) });
  }
  return result;
}

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

  /** The sandbox account starts with the services the sandbox seeded (once). */
  async function seedSandbox(accountId: string): Promise<void> {
    if (await store.isSeeded(accountId)) return;
    const account = await ctx.accounts.find(accountId);
    if (account?.kind !== 'sandbox') return;
    const seeded = await ctx.sandbox.seededServices();
    if (seeded.length === 0) {
      await store.markSeeded(accountId);
      return;
    }
    // Read them once so the list shows cName and state; a failed read keeps the seed's name.
    const read = await readServices(await ctx.clients.forAccount(accountId), seeded.map((service) => service.id)).catch(() => null);
    const byId = new Map(read?.found.map((service) => [service.serviceId, service]));
    await store.upsert(
      accountId,
      seeded.map((service) => byId.get(service.id) ?? { serviceId: service.id, domainName: service.domainName }),
      'sandbox',
    );
  }

  return {
    'inventory.list': async ({ accountId }) => {
      await seedSandbox(accountId);
      return { accountId, services: await store.list(accountId) };
    },

    'inventory.addByIds': async ({ accountId, ids }) => {
      const parsed = parseServiceIdList(ids);
      if (!parsed.ok) throw new CoreError('Inventory.InvalidIds', parsed.message, { fields: { ids: parsed.message } });
      await seedSandbox(accountId);
      const client = await ctx.clients.forAccount(accountId);
      const known = new Set((await store.list(accountId)).map((entry) => entry.serviceId));

      const { found, notFound, failed, fatal } = await readServices(client, parsed.ids);
      if (fatal && found.length === 0) throw fatal;

      // Keep the order the user typed.
      const order = new Map(parsed.ids.map((id, index) => [id, index]));
      found.sort((a, b) => (order.get(a.serviceId) ?? 0) - (order.get(b.serviceId) ?? 0));
      const stored = found.length > 0 ? await store.upsert(accountId, found, 'added') : [];
      const added: InventoryEntry[] = [];
      const refreshed: InventoryEntry[] = [];
      for (const entry of stored) (known.has(entry.serviceId) ? refreshed : added).push(entry);
      notFound.sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
      if (stored.length > 0) ctx.emit('inventory.changed', { accountId });
      return { added, refreshed, notFound, failed };
    },

    'inventory.record': async ({ accountId, ...service }) => {
      await ctx.accounts.get(accountId);
      const [entry] = await store.upsert(accountId, [service], 'created');
      ctx.emit('inventory.changed', { accountId });
      if (!entry) throw new CoreError('Inventory.WriteFailed', 'The service could not be recorded in the inventory.');
      return entry;
    },

    'inventory.remove': async ({ accountId, serviceIds }) => {
      await ctx.accounts.get(accountId);
      const removed = await store.remove(accountId, serviceIds);
      if (removed > 0) ctx.emit('inventory.changed', { accountId });
      return { removed };
    },

    'inventory.clear': async ({ accountId }) => {
      await store.removeAccount(accountId);
      return { ok: true as const };
    },
  };
}
