// Account metadata in <dataDir>/accounts.json (never a secret: those are in the keychain).
// Versioned with a migration chain; a file that cannot be read is moved aside and reported as a
// warning (accounts.list / app.status), and the app starts with no accounts instead of crashing.
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { readJsonFile, writeJsonFileAtomic, type CorruptFileReport } from '../storage/atomic-json.ts';
import { createSerialQueue } from '../storage/serial-queue.ts';
import { CoreError } from '../errors.ts';
import { accountColorSchema, verifiedCustomerSchema, type Warning } from '#shared/ipc/channels/accounts.ts';

export const ACCOUNTS_FILE = 'accounts.json';
export const ACCOUNTS_SCHEMA_VERSION = 1;
/** baseUrl stored for the sandbox account; the real URL is the in-process sandbox's, per run. */
export const SANDBOX_BASE_URL = 'sandbox:';

export const accountRecordSchema = z.object({
  id: z.string().min(1),
  kind: z.enum(['standard', 'sandbox']),
  name: z.string(),
  baseUrl: z.string(),
  accessKeyId: z.string(),
  customerId: z.number().int(),
  color: accountColorSchema.catch('gray'),
  production: z.boolean(),
  notes: z.string(),
  needsSecret: z.boolean(),
  customer: verifiedCustomerSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AccountRecord = z.infer<typeof accountRecordSchema>;

export const accountsFileSchema = z.object({
  schemaVersion: z.literal(ACCOUNTS_SCHEMA_VERSION),
  currentAccountId: z.string().nullable(),
  accounts: z.array(accountRecordSchema),
});
export type AccountsFile = z.infer<typeof accountsFileSchema>;

/**
 * Brings an older accounts file up to ACCOUNTS_SCHEMA_VERSION. Version 0 (the pre-release
 * layout, no schemaVersion) kept `keyId`, `label` and a free-form `colour`, and `current`.
 * A file from a newer app is refused (and therefore kept aside, not rewritten).
 */
export function migrateAccountsFile(raw: unknown): unknown {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  let file = raw as Record<string, unknown>;
  const version = typeof file.schemaVersion === 'number' ? file.schemaVersion : 0;
  if (version > ACCOUNTS_SCHEMA_VERSION) {
    throw new Error(`written by a newer version of the app (schemaVersion ${version})`);
  }
  if (version === 0) file = migrateV0toV1(file);
  return file;
}

function migrateV0toV1(file: Record<string, unknown>): Record<string, unknown> {
  const colors = accountColorSchema.options as readonly string[];
  const accounts = Array.isArray(file.accounts) ? file.accounts : [];
  return {
    schemaVersion: 1,
    currentAccountId: typeof file.current === 'string' ? file.current : null,
    accounts: accounts.map((item: Record<string, unknown>) => {
      const stamp = typeof item.createdAt === 'string' ? item.createdAt : new Date(0).toISOString();
      return {
        id: item.id,
        kind: item.kind === 'sandbox' ? 'sandbox' : 'standard',
        name: item.name ?? item.label,
        baseUrl: item.baseUrl,
        accessKeyId: item.accessKeyId ?? item.keyId,
        customerId: Number(item.customerId),
        color: typeof item.colour === 'string' && colors.includes(item.colour) ? item.colour : 'gray',
        production: item.production === true,
        notes: typeof item.notes === 'string' ? item.notes : '',
        needsSecret: item.needsSecret === true,
        customer: null,
        createdAt: stamp,
        updatedAt: stamp,
      };
    }),
  };
}

export type NewAccount = Omit<AccountRecord, 'id' | 'createdAt' | 'updatedAt'>;
export type AccountPatch = Partial<Omit<AccountRecord, 'id' | 'kind' | 'createdAt' | 'updatedAt'>>;

export interface AccountStore {
  list(): Promise<AccountRecord[]>;
  /** Throws CoreError Accounts.NotFound. */
  get(accountId: string): Promise<AccountRecord>;
  find(accountId: string): Promise<AccountRecord | undefined>;
  currentId(): Promise<string | null>;
  setCurrent(accountId: string | null): Promise<void>;
  insert(account: NewAccount): Promise<AccountRecord>;
  update(accountId: string, patch: AccountPatch): Promise<AccountRecord>;
  remove(accountId: string): Promise<AccountRecord>;
  /** True when no accounts file existed when the store was first read. */
  isFirstRun(): Promise<boolean>;
  /** Problems found while reading (e.g. a corrupt file moved aside), for the UI to show. */
  warnings(): Warning[];
}

export function createAccountStore(options: { dataDir: string; now?: () => Date }): AccountStore {
  const path = join(options.dataDir, ACCOUNTS_FILE);
  const now = options.now ?? (() => new Date());
  const warnings: Warning[] = [];
  let state: Promise<{ file: AccountsFile; firstRun: boolean }> | undefined;
  // Mutations run one after another so that no write is based on a stale copy.
  const queue = createSerialQueue();

  const load = () =>
    (state ??= (async () => {
      let corrupt: CorruptFileReport | undefined;
      const file = await readJsonFile(path, accountsFileSchema, {
        migrate: migrateAccountsFile,
        onCorrupt: (report) => (corrupt = report),
        now,
      });
      if (corrupt) {
        warnings.push({
          code: 'Accounts.FileCorrupt',
          message: `The accounts file could not be read (${corrupt.reason}). It was kept as ${corrupt.movedTo}; the app started without those accounts. Secrets are still in the keychain: re-add or import the accounts.`,
        });
      }
      return {
        file: file ?? { schemaVersion: ACCOUNTS_SCHEMA_VERSION, currentAccountId: null, accounts: [] },
        firstRun: file === undefined && corrupt === undefined,
      };
    })());

  function mutate<T>(change: (file: AccountsFile) => T): Promise<T> {
    return queue.run(async () => {
      const { file } = await load();
      const next = structuredClone(file);
      const result = change(next);
      await writeJsonFileAtomic(path, next);
      Object.assign(file, next);
      return result;
    });
  }

  const notFound = (accountId: string) =>
    new CoreError('Accounts.NotFound', `No account with ID ${accountId} exists (it may have been removed).`);

  return {
    async list() {
      return structuredClone((await load()).file.accounts);
    },
    async find(accountId) {
      const found = (await load()).file.accounts.find((account) => account.id === accountId);
      return found && structuredClone(found);
    },
    async get(accountId) {
      const found = await this.find(accountId);
      if (!found) throw notFound(accountId);
      return found;
    },
    async currentId() {
      return (await load()).file.currentAccountId;
    },
    setCurrent(accountId) {
      return mutate((file) => {
        if (accountId !== null && !file.accounts.some((account) => account.id === accountId)) throw notFound(accountId);
        file.currentAccountId = accountId;
      });
    },
    insert(account) {
      return mutate((file) => {
        const stamp = now().toISOString();
        const record = accountRecordSchema.parse({ ...account, id: randomUUID(), createdAt: stamp, updatedAt: stamp });
        file.accounts.push(record);
        return structuredClone(record);
      });
    },
    update(accountId, patch) {
      return mutate((file) => {
        const index = file.accounts.findIndex((account) => account.id === accountId);
        if (index < 0) throw notFound(accountId);
        const record = accountRecordSchema.parse({ ...file.accounts[index], ...patch, updatedAt: now().toISOString() });
        file.accounts[index] = record;
        return structuredClone(record);
      });
    },
    remove(accountId) {
      return mutate((file) => {
        const index = file.accounts.findIndex((account) => account.id === accountId);
        if (index < 0) throw notFound(accountId);
        const [removed] = file.accounts.splice(index, 1);
        if (file.currentAccountId === accountId) file.currentAccountId = file.accounts[0]?.id ?? null;
        return removed;
      });
    },
    async isFirstRun() {
      return (await load()).firstRun;
    },
    warnings: () => [...warnings],
  };
}
