// One JSON document in the data directory (accounts, drafts, journal, inventory, settings): read
// and validated, kept in memory, changed through one write queue, written atomically. A file
// that cannot be read is kept aside (`<name>.corrupt-<time>`) and reported once as a warning; the
// document then starts from its empty value.
// Another process may use the same data directory (the CLI while the app is open): every read
// and change first checks whether the file is still the one this process last read or wrote
// (inode, size, modification time) and reads it again if not, and a change holds a lock file
// (`<name>.lock`) from that read to its write, so neither process writes over the other's.
import { open, readFile, rm, stat } from 'node:fs/promises';
import type { z } from 'zod';
import { processIsAlive, readJsonFile, writeJsonFileAtomic, type CorruptFileReport } from './atomic-json.ts';
import { createSerialQueue } from './serial-queue.ts';
import { monotonicMs } from '../clock.ts';
import type { Warning } from '#shared/ipc/channels/accounts.ts';

/** How the file was found on first read. */
type DocumentOrigin = 'missing' | 'read' | 'corrupt';

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
  /**
   * The core's clock: when to look at the file again, whether a lock is stale (a lock file carries
   * its time from this clock, so the age is measured on one clock), the name of a file kept aside.
   */
  now: () => Date;
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
  /**
   * The current value once every queued change has settled (loads the file on first use). Do not
   * mutate it. `fresh`: look at the file now, not at most every RECHECK_MS (a guard that must see
   * another process's change, e.g. a production flag before a write).
   */
  read(options?: { fresh?: boolean }): Promise<T>;
  /** How the file was found on first read. */
  origin(): Promise<DocumentOrigin>;
  /**
   * Runs `change` on a working copy after every change queued before it, writes the copy
   * atomically, then makes it current. A change that throws, or a failed write, leaves the
   * current value (and the file) as they were.
   */
  update<R>(change: (draft: T, control: ChangeControl) => R): Promise<R>;
};

/** Which version of the file this process knows: null = no file. */
type FileStamp = { ino: number; size: number; mtimeMs: number } | null;

async function stampOf(path: string): Promise<FileStamp> {
  try {
    const info = await stat(path);
    return { ino: info.ino, size: info.size, mtimeMs: info.mtimeMs };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

const sameStamp = (a: FileStamp, b: FileStamp): boolean =>
  a === b || (a !== null && b !== null && a.ino === b.ino && a.size === b.size && a.mtimeMs === b.mtimeMs);

/**
 * Reads look at the file again at most this often: a burst of reads (a screen's start-up requests)
 * costs one system call, and another process's change is still seen within a quarter second.
 * A change always looks first.
 */
export const RECHECK_MS = 250;
/** A lock older than this is taken to be left by a process that died while writing. */
export const STALE_LOCK_MS = 10_000;
/** How long a change waits for another process's lock before it fails. */
const LOCK_WAIT_MS = 15_000;

/** Whether the process whose PID the lock file holds no longer runs (false when that cannot be told). */
async function lockHolderIsGone(lockPath: string): Promise<boolean> {
  const text = await readFile(lockPath, 'utf8').catch(() => '');
  const pid = Number(text.trim());
  if (!Number.isSafeInteger(pid) || pid <= 0 || pid === process.pid) return false;
  return !processIsAlive(pid);
}

/** Runs `task` holding `<path>.lock` (created exclusively); waits while another process holds it. */
async function withFileLock<T>(path: string, now: () => Date, task: () => Promise<T>): Promise<T> {
  const lockPath = `${path}.lock`;
  // The wait goes with the timer polls below: measured on the monotonic clock.
  const started = monotonicMs();
  for (;;) {
    try {
      const handle = await open(lockPath, 'wx', 0o600);
      try {
        await handle.writeFile(`${process.pid}\n`);
        const takenAt = now();
        await handle.utimes(takenAt, takenAt);
      } finally {
        await handle.close();
      }
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        // The data directory does not exist yet: nobody else can be writing in it.
        return task();
      }
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const held = await stat(lockPath).catch(() => null);
      // Left by a process that died holding it (killed mid-write): taken over at once, not after
      // STALE_LOCK_MS, so that a run resumed right after a crash does not stall.
      if (held && (now().getTime() - held.mtimeMs > STALE_LOCK_MS || (await lockHolderIsGone(lockPath)))) {
        await rm(lockPath, { force: true });
        continue;
      }
      if (monotonicMs() - started > LOCK_WAIT_MS) {
        throw new Error(
          `${path} is being changed by another Acceleration Console process (the app or the CLI) that did not finish within ${LOCK_WAIT_MS / 1000} s; try again.`,
          { cause: error },
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  try {
    return await task();
  } finally {
    await rm(lockPath, { force: true });
  }
}

export function createJsonDocument<S extends z.ZodType>(options: JsonDocumentOptions<S>): JsonDocument<z.output<S>> {
  type T = z.output<S>;
  const copy = options.copy ?? ((value: T) => structuredClone(value));
  const queue = createSerialQueue();
  let loaded: Promise<{ value: T; origin: DocumentOrigin }> | undefined;
  /** The file as this process last read or wrote it, and when that was last compared. */
  let seen: FileStamp = null;
  let checkedAt = 0;

  const readFile = async (): Promise<{ value: T | undefined; report: CorruptFileReport | undefined }> => {
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
    return { value, report };
  };

  const load = () =>
    (loaded ??= (async () => {
      // Stamped before the read: a write in between makes the next check read again.
      seen = await stampOf(options.path);
      checkedAt = options.now().getTime();
      const { value, report } = await readFile();
      if (report) seen = await stampOf(options.path);
      if (value !== undefined) return { value, origin: 'read' as const };
      return { value: options.empty(), origin: report ? ('corrupt' as const) : ('missing' as const) };
    })());

  /** The value, read again when another process changed (or removed) the file since. */
  const current = async (force: boolean): Promise<{ value: T; origin: DocumentOrigin }> => {
    const state = await load();
    const sinceCheck = options.now().getTime() - checkedAt;
    // A clock set back (a corrected system clock) looks again at once rather than after the gap.
    if (!force && sinceCheck >= 0 && sinceCheck < RECHECK_MS) return state;
    const now = await stampOf(options.path);
    checkedAt = options.now().getTime();
    if (sameStamp(now, seen)) return state;
    seen = now;
    if (now === null) {
      state.value = options.empty();
      return state;
    }
    const { value, report } = await readFile();
    // A file another process left unreadable is kept aside; this process keeps what it had.
    if (report) seen = await stampOf(options.path);
    else if (value !== undefined) state.value = value;
    return state;
  };

  return {
    path: options.path,
    read(options) {
      return queue.run(async () => (await current(options?.fresh === true)).value);
    },
    async origin() {
      return (await load()).origin;
    },
    update(change) {
      return queue.run(() =>
        withFileLock(options.path, options.now, async () => {
          const state = await current(true);
          const draft = copy(state.value);
          let skip = false;
          const result = change(draft, {
            skipWrite: () => {
              skip = true;
            },
          });
          if (skip) return result;
          await writeJsonFileAtomic(options.path, draft);
          seen = await stampOf(options.path);
          checkedAt = options.now().getTime();
          state.value = draft;
          return result;
        }),
      );
    },
  };
}
