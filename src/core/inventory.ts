// Per-account service inventory in <dataDir>/inventory.json. The API cannot list services, so
// this file is the only place that knows which services an account has (see channels/inventory.ts).
import { join } from 'node:path';
import { z } from 'zod';
import { readJsonFile, writeJsonFileAtomic, type CorruptFileReport } from './storage/atomic-json.ts';
import { createSerialQueue } from './storage/serial-queue.ts';
import { inventoryEntrySchema, type InventoryEntry, type InventorySource } from '#shared/ipc/channels/inventory.ts';

const accountInventorySchema = z.object({
  /** The sandbox seed was copied in once; never re-seed after the user removed entries. */
  seeded: z.boolean().default(false),
  services: z.array(inventoryEntrySchema),
});

const inventoryFileSchema = z.object({
  version: z.literal(1),
  accounts: z.record(z.string(), accountInventorySchema),
});
type InventoryFile = z.infer<typeof inventoryFileSchema>;

export type InventoryServiceInfo = { serviceId: number; domainName: string; cName?: string; enabled?: boolean };

export type InventoryStoreOptions = {
  dataDir: string;
  now?: () => Date;
  onCorrupt?: (report: CorruptFileReport) => void;
};

export class InventoryStore {
  readonly path: string;
  #now: () => Date;
  #onCorrupt?: (report: CorruptFileReport) => void;
  #cache: InventoryFile | undefined;
  // Read-modify-write cycles run one after another so concurrent adds never lose entries.
  readonly #queue = createSerialQueue();

  constructor(options: InventoryStoreOptions) {
    this.path = join(options.dataDir, 'inventory.json');
    this.#now = options.now ?? (() => new Date());
    this.#onCorrupt = options.onCorrupt;
  }

  async list(accountId: string): Promise<InventoryEntry[]> {
    const file = await this.#read();
    return [...(file.accounts[accountId]?.services ?? [])];
  }

  async isSeeded(accountId: string): Promise<boolean> {
    const file = await this.#read();
    return file.accounts[accountId]?.seeded ?? false;
  }

  /** Adds or refreshes entries (keyed by service ID); returns them as stored. */
  upsert(accountId: string, services: readonly InventoryServiceInfo[], source: InventorySource): Promise<InventoryEntry[]> {
    return this.#mutate((file) => {
      const account = (file.accounts[accountId] ??= { seeded: false, services: [] });
      const stored: InventoryEntry[] = [];
      for (const service of services) {
        const existing = account.services.find((entry) => entry.serviceId === service.serviceId);
        const entry: InventoryEntry = {
          serviceId: service.serviceId,
          domainName: service.domainName,
          ...(service.cName === undefined ? {} : { cName: service.cName }),
          ...(service.enabled === undefined ? {} : { enabled: service.enabled }),
          // The first way a service arrived stays (a created service refreshed by ID is still "created").
          source: existing?.source ?? source,
          addedAt: existing?.addedAt ?? this.#now().toISOString(),
        };
        if (existing) account.services[account.services.indexOf(existing)] = entry;
        else account.services.push(entry);
        stored.push(entry);
      }
      if (source === 'sandbox') account.seeded = true;
      return stored;
    });
  }

  /** Marks the sandbox seed as done even when it held no services. */
  markSeeded(accountId: string): Promise<void> {
    return this.#mutate((file) => {
      (file.accounts[accountId] ??= { seeded: false, services: [] }).seeded = true;
    });
  }

  /** Forgets entries locally; returns how many were removed. */
  remove(accountId: string, serviceIds: readonly number[]): Promise<number> {
    return this.#mutate((file) => {
      const account = file.accounts[accountId];
      if (!account) return 0;
      const before = account.services.length;
      const drop = new Set(serviceIds);
      account.services = account.services.filter((entry) => !drop.has(entry.serviceId));
      return before - account.services.length;
    });
  }

  /** Drops an account's whole inventory (the account itself was removed). */
  removeAccount(accountId: string): Promise<void> {
    return this.#mutate((file) => {
      delete file.accounts[accountId];
    });
  }

  async #read(): Promise<InventoryFile> {
    await this.#queue.idle();
    return this.#load();
  }

  async #load(): Promise<InventoryFile> {
    if (!this.#cache) {
      this.#cache =
        (await readJsonFile(this.path, inventoryFileSchema, { onCorrupt: this.#onCorrupt })) ?? { version: 1, accounts: {} };
    }
    return this.#cache;
  }

  #mutate<T>(change: (file: InventoryFile) => T): Promise<T> {
    const run = async (): Promise<T> => {
      const current = await this.#load();
      // Work on a copy so a failed write leaves the cache as it is on disk.
      const next = structuredClone(current);
      const result = change(next);
      await writeJsonFileAtomic(this.path, next);
      this.#cache = next;
      return result;
    };
    return this.#queue.run(run);
  }
}
