// The change journal: <dataDir>/journal.json, newest first, bounded in count and per-entry size.
// Entries are redacted before they are stored: no tokenSecret, accessSecret or Authorization value
// ever reaches the file.
import { AppCode } from '#shared/app-errors.ts';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { createJsonDocument, type JsonDocumentOptions } from '../storage/json-document.ts';
import { redact } from '../api/errors.ts';
import { journalEntrySchema, type JournalEntry } from '#shared/ipc/channels/journal.ts';
import { UNANSWERED_MESSAGE } from '#shared/journal-outcome.ts';

export const JOURNAL_FILE = 'journal.json';
const DEFAULT_JOURNAL_LIMIT = 2000;
/**
 * Largest entry kept whole (serialized characters). Bodies are schema-parsed and small; a larger
 * entry keeps its summary and result, and its before/after are dropped (and it cannot be re-applied).
 */
export const MAX_JOURNAL_ENTRY_CHARS = 200_000;

const journalFileSchema = z.object({ version: z.literal(1), entries: z.array(journalEntrySchema) });

export type NewJournalEntry = Omit<JournalEntry, 'id' | 'at'> & { at?: string };

type JournalFilter = { accountId?: string; serviceId?: number; limit?: number };

/** What settling a write-ahead entry changes: its result, and what the answer told (IDs, the created service). */
export type JournalSettlement = Pick<JournalEntry, 'result'> &
  Partial<Pick<JournalEntry, 'serviceId' | 'policyId' | 'summary' | 'after'>>;

export type Journal = {
  append(entry: NewJournalEntry): Promise<JournalEntry>;
  /**
   * Write-ahead: the entry is on disk (fsync'd) as sending when this resolves, before its request
   * leaves; `settle` records the outcome. While it is unsettled this process shows it as sending,
   * any other process (or this one after a restart) as unanswered.
   */
  begin(entry: Omit<NewJournalEntry, 'result'>): Promise<JournalEntry>;
  /** Records the outcome of an entry (write-ahead or unknown); an entry dropped for room is appended again. */
  settle(id: string, settlement: JournalSettlement): Promise<JournalEntry>;
  list(filter?: JournalFilter): Promise<JournalEntry[]>;
  get(id: string): Promise<JournalEntry | undefined>;
  /** Newest entry for which `predicate` holds (entries are newest first). */
  findLatest(predicate: (entry: JournalEntry) => boolean): Promise<JournalEntry | undefined>;
  /** Reads the file now (so a corrupt one is reported at start, not on first use). */
  ready(): Promise<void>;
};

export type JournalOptions = {
  dataDir: string;
  maxEntries?: number;
  now: () => Date;
} & Pick<JsonDocumentOptions<typeof journalFileSchema>, 'onCorrupt' | 'corruptWarning' | 'onWarning'>;

/**
 * The entry as stored: redacted, and within MAX_JOURNAL_ENTRY_CHARS. A value that cannot be
 * redacted or serialized at all (too deep) is treated like a too-large one, so the change is
 * still journaled.
 */
function boundedEntry(entry: JournalEntry): JournalEntry {
  let size: number;
  let redacted: JournalEntry;
  try {
    redacted = redact(entry);
    size = JSON.stringify(redacted).length;
  } catch {
    redacted = entry;
    size = Number.POSITIVE_INFINITY;
  }
  if (size <= MAX_JOURNAL_ENTRY_CHARS) return redacted;
  const { before: _before, after: _after, ...rest } = entry;
  return redact({ ...rest, before: null, after: null, omitted: true });
}

