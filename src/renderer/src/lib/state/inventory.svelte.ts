import type { InventoryEntry } from '#shared/ipc/channels/inventory.ts';
import type { ChannelOutput } from '#shared/ipc/contract.ts';
import { invoke, onEvent } from './ipc.ts';
import { handleError } from './errors.svelte.ts';

export type { InventoryEntry };
export type AddByIdsResult = ChannelOutput<'inventory.addByIds'>;

/** The known services of each account (the API has no list operation). */
class InventoryState {
  // Raw, replaced whole on each change: entries are read-only snapshots of the core's list, and a
  // deep proxy over 5,000 of them made every read of a field (filter, palette, rows) a tracked
  // signal — slow to build and to re-check.
  #byAccount = $state.raw<Record<string, readonly InventoryEntry[]>>({});
  #loading = $state<Record<string, boolean>>({});
  #unsubscribe: (() => void) | null = null;

  /** Stops listening to core events (tests, hot reload). */
  stop(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = null;
  }

  start(): void {
    this.#unsubscribe ??= onEvent('inventory.changed', ({ accountId }) => {
      if (accountId in this.#byAccount) void this.load(accountId);
    });
  }

  services(accountId: string | null | undefined): readonly InventoryEntry[] {
    return accountId ? (this.#byAccount[accountId] ?? []) : [];
  }

  isLoaded(accountId: string): boolean {
    return accountId in this.#byAccount;
  }

  isLoading(accountId: string): boolean {
    return this.#loading[accountId] ?? false;
  }

  find(accountId: string, serviceId: number): InventoryEntry | undefined {
    return this.services(accountId).find((entry) => entry.serviceId === serviceId);
  }

  async load(accountId: string): Promise<void> {
    this.#loading[accountId] = true;
    try {
      const result = await invoke('inventory.list', { accountId });
      this.#byAccount = { ...this.#byAccount, [accountId]: result.services };
    } catch (error) {
      handleError(error, 'Could not load the service list', { accountId });
      if (!(accountId in this.#byAccount)) this.#byAccount = { ...this.#byAccount, [accountId]: [] };
    } finally {
      this.#loading[accountId] = false;
    }
  }

  async addByIds(accountId: string, ids: string): Promise<AddByIdsResult> {
    const result = await invoke('inventory.addByIds', { accountId, ids });
    await this.load(accountId);
    return result;
  }

  async record(
    accountId: string,
    service: { serviceId: number; domainName: string; cName?: string; enabled?: boolean },
  ): Promise<void> {
    await invoke('inventory.record', { accountId, ...service });
    await this.load(accountId);
  }

  /** Forgets an account's list (the account was removed). */
  async clear(accountId: string): Promise<void> {
    await invoke('inventory.clear', { accountId });
    const { [accountId]: _removed, ...rest } = this.#byAccount;
    this.#byAccount = rest;
  }

  async remove(accountId: string, serviceIds: number[]): Promise<number> {
    const { removed } = await invoke('inventory.remove', { accountId, serviceIds });
    await this.load(accountId);
    return removed;
  }
}

export const inventory = new InventoryState();
