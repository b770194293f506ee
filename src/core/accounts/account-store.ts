// Account metadata in <dataDir>/accounts.json (never a secret: those are in the keychain).
// Versioned with a migration chain; a file that cannot be read is moved aside and reported as a
// warning (accounts.list / app.status), and the app starts with no accounts instead of crashing.
import { AppCode } from '#shared/app-errors.ts';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { createJsonDocument } from '../storage/json-document.ts';
import { CoreError } from '../errors.ts';
import { accountColorSchema, accountViewSchema, type Warning } from '#shared/ipc/channels/accounts.ts';

export const ACCOUNTS_FILE = 'accounts.json';
const ACCOUNTS_SCHEMA_VERSION = 1;
/** baseUrl stored for the sandbox account; the real URL is the in-process sandbox's, per run. */
export const SANDBOX_BASE_URL = 'sandbox:';

// The stored record is the renderer's view (one field list, in src/shared) with the rules the
// file adds: a non-empty id, an integer customer ID, and an unknown colour read as gray.
const accountRecordSchema = accountViewSchema.extend({
  id: z.string().min(1),
  customerId: z.number().int(),
  color: accountColorSchema.catch('gray'),
});
export type AccountRecord = z.infer<typeof accountRecordSchema>;

const accountsFileSchema = z.object({
  schemaVersion: z.literal(ACCOUNTS_SCHEMA_VERSION),
  currentAccountId: z.string().nullable(),
  accounts: z.array(accountRecordSchema),
});
type AccountsFile = z.infer<typeof accountsFileSchema>;

/**
 * Brings an older accounts file up to ACCOUNTS_SCHEMA_VERSION. Version 0 (the pre-release
 * layout, no schemaVersion) kept `keyId`, `label` and a free-form `colour`, and `current`.
 * A file without a numeric schemaVersion is migrated only when it is recognisably version 0: a
 * damaged newer file or an unrelated object is refused (and therefore kept aside and reported,
 * never rewritten as zero accounts). A file from a newer app is refused too.
 */
export function migrateAccountsFile(raw: unknown): unknown {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  const file = raw as Record<string, unknown>;
  if (typeof file.schemaVersion === 'number') {
    if (file.schemaVersion > ACCOUNTS_SCHEMA_VERSION) {
      throw new Error(`written by a newer version of the app (schemaVersion ${file.schemaVersion})`);
    }
    return file;
  }
  if (Object.hasOwn(file, 'schemaVersion')) throw new Error('its schemaVersion is not a number');
  if (!isVersion0(file)) throw new Error('it has no schemaVersion and is not the old (version 0) accounts layout');
  return migrateV0toV1(file);
}

// Keys only the current layout's accounts have: a file carrying them lost its schemaVersion, it is not old.
const V1_ONLY_ACCOUNT_KEYS = ['color', 'customer'];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Version 0: `{ accounts: [...], current? }`, each account with id, label/name, baseUrl, keyId/accessKeyId, customerId. */
function isVersion0(file: Record<string, unknown>): boolean {
  // currentAccountId (the current layout) or anything unknown: not version 0.
  if (!Object.keys(file).every((key) => key === 'accounts' || key === 'current')) return false;
  if (!Array.isArray(file.accounts)) return false;
  if (file.current !== undefined && file.current !== null && typeof file.current !== 'string') return false;
  const text = (value: unknown) => typeof value === 'string' && value !== '';
  return file.accounts.every(
    (item) =>
      isRecord(item) &&
      text(item.id) &&
      (text(item.label) || text(item.name)) &&
      text(item.baseUrl) &&
      (text(item.keyId) || text(item.accessKeyId)) &&
      Number.isSafeInteger(Number(item.customerId)) &&
      Number(item.customerId) > 0 &&
      !V1_ONLY_ACCOUNT_KEYS.some((key) => Object.hasOwn(item, key)),
  );
}

function migrateV0toV1(file: Record<string, unknown>): Record<string, unknown> {
  const colors = accountColorSchema.options as readonly string[];
  const accounts = (Array.isArray(file.accounts) ? file.accounts : []) as Record<string, unknown>[];
  return {
    schemaVersion: 1,
    currentAccountId: typeof file.current === 'string' ? file.current : null,
    accounts: accounts.map((item) => {
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
type AccountPatch = Partial<Omit<AccountRecord, 'id' | 'kind' | 'createdAt' | 'updatedAt'>>;

export interface AccountStore {
  list(): Promise<AccountRecord[]>;
  /** Throws CoreError Accounts.NotFound. `fresh`: as the file says now (another process may have changed it). */
  get(accountId: string, options?: { fresh?: boolean }): Promise<AccountRecord>;
  find(accountId: string, options?: { fresh?: boolean }): Promise<AccountRecord | undefined>;
  currentId(): Promise<string | null>;
  setCurrent(accountId: string | null): Promise<void>;
  insert(account: NewAccount): Promise<AccountRecord>;
  update(accountId: string, patch: AccountPatch): Promise<AccountRecord>;
  remove(accountId: string): Promise<AccountRecord>;
  /** True when no accounts file existed when the store was first read. */
  isFirstRun(): Promise<boolean>;
  /** Problems found while reading (e.g. a corrupt file moved aside), for the UI to show. */
  warnings(): Warning[];
  /** Forgets a warning the user has seen and dismissed. */
  dismissWarning(code: string): void;
}

export function createAccountStore(options: { dataDir: string; now: () => Date }): AccountStore {
  const now = options.now;
  const warnings: Warning[] = [];
  const document = createJsonDocument({
    path: join(options.dataDir, ACCOUNTS_FILE),
    schema: accountsFileSchema,
    empty: (): AccountsFile => ({ schemaVersion: ACCOUNTS_SCHEMA_VERSION, currentAccountId: null, accounts: [] }),
    migrate: migrateAccountsFile,
    now,
    corruptWarning: {
      code: AppCode.Accounts.FileCorrupt,
      message: (corrupt) =>
        `The accounts file could not be read (${corrupt.reason}). It was kept as ${corrupt.movedTo}; the app started without those accounts. Secrets are still in the keychain: re-add or import the accounts.`,
    },
    onWarning: (warning) => warnings.push(warning),
  });
  const load = () => document.read();
  // Mutations run one after another (the document's queue) so that no write is based on a stale copy.
  const mutate = <T>(change: (file: AccountsFile) => T): Promise<T> => document.update(change);

  const notFound = (accountId: string) =>
    new CoreError(AppCode.Accounts.NotFound, `No account with ID ${accountId} exists (it may have been removed).`);

  return {
    async list() {
      return structuredClone((await load()).accounts);
    },
    async find(accountId, options) {
      const found = (await document.read(options)).accounts.find((account) => account.id === accountId);
      return found && structuredClone(found);
    },
    async get(accountId, options) {
      const found = await this.find(accountId, options);
      if (!found) throw notFound(accountId);
      return found;
    },
    async currentId() {
      return (await load()).currentAccountId;
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
      return (await document.origin()) === 'missing';
    },
    warnings: () => [...warnings],
    dismissWarning(code) {
      warnings.splice(0, warnings.length, ...warnings.filter((warning) => warning.code !== code));
    },
  };
}
