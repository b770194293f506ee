// The change journal's filters (the journal screen, its export and `accel journal`): account,
// operation, batch, outcome, time range, and the service: a service ID ("101", "#101") or a domain
// name (or part of one, case-insensitive) resolved against the services the app knows for the
// accounts in view: their service lists and the services created from this app (journal
// createService entries).
import type { JournalEntry, JournalQuery } from '#shared/ipc/channels/journal.ts';
import { batchIdMatches } from '#shared/bulk/batch.ts';

export type KnownService = { accountId: string; serviceId: number; domainName: string };

type ServiceFilter = { kind: 'id'; serviceId: number } | { kind: 'domain'; text: string };

function parseServiceFilter(text: string): ServiceFilter {
  const trimmed = text.trim();
  const id = /^#?(\d+)$/.exec(trimmed);
  if (id && Number(id[1]) > 0) return { kind: 'id', serviceId: Number(id[1]) };
  return { kind: 'domain', text: trimmed.toLowerCase().replace(/\.$/, '') };
}

/** Services created from this app, with the domain name the gateway answered (or that was sent). */
export function servicesCreatedIn(entries: readonly JournalEntry[]): KnownService[] {
  const out: KnownService[] = [];
  for (const entry of entries) {
    if (entry.operationId !== 'createService' || entry.serviceId === null) continue;
    const domainName = (entry.after as { domainName?: unknown } | null)?.domainName;
    if (typeof domainName === 'string')
      out.push({ accountId: entry.accountId, serviceId: entry.serviceId, domainName });
  }
  return out;
}

/** Known services whose domain name contains the text (exact matches first), one per account and ID. */
function servicesNamed(text: string, known: readonly KnownService[]): KnownService[] {
  const seen = new Set<string>();
  const matching = known.filter((s) => {
    const key = `${s.accountId}:${s.serviceId}`;
    if (seen.has(key) || !s.domainName.toLowerCase().includes(text)) return false;
    seen.add(key);
    return true;
  });
  return matching.sort(
    (a, b) => Number(b.domainName.toLowerCase() === text) - Number(a.domainName.toLowerCase() === text),
  );
}

/** Entries about one of the services. */
function entriesOf(entries: readonly JournalEntry[], services: readonly KnownService[]): JournalEntry[] {
  const keys = new Set(services.map((s) => `${s.accountId}:${s.serviceId}`));
  return entries.filter((e) => e.serviceId !== null && keys.has(`${e.accountId}:${e.serviceId}`));
}

/** The known name of each service the entries are about (first known wins), for showing domains beside IDs. */
export function namesOf(entries: readonly JournalEntry[], known: readonly KnownService[]): KnownService[] {
  const wanted = new Set(entries.flatMap((e) => (e.serviceId === null ? [] : [`${e.accountId}:${e.serviceId}`])));
  const out = new Map<string, KnownService>();
  for (const s of known) {
    const key = `${s.accountId}:${s.serviceId}`;
    if (wanted.has(key) && !out.has(key)) out.set(key, s);
  }
  return [...out.values()];
}

/** Whether an entry passes every filter except the service domain (resolved by selectJournalEntries). */
export function matchesJournalQuery(entry: JournalEntry, query: Omit<JournalQuery, 'service'>): boolean {
  if (query.accountId !== undefined && entry.accountId !== query.accountId) return false;
  if (query.serviceId !== undefined && entry.serviceId !== query.serviceId) return false;
  if (query.operationId !== undefined && entry.operationId !== query.operationId) return false;
  // The batch: its ID, or a start of it (the short ID the journal and the bulk lists show).
  if (
    query.batchId !== undefined &&
    query.batchId !== '' &&
    (entry.batchId === undefined || !batchIdMatches(entry.batchId, query.batchId))
  )
    return false;
  if (query.outcome !== undefined && entry.result.ok !== { ok: true, failed: false, unknown: null }[query.outcome])
    return false;
  if (query.from !== undefined || query.to !== undefined) {
    const at = Date.parse(entry.at);
    if (query.from !== undefined && at < Date.parse(query.from)) return false;
    if (query.to !== undefined && at > Date.parse(query.to)) return false;
  }
  return true;
}

export type SelectedEntries = {
  entries: JournalEntry[];
  /** When the service filter was a domain name: the services it matched. */
  services?: KnownService[];
};

/**
 * The entries (newest first, as stored) that pass every filter. The service filter is an ID, or a
 * domain name resolved against `known` (only services of the accounts in view).
 */
export function selectJournalEntries(
  entries: readonly JournalEntry[],
  query: JournalQuery,
  known: readonly KnownService[],
): SelectedEntries {
  const { service, ...rest } = query;
  if (service === undefined || service === '') return { entries: entries.filter((e) => matchesJournalQuery(e, rest)) };
  const parsed = parseServiceFilter(service);
  if (parsed.kind === 'id') {
    // An explicit serviceId and a different ID in the text select nothing, rather than one of them silently.
    if (rest.serviceId !== undefined && rest.serviceId !== parsed.serviceId) return { entries: [] };
    return { entries: entries.filter((e) => matchesJournalQuery(e, { ...rest, serviceId: parsed.serviceId })) };
  }
  const inView = query.accountId === undefined ? known : known.filter((s) => s.accountId === query.accountId);
  const services = servicesNamed(parsed.text, inView);
  return { entries: entriesOf(entries, services).filter((e) => matchesJournalQuery(e, rest)), services };
}
