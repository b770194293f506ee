// Tags on accounts and services (<dataDir>/tags.json; rules in src/shared/tags.ts). A service's
// tags are keyed by account and service ID: the same service ID in two accounts is two services.
import { z } from 'zod';
import { defineChannels, defineEvents, idSchema, noInput } from '../define.ts';
import { tagListSchema } from '../../tags.ts';

const tagsSnapshotSchema = z.object({
  /** Account ID → its tags (accounts without tags are left out). */
  accounts: z.record(z.string(), z.array(z.string())),
  /** Account ID → service ID (as a string key) → the service's own tags. */
  services: z.record(z.string(), z.record(z.string(), z.array(z.string()))),
});
export type TagsSnapshot = z.infer<typeof tagsSnapshotSchema>;

export const tagsChannels = defineChannels({
  'tags.list': {
    input: noInput,
    output: tagsSnapshotSchema,
  },
  'tags.setAccount': {
    input: z.strictObject({ accountId: idSchema, tags: tagListSchema }),
    output: z.object({ tags: z.array(z.string()) }),
  },
  'tags.setService': {
    input: z.strictObject({ accountId: idSchema, serviceId: z.number().int().positive(), tags: tagListSchema }),
    output: z.object({ tags: z.array(z.string()) }),
  },
});

export const tagsEvents = defineEvents({
  'tags.changed': z.object({ accountId: z.string().nullable() }),
});
