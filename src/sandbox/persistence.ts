// Optional state file (--state FILE). Writes go to a temp file in the same directory, are fsynced,
// then renamed over the state file (and the directory fsynced), so a kill at any moment leaves
// either the previous or the new complete state, never a torn one. Saves are debounced: a burst of
// edits costs one write.
import { closeSync, fsyncSync, openSync, readdirSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { SandboxState } from './model.ts';

const TEMP_MARKER = '.tmp-';

function tempPrefix(statePath: string): string {
  return `${basename(statePath)}${TEMP_MARKER}`;
}

/** Reads the state file; null when it does not exist. A corrupt file is an error, never silently replaced. */
export function loadState(statePath: string): SandboxState | null {
  let text: string;
  try {
    text = readFileSync(statePath, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`sandbox: state file ${statePath} is not valid JSON; move it away to start from the demo data`);
  }
  if (!isState(parsed)) {
    throw new Error(
      `sandbox: state file ${statePath} is not a sandbox state (formatVersion 1); move it away to start fresh`,
    );
  }
  return parsed;
}

function isState(value: unknown): value is SandboxState {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    v.formatVersion === 1 &&
    typeof v.seed === 'number' &&
    typeof v.nextServiceId === 'number' &&
    typeof v.nextPolicyId === 'number' &&
    Array.isArray(v.customers) &&
    Array.isArray(v.keys) &&
    Array.isArray(v.services) &&
    (v.seededCustomerIds === undefined ||
      (Array.isArray(v.seededCustomerIds) && v.seededCustomerIds.every((id) => Number.isInteger(id))))
  );
}

/** Temp files left by a process killed mid-write; they never hold the only copy of anything. */
export function removeStrayTempFiles(statePath: string): string[] {
  const dir = dirname(statePath);
  const prefix = tempPrefix(statePath);
  const removed: string[] = [];
  for (const name of readdirSync(dir)) {
    if (!name.startsWith(prefix)) continue;
    try {
      unlinkSync(join(dir, name));
      removed.push(name);
    } catch {
      // Another process may own it; leaving it is harmless.
    }
  }
  return removed;
}

let tempCounter = 0;

/** Atomic replace: temp file + fsync + rename + directory fsync. */
export function writeStateAtomic(statePath: string, state: SandboxState): void {
  const temp = join(dirname(statePath), `${tempPrefix(statePath)}${process.pid}-${++tempCounter}`);
  const data = Buffer.from(`${JSON.stringify(state, null, 1)}\n`, 'utf8');
  const fd = openSync(temp, 'w', 0o600);
  try {
    let offset = 0;
    while (offset < data.length) offset += writeSync(fd, data, offset, data.length - offset);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    renameSync(temp, statePath);
  } catch (error) {
    try {
      unlinkSync(temp);
    } catch {
      // The temp file is cleaned on the next start.
    }
    throw error;
  }
  try {
    const dirFd = openSync(dirname(statePath), 'r');
    try {
      fsyncSync(dirFd);
    } finally {
      closeSync(dirFd);
    }
  } catch {
    // Directory fsync is not supported everywhere (e.g. Windows); the rename is still atomic.
  }
}

export interface StatePersister {
  /** Schedules a save (debounced). */
  schedule(): void;
  /** Writes now if a save is pending. */
  flush(): void;
  /** Flushes and stops scheduling. */
  close(): void;
  readonly writes: number;
}

export function createStatePersister(
  statePath: string,
  snapshot: () => SandboxState,
  options: { debounceMs?: number; onError?: (error: unknown) => void } = {},
): StatePersister {
  const debounceMs = options.debounceMs ?? 100;
  let timer: NodeJS.Timeout | undefined;
  let pending = false;
  let closed = false;
  let writes = 0;

  const flush = (): void => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (!pending) return;
    pending = false;
    try {
      writeStateAtomic(statePath, snapshot());
      writes++;
    } catch (error) {
      options.onError?.(error);
    }
  };

  return {
    schedule() {
      if (closed) return;
      pending = true;
      if (!timer) {
        timer = setTimeout(flush, debounceMs);
        timer.unref();
      }
    },
    flush,
    close() {
      flush();
      closed = true;
    },
    get writes() {
      return writes;
    },
  };
}
