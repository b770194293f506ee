// What journal.list answers: the entries in view (one account or all), filtered by service ID or by
// a domain name resolved against the services the app knows (the accounts' service lists first,
// then services created from this app), with the domain name of each service the entries are about.
import type { Journal, JournalFilter } from './journal.ts';
import { entriesOf, namesOf, parseServiceFilter, servicesCreatedIn, servicesNamed, type KnownService } from './journal-filter.ts';
import type { JournalEntry } from '#shared/ipc/channels/journal.ts';

export type JournalViewDeps = {
  journal: Pick<Journal, 'list'>;
  accountIds(): Promise<string[]>;
  inventory(accountId: string): Promise<ReadonlyArray<{ serviceId: number; domainName: string }>>;
};

export type JournalViewQuery = JournalFilter & {
  /** A service ID ("101", "#101") or a domain name or part of one. */
  service?: string;
};

export type JournalView = { entries: JournalEntry[]; serviceNames: KnownService[]; services?: KnownService[] };

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

export async function listJournal(deps: JournalViewDeps, query: JournalViewQuery = {}): Promise<JournalView> {
  const { service, ...filter } = query;
  const inScope = await deps.journal.list({ accountId: filter.accountId });
  const accountIds = filter.accountId !== undefined ? [filter.accountId] : await deps.accountIds();
  const known = await knownServices(deps, accountIds, inScope);
  const named = (entries: readonly JournalEntry[]) => ({ entries: [...entries], serviceNames: namesOf(entries, known) });
  if (service === undefined || service === '') return named(await deps.journal.list(filter));
  const parsed = parseServiceFilter(service);
  if (parsed.kind === 'id') return named(await deps.journal.list({ ...filter, serviceId: parsed.serviceId }));
  // A domain name: resolve it against the services known for the accounts in view.
  const services = servicesNamed(parsed.text, known);
  const entries = entriesOf(inScope, services);
  return { ...named(filter.limit === undefined ? entries : entries.slice(0, filter.limit)), services };
}
