// One JSON document in the data directory (accounts, drafts, journal, inventory, settings): read
// and validated once, kept in memory, changed through one write queue, written atomically. A file
// that cannot be read is kept aside (`<name>.corrupt-<time>`) and reported once as a warning; the
// document then starts from its empty value.
import type { z } from 'zod';
import { readJsonFile, writeJsonFileAtomic, type CorruptFileReport } from './atomic-json.ts';
import { createSerialQueue } from './serial-queue.ts';
import type { Warning } from '#shared/ipc/channels/accounts.ts';

/** How the file was found on first read. */
export type DocumentOrigin = 'missing' | 'read' | 'corrupt';

export type JsonDocumentOptions<S extends z.ZodType> = {
  path: string;
  schema: S;
  /** The value when there is no file, or it was kept aside. */
  empty: () => z.output<S>;
  /** Turns an older on-disk shape into the current one before the schema check. */
  migrate?: (raw: unknown) => unknown;
  /**
   * The working copy a change is made on; structuredClone by default. Stores that only add or
   * drop whole items (journal, drafts) pass a shallow copy so a change does not copy every entry.
   */
  copy?: (value: z.output<S>) => z.output<S>;
  now?: () => Date;
  /** The warning for a file kept aside; reported once through onWarning. */
  corruptWarning?: { code: string; message: (report: CorruptFileReport) => string };
  onWarning?: (warning: Warning) => void;
  /** Called with the raw report as well (tests, hosts that log). */
  onCorrupt?: (report: CorruptFileReport) => void;
};

/** What a change may do besides editing the draft. */
export type ChangeControl = {
  /** Nothing changed: skip the write (and keep the current value). */
  skipWrite(): void;
};

export type JsonDocument<T> = {
  readonly path: string;
  /** The current value once every queued change has settled (loads the file on first use). Do not mutate it. */
  read(): Promise<T>;
  /** How the file was found on first read. */
  origin(): Promise<DocumentOrigin>;
  /**
   * Runs `change` on a working copy after every change queued before it, writes the copy
   * atomically, then makes it current. A change that throws, or a failed write, leaves the
   * current value (and the file) as they were.
   */
  update<R>(change: (draft: T, control: ChangeControl) => R): Promise<R>;
};

export function createJsonDocument<S extends z.ZodType>(options: JsonDocumentOptions<S>): JsonDocument<z.output<S>> {
  type T = z.output<S>;
  const copy = options.copy ?? ((value: T) => structuredClone(value));
  const queue = createSerialQueue();
  let loaded: Promise<{ value: T; origin: DocumentOrigin }> | undefined;

  const load = () =>
    (loaded ??= (async () => {
      let report: CorruptFileReport | undefined;
      const value = await readJsonFile(options.path, options.schema, {
        migrate: options.migrate,
        now: options.now,
        onCorrupt: (r) => (report = r),
      });
      if (report) {
        options.onCorrupt?.(report);
        if (options.corruptWarning) {
          options.onWarning?.({ code: options.corruptWarning.code, message: options.corruptWarning.message(report) });
        }
      }
      if (value !== undefined) return { value, origin: 'read' as const };
      return { value: options.empty(), origin: report ? ('corrupt' as const) : ('missing' as const) };
    })());

  return {
    path: options.path,
    async read() {
      await queue.idle();
      return (await load()).value;
    },
    async origin() {
      return (await load()).origin;
    },
    update(change) {
      return queue.run(async () => {
        const state = await load();
        const draft = copy(state.value);
        let skip = false;
        const result = change(draft, {
          skipWrite: () => {
            skip = true;
          },
        });
        if (skip) return result;
        await writeJsonFileAtomic(options.path, draft);
        state.value = draft;
        return result;
      });
    },
  };
}
