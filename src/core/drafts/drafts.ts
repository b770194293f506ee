// Editor drafts: <dataDir>/drafts.json, one per (account, service, policy editor). Written on
// every debounced autosave, so writes are serialized and the file stays small (bounded count and
// size). Secret values are dropped before storing: a draft is not a place for tokens.
import { AppCode } from '#shared/app-errors.ts';
import { join } from 'node:path';
import { z } from 'zod';
import { createJsonDocument, type JsonDocumentOptions } from '../storage/json-document.ts';
import { CoreError } from '../errors.ts';
import {
  MAX_DRAFT_CHARS,
  draftSchema,
  type Draft,
  type DraftKey,
  type DraftSummary,
} from '#shared/ipc/channels/drafts.ts';
import { isSecretFieldName } from '#shared/ipc/secret-fields.ts';

export const DRAFTS_FILE = 'drafts.json';
export const MAX_DRAFTS = 500;

const draftsFileSchema = z.object({ version: z.literal(1), drafts: z.array(draftSchema) });

// A draft keeps a secret field's key with an empty value so the form shape stays.
export function stripSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripSecrets);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      out[key] = isSecretFieldName(key) ? '' : stripSecrets(v);
    }
    return out;
  }
  return value;
}

export type DraftStore = {
  get(key: DraftKey): Promise<Draft | null>;
  save(key: DraftKey, value: unknown, formVersion?: number): Promise<Draft>;
  discard(key: DraftKey): Promise<void>;
  list(filter?: { accountId?: string; serviceId?: number }): Promise<DraftSummary[]>;
  /** Removes every draft of an account (account removed). */
  discardAccount(accountId: string): Promise<number>;
  /** Reads the file now (so a corrupt one is reported at start, not on first use). */
  ready(): Promise<void>;
};

export type DraftStoreOptions = {
  dataDir: string;
  now: () => Date;
} & Pick<JsonDocumentOptions<typeof draftsFileSchema>, 'onCorrupt' | 'corruptWarning' | 'onWarning'>;

const same = (d: Draft, k: DraftKey) =>
  d.accountId === k.accountId && d.serviceId === k.serviceId && d.policyKey === k.policyKey;

export function createDraftStore(options: DraftStoreOptions): DraftStore {
  const now = options.now;
  // Changes add or drop whole drafts: a shallow copy of the list is enough to work on.
  const document = createJsonDocument({
    path: join(options.dataDir, DRAFTS_FILE),
    schema: draftsFileSchema,
    empty: () => ({ version: 1 as const, drafts: [] }),
    copy: (file) => ({ ...file, drafts: [...file.drafts] }),
    now,
    onCorrupt: options.onCorrupt,
    corruptWarning: options.corruptWarning,
    onWarning: options.onWarning,
  });
  const load = async (): Promise<Draft[]> => (await document.read()).drafts;

  return {
    async get(key) {
      return (await load()).find((d) => same(d, key)) ?? null;
    },
    save(key, value, formVersion = 1) {
      const clean = stripSecrets(value);
      const size = JSON.stringify(clean)?.length ?? 0;
      if (size > MAX_DRAFT_CHARS) {
        return Promise.reject(
          new CoreError(
            AppCode.Drafts.TooLarge,
            `This draft is too large to keep (${size} characters, at most ${MAX_DRAFT_CHARS}).`,
          ),
        );
      }
      return document.update((file) => {
        const draft: Draft = { ...key, value: clean, formVersion, savedAt: now().toISOString() };
        // Newest first; the oldest drafts go when the bound is reached.
        file.drafts = [draft, ...file.drafts.filter((d) => !same(d, key))].slice(0, MAX_DRAFTS);
        return draft;
      });
    },
    discard(key) {
      return document.update((file, control) => {
        const rest = file.drafts.filter((d) => !same(d, key));
        if (rest.length === file.drafts.length) control.skipWrite();
        file.drafts = rest;
      });
    },
    async list(filter = {}) {
      return (await load())
        .filter(
          (d) =>
            (filter.accountId === undefined || d.accountId === filter.accountId) &&
            (filter.serviceId === undefined || d.serviceId === filter.serviceId),
        )
        .map(({ value: _value, ...summary }) => summary);
    },
    discardAccount(accountId) {
      return document.update((file, control) => {
        const before = file.drafts.length;
        file.drafts = file.drafts.filter((d) => d.accountId !== accountId);
        if (file.drafts.length === before) control.skipWrite();
        return before - file.drafts.length;
      });
    },
    async ready() {
      await document.read();
    },
  };
}
