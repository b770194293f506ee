// The fleet overview's files, per account under <dataDir>/overview/:
//   <account>.hours.json     the hourly history of each listed service (15 days; what refreshes extend)
//   <account>.summary.json   the account's figures, its services' verdicts in short and the last refresh's outcome
//   <account>.services.json  every service's row (figures, sparklines, verdict), read when a customer is expanded
// The rows are computed once per refresh (src/shared/overview/digest.ts) so that opening the
// overview reads one small file per account. Big lists are stored as one compact JSON string (the
// atomic writer pretty-prints). Writes are atomic; a file that cannot be read counts as missing:
// the summary and rows are computed again from the hours, and missing hours are fetched again.
// Decoded summaries and rows are kept in memory while the file on disk is the one read (the CLI may
// write too); the hours are not (megabytes per account, read once per refresh).
import { createHash } from 'node:crypto';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { removeStaleTempFiles, writeJsonFileAtomic } from '../storage/atomic-json.ts';
import {
  serviceDigestSchema,
  trafficFiguresSchema,
  type ServiceDigest,
  type TrafficFigures,
} from '#shared/overview/schemas.ts';
import { attentionStatusIds, type AttentionStatus } from '#shared/overview/attention.ts';
import type { HourlyHistory } from '#shared/overview/hourly.ts';

const OVERVIEW_DIR = 'overview';
const SCHEMA_VERSION = 1;
/** Raised when the way rows are computed changes: older summaries are computed again from the hours. */
export const DIGEST_VERSION = 1;

type Kind = 'hours' | 'summary' | 'services';

export type RefreshError = { code: string; message: string; at: number };

/** A service in short, as the account row counts it. */
type ServiceVerdict = { serviceId: number; serviceName: string; status: AttentionStatus };

export type AccountSummaryFile = {
  accountId: string;
  digestVersion: number;
  /** End of the settled hours the rows are computed to; null before any data. */
  end: number | null;
  refreshedAt: number | null;
  lastError: RefreshError | null;
  traffic: TrafficFigures | null;
  services: ServiceVerdict[];
};

export type AccountHours = { start: number; end: number; services: Map<string, HourlyHistory> };

const hoursFileSchema = z.object({
  schemaVersion: z.literal(SCHEMA_VERSION),
  accountId: z.string(),
  start: z.number(),
  end: z.number(),
  /** JSON: { [serviceName]: [requests[], originRequests[], bandwidth[]] } */
  services: z.string(),
});

const summaryFileSchema = z.object({
  schemaVersion: z.literal(SCHEMA_VERSION),
  accountId: z.string(),
  digestVersion: z.number(),
  end: z.number().nullable(),
  refreshedAt: z.number().nullable(),
  lastError: z.object({ code: z.string(), message: z.string(), at: z.number() }).nullable(),
  traffic: trafficFiguresSchema.nullable(),
  services: z.array(
    z.object({ serviceId: z.number().int(), serviceName: z.string(), status: z.enum(attentionStatusIds) }),
  ),
});

const servicesFileSchema = z.object({
  schemaVersion: z.literal(SCHEMA_VERSION),
  accountId: z.string(),
  digestVersion: z.number(),
  end: z.number(),
  /** JSON of ServiceDigest[]. */
  services: z.string(),
});

const serviceListSchema = z.array(serviceDigestSchema);
const numberList = z.array(z.number().nullable());
const hoursBlobSchema = z.record(z.string(), z.tuple([numberList, numberList, numberList]));

function segment(accountId: string): string {
  const cleaned = accountId
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '_')
    .slice(0, 60);
  // The hash keeps two IDs that clean up to the same text apart.
  return `${cleaned}-${createHash('sha256').update(accountId).digest('hex').slice(0, 8)}`;
}

type Remembered = { ino: number; size: number; mtimeMs: number; value: unknown };

export class OverviewStore {
  readonly dir: string;
  readonly #memory = new Map<string, Remembered>();
  readonly #now: () => Date;
  #cleaned: Promise<void> | undefined;

  constructor(options: { dataDir: string; now(): Date }) {
    this.dir = join(options.dataDir, OVERVIEW_DIR);
    this.#now = options.now;
  }

  pathOf(accountId: string, kind: Kind): string {
    return join(this.dir, `${segment(accountId)}.${kind}.json`);
  }

