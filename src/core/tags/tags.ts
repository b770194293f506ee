// Tags on accounts and services in <dataDir>/tags.json (the rules are in src/shared/tags.ts).
// Target selection (bulk changes, baselines) reads them through `serviceTags(accountId)` and
// `accountTags()`; a service carries its account's tags too (`effectiveTags`).
import { join } from 'node:path';
import { z } from 'zod';
import { createJsonDocument, type JsonDocument, type JsonDocumentOptions } from '../storage/json-document.ts';
import { effectiveTags, normalizeTag } from '#shared/tags.ts';
import type { TagsSnapshot } from '#shared/ipc/channels/tags.ts';

export const TAGS_FILE = 'tags.json';

// Keys are account IDs and service IDs from input: read into null-prototype maps.
const nullProto = <T>(record: Record<string, T>): Record<string, T> =>
  Object.assign(Object.create(null) as Record<string, T>, record);
const tagListOnDisk = z.array(z.string());
const tagsFileSchema = z.object({
  version: z.literal(1),
  accounts: z.record(z.string(), tagListOnDisk).transform(nullProto),
  services: z.record(z.string(), z.record(z.string(), tagListOnDisk).transform(nullProto)).transform(nullProto),
});
type TagsFile = z.infer<typeof tagsFileSchema>;

export type TagStoreOptions = {
  dataDir: string;
  now: () => Date;
} & Pick<JsonDocumentOptions<typeof tagsFileSchema>, 'onCorrupt' | 'corruptWarning' | 'onWarning'>;

export type TaggedService = { accountId: string; serviceId: number; tags: string[] };

export class TagStore {
  readonly #document: JsonDocument<TagsFile>;

  constructor(options: TagStoreOptions) {
    this.#document = createJsonDocument({
      path: join(options.dataDir, TAGS_FILE),
      schema: tagsFileSchema,
      empty: (): TagsFile => ({ version: 1, accounts: nullProto({}), services: nullProto({}) }),
      copy: (file): TagsFile => ({
        version: 1,
        accounts: nullProto(structuredClone({ ...file.accounts })),
        services: nullProto(
          Object.fromEntries(Object.entries(file.services).map(([id, services]) => [id, nullProto({ ...services })])),
        ),
      }),
      now: options.now,
      onCorrupt: options.onCorrupt,
      corruptWarning: options.corruptWarning,
      onWarning: options.onWarning,
    });
  }

  async ready(): Promise<void> {
    await this.#document.read();
  }

  /** Every account's tags: account ID → tags (accounts without tags are left out). */
  async accountTags(): Promise<Map<string, string[]>> {
    const file = await this.#document.read();
    return new Map(Object.entries(file.accounts).map(([id, tags]) => [id, [...tags]]));
  }

  /** One account's services' own tags: service ID → tags (untagged services are left out). */
  async serviceTags(accountId: string): Promise<Map<number, string[]>> {
    const file = await this.#document.read();
    return new Map(Object.entries(file.services[accountId] ?? {}).map(([id, tags]) => [Number(id), [...tags]]));
  }

  /** A service's own tags and its account's, as target selection and filters see them. */
  async effectiveServiceTags(accountId: string, serviceId: number): Promise<string[]> {
    const file = await this.#document.read();
    return effectiveTags(file.services[accountId]?.[String(serviceId)], file.accounts[accountId]);
  }

  /**
   * The services (of the given account → service IDs, e.g. the inventories) that carry the tag
   * themselves or through their account.
   */
  async servicesTagged(tag: string, services: ReadonlyMap<string, readonly number[]>): Promise<TaggedService[]> {
    const wanted = normalizeTag(tag);
    const file = await this.#document.read();
    const out: TaggedService[] = [];
    for (const [accountId, serviceIds] of services) {
      for (const serviceId of serviceIds) {
        const tags = effectiveTags(file.services[accountId]?.[String(serviceId)], file.accounts[accountId]);
        if (tags.includes(wanted)) out.push({ accountId, serviceId, tags });
      }
    }
    return out;
  }

  async snapshot(): Promise<TagsSnapshot> {
    const file = await this.#document.read();
    return {
      accounts: Object.fromEntries(Object.entries(file.accounts).map(([id, tags]) => [id, [...tags]])),
      services: Object.fromEntries(
        Object.entries(file.services).map(([id, services]) => [
          id,
          Object.fromEntries(Object.entries(services).map(([sid, tags]) => [sid, [...tags]])),
        ]),
      ),
    };
  }

  /** Replaces an account's tags (already validated by tagListSchema); an empty list removes the entry. */
  setAccountTags(accountId: string, tags: readonly string[]): Promise<string[]> {
    const stored = [...new Set(tags.map(normalizeTag))];
    return this.#document.update((file, control) => {
      if (sameTags(file.accounts[accountId], stored)) control.skipWrite();
      else if (stored.length === 0) delete file.accounts[accountId];
      else file.accounts[accountId] = stored;
      return stored;
    });
  }

  setServiceTags(accountId: string, serviceId: number, tags: readonly string[]): Promise<string[]> {
    const stored = [...new Set(tags.map(normalizeTag))];
    const key = String(serviceId);
    return this.#document.update((file, control) => {
      if (sameTags(file.services[accountId]?.[key], stored)) {
        control.skipWrite();
        return stored;
      }
      const services = (file.services[accountId] ??= nullProto({}));
      if (stored.length === 0) delete services[key];
      else services[key] = stored;
      if (Object.keys(services).length === 0) delete file.services[accountId];
      return stored;
    });
  }

  /** Forgets an account's tags and its services' tags (the account was removed). */
  removeAccount(accountId: string): Promise<void> {
    return this.#document.update((file, control) => {
      if (!(accountId in file.accounts) && !(accountId in file.services)) return control.skipWrite();
      delete file.accounts[accountId];
      delete file.services[accountId];
    });
  }
}

function sameTags(a: readonly string[] | undefined, b: readonly string[]): boolean {
  const left = a ?? [];
  return left.length === b.length && left.every((tag, i) => tag === b[i]);
}
