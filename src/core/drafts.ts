// Editor drafts: <dataDir>/drafts.json, one per (account, service, policy editor). Written on
// every debounced autosave, so writes are serialized and the file stays small (bounded count and
// size). Secret values are dropped before storing: a draft is not a place for tokens.
import { join } from 'node:path';
import { z } from 'zod';
import { createSerialQueue } from './storage/serial-queue.ts';
import { readJsonFile, writeJsonFileAtomic, type CorruptFileReport } from './storage/atomic-json.ts';
import { CoreError } from './errors.ts';
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
};

export type DraftStoreOptions = {
  dataDir: string;
  now?: () => Date;
  onCorrupt?: (report: CorruptFileReport) => void;
};

const same = (d: Draft, k: DraftKey) => d.accountId === k.accountId && d.serviceId === k.serviceId && d.policyKey === k.policyKey;

export function createDraftStore(options: DraftStoreOptions): DraftStore {
  const path = join(options.dataDir, DRAFTS_FILE);
  const now = options.now ?? (() => new Date());
  let cache: Draft[] | undefined;
  // Writes are serialized so two concurrent changes never overwrite each other's.
  const queue = createSerialQueue();

  async function load(): Promise<Draft[]> {
    if (cache === undefined) {
      const file = await readJsonFile(path, draftsFileSchema, { onCorrupt: options.onCorrupt, now });
      cache = file?.drafts ?? [];
    }
    return cache;
  }

  async function write(drafts: Draft[]): Promise<void> {
    await writeJsonFileAtomic(path, { version: 1, drafts });
    cache = drafts;
  }

  return {
    async get(key) {
      await queue.idle();
      return (await load()).find((d) => same(d, key)) ?? null;
    },
    save(key, value, formVersion = 1) {
      return queue.run(async () => {
        const clean = stripSecrets(value);
        const size = JSON.stringify(clean)?.length ?? 0;
        if (size > MAX_DRAFT_CHARS) {
          throw new CoreError('Drafts.TooLarge', `This draft is too large to keep (${size} characters, at most ${MAX_DRAFT_CHARS}).`);
        }
        const draft: Draft = { ...key, value: clean, formVersion, savedAt: now().toISOString() };
        const rest = (await load()).filter((d) => !same(d, key));
        // Newest first; the oldest drafts go when the bound is reached.
        await write([draft, ...rest].slice(0, MAX_DRAFTS));
        return draft;
      });
    },
    discard(key) {
      return queue.run(async () => {
        const drafts = await load();
        const rest = drafts.filter((d) => !same(d, key));
        if (rest.length !== drafts.length) await write(rest);
      });
    },
    async list(filter = {}) {
      await queue.idle();
      return (await load())
        .filter(
          (d) =>
            (filter.accountId === undefined || d.accountId === filter.accountId) &&
            (filter.serviceId === undefined || d.serviceId === filter.serviceId),
        )
        .map(({ value: _value, ...summary }) => summary);
    },
    discardAccount(accountId) {
      return queue.run(async () => {
        const drafts = await load();
        const rest = drafts.filter((d) => d.accountId !== accountId);
        if (rest.length !== drafts.length) await write(rest);
        return drafts.length - rest.length;
      });
    },
  };
}
