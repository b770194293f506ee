// The change journal: <dataDir>/journal.json, newest first, bounded. Entries are redacted before
// they are stored: no tokenSecret, accessSecret or Authorization value ever reaches the file.
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { createSerialQueue } from './storage/serial-queue.ts';
import { readJsonFile, writeJsonFileAtomic, type CorruptFileReport } from './storage/atomic-json.ts';
import { redact } from './api/errors.ts';
import { journalEntrySchema, type JournalEntry } from '#shared/ipc/channels/journal.ts';

export const JOURNAL_FILE = 'journal.json';
export const DEFAULT_JOURNAL_LIMIT = 2000;

const journalFileSchema = z.object({ version: z.literal(1), entries: z.array(journalEntrySchema) });

export type NewJournalEntry = Omit<JournalEntry, 'id' | 'at'> & { at?: string };

export type JournalFilter = { accountId?: string; serviceId?: number; limit?: number };

export type Journal = {
  append(entry: NewJournalEntry): Promise<JournalEntry>;
  list(filter?: JournalFilter): Promise<JournalEntry[]>;
  get(id: string): Promise<JournalEntry | undefined>;
  /** Newest entry for which `predicate` holds (entries are newest first). */
  findLatest(predicate: (entry: JournalEntry) => boolean): Promise<JournalEntry | undefined>;
};

export type JournalOptions = {
  dataDir: string;
  maxEntries?: number;
  now?: () => Date;
  onCorrupt?: (report: CorruptFileReport) => void;
};

export function createJournal(options: JournalOptions): Journal {
  const path = join(options.dataDir, JOURNAL_FILE);
  const max = options.maxEntries ?? DEFAULT_JOURNAL_LIMIT;
  const now = options.now ?? (() => new Date());
  let cache: JournalEntry[] | undefined;
  // Writes are serialized so two concurrent changes never overwrite each other's.
  const queue = createSerialQueue();

  async function load(): Promise<JournalEntry[]> {
    if (cache === undefined) {
      const file = await readJsonFile(path, journalFileSchema, { onCorrupt: options.onCorrupt, now });
      cache = file?.entries ?? [];
    }
    return cache;
  }

  return {
    append(input) {
      return queue.run(async () => {
        const entries = await load();
        const entry: JournalEntry = redact({
          ...input,
          id: randomUUID(),
          at: input.at ?? now().toISOString(),
        });
        const next = [entry, ...entries].slice(0, max);
        await writeJsonFileAtomic(path, { version: 1, entries: next });
        cache = next;
        return entry;
      });
    },
    async list(filter = {}) {
      await queue.idle();
      const entries = await load();
      const selected = entries.filter(
        (e) =>
          (filter.accountId === undefined || e.accountId === filter.accountId) &&
          (filter.serviceId === undefined || e.serviceId === filter.serviceId),
      );
      return filter.limit === undefined ? selected : selected.slice(0, filter.limit);
    },
    async get(id) {
      await queue.idle();
      return (await load()).find((e) => e.id === id);
    },
    async findLatest(predicate) {
      await queue.idle();
      return (await load()).find(predicate);
    },
  };
}
