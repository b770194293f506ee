// The change journal as the renderer sees it: entries (newest first) and "apply the previous
// version again".
import { invoke } from './ipc.ts';
import { handleError, notify } from './errors.svelte.ts';
import type { JournalEntry } from '#shared/ipc/channels/journal.ts';
import { changeFacts, reapplicableOperationIds } from '#shared/api/operation-facts.ts';

export type { JournalEntry };

/** Why an entry cannot be applied again, or null when it can. */
export function reapplyBlocker(entry: JournalEntry): string | null {
  if (!reapplicableOperationIds.includes(entry.operationId)) return 'A create cannot be undone through the API.';
  if (entry.beforeSource === 'none' || entry.beforeSource === undefined) return 'The version before this change is not known.';
  if (entry.before === null && changeFacts(entry.operationId).reapply !== 'previous-version-or-delete') return 'There was no previous version.';
  return null;
}

export type JournalScope = 'account' | 'all';
export type JournalFilter = { accountId?: string; scope?: JournalScope; service?: string };
type MatchedService = { accountId: string; serviceId: number; domainName: string };

export class JournalState {
  #entries = $state<JournalEntry[]>([]);
  #loading = $state(false);
  #loaded = $state(false);
  #busyId = $state<string | null>(null);
  #accountId = $state<string | undefined>(undefined);
  #scope = $state<JournalScope>('account');
  #service = $state('');
  #matched = $state<MatchedService[] | null>(null);
  #names = $state<Record<string, string>>({});
  /** Answers to earlier loads are dropped: after an account switch only the newest counts. */
  #generation = 0;

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
  get accountId(): string | undefined {
    return this.#accountId;
  }
  get scope(): JournalScope {
    return this.#scope;
  }
  /** The service filter the entries were loaded with ('' = every service). */
  get service(): string {
    return this.#service;
  }
  /** The domain name of the service an entry is about, when the app knows it. */
  domainOf(entry: JournalEntry): string | null {
    return entry.serviceId === null ? null : (this.#names[`${entry.accountId}:${entry.serviceId}`] ?? null);
  }
  /** The services a domain-name filter matched; null for no filter or an ID. */
  get matched(): readonly MatchedService[] | null {
    return this.#matched;
  }

  async load(filter: JournalFilter = {}): Promise<void> {
    if (filter.accountId !== this.#accountId) {
      // Another account: nothing of the previous one stays on screen while loading.
      this.#entries = [];
      this.#loaded = false;
    }
    this.#accountId = filter.accountId;
    this.#scope = filter.scope ?? this.#scope;
    this.#service = (filter.service ?? this.#service).trim();
    await this.refresh();
  }

  async refresh(): Promise<void> {
    const generation = ++this.#generation;
    this.#loading = true;
    try {
      const input: { accountId?: string; service?: string } = {};
      if (this.#scope === 'account') {
        // The account view never falls back to "every account".
        if (!this.#accountId) return;
        input.accountId = this.#accountId;
      }
      if (this.#service !== '') input.service = this.#service;
      const { entries, services, serviceNames } = await invoke('journal.list', input);
      if (generation !== this.#generation) return;
      this.#entries = entries;
      this.#names = Object.fromEntries(serviceNames.map((s) => [`${s.accountId}:${s.serviceId}`, s.domainName]));
      this.#matched = services ?? null;
    } catch (error) {
      if (generation === this.#generation) handleError(error, 'Could not load the change journal', this.#scope === 'account' ? { accountId: this.#accountId } : {});
    } finally {
      if (generation === this.#generation) {
        this.#loading = false;
        this.#loaded = true;
      }
    }
  }

  /** Applies the entry's "before" again. Resolves true when it was applied. */
  async reapply(entry: JournalEntry, confirmProduction: boolean): Promise<boolean> {
    this.#busyId = entry.id;
    try {
      const result = await invoke('journal.reapply', { entryId: entry.id, confirmProduction });
      notify('Previous version applied again', 'success', result.entry.summary, { accountId: entry.accountId });
      await this.refresh();
      return true;
    } catch (error) {
      handleError(error, 'Could not apply the previous version', { accountId: entry.accountId });
      await this.refresh();
      return false;
    } finally {
      this.#busyId = null;
    }
  }
}
