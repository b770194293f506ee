// Offline cache of analytics series: one JSON file per account / service / metric / interval under
// <dataDir>/analytics-cache/. Each entry records which time ranges are final (fetched, and older
// than the last hour the gateway may still revise), so a refresh only asks for the open end.
// Writes are atomic (core helper); a corrupt entry is discarded and fetched again; the total size
// is bounded with least-recently-used eviction (file mtime = last use, touched on use at most once
// a minute). Decoded entries are also kept in memory (bounded by points) while their file is
// unchanged, so opening saved charts again does not read and parse every file again.
import { createHash } from 'node:crypto';
import { mkdir, readdir, rm, stat, utimes } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { readJsonFile, writeJsonFileAtomic } from '../storage/atomic-json.ts';
import {
  intervalSchema,
  metricSchema,
  type Interval,
  type Metric,
  type Point,
  type TimeRange,
} from '#shared/analytics/model.ts';

const CACHE_SCHEMA_VERSION = 1;
export const CACHE_DIR_NAME = 'analytics-cache';
/** Default bound of the whole cache (about a quarter of 200 services × 4 metrics × 90 days at 5 minutes). */
export const DEFAULT_CACHE_MAX_BYTES = 256 * 1024 * 1024;

export interface CacheKey {
  accountId: string;
  serviceName: string;
  metric: Metric;
  interval: Interval;
}

export interface CacheEntry extends CacheKey {
  /** Sorted, non-overlapping ranges whose points are final and need no refresh. */
  final: Array<[number, number]>;
  /** Sorted by time, one per timestamp. */
  points: Point[];
  /** Last time fresh data was written into this entry (epoch ms). */
  fetchedAt: number;
}

// Points are stored as one compact JSON string: the atomic helper pretty-prints, which would
// put every number of a 25,920-point series on its own line.
const entryFileSchema = z.object({
  schemaVersion: z.literal(CACHE_SCHEMA_VERSION),
  accountId: z.string(),
  serviceName: z.string(),
  metric: metricSchema,
  interval: intervalSchema,
  final: z.array(z.tuple([z.number(), z.number()])),
  fetchedAt: z.number(),
  points: z.string(),
});
/** Points as stored: [integer time, finite value] pairs (checked by hand: zod is slow for 25,920 tuples). */
function parsePoints(text: string): Point[] | undefined {
  const raw: unknown = JSON.parse(text);
  if (!Array.isArray(raw)) return undefined;
  for (const point of raw as unknown[]) {
    if (!Array.isArray(point) || point.length !== 2 || !Number.isInteger(point[0]) || !Number.isFinite(point[1]))
      return undefined;
  }
  return raw as Point[];
}

/** Decoded entries kept in memory, at most this many points in all (about 20 MB). */
const DEFAULT_MEMORY_MAX_POINTS = 400_000;
/** A file's last-use time is written at most this often (eviction does not need it finer). */
const TOUCH_EVERY_MS = 60_000;

/** A decoded entry and the file it was read from (the file changed when any of these did). */
interface Remembered {
  entry: CacheEntry;
  ino: number;
  size: number;
  mtimeMs: number;
}

export interface AnalyticsCacheOptions {
  /** The cache root (…/analytics-cache). */
  dir: string;
  /** The core's clock (ms since epoch): use times, and so the eviction order. */
  now: () => number;
  maxBytes?: number;
  /** Bound of the decoded entries kept in memory, in points (0: none kept). */
  memoryMaxPoints?: number;
  /** A discarded corrupt entry (for a warning); the entry is fetched again. */
  onCorrupt?: (info: { key: CacheKey; reason: string }) => void;
}

function safeSegment(text: string): string {
  const cleaned = text
    .toLowerCase()
    .replace(/[^a-z0-9.-]/g, '_')
    .slice(0, 80);
  // The hash keeps two names that clean up to the same text apart.
  return `${cleaned}-${createHash('sha256').update(text).digest('hex').slice(0, 8)}`;
}

