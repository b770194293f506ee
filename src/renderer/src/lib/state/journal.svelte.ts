// The change journal as the renderer sees it: the newest page of entries (newest first), "Show
// more" for older ones (journal-paging.ts), and "apply the previous version again".
import { invoke } from './ipc.ts';
import { handleError, notify } from './errors.svelte.ts';
import { errorCode, formatError } from './format-error.ts';
import { accounts } from './accounts.svelte.ts';
import { AppCode } from '#shared/app-errors.ts';
import type { JournalEntry, JournalQuery } from '#shared/ipc/channels/journal.ts';
import { JOURNAL_LIST_MAX } from '#shared/journal-page.ts';
import { journalQueryOf, noJournalFilters, type JournalFilterFields } from './journal-filter-fields.ts';
import { JOURNAL_PAGE_SIZE, appendPage, nextPageCount } from './journal-paging.ts';

export { noJournalFilters, type JournalFilterFields };
import { changeFacts, reapplicableOperationIds } from '#shared/api/operation-facts.ts';

export type { JournalEntry };

/** Why an entry cannot be applied again, or null when it can. */
export function reapplyBlocker(entry: JournalEntry): string | null {
  if (!reapplicableOperationIds.includes(entry.operationId)) return 'A create cannot be undone through the API.';
  if (entry.beforeSource === 'none' || entry.beforeSource === undefined)
    return 'The version before this change is not known.';
  if (entry.before === null && changeFacts(entry.operationId).reapply !== 'previous-version-or-delete')
    return 'There was no previous version.';
  return null;
}

export type JournalScope = 'account' | 'all';
type MatchedService = { accountId: string; serviceId: number; domainName: string };
export type JournalFilter = {
  accountId?: string;
  scope?: JournalScope;
  service?: string;
  fields?: JournalFilterFields;
  /** Show entries at least down to this one (a chart marker opens the journal on it). */
  through?: string;
};

type ListAnswer = {
  entries: JournalEntry[];
  total: number;
  services?: MatchedService[];
  serviceNames: MatchedService[];
};

