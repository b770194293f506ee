// Tags as target selection sees them: a service carries its own tags and its account's
// (effectiveTags, src/shared/tags.ts). Read from tags.list; reloaded when tags change.
import { invoke, onEvent } from './ipc.ts';
import { handleError } from './errors.svelte.ts';
import { effectiveTags } from '#shared/tags.ts';
import type { TagsSnapshot } from '#shared/ipc/channels/tags.ts';

const none: readonly string[] = [];

class ServiceTagsState {
  #snapshot = $state<TagsSnapshot>({ accounts: {}, services: {} });
  #loaded = $state(false);
  #loading: Promise<void> | null = null;
  #unsubscribe: (() => void) | null = null;

  /** Reads the tags once (later calls wait for or reuse it); changes reload them. */
  load(): Promise<void> {
    this.#unsubscribe ??= onEvent('tags.changed', () => void this.#read());
    this.#loading ??= this.#read();
    return this.#loading;
  }

  /** Stops listening to tag changes (tests, hot reload). */
  stop(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = null;
  }

  async #read(): Promise<void> {
    try {
      this.#snapshot = await invoke('tags.list');
    } catch (error) {
      handleError(error, 'Could not read the tags');
    } finally {
      this.#loaded = true;
    }
  }

  /** Whether any account or service has a tag. */
  get available(): boolean {
    return this.all.length > 0;
  }

  get loaded(): boolean {
    return this.#loaded;
  }

  /** Every tag in use, sorted. */
  get all(): string[] {
    const lists = [
      ...Object.values(this.#snapshot.accounts),
      ...Object.values(this.#snapshot.services).flatMap((byService) => Object.values(byService)),
    ];
    return lists
      .flat()
      .filter((tag, i, all) => all.indexOf(tag) === i)
      .sort();
  }

  of(accountId: string, serviceId: number): readonly string[] {
    const own = this.#snapshot.services[accountId]?.[String(serviceId)];
    const account = this.#snapshot.accounts[accountId];
    return own || account ? effectiveTags(own, account) : none;
  }
}

export const serviceTags = new ServiceTagsState();
