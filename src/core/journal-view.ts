// What journal.list and journal.export answer: the entries the filters select (one account or
// all; account, service ID or domain name, operation, batch, outcome, time range — the rules are
// in journal-filter.ts), with the domain name of each service the entries are about. Domain names
// are resolved against the services the app knows (the accounts' service lists first, then
// services created from this app).
import type { Journal } from './journal.ts';
import { namesOf, selectJournalEntries, servicesCreatedIn, type KnownService } from './journal-filter.ts';
import type { JournalEntry, JournalQuery } from '#shared/ipc/channels/journal.ts';

export type JournalViewDeps = {
  journal: Pick<Journal, 'list'>;
  accountIds(): Promise<string[]>;
  inventory(accountId: string): Promise<ReadonlyArray<{ serviceId: number; domainName: string }>>;
};

export type JournalViewQuery = JournalQuery & { limit?: number };

export type JournalView = {
  entries: JournalEntry[];
  /** How many entries the filters selected (entries holds at most `limit` of them). */
  total: number;
  serviceNames: KnownService[];
  services?: KnownService[];
};

/**
 * The services the app knows for these accounts: their service lists first (the account's current
 * list names a service better than an old create entry), then services created from this app.
 */
export async function knownServices(
  deps: Pick<JournalViewDeps, 'inventory'>,
  accountIds: readonly string[],
  entries: readonly JournalEntry[],
): Promise<KnownService[]> {
  const known: KnownService[] = [];
  for (const accountId of accountIds) {
    for (const entry of await deps.inventory(accountId)) known.push({ accountId, serviceId: entry.serviceId, domainName: entry.domainName });
  }
  return [...known, ...servicesCreatedIn(entries)];
}

/** Every entry the query selects (no limit), with the services known for the accounts in view. */
export async function selectJournal(deps: JournalViewDeps, query: JournalQuery): Promise<{ entries: JournalEntry[]; services?: KnownService[]; known: KnownService[] }> {
  const inScope = await deps.journal.list({ accountId: query.accountId });
  const accountIds = query.accountId !== undefined ? [query.accountId] : await deps.accountIds();
  const known = await knownServices(deps, accountIds, inScope);
  return { ...selectJournalEntries(inScope, query, known), known };
}

export async function listJournal(deps: JournalViewDeps, input: JournalViewQuery = {}): Promise<JournalView> {
  const { limit, ...query } = input;
  const { entries, services, known } = await selectJournal(deps, query);
  const shown = limit === undefined ? entries : entries.slice(0, limit);
  return { entries: shown, total: entries.length, serviceNames: namesOf(shown, known), ...(services === undefined ? {} : { services }) };
}