/** Adds a range to a sorted range list, merging overlaps and neighbours. */
export function addRange(list: ReadonlyArray<readonly [number, number]>, range: TimeRange): Array<[number, number]> {
  if (range.to <= range.from) return list.map(([a, b]) => [a, b]);
  const all = [...list.map(([a, b]) => [a, b] as [number, number]), [range.from, range.to] as [number, number]].sort(
    (x, y) => x[0] - y[0],
  );
  const out: Array<[number, number]> = [];
  for (const [a, b] of all) {
    const last = out.at(-1);
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

/** The parts of `range` not covered by the sorted list. */
export function subtractRanges(range: TimeRange, covered: ReadonlyArray<readonly [number, number]>): TimeRange[] {
  const gaps: TimeRange[] = [];
  let cursor = range.from;
  for (const [a, b] of covered) {
    if (b <= cursor) continue;
    if (a >= range.to) break;
    if (a > cursor) gaps.push({ from: cursor, to: Math.min(a, range.to) });
    cursor = Math.max(cursor, b);
    if (cursor >= range.to) break;
  }
  if (cursor < range.to) gaps.push({ from: cursor, to: range.to });
  return gaps;
}

/**
 * Folds a fetched piece into an entry: its points replace whatever the entry held in the piece's
 * range (a revised or removed point must not survive), and the part older than `finalUntil`
 * becomes final.
 */
export function mergePiece(
  entry: CacheEntry | undefined,
  key: CacheKey,
  piece: { range: TimeRange; points: readonly Point[]; fetchedAt: number; finalUntil: number },
): CacheEntry {
  const kept = (entry?.points ?? []).filter(([t]) => t < piece.range.from || t >= piece.range.to);
  const fresh = piece.points.filter(([t]) => t >= piece.range.from && t < piece.range.to);
  const points = [...kept, ...fresh].sort((a, b) => a[0] - b[0]);
  const finalTo = Math.min(piece.range.to, piece.finalUntil);
  return {
    ...key,
    final: addRange(entry?.final ?? [], { from: piece.range.from, to: finalTo }),
    points,
    fetchedAt: Math.max(entry?.fetchedAt ?? 0, piece.fetchedAt),
  };
}

export class AnalyticsCache {
  readonly dir: string;
  readonly maxBytes: number;
  readonly #onCorrupt: AnalyticsCacheOptions['onCorrupt'];
  readonly #now: () => number;
  /** path → { bytes, lastUsed }, filled from one directory scan on first use. */
  #sizes: Map<string, { bytes: number; lastUsed: number }> | undefined;
  #locks = new Map<string, Promise<unknown>>();
  /** path → the read under way (see read). */
  #reading = new Map<string, Promise<CacheEntry | undefined>>();
  #lastTick = 0;
  /** path → decoded entry, in least-recently-used order (Map keeps insertion order). */
  #memory = new Map<string, Remembered>();
  #memoryPoints = 0;
  readonly #memoryMaxPoints: number;
  /** path → when its last-use time was last written. */
  #touched = new Map<string, number>();

  constructor(options: AnalyticsCacheOptions) {
    this.dir = options.dir;
    this.maxBytes = options.maxBytes ?? DEFAULT_CACHE_MAX_BYTES;
    this.#memoryMaxPoints = options.memoryMaxPoints ?? DEFAULT_MEMORY_MAX_POINTS;
    this.#onCorrupt = options.onCorrupt;
    this.#now = options.now;
  }

  pathOf(key: CacheKey): string {
    return join(
      this.dir,
      safeSegment(key.accountId),
      `${key.metric}.${key.interval}.${safeSegment(key.serviceName)}.json`,
    );
  }

  /**
   * Reads an entry. Concurrent reads of one entry share one file read: opening the dashboard
   * asks the cache for the saved charts and, at the same time, the refresh reads the same entries.
   */
  read(key: CacheKey): Promise<CacheEntry | undefined> {
    const path = this.pathOf(key);
    const running = this.#reading.get(path);
    if (running) return running;
    const reading = this.#readFile(key, path);
    this.#reading.set(path, reading);
    const forget = (): void => {
      if (this.#reading.get(path) === reading) this.#reading.delete(path);
    };
    reading.then(forget, forget);
    return reading;
  }

  async #readFile(key: CacheKey, path: string): Promise<CacheEntry | undefined> {
    // Another process (the CLI) may write the same cache: a remembered entry is used only while
    // its file is the one it was read from (atomic writes give every version a new inode).
    const before = await stat(path).catch(() => null);
    if (before === null) {
      this.#forget(path);
      return undefined;
    }
    const remembered = this.#memory.get(path);
    if (remembered && sameFile(remembered, before)) {
      this.#memory.delete(path);
      this.#memory.set(path, remembered);
      await this.#touch(path);
      return remembered.entry;
    }
    let corrupt: string | undefined;
    let movedTo: string | undefined;
    const file = await readJsonFile(path, entryFileSchema, {
      now: () => new Date(this.#now()),
      onCorrupt: (report) => {
        corrupt = report.reason;
        movedTo = report.movedTo;
      },
    });
    let entry: CacheEntry | undefined;
    if (file) {
      const matches =
        file.accountId === key.accountId &&
        file.serviceName === key.serviceName &&
        file.metric === key.metric &&
        file.interval === key.interval;
      let points: Point[] | undefined;
      try {
        points = parsePoints(file.points);
      } catch {
        points = undefined;
      }
      if (!matches) corrupt = 'entry belongs to another key';
      else if (!points) corrupt = 'points are not valid';
      else entry = { ...key, final: file.final, points, fetchedAt: file.fetchedAt };
      if (corrupt) await rm(path, { force: true });
    }
    // The cache can always fetch again, so a corrupt entry is dropped rather than kept aside.
    if (movedTo) await rm(movedTo, { force: true });
    if (corrupt !== undefined) {
      this.#forget(path);
      (await this.#index()).delete(path);
      this.#onCorrupt?.({ key, reason: corrupt });
      return undefined;
    }
    if (entry) {
      this.#remember(path, entry, before);
      await this.#touch(path);
    }
    return entry;
  }

  #remember(path: string, entry: CacheEntry, file: Stats): void {
    this.#forget(path);
    if (entry.points.length > this.#memoryMaxPoints) return;
    this.#memory.set(path, { entry, ino: file.ino, size: file.size, mtimeMs: file.mtimeMs });
    this.#memoryPoints += entry.points.length;
    for (const [oldest, { entry: old }] of this.#memory) {
      if (this.#memoryPoints <= this.#memoryMaxPoints) break;
      this.#memory.delete(oldest);
      this.#memoryPoints -= old.points.length;
    }
  }

  #forget(path: string): void {
    const remembered = this.#memory.get(path);
    if (!remembered) return;
    this.#memory.delete(path);
    this.#memoryPoints -= remembered.entry.points.length;
  }

  /** Writes an entry atomically, then evicts least-recently-used entries over the bound. */
  async write(entry: CacheEntry): Promise<void> {
    const path = this.pathOf(entry);
    const data = {
      schemaVersion: CACHE_SCHEMA_VERSION,
      accountId: entry.accountId,
      serviceName: entry.serviceName,
      metric: entry.metric,
      interval: entry.interval,
      final: entry.final,
      fetchedAt: entry.fetchedAt,
      points: JSON.stringify(entry.points),
    };
    await writeJsonFileAtomic(path, data);
    // The file's time is its last use, on the core's clock like every later use (see #touch).
    const usedAt = this.#tick();
    await utimes(path, usedAt / 1000, usedAt / 1000);
    const info = await stat(path);
    this.#remember(path, entry, info);
    this.#touched.set(path, usedAt);
    (await this.#index()).set(path, { bytes: info.size, lastUsed: usedAt });
    await this.#evict(path);
  }

  /** Read-modify-write of one entry, serialized per entry so concurrent fetches cannot lose points. */
  async update(key: CacheKey, change: (entry: CacheEntry | undefined) => CacheEntry): Promise<CacheEntry> {
    const path = this.pathOf(key);
    const previous = this.#locks.get(path) ?? Promise.resolve();
    const next = previous.then(async () => {
      // A fresh read: a shared one may have started before the previous write of this entry.
      const updated = change(await this.#readFile(key, path));
      await this.write(updated);
      return updated;
    });
    const settled = next.catch(() => undefined);
    this.#locks.set(path, settled);
    void settled.then(() => {
      if (this.#locks.get(path) === settled) this.#locks.delete(path);
    });
    return next;
  }

  async totalBytes(): Promise<number> {
    let total = 0;
    for (const { bytes } of (await this.#index()).values()) total += bytes;
    return total;
  }

  async entryCount(): Promise<number> {
    return (await this.#index()).size;
  }

  /** Removes the cache of one account, or all of it. */
  async clear(accountId?: string): Promise<void> {
    const target = accountId === undefined ? this.dir : join(this.dir, safeSegment(accountId));
    await rm(target, { recursive: true, force: true });
    this.#sizes = undefined;
    this.#forgetUnder(target);
  }

  #forgetUnder(dir: string): void {
    for (const path of [...this.#memory.keys()]) if (path.startsWith(dir)) this.#forget(path);
    for (const path of [...this.#touched.keys()]) if (path.startsWith(dir)) this.#touched.delete(path);
  }

  /** Removes the cache of every account not listed (accounts removed since it was written). */
  async retainAccounts(accountIds: readonly string[]): Promise<number> {
    const keep = new Set(accountIds.map(safeSegment));
    let removed = 0;
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch {
      return 0;
    }
    for (const name of names) {
      if (keep.has(name)) continue;
      const info = await stat(join(this.dir, name)).catch(() => null);
      if (!info?.isDirectory()) continue;
      await rm(join(this.dir, name), { recursive: true, force: true });
      this.#forgetUnder(join(this.dir, name));
      removed++;
    }
    if (removed > 0) this.#sizes = undefined;
    return removed;
  }

  async #touch(path: string): Promise<void> {
    const now = this.#tick();
    // Not built for a read: the first open after a start would stat every file of the cache. A
    // later build takes the use times from the files (written below).
    const known = this.#sizes?.get(path);
    if (known) known.lastUsed = now;
    // Eviction only needs the order of uses to the minute: writing the time on every read would
    // cost a system call per series each time saved charts are opened.
    if (now - (this.#touched.get(path) ?? 0) < TOUCH_EVERY_MS) return;
    this.#touched.set(path, now);
    try {
      const seconds = now / 1000;
      await utimes(path, seconds, seconds);
      // The new time is what the remembered entry's file now has.
      const remembered = this.#memory.get(path);
      if (remembered) {
        const info = await stat(path);
        if (info.ino === remembered.ino && info.size === remembered.size) remembered.mtimeMs = info.mtimeMs;
      }
    } catch {
      // Last-use time is a hint for eviction only.
    }
  }

  /** Strictly increasing use time, so two uses in one millisecond still have an order. */
  #tick(): number {
    this.#lastTick = Math.max(this.#now(), this.#lastTick + 1);
    return this.#lastTick;
  }

  async #index(): Promise<Map<string, { bytes: number; lastUsed: number }>> {
    if (this.#sizes) return this.#sizes;
    const sizes = new Map<string, { bytes: number; lastUsed: number }>();
    await mkdir(this.dir, { recursive: true });
    for (const account of await readdir(this.dir, { withFileTypes: true })) {
      if (!account.isDirectory()) continue;
      const accountDir = join(this.dir, account.name);
      for (const name of await readdir(accountDir)) {
        if (!name.endsWith('.json')) continue;
        const path = join(accountDir, name);
        try {
          const info = await stat(path);
          sizes.set(path, { bytes: info.size, lastUsed: info.mtimeMs });
        } catch {
          // Removed meanwhile.
        }
      }
    }
    this.#sizes ??= sizes;
    return this.#sizes;
  }

  async #evict(keep: string): Promise<void> {
    const index = await this.#index();
    let total = 0;
    for (const { bytes } of index.values()) total += bytes;
    if (total <= this.maxBytes) return;
    const oldest = [...index.entries()].filter(([path]) => path !== keep).sort((a, b) => a[1].lastUsed - b[1].lastUsed);
    for (const [path, { bytes }] of oldest) {
      if (total <= this.maxBytes) break;
      await rm(path, { force: true });
      index.delete(path);
      this.#forget(path);
      total -= bytes;
    }
  }
}

function sameFile(remembered: Remembered, file: Stats): boolean {
  // To the millisecond: file systems differ below it.
  return (
    remembered.ino === file.ino &&
    remembered.size === file.size &&
    Math.trunc(remembered.mtimeMs) === Math.trunc(file.mtimeMs)
  );
}
