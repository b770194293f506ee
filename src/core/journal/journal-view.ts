// What journal.list and journal.export select: the entries in view (one account or all) through the
// journal query's filters (src/core/journal/journal-filter.ts), a domain name resolved against the services
// the app knows (the accounts' service lists first, then services created from this app). The page
// journal.list answers with: src/shared/journal-page.ts.
import type { Journal } from './journal.ts';
import { selectJournalEntries, servicesCreatedIn, type KnownService, type SelectedEntries } from './journal-filter.ts';
import type { JournalEntry, JournalQuery } from '#shared/ipc/channels/journal.ts';

export type JournalViewDeps = {
  journal: Pick<Journal, 'list'>;
  accountIds(): Promise<string[]>;
  inventory(accountId: string): Promise<ReadonlyArray<{ serviceId: number; domainName: string }>>;
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
    for (const entry of await deps.inventory(accountId))
      known.push({ accountId, serviceId: entry.serviceId, domainName: entry.domainName });
  }
  return [...known, ...servicesCreatedIn(entries)];
}

/** The entries the query selects, with the services known for the accounts in view. */
export async function selectJournal(
  deps: JournalViewDeps,
  query: JournalQuery,
): Promise<SelectedEntries & { total: number; known: KnownService[] }> {
  const all = await deps.journal.list();
  const accountIds = query.accountId !== undefined ? [query.accountId] : await deps.accountIds();
  const known = await knownServices(
    deps,
    accountIds,
    query.accountId === undefined ? all : all.filter((e) => e.accountId === query.accountId),
  );
  const selected = selectJournalEntries(all, query, known);
  return { ...selected, total: selected.entries.length, known };
}
