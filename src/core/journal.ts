// The change journal: <dataDir>/journal.json, newest first, bounded in count and per-entry size.
// Entries are redacted before they are stored: no tokenSecret, accessSecret or Authorization value
// ever reaches the file.
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { createJsonDocument, type JsonDocumentOptions } from './storage/json-document.ts';
import { redact } from './api/errors.ts';
import { journalEntrySchema, type JournalEntry } from '#shared/ipc/channels/journal.ts';

export const JOURNAL_FILE = 'journal.json';
export const DEFAULT_JOURNAL_LIMIT = 2000;
/**
 * Largest entry kept whole (serialized characters). Bodies are schema-parsed and small; a larger
 * entry keeps its summary and result, and its before/after are dropped (and it cannot be re-applied).
 */
export const MAX_JOURNAL_ENTRY_CHARS = 200_000;

const journalFileSchema = z.object({ version: z.literal(1), entries: z.array(journalEntrySchema) });

export type NewJournalEntry = Omit<JournalEntry, 'id' | 'at'> & { at?: string };

export type JournalFilter = { accountId?: string; serviceId?: number; limit?: number };

export type Journal = {
  append(entry: NewJournalEntry): Promise<JournalEntry>;
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
export function boundedEntry(entry: JournalEntry): JournalEntry {
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

  // Group commit: appends that arrive while a write is in flight go to the file together in the
  // next write (a bulk run journals many changes at once; one fsync each would be its bottleneck).
  type Waiter = { input: NewJournalEntry; resolve: (entry: JournalEntry) => void; reject: (error: unknown) => void };
  let waiting: Waiter[] = [];
  let flushing = false;
  const flush = async (): Promise<void> => {
    flushing = true;
    while (waiting.length > 0) {
      const group = waiting;
      waiting = [];
      try {
        const made = await document.update((file) => {
          const entries = group.map((w) => boundedEntry({ ...w.input, id: randomUUID(), at: w.input.at ?? now().toISOString() }));
          // Newest first: the last one appended goes on top.
          file.entries = [...[...entries].reverse(), ...file.entries].slice(0, max);
          return entries;
        });
        group.forEach((w, i) => w.resolve(made[i] as JournalEntry));
      } catch (error) {
        for (const w of group) w.reject(error);
      }
    }
    flushing = false;
  };

  return {
    append(input) {
      return new Promise<JournalEntry>((resolve, reject) => {
        waiting.push({ input, resolve, reject });
        if (!flushing) void flush();
      });
    },
    async list(filter = {}) {
      const entries = await load();
      const selected = entries.filter(
        (e) =>
          (filter.accountId === undefined || e.accountId === filter.accountId) &&
          (filter.serviceId === undefined || e.serviceId === filter.serviceId),
      );
      return filter.limit === undefined ? selected : selected.slice(0, filter.limit);
    },
    async get(id) {
      return (await load()).find((e) => e.id === id);
    },
    async findLatest(predicate) {
      return (await load()).find(predicate);
    },
    async ready() {
      await document.read();
    },
  };
}
