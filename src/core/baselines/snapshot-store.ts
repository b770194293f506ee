// Configuration snapshots: the last configuration document read of every service of
// an account, with the time it was read, kept in <dataDir>/snapshots/<account>.json (one JSON
// document per account, through the one JSON document store). Secrets are left out before a
// snapshot is stored. Besides the configuration, each entry remembers since when each disabled
// policy has been seen disabled: the API keeps no such time.
import { AppCode } from '#shared/app-errors.ts';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { rm } from 'node:fs/promises';
import { z } from 'zod';
import { createJsonDocument, type JsonDocument } from '../storage/json-document.ts';
import { leaveOutSecrets } from '../config/config-document-text.ts';
import type { ServiceConfig } from '#shared/config-document/schema.ts';
import type { Warning } from '#shared/ipc/channels/accounts.ts';

const SNAPSHOTS_DIR = 'snapshots';
const SNAPSHOTS_SCHEMA_VERSION = 1 as const;

/**
 * A stored configuration: checked in full (serviceConfigSchema) when it was read from the API;
 * the file check is structural, because parsing thousands of configurations again on every start
 * costs more than the whole evaluation (docs/baselines.md).
 */
const storedConfigSchema = z.custom<ServiceConfig>(
  (value) => {
    if (typeof value !== 'object' || value === null) return false;
    const v = value as Record<string, unknown>;
    const service = v.service as Record<string, unknown> | null | undefined;
    return (
      typeof service === 'object' &&
      service !== null &&
      typeof service.id === 'number' &&
      typeof service.domainName === 'string' &&
      Array.isArray(v.cacheControlPolicies) &&
      Array.isArray(v.accessControlPolicies) &&
      Array.isArray(v.redirectionPolicies) &&
      typeof v.lastAppliedFromThisApp === 'object' &&
      v.lastAppliedFromThisApp !== null &&
      typeof v.source === 'object' &&
      v.source !== null
    );
  },
  { error: 'not a service configuration' },
);

const snapshotEntrySchema = z.object({
  takenAt: z.string(),
  config: storedConfigSchema,
  /** PolicyKey ("cache:11") → ISO time of the first snapshot that saw the policy disabled (still disabled since). */
  disabledSince: z.record(z.string(), z.string()),
});
const failureSchema = z.object({ at: z.string(), code: z.string(), message: z.string() });

const accountSnapshotsSchema = z.object({
  schemaVersion: z.literal(SNAPSHOTS_SCHEMA_VERSION),
  accountId: z.string(),
  /** By service ID (as text: JSON keys). */
  services: z.record(z.string(), snapshotEntrySchema),
  /** The last failed read per service (cleared by a successful one). */
  failures: z.record(z.string(), failureSchema).default({}),
});
export type AccountSnapshots = z.output<typeof accountSnapshotsSchema>;
export type SnapshotEntry = z.output<typeof snapshotEntrySchema>;

export type SnapshotStoreOptions = {
  dataDir: string;
  now: () => Date;
  onWarning?: (warning: Warning) => void;
};

/** The policies of a configuration that are disabled, as PolicyKeys. */
function disabledPolicies(config: ServiceConfig): string[] {
  return [
    ...config.cacheControlPolicies.filter((p) => p.enabled === false).map((p) => `cache:${p.policyId}`),
    ...config.accessControlPolicies.filter((p) => p.enabled === false).map((p) => `access:${p.policyId}`),
    ...config.redirectionPolicies.filter((p) => p.enabled === false).map((p) => `redirection:${p.policyId}`),
  ];
}

/** Puts one snapshot into the account's document, keeping when each still-disabled policy was first seen disabled. */
function put(draft: AccountSnapshots, serviceId: number, config: ServiceConfig, takenAt: Date): SnapshotEntry {
  const key = String(serviceId);
  const stamp = takenAt.toISOString();
  const safe = leaveOutSecrets(config);
  const previous = draft.services[key]?.disabledSince ?? {};
  const disabledSince: Record<string, string> = {};
  for (const policy of disabledPolicies(safe)) disabledSince[policy] = previous[policy] ?? stamp;
  const entry = { takenAt: stamp, config: safe, disabledSince };
  draft.services[key] = entry;
  delete draft.failures[key];
  return entry;
}