export function createJournal(options: JournalOptions): Journal {
  const max = options.maxEntries ?? DEFAULT_JOURNAL_LIMIT;
  const now = options.now;
  // Appends only add whole entries: a shallow copy of the list is enough to work on.
  const document = createJsonDocument({
    path: join(options.dataDir, JOURNAL_FILE),
    schema: journalFileSchema,
    empty: () => ({ version: 1 as const, entries: [] }),
    copy: (file) => ({ ...file, entries: [...file.entries] }),
    now,
    onCorrupt: options.onCorrupt,
    corruptWarning: options.corruptWarning,
    onWarning: options.onWarning,
  });
  const load = async (): Promise<JournalEntry[]> => (await document.read()).entries;

  /** Write-ahead entries this process is sending now (the others still marked sending were cut off). */
  const inFlight = new Set<string>();
  const shown = (entry: JournalEntry): JournalEntry =>
    entry.result.ok === null && entry.result.sending === true && !inFlight.has(entry.id)
      ? { ...entry, result: { ok: null, code: AppCode.Change.OutcomeUnknown, message: UNANSWERED_MESSAGE } }
      : entry;

  // Group commit: appends and settlements that arrive while a write is in flight go to the file
  // together in the next write (a bulk run journals many changes at once, each before its request
  // and after its answer; one fsync each would be its bottleneck). Each resolves only once the
  // write that holds it is on disk.
  type Operation =
    { kind: 'append'; input: NewJournalEntry } | { kind: 'settle'; id: string; settlement: JournalSettlement };
  type Waiter = { operation: Operation; resolve: (entry: JournalEntry) => void; reject: (error: unknown) => void };
  type Outcome = { entry: JournalEntry } | { error: Error };
  /** Entries begun here and not settled yet: one dropped from the file for room is added again when settled. */
  const begun = new Map<string, JournalEntry>();
  let waiting: Waiter[] = [];
  let flushing = false;
  const flush = async (): Promise<void> => {
    flushing = true;
    while (waiting.length > 0) {
      const group = waiting;
      waiting = [];
      const sendingIds: string[] = [];
      try {
        const outcomes = await document.update((file) => {
          const added: JournalEntry[] = [];
          const results = group.map((w): Outcome => {
            const op = w.operation;
            if (op.kind === 'append') {
              const entry = boundedEntry({ ...op.input, id: randomUUID(), at: op.input.at ?? now().toISOString() });
              added.push(entry);
              // Sending from the moment it is on disk (a read in between must not call it cut off).
              if (entry.result.ok === null && entry.result.sending === true) {
                sendingIds.push(entry.id);
                inFlight.add(entry.id);
                begun.set(entry.id, entry);
              }
              return { entry };
            }
            // An entry's ID is known only once it is written, so it is settled in a later group.
            const inFile = file.entries.findIndex((e) => e.id === op.id);
            const current = inFile >= 0 ? file.entries[inFile] : begun.get(op.id);
            if (current === undefined)
              return { error: new Error(`Journal entry ${op.id} is no longer in the journal.`) };
            const settled = boundedEntry({ ...current, ...op.settlement });
            if (inFile >= 0) file.entries[inFile] = settled;
            else added.push(settled);
            return { entry: settled };
          });
          // Newest first: the last one appended goes on top.
          file.entries = [...added.reverse(), ...file.entries].slice(0, max);
          return results;
        });
        group.forEach((w, i) => {
          const outcome = outcomes[i] as Outcome;
          if ('entry' in outcome) w.resolve(outcome.entry);
          else w.reject(outcome.error);
        });
      } catch (error) {
        for (const w of group) w.reject(error);
        // Not written: none of this group's writes is sent.
        for (const id of sendingIds) {
          inFlight.delete(id);
          begun.delete(id);
        }
      }
    }
    flushing = false;
  };
  const enqueue = (operation: Operation): Promise<JournalEntry> =>
    new Promise<JournalEntry>((resolve, reject) => {
      waiting.push({ operation, resolve, reject });
      if (!flushing) void flush();
    });

  return {
    append(input) {
      return enqueue({ kind: 'append', input });
    },
    begin(input) {
      return enqueue({ kind: 'append', input: { ...input, result: { ok: null, sending: true } } });
    },
    async settle(id, settlement) {
      try {
        return await enqueue({ kind: 'settle', id, settlement });
      } finally {
        inFlight.delete(id);
        begun.delete(id);
      }
    },
    async list(filter = {}) {
      const entries = (await load()).map(shown);
      const selected = entries.filter(
        (e) =>
          (filter.accountId === undefined || e.accountId === filter.accountId) &&
          (filter.serviceId === undefined || e.serviceId === filter.serviceId),
      );
      return filter.limit === undefined ? selected : selected.slice(0, filter.limit);
    },
    async get(id) {
      const entry = (await load()).find((e) => e.id === id);
      return entry && shown(entry);
    },
    async findLatest(predicate) {
      for (const entry of await load()) {
        const seen = shown(entry);
        if (predicate(seen)) return seen;
      }
      return undefined;
    },
    async ready() {
      await document.read();
    },
  };
}
