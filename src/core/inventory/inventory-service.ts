// The inventory's rules, host-agnostic: the sandbox account starts with the services the sandbox
// seeded (once); IDs the user adds are read from the API, stored in the order typed, and
// reported as added, refreshed, not found or failed; every change is announced.
import { AppCode } from '#shared/app-errors.ts';
import type { InventoryEntry } from '#shared/ipc/channels/inventory.ts';
import { CoreError } from '../errors.ts';
import type { InventoryServiceInfo, InventoryStore } from './inventory.ts';
import { readServices, type ServiceReader } from './service-reads.ts';

export type InventoryServiceDeps = {
  store: InventoryStore;
  client(accountId: string): Promise<ServiceReader>;
  isSandboxAccount(accountId: string): Promise<boolean>;
  /** The services the in-process sandbox seeded. */
  seededServices(): Promise<readonly { id: number; domainName: string }[]>;
  /** Announces that an account's inventory changed. */
  changed(accountId: string): void;
};

type AddByIdsResult = {
  added: InventoryEntry[];
  refreshed: InventoryEntry[];
  notFound: number[];
  failed: { serviceId: number; code: string; message: string }[];
};

export type InventoryService = {
  list(accountId: string): Promise<InventoryEntry[]>;
  addByIds(accountId: string, ids: readonly number[]): Promise<AddByIdsResult>;
  /** A service created from this app. */
  record(accountId: string, service: InventoryServiceInfo): Promise<InventoryEntry>;
  /** A read of a service (getService): its listed entry takes the name, CNAME and state read (unlisted services stay unlisted). */
  refresh(accountId: string, service: InventoryServiceInfo): Promise<InventoryEntry | null>;
  remove(accountId: string, serviceIds: readonly number[]): Promise<number>;
};

export function createInventoryService(deps: InventoryServiceDeps): InventoryService {
  const { store } = deps;

  /** The sandbox account starts with the services the sandbox seeded (once). */
  async function seedSandbox(accountId: string): Promise<void> {
    if (await store.isSeeded(accountId)) return;
    if (!(await deps.isSandboxAccount(accountId))) return;
    const seeded = await deps.seededServices();
    if (seeded.length === 0) {
      await store.markSeeded(accountId);
      return;
    }
    // Read them once so the list shows cName and state; a failed read keeps the seed's name.
    const read = await readServices(
      await deps.client(accountId),
      seeded.map((service) => service.id),
    ).catch(() => null);
    const byId = new Map(read?.found.map((service) => [service.serviceId, service]));
    await store.upsert(
      accountId,
      seeded.map((service) => byId.get(service.id) ?? { serviceId: service.id, domainName: service.domainName }),
      'sandbox',
    );
  }

  return {
    async list(accountId) {
      await seedSandbox(accountId);
      return store.list(accountId);
    },

    async addByIds(accountId, ids) {
      await seedSandbox(accountId);
      const client = await deps.client(accountId);
      const known = new Set((await store.list(accountId)).map((entry) => entry.serviceId));

      const { found, notFound, failed, fatal } = await readServices(client, ids);
      if (fatal && found.length === 0) throw fatal;

      // Keep the order the user typed.
      const order = new Map(ids.map((id, index) => [id, index]));
      found.sort((a, b) => (order.get(a.serviceId) ?? 0) - (order.get(b.serviceId) ?? 0));
      const stored = found.length > 0 ? await store.upsert(accountId, found, 'added') : [];
      const added: InventoryEntry[] = [];
      const refreshed: InventoryEntry[] = [];
      for (const entry of stored) (known.has(entry.serviceId) ? refreshed : added).push(entry);
      notFound.sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
      if (stored.length > 0) deps.changed(accountId);
      return { added, refreshed, notFound, failed };
    },

    async record(accountId, service) {
      const [entry] = await store.upsert(accountId, [service], 'created');
      deps.changed(accountId);
      if (!entry)
        throw new CoreError(AppCode.Inventory.WriteFailed, 'The service could not be recorded in the inventory.');
      return entry;
    },

    async refresh(accountId, service) {
      const entry = await store.refresh(accountId, service);
      if (entry) deps.changed(accountId);
      return entry;
    },

    async remove(accountId, serviceIds) {
      const removed = await store.remove(accountId, serviceIds);
      if (removed > 0) deps.changed(accountId);
      return removed;
    },
  };
}