function fileName(accountId: string): string {
  // Readable and safe on every file system; the hash keeps two IDs that clean up alike apart.
  const cleaned = accountId.replace(/[^A-Za-z0-9-]/g, '_').slice(0, 60);
  return `${cleaned}-${createHash('sha256').update(accountId).digest('hex').slice(0, 8)}.json`;
}

export class SnapshotStore {
  readonly dir: string;
  readonly #documents = new Map<string, JsonDocument<AccountSnapshots>>();
  readonly #onWarning: SnapshotStoreOptions['onWarning'];
  readonly #now: () => Date;

  constructor(options: SnapshotStoreOptions) {
    this.dir = join(options.dataDir, SNAPSHOTS_DIR);
    this.#onWarning = options.onWarning;
    this.#now = options.now;
  }

  #document(accountId: string): JsonDocument<AccountSnapshots> {
    let document = this.#documents.get(accountId);
    if (!document) {
      document = createJsonDocument({
        path: join(this.dir, fileName(accountId)),
        schema: accountSnapshotsSchema,
        empty: () => ({ schemaVersion: SNAPSHOTS_SCHEMA_VERSION, accountId, services: {}, failures: {} }),
        // Snapshots are only ever added or replaced whole: a shallow copy is enough.
        copy: (value) => ({ ...value, services: { ...value.services }, failures: { ...value.failures } }),
        now: this.#now,
        corruptWarning: {
          code: AppCode.Snapshots.Corrupt,
          message: (report) =>
            `Configuration snapshots of an account could not be read (${report.reason}); the file was kept as ${report.movedTo} and they will be read again.`,
        },
        onWarning: (warning) => this.#onWarning?.(warning),
      });
      this.#documents.set(accountId, document);
    }
    return document;
  }

  read(accountId: string): Promise<AccountSnapshots> {
    return this.#document(accountId).read();
  }

  /** Stores a snapshot read at `takenAt` (secrets left out here, whatever the caller passes). */
  record(accountId: string, serviceId: number, config: ServiceConfig, takenAt: Date): Promise<SnapshotEntry> {
    return this.#document(accountId).update((draft) => put(draft, serviceId, config, takenAt));
  }

  /** Stores many snapshots in one write (a first read of a large account; benchmarks). */
  async recordAll(
    accountId: string,
    snapshots: ReadonlyArray<{ serviceId: number; config: ServiceConfig; takenAt: Date }>,
  ): Promise<void> {
    await this.#document(accountId).update((draft) => {
      for (const { serviceId, config, takenAt } of snapshots) put(draft, serviceId, config, takenAt);
    });
  }

  async recordFailure(
    accountId: string,
    serviceId: number,
    failure: { code: string; message: string },
    at: Date,
  ): Promise<void> {
    await this.#document(accountId).update((draft) => {
      draft.failures[String(serviceId)] = { at: at.toISOString(), ...failure };
    });
  }

  /** Drops snapshots of services no longer in the account's list. */
  async keepOnly(accountId: string, serviceIds: readonly number[]): Promise<void> {
    const keep = new Set(serviceIds.map(String));
    await this.#document(accountId).update((draft, control) => {
      const gone = Object.keys(draft.services).filter((id) => !keep.has(id));
      const goneFailures = Object.keys(draft.failures).filter((id) => !keep.has(id));
      if (gone.length === 0 && goneFailures.length === 0) return control.skipWrite();
      for (const id of gone) delete draft.services[id];
      for (const id of goneFailures) delete draft.failures[id];
    });
  }

  async removeAccount(accountId: string): Promise<void> {
    const document = this.#document(accountId);
    this.#documents.delete(accountId);
    await document.read().catch(() => undefined);
    await rm(document.path, { force: true });
  }
}