  /** Temp files of writers killed mid-write are removed once, before the first read. */
  #clean(): Promise<void> {
    this.#cleaned ??= readdir(this.dir)
      // The files temp files were meant for (`.<name>.tmp-<pid>-…`), also ones never written whole.
      .then((entries) =>
        removeStaleTempFiles(
          this.dir,
          [...new Set(entries.map((e) => /^\.(.+\.json)\.tmp-/.exec(e)?.[1]).filter((n) => n !== undefined))],
          this.#now().getTime(),
        ),
      )
      .then(
        () => undefined,
        () => undefined,
      );
    return this.#cleaned;
  }

  /** The decoded file, or undefined when it is missing or cannot be read (then it is treated as never written). */
  async #read<T>(path: string, decode: (raw: unknown) => T | undefined, remember = true): Promise<T | undefined> {
    await this.#clean();
    const info = await stat(path).catch(() => null);
    if (info === null) {
      this.#memory.delete(path);
      return undefined;
    }
    const remembered = this.#memory.get(path);
    if (
      remembered &&
      remembered.ino === info.ino &&
      remembered.size === info.size &&
      Math.trunc(remembered.mtimeMs) === Math.trunc(info.mtimeMs)
    ) {
      return remembered.value as T;
    }
    let value: T | undefined;
    try {
      value = decode(JSON.parse(await readFile(path, 'utf8')));
    } catch {
      value = undefined;
    }
    if (value === undefined) {
      this.#memory.delete(path);
      return undefined;
    }
    if (remember) this.#memory.set(path, { ino: info.ino, size: info.size, mtimeMs: info.mtimeMs, value });
    return value;
  }

  async #write(path: string, data: unknown, value: unknown, remember = true): Promise<void> {
    await writeJsonFileAtomic(path, data);
    if (!remember) return;
    const info = await stat(path);
    this.#memory.set(path, { ino: info.ino, size: info.size, mtimeMs: info.mtimeMs, value });
  }

  readHours(accountId: string): Promise<AccountHours | undefined> {
    return this.#read(
      this.pathOf(accountId, 'hours'),
      (raw) => {
        const file = hoursFileSchema.safeParse(raw);
        if (!file.success || file.data.accountId !== accountId) return undefined;
        const blob = hoursBlobSchema.safeParse(JSON.parse(file.data.services));
        if (!blob.success) return undefined;
        const services = new Map<string, HourlyHistory>();
        for (const [name, [requests, originRequests, bandwidth]] of Object.entries(blob.data)) {
          services.set(name, { start: file.data.start, requests, originRequests, bandwidth });
        }
        return { start: file.data.start, end: file.data.end, services };
      },
      false,
    );
  }

  async writeHours(accountId: string, hours: AccountHours): Promise<void> {
    const blob: Record<string, [Array<number | null>, Array<number | null>, Array<number | null>]> = {};
    for (const [name, history] of hours.services)
      blob[name] = [history.requests, history.originRequests, history.bandwidth];
    await this.#write(
      this.pathOf(accountId, 'hours'),
      { schemaVersion: SCHEMA_VERSION, accountId, start: hours.start, end: hours.end, services: JSON.stringify(blob) },
      hours,
      false,
    );
  }

  readSummary(accountId: string): Promise<AccountSummaryFile | undefined> {
    return this.#read(this.pathOf(accountId, 'summary'), (raw) => {
      const file = summaryFileSchema.safeParse(raw);
      if (!file.success || file.data.accountId !== accountId) return undefined;
      const { schemaVersion: _version, ...summary } = file.data;
      return summary;
    });
  }

  async writeSummary(summary: AccountSummaryFile): Promise<void> {
    await this.#write(
      this.pathOf(summary.accountId, 'summary'),
      { schemaVersion: SCHEMA_VERSION, ...summary },
      summary,
    );
  }

  /** The rows of the last computation (with its end), or undefined. */
  readServices(
    accountId: string,
  ): Promise<{ end: number; digestVersion: number; services: ServiceDigest[] } | undefined> {
    return this.#read(this.pathOf(accountId, 'services'), (raw) => {
      const file = servicesFileSchema.safeParse(raw);
      if (!file.success || file.data.accountId !== accountId) return undefined;
      const services = serviceListSchema.safeParse(JSON.parse(file.data.services));
      return services.success
        ? { end: file.data.end, digestVersion: file.data.digestVersion, services: services.data }
        : undefined;
    });
  }

  async writeServices(accountId: string, end: number, services: ServiceDigest[]): Promise<void> {
    await this.#write(
      this.pathOf(accountId, 'services'),
      {
        schemaVersion: SCHEMA_VERSION,
        accountId,
        digestVersion: DIGEST_VERSION,
        end,
        services: JSON.stringify(services),
      },
      { end, digestVersion: DIGEST_VERSION, services },
    );
  }

  /** Removes the files of accounts not listed (removed since). */
  async retainAccounts(accountIds: readonly string[]): Promise<void> {
    const keep = new Set(accountIds.map(segment));
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch {
      return;
    }
    for (const name of names) {
      const match = /^(.+)\.(hours|summary|services)\.json$/.exec(name);
      if (!match || keep.has(match[1])) continue;
      const path = join(this.dir, name);
      this.#memory.delete(path);
      await rm(path, { force: true });
    }
  }
}
