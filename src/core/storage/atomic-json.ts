// JSON persistence for everything in the data directory. Writes never leave a half-written file
// (temp file + fsync + rename); a file that cannot be read back is moved aside and reported,
// never silently dropped or overwritten.
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';

export type CorruptFileReport = {
  path: string;
  /** Where the unreadable file now is (`<name>.corrupt-<timestamp>`). */
  movedTo: string;
  reason: string;
};

export type ReadJsonOptions = {
  /** Called when the file existed but was not valid JSON or failed the schema. */
  onCorrupt?: (report: CorruptFileReport) => void;
  /** Turns an older on-disk shape into the current one before the schema check. */
  migrate?: (raw: unknown) => unknown;
  /** The clock that names a file kept aside. */
  now: () => Date;
};

/** Reads and validates a JSON file; undefined when it does not exist or was corrupt (moved aside). */
export async function readJsonFile<S extends z.ZodType>(
  path: string,
  schema: S,
  options: ReadJsonOptions,
): Promise<z.output<S> | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  let reason: string;
  try {
    const raw: unknown = JSON.parse(text);
    const parsed = schema.safeParse(options.migrate ? options.migrate(raw) : raw);
    if (parsed.success) return parsed.data;
    reason = `unexpected content: ${parsed.error.issues
      .slice(0, 3)
      .map((issue) => `${issue.path.join('.') || '(root)'} ${issue.message}`)
      .join('; ')}`;
  } catch (error) {
    reason =
      error instanceof SyntaxError ? `not valid JSON (${error.message})` : String((error as Error).message ?? error);
  }
  const stamp = options.now().toISOString().replace(/[:.]/g, '-');
  const movedTo = join(dirname(path), `${basename(path)}.corrupt-${stamp}`);
  await rename(path, movedTo);
  options.onCorrupt?.({ path, movedTo, reason });
  return undefined;
}

/** Writes JSON so that readers see either the old or the new file, never a partial one. */
export async function writeJsonFileAtomic(path: string, data: unknown): Promise<void> {
  const dir = dirname(path);
  await mkdir(dir, { recursive: true });
  const temp = join(dir, `${tempPrefix(basename(path))}${process.pid}-${randomBytes(6).toString('hex')}`);
  const text = `${JSON.stringify(data, null, 2)}\n`;
  try {
    // 0600: account metadata is not secret, but it is nobody else's business either.
    const handle = await open(temp, 'w', 0o600);
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  // Make the rename itself durable; not every platform lets a directory be fsynced.
  try {
    const dirHandle = await open(dir, 'r');
    try {
      await dirHandle.sync();
    } finally {
      await dirHandle.close();
    }
  } catch {
    // best effort
  }
}

/** Temp files of `<name>` are `.<name>.tmp-<pid>-<random>` in the same directory. */
const tempPrefix = (name: string) => `.${name}.tmp-`;

/** A temp file this old is stale even when its PID is alive again (PIDs are reused). */
export const STALE_TEMP_AGE_MS = 60 * 60_000;

export function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes temp files a killed writer left behind for these files (only ours: `.<name>.tmp-<pid>-…`
 * for the names given). A temp file of a process still running (the CLI next to the app) is kept
 * unless it is older than STALE_TEMP_AGE_MS. Returns the names removed.
 */
export async function removeStaleTempFiles(dir: string, names: readonly string[], nowMs: number): Promise<string[]> {
  let entries: string[];
  try {
    entries = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const prefixes = names.map(tempPrefix);
  const removed: string[] = [];
  for (const entry of entries) {
    const prefix = prefixes.find((p) => entry.startsWith(p));
    if (!prefix) continue;
    const match = /^(\d+)-[0-9a-f]+$/.exec(entry.slice(prefix.length));
    if (!match) continue;
    const pid = Number(match[1]);
    const path = join(dir, entry);
    try {
      const ageMs = nowMs - (await stat(path)).mtimeMs;
      if (pid === process.pid || (processIsAlive(pid) && ageMs < STALE_TEMP_AGE_MS)) continue;
      await rm(path, { force: true });
      removed.push(entry);
    } catch {
      // Gone meanwhile (its writer renamed it): nothing to clean.
    }
  }
  return removed;
}
