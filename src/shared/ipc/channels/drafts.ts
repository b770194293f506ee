// Drafts: what the user typed into a policy editor, kept per account, service and policy so it
// survives an error, a reload, an account switch and a restart. Stored in <dataDir>/drafts.json.
// Secret values (tokenSecret) are never stored in a draft.
import { z } from 'zod';
import { defineChannels, idSchema, okOutput } from '../define.ts';
import { NEW_SERVICE_DRAFT } from '../../new-service-draft.ts';

/** Largest draft value accepted (serialized JSON characters). */
export const MAX_DRAFT_CHARS = 256_000;

/**
 * Which editor a draft belongs to: `cache:<policyId>`, `access:<policyId>`, `access:new`,
 * `redirection:<policyId>`, `cors`, `rate-limit`, and `service:new` (the New service form).
 */
const draftPolicyKeySchema = z
  .string()
  .max(40)
  .regex(/^(cache|access|redirection):(\d+|new)$|^(cors|rate-limit|service:new)$/, 'Unknown policy editor key');

const draftKeyShape = {
  accountId: idSchema,
  serviceId: z.number().int().nonnegative(),
  policyKey: draftPolicyKeySchema,
};

function checkServiceId(key: { serviceId: number; policyKey: string }, ctx: z.RefinementCtx): void {
  if ((key.serviceId === NEW_SERVICE_DRAFT.serviceId) !== (key.policyKey === NEW_SERVICE_DRAFT.policyKey)) {
    ctx.addIssue({
      code: 'custom',
      path: ['serviceId'],
      message:
        'serviceId 0 is used by the New service draft (service:new) only; other drafts need a service ID above 0.',
    });
  }
}

const draftKeySchema = z.strictObject(draftKeyShape).superRefine(checkServiceId);
export type DraftKey = z.infer<typeof draftKeySchema>;

export const draftSchema = z.object({
  accountId: z.string(),
  serviceId: z.number(),
  policyKey: z.string(),
  /** The editor's form state (JSON). */
  value: z.unknown(),
  /** Editor format version, so an editor can ignore drafts it no longer understands. */
  formVersion: z.number().int(),
  savedAt: z.string(),
});
export type Draft = z.infer<typeof draftSchema>;

const draftSummarySchema = draftSchema.omit({ value: true });
export type DraftSummary = z.infer<typeof draftSummarySchema>;

export const draftsChannels = defineChannels({
  'drafts.get': {
    input: draftKeySchema,
    output: z.object({ draft: draftSchema.nullable() }),
  },
  'drafts.save': {
    input: z
      .strictObject({
        ...draftKeyShape,
        value: z.unknown().refine((v) => v !== undefined, 'A draft needs a value'),
        formVersion: z.number().int().nonnegative().default(1),
      })
      .superRefine(checkServiceId),
    output: z.object({ savedAt: z.string() }),
  },
  'drafts.discard': {
    input: draftKeySchema,
    output: okOutput,
  },
  'drafts.list': {
    input: z
      .strictObject({ accountId: idSchema.optional(), serviceId: z.number().int().positive().optional() })
      .optional(),
    output: z.object({ drafts: z.array(draftSummarySchema) }),
  },
});
