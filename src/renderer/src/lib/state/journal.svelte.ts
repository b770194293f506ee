// The change journal as the renderer sees it: entries (newest first) and "apply the previous
// version again".
import { invoke } from './ipc.ts';
import { handleError, notify } from './errors.svelte.ts';
import { reapplicableOperationIds, type JournalEntry } from '#shared/ipc/channels/journal.ts';

export type { JournalEntry };

/** Why an entry cannot be applied again, or null when it can. */
export function reapplyBlocker(entry: JournalEntry): string | null {
  if (!reapplicableOperationIds.includes(entry.operationId)) return 'A create cannot be undone through the API.';
  if (entry.beforeSource === 'none' || entry.beforeSource === undefined) return 'The version before this change is not known.';
  if (entry.before === null && !['upsertRateLimit', 'deleteRateLimit'].includes(entry.operationId)) return 'There was no previous version.';
  return null;
}

export class JournalState {
  #entries = $state<JournalEntry[]>([]);
  #loading = $state(false);
  #loaded = $state(false);
  #busyId = $state<string | null>(null);
  #accountId = $state<string | undefined>(undefined);
  #serviceId = $state<number | undefined>(undefined);

  get entries(): readonly JournalEntry[] {
    return this.#entries;
  }
  get loading(): boolean {
    return this.#loading;
  }
  get loaded(): boolean {
    return this.#loaded;
  }
  get busyId(): string | null {
    return this.#busyId;
  }
  get serviceId(): number | undefined {
    return this.#serviceId;
  }

  async load(filter: { accountId?: string; serviceId?: number } = {}): Promise<void> {
    this.#accountId = filter.accountId;
    this.#serviceId = filter.serviceId;
    await this.refresh();
  }

  async refresh(): Promise<void> {
    this.#loading = true;
    try {
      const input: { accountId?: string; serviceId?: number } = {};
      if (this.#accountId) input.accountId = this.#accountId;
      if (this.#serviceId) input.serviceId = this.#serviceId;
      const { entries } = await invoke('journal.list', input);
      this.#entries = entries;
    } catch (error) {
      handleError(error, 'Could not load the change journal');
    } finally {
      this.#loading = false;
      this.#loaded = true;
    }
  }

  /** Applies the entry's "before" again. Resolves true when it was applied. */
  async reapply(entry: JournalEntry, confirmProduction: boolean): Promise<boolean> {
    this.#busyId = entry.id;
    try {
      const result = await invoke('journal.reapply', { entryId: entry.id, confirmProduction });
      notify('Previous version applied again', 'success', result.entry.summary);
      await this.refresh();
      return true;
    } catch (error) {
      handleError(error, 'Could not apply the previous version');
      await this.refresh();
      return false;
    } finally {
      this.#busyId = null;
    }
  }
}
