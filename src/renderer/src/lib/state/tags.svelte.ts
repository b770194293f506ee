// Tags on accounts and services as the renderer sees them (the store is the core's tags.json).
import type { TagsSnapshot } from '#shared/ipc/channels/tags.ts';
import { effectiveTags } from '#shared/tags.ts';
import { invoke, onEvent } from './ipc.ts';
import { handleError } from './errors.svelte.ts';

/** Each tag once, sorted. */
function unique(tags: readonly string[]): string[] {
  return tags.filter((tag, index) => tags.indexOf(tag) === index).sort();
}

const NO_TAGS: readonly string[] = Object.freeze([]);

class TagsState {
  // Raw (replaced whole on each load): the service list reads the tags of 5,000 services, and a
  // deep proxy would make each of those reads, missing keys included, a tracked signal.
  #snapshot = $state.raw<TagsSnapshot>({ accounts: {}, services: {} });
  #unsubscribe: (() => void) | null = null;

  start(): void {
    this.#unsubscribe ??= onEvent('tags.changed', () => void this.load());
    void this.load();
  }

  stop(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = null;
  }

  async load(): Promise<void> {
    try {
      this.#snapshot = await invoke('tags.list');
    } catch (error) {
      handleError(error, 'Could not load the tags');
    }
  }

  accountTags(accountId: string | null | undefined): readonly string[] {
    return (accountId && this.#snapshot.accounts[accountId]) || NO_TAGS;
  }

  /** The service's own tags. */
  serviceTags(accountId: string, serviceId: number): readonly string[] {
    return this.#snapshot.services[accountId]?.[String(serviceId)] ?? NO_TAGS;
  }

  /** The service's own tags and its account's (what tag:x filters on). */
  effectiveTags(accountId: string, serviceId: number): string[] {
    return effectiveTags(this.#snapshot.services[accountId]?.[String(serviceId)], this.#snapshot.accounts[accountId]);
  }

  /** Every tag in use (accounts and services), sorted. */
  get allTags(): string[] {
    const all = [
      ...Object.values(this.#snapshot.accounts).flat(),
      ...Object.values(this.#snapshot.services).flatMap((services) => Object.values(services).flat()),
    ];
    return unique(all);
  }

  /** Tags in use for one account: its own and its services'. */
  tagsInAccount(accountId: string): string[] {
    const all = [
      ...(this.#snapshot.accounts[accountId] ?? []),
      ...Object.values(this.#snapshot.services[accountId] ?? {}).flat(),
    ];
    return unique(all);
  }

  async setAccount(accountId: string, tags: string[]): Promise<void> {
    await invoke('tags.setAccount', { accountId, tags });
    await this.load();
  }

  async setService(accountId: string, serviceId: number, tags: string[]): Promise<void> {
    await invoke('tags.setService', { accountId, serviceId, tags });
    await this.load();
  }
}

export const tags = new TagsState();
