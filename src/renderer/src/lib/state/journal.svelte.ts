// The change journal as the renderer sees it: entries (newest first) and "apply the previous
// version again".
import { invoke } from './ipc.ts';
import { handleError, notify } from './errors.svelte.ts';
import type { JournalEntry, JournalQuery } from '#shared/ipc/channels/journal.ts';
import { journalQueryOf, noJournalFilters, type JournalFilterFields } from './journal-filter-fields.ts';

export { noJournalFilters, type JournalFilterFields };
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
type MatchedService = { accountId: string; serviceId: number; domainName: string };
export type JournalFilter = { accountId?: string; scope?: JournalScope; service?: string; fields?: JournalFilterFields };

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
  #fields = $state<JournalFilterFields>(noJournalFilters());
  #total = $state(0);
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
  /** The other filters the entries were loaded with. */
  get fields(): JournalFilterFields {
    return this.#fields;
  }
  /** How many entries the filters select. */
  get total(): number {
    return this.#total;
  }
  get filtered(): boolean {
    return this.#service !== '' || Object.keys(journalQueryOf(this.#fields)).some((key) => key !== 'accountId' || this.#scope === 'all');
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
    if (filter.fields) this.#fields = { ...filter.fields };
    await this.refresh();
  }

  async refresh(): Promise<void> {
    const generation = ++this.#generation;
    this.#loading = true;
    try {
      const input = this.#query();
      if (input === null) return;
      const { entries, services, serviceNames, total } = await invoke('journal.list', input);
      if (generation !== this.#generation) return;
      this.#entries = entries;
      this.#total = total;
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

  /** The core query for what is on screen; null when the account view has no account. */
  #query(): JournalQuery | null {
    const { accountId: pickedAccount, ...rest } = journalQueryOf(this.#fields);
    const input: JournalQuery = { ...rest };
    if (this.#scope === 'account') {
      // The account view never falls back to "every account".
      if (!this.#accountId) return null;
      input.accountId = this.#accountId;
    } else if (pickedAccount !== undefined) {
      input.accountId = pickedAccount;
    }
    if (this.#service !== '') input.service = this.#service;
    return input;
  }

  /** The entries the filters select, as a file's content (host.saveFile saves it). */
  async exportEntries(format: 'csv' | 'json'): Promise<{ suggestedName: string; mimeType: string; content: string; count: number } | null> {
    const query = this.#query();
    if (query === null) return null;
    return invoke('journal.export', { ...query, format });
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
