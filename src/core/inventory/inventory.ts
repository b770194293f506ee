// Per-account service inventory in <dataDir>/inventory.json. The API cannot list services, so
// this file is the only place that knows which services an account has (see channels/inventory.ts).
import { join } from 'node:path';
import { z } from 'zod';
import {
  createJsonDocument,
  type ChangeControl,
  type JsonDocument,
  type JsonDocumentOptions,
} from '../storage/json-document.ts';
import { inventoryEntrySchema, type InventoryEntry, type InventorySource } from '#shared/ipc/channels/inventory.ts';

const accountInventorySchema = z.object({
  /** The sandbox seed was copied in once; never re-seed after the user removed entries. */
  seeded: z.boolean().default(false),
  services: z.array(inventoryEntrySchema),
});

export const INVENTORY_FILE = 'inventory.json';

const inventoryFileSchema = z.object({
  version: z.literal(1),
  // Keys are account IDs: read into a null-prototype map (see the constructor).
  accounts: z
    .record(z.string(), accountInventorySchema)
    .transform((accounts) =>
      Object.assign(Object.create(null) as Record<string, z.output<typeof accountInventorySchema>>, accounts),
    ),
});
type InventoryFile = z.infer<typeof inventoryFileSchema>;

export type InventoryServiceInfo = { serviceId: number; domainName: string; cName?: string; enabled?: boolean };

/** Whether a read of the service says something else than the entry (what the read did not carry does not count). */
function differs(entry: InventoryEntry, read: InventoryServiceInfo): boolean {
  return (
    entry.domainName !== read.domainName ||
    (read.cName !== undefined && entry.cName !== read.cName) ||
    (read.enabled !== undefined && entry.enabled !== read.enabled)
  );
}

export type InventoryStoreOptions = {
  dataDir: string;
  now: () => Date;
} & Pick<JsonDocumentOptions<typeof inventoryFileSchema>, 'onCorrupt' | 'corruptWarning' | 'onWarning'>;

export class InventoryStore {
  readonly path: string;
  #now: () => Date;
  // Read-modify-write cycles run one after another (the document's queue) so concurrent adds never lose entries.
  readonly #document: JsonDocument<InventoryFile>;

  constructor(options: InventoryStoreOptions) {
    this.path = join(options.dataDir, INVENTORY_FILE);
    this.#now = options.now;
    this.#document = createJsonDocument({
      path: this.path,
      schema: inventoryFileSchema,
      // Keys are account IDs (from input): a null-prototype map never resolves "__proto__" or "constructor".
      empty: (): InventoryFile => ({ version: 1, accounts: Object.create(null) as InventoryFile['accounts'] }),
      copy: (file) => ({
        ...file,
        accounts: Object.assign(Object.create(null) as InventoryFile['accounts'], structuredClone(file.accounts)),
      }),
      now: this.#now,
      onCorrupt: options.onCorrupt,
      corruptWarning: options.corruptWarning,
      onWarning: options.onWarning,
    });
  }

  /** Reads the file now (so a corrupt one is reported at start, not on first use). */
  async ready(): Promise<void> {
    await this.#document.read();
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
  upsert(
    accountId: string,
    services: readonly InventoryServiceInfo[],
    source: InventorySource,
  ): Promise<InventoryEntry[]> {
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

  /**
   * Brings a listed entry's name, CNAME and state in step with a read of the service; returns the
   * entry when it changed, null when the service is not listed or nothing changed (no write then).
   */
  async refresh(accountId: string, service: InventoryServiceInfo): Promise<InventoryEntry | null> {
    // Most reads change nothing: look first, without copying the file for an update.
    const listed = (await this.#read()).accounts[accountId]?.services.find(
      (entry) => entry.serviceId === service.serviceId,
    );
    if (!listed || !differs(listed, service)) return null;
    return this.#mutate((file, control) => {
      const account = file.accounts[accountId];
      const index = account?.services.findIndex((entry) => entry.serviceId === service.serviceId) ?? -1;
      const existing = index >= 0 ? account?.services[index] : undefined;
      // What the read did not carry stays as it was.
      const entry: InventoryEntry | undefined = existing && {
        ...existing,
        domainName: service.domainName,
        ...(service.cName === undefined ? {} : { cName: service.cName }),
        ...(service.enabled === undefined ? {} : { enabled: service.enabled }),
      };
      if (!account || !existing || !entry || !differs(existing, entry)) {
        control.skipWrite();
        return null;
      }
      account.services[index] = entry;
      return entry;
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

  #read(): Promise<InventoryFile> {
    return this.#document.read();
  }

  // Works on a copy, so a failed write leaves the current value as it is on disk.
  #mutate<T>(change: (file: InventoryFile, control: ChangeControl) => T): Promise<T> {
    return this.#document.update(change);
  }
}
