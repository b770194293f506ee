// A bulk change: one setting applied to many services, possibly in several accounts.
// Five kinds, each mapped to the one API write that carries it. Pure and shared: the renderer's
// form, the IPC input check, templates, the CLI's --change file and the core's plan all use it.
import { z } from 'zod';
import { updateAccessControlPolicyBodySchema } from '../api/schemas/access-control.ts';
import { updateCacheControlPolicyV2BodySchema } from '../api/schemas/cache-control.ts';
import { corsHeadersSchema } from '../api/schemas/cors.ts';
import { rateLimitSchema } from '../api/schemas/rate-limit.ts';
import { updateRedirectionPolicyBodySchema } from '../api/schemas/redirection.ts';
import { requiredText } from '../api/schemas/common.ts';

/** Why a bulk access rule never carries a token secret: batches and templates are files on disk. */
export const TOKEN_SECRET_NOT_IN_BULK =
  'Token secrets are not kept in bulk changes or templates (they are stored as files). Leave the token secret out: existing token policies keep their tokens; create new token policies in their editor.';

const atLeastOneField = (what: string) => ({
  error: `Choose at least one field of the ${what} to change.`,
});

/** Fields an edit of a cache control policy may change (its name identifies it on each target). */
const cacheControlEditFieldsSchema = updateCacheControlPolicyV2BodySchema
  .omit({ policyName: true })
  .partial()
  .refine((fields) => Object.values(fields).some((v) => v !== undefined), atLeastOneField('cache control policy'));

/** Fields an edit of a redirection policy may change (its name identifies it on each target). */
const redirectionEditFieldsSchema = updateRedirectionPolicyBodySchema
  .omit({ policyName: true })
  .partial()
  .refine((fields) => Object.values(fields).some((v) => v !== undefined), atLeastOneField('redirection policy'));

/** An access control policy in the version 1.0 shape the create takes; never a token secret. */
const accessRuleSchema = updateAccessControlPolicyBodySchema.omit({ tokenSecret: true }).extend({
  tokenSecret: z.never({ error: TOKEN_SECRET_NOT_IN_BULK }).optional(),
});

export const bulkChangeKinds = [
  'cors',
  'rate-limit-set',
  'rate-limit-delete',
  'access-control',
  'cache-control-edit',
  'redirection-edit',
] as const;
export type BulkChangeKind = (typeof bulkChangeKinds)[number];

export const bulkChangeSchema = z.discriminatedUnion(
  'kind',
  [
    /** setCorsHeaders: replaces the whole CORS set of each target. */
    z.strictObject({ kind: z.literal('cors'), headers: corsHeadersSchema }),
    /** upsertRateLimit. */
    z.strictObject({ kind: z.literal('rate-limit-set'), rateLimit: rateLimitSchema }),
    /** deleteRateLimit. */
    z.strictObject({ kind: z.literal('rate-limit-delete') }),
    /** createAccessControlPolicy, or updateAccessControlPolicy of the target's policy of the same name. */
    z.strictObject({ kind: z.literal('access-control'), policy: accessRuleSchema }),
    /** updateCacheControlPolicyV2 of the target's policy named policyName (the API has no create). */
    z.strictObject({
      kind: z.literal('cache-control-edit'),
      policyName: requiredText('Policy name'),
      fields: cacheControlEditFieldsSchema,
    }),
    /** updateRedirectionPolicy of the target's policy named policyName (the API has no create). */
    z.strictObject({
      kind: z.literal('redirection-edit'),
      policyName: requiredText('Policy name'),
      fields: redirectionEditFieldsSchema,
    }),
  ],
  { error: `Choose what to change: one of ${bulkChangeKinds.join(', ')}.` },
);
/** As typed (before defaults and normalisation). */
export type BulkChangeInput = z.input<typeof bulkChangeSchema>;
/** As parsed; what batches and templates store. */
export type BulkChange = z.output<typeof bulkChangeSchema>;

/** One line naming the change, for lists, the journal's batch filter and the CLI. */
export function describeBulkChange(change: BulkChange): string {
  switch (change.kind) {
    case 'cors':
      return Object.keys(change.headers).length === 0 ? 'Clear CORS headers' : 'Set CORS headers';
    case 'rate-limit-set':
      return `Set rate limit: ${change.rateLimit.requestLimit} requests per ${change.rateLimit.timeWindow} s`;
    case 'rate-limit-delete':
      return 'Delete rate limit';
    case 'access-control':
      return `Access control policy “${change.policy.policyName}”`;
    case 'cache-control-edit':
      return `Edit cache control policy “${change.policyName}”`;
    case 'redirection-edit':
      return `Edit redirection policy “${change.policyName}”`;
  }
}

/**
 * The change as an IPC input: the same rules and messages as bulkChangeSchema, its strings bounded
 * by the dispatcher's payload limit (MAX_PAYLOAD_CHARS) rather than one maximum per field.
 */
export const bulkChangeInputSchema = z
  .custom<BulkChangeInput>((value) => value !== null && typeof value === 'object' && !Array.isArray(value), {
    error: `Choose what to change: one of ${bulkChangeKinds.join(', ')}.`,
  })
  .transform((value, ctx): BulkChange => {
    const parsed = bulkChangeSchema.safeParse(value);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues)
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path, input: value });
    return z.NEVER;
  });