export class JournalState {
  #entries = $state<JournalEntry[]>([]);
  #loading = $state(false);
  #loaded = $state(false);
  #busyId = $state<string | null>(null);
  #ruleTestsRefusal = $state<string | null>(null);
  #accountId = $state<string | undefined>(undefined);
  #scope = $state<JournalScope>('account');
  #service = $state('');
  #matched = $state<MatchedService[] | null>(null);
  #names = $state<Record<string, string>>({});
  #fields = $state<JournalFilterFields>(noJournalFilters());
  #total = $state(0);
  #loadingMore = $state(false);
  /** The entry the next load must reach (set by load, used once). */
  #through: string | undefined;
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
  /** How many entries the filters select (entries holds the pages shown so far). */
  get total(): number {
    return this.#total;
  }
  /** How many more entries "Show more" adds (0: every selected entry is shown). */
  get moreCount(): number {
    return nextPageCount(this.#entries.length, this.#total);
  }
  get loadingMore(): boolean {
    return this.#loadingMore;
  }
  get filtered(): boolean {
    return (
      this.#service !== '' ||
      Object.keys(journalQueryOf(this.#fields)).some((key) => key !== 'accountId' || this.#scope === 'all')
    );
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
    this.#through = filter.through;
    // Other filters or another view: back to the newest page.
    await this.#reload(JOURNAL_PAGE_SIZE);
  }

  /** Loads the entries again with the same filters, keeping as many shown as before. */
  async refresh(): Promise<void> {
    await this.#reload(Math.max(JOURNAL_PAGE_SIZE, this.#entries.length));
  }

  async #reload(count: number): Promise<void> {
    const generation = ++this.#generation;
    this.#loading = true;
    this.#loadingMore = false;
    try {
      const input = this.#query();
      if (input === null) return;
      const { entries, services, serviceNames, total } = await this.#fetch(input, 0, count, this.#through);
      if (generation !== this.#generation) return;
      this.#through = undefined;
      this.#entries = entries;
      this.#total = total;
      this.#names = Object.fromEntries(serviceNames.map((s) => [`${s.accountId}:${s.serviceId}`, s.domainName]));
      this.#matched = services ?? null;
    } catch (error) {
      if (generation === this.#generation)
        handleError(
          error,
          'Could not load the change journal',
          this.#scope === 'account' ? { accountId: this.#accountId } : {},
        );
    } finally {
      if (generation === this.#generation) {
        this.#loading = false;
        this.#loaded = true;
      }
    }
  }

  /**
   * Shows the next page of older entries. Resolves with the first entry it added (the screen moves
   * the focus there), or null when nothing was added.
   */
  async showMore(): Promise<JournalEntry | null> {
    const count = this.moreCount;
    const input = this.#query();
    if (count === 0 || this.#loadingMore || input === null) return null;
    // A reload meanwhile (other filters, Refresh) makes this answer stale.
    const generation = this.#generation;
    this.#loadingMore = true;
    try {
      const answer = await this.#fetch(input, this.#entries.length, count);
      if (generation !== this.#generation) return null;
      const { entries, added } = appendPage(this.#entries, answer.entries);
      this.#entries = entries;
      this.#total = answer.total;
      this.#names = {
        ...this.#names,
        ...Object.fromEntries(answer.serviceNames.map((s) => [`${s.accountId}:${s.serviceId}`, s.domainName])),
      };
      return added[0] ?? null;
    } catch (error) {
      if (generation === this.#generation)
        handleError(
          error,
          'Could not show more of the change journal',
          this.#scope === 'account' ? { accountId: this.#accountId } : {},
        );
      return null;
    } finally {
      if (generation === this.#generation) this.#loadingMore = false;
    }
  }

  /** `count` selected entries from `offset`, in requests of at most JOURNAL_LIST_MAX; `through` may extend the first. */
  async #fetch(query: JournalQuery, offset: number, count: number, through?: string): Promise<ListAnswer> {
    const answer: ListAnswer = { entries: [], total: 0, serviceNames: [] };
    let fetched = 0;
    while (fetched < count) {
      const limit = Math.min(JOURNAL_LIST_MAX, count - fetched);
      const page = await invoke('journal.list', {
        ...query,
        offset: offset + fetched,
        limit,
        ...(through === undefined || fetched > 0 ? {} : { through }),
      });
      answer.entries.push(...page.entries);
      answer.serviceNames.push(...page.serviceNames);
      answer.total = page.total;
      if (page.services) answer.services = page.services;
      fetched += page.entries.length;
      if (page.entries.length < limit) break;
    }
    return answer;
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
  async exportEntries(
    format: 'csv' | 'json',
  ): Promise<{ suggestedName: string; mimeType: string; content: string; count: number } | null> {
    const query = this.#query();
    if (query === null) return null;
    return invoke('journal.export', { ...query, format });
  }

  /** Why the core refused the last re-apply because of the service's rule tests (the user may accept and retry), else null. */
  get ruleTestsRefusal(): string | null {
    return this.#ruleTestsRefusal;
  }

  /**
   * Applies the entry's "before" again. Resolves true when it was applied. A version that would
   * make rule tests fail is refused by the core: ruleTestsRefusal says which, and applying again
   * with `acceptFlippedExpectations` applies it anyway (the journal records them).
   */
  async reapply(entry: JournalEntry, confirmProduction: boolean, acceptFlippedExpectations = false): Promise<boolean> {
    this.#busyId = entry.id;
    this.#ruleTestsRefusal = null;
    try {
      const result = await invoke('journal.reapply', {
        entryId: entry.id,
        confirmProduction,
        ...(acceptFlippedExpectations ? { acceptFlippedExpectations } : {}),
      });
      notify('Previous version applied again', 'success', result.entry.summary, { accountId: entry.accountId });
      await this.refresh();
      return true;
    } catch (error) {
      const code = errorCode(error);
      if (code === AppCode.Change.RuleTestsFlipped || code === AppCode.Change.RuleTestsUnchecked) {
        this.#ruleTestsRefusal = formatError(error).detail;
        return false;
      }
      // Flagged production elsewhere since this window read the account: the dialog then asks.
      if (code === AppCode.Change.ConfirmationRequired) void accounts.refresh();
      handleError(error, 'Could not apply the previous version', { accountId: entry.accountId });
      await this.refresh();
      return false;
    } finally {
      this.#busyId = null;
    }
  }

  /** Forgets a rule test refusal (the dialog closed). */
  clearRuleTestsRefusal(): void {
    this.#ruleTestsRefusal = null;
  }
}
