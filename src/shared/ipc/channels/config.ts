// Configuration documents: export services of an account as a document, diff two
// configurations, plan applying a document to a service, apply the ticked plan items through the
// guarded write path; clone a service onto a new domain. docs/config-documents.md describes the format.
import { z } from 'zod';
import { defineChannels, idSchema } from '../define.ts';
import { documentParts } from '../../config-document/field-labels.ts';
import { flippedExpectationSchema } from '../../suites/schema.ts';
import { ruleTestAcceptanceFields } from './changes.ts';

/** Documents larger than this are refused (a whole account of 250 services is about 3 MB). */
const MAX_DOCUMENT_CHARS = 8_000_000;
const MAX_PASSPHRASE_CHARS = 1024;
/** Room for the other fields of a payload that carries documents. */
const PAYLOAD_MARGIN = 64 * 1024;

const passphraseSchema = z.string().max(MAX_PASSPHRASE_CHARS, `At most ${MAX_PASSPHRASE_CHARS} characters`);

const serviceIdSchema = z.number().int().positive();

/** A service of an account, or one service of a document's text (chosen by domain name or source service ID). */
const configSourceSchema = z.union([
  z.strictObject({ accountId: idSchema, serviceId: serviceIdSchema }),
  z.strictObject({
    document: z.string().min(1, { error: 'The document is empty; choose an exported file.' }).max(MAX_DOCUMENT_CHARS, {
      error: 'The document is too large to be a configuration document.',
    }),
    /** Only for an encrypted document. */
    passphrase: passphraseSchema.optional(),
    /** Domain name or source service ID. */
    service: z.string().max(255).optional(),
  }),
]);

const documentPartSchema = z.enum(documentParts);

const fieldChangeSchema = z.object({
  path: z.string(),
  label: z.string(),
  left: z.string().nullable(),
  right: z.string().nullable(),
  /** The left value is not known (the API cannot read it back); null then does not mean "not set". */
  leftUnknown: z.literal(true).optional(),
});

const configDiffSchema = z.object({
  left: z.string(),
  right: z.string(),
  identical: z.boolean(),
  groups: z.array(
    z.object({
      part: documentPartSchema,
      name: z.string(),
      title: z.string(),
      status: z.enum(['same', 'changed', 'only-left', 'only-right', 'not-known']),
      changes: z.array(fieldChangeSchema),
      note: z.string().nullable(),
    }),
  ),
});

const planActionSchema = z.enum(['create', 'update', 'unchanged', 'cannot']);

/** A plan item as the renderer sees it: what would be sent stays in the core (it may hold secrets). */
const planItemSchema = z.object({
  id: z.string(),
  part: documentPartSchema,
  name: z.string(),
  title: z.string(),
  action: planActionSchema,
  reason: z.string().nullable(),
  notes: z.array(z.string()),
  /** Check before applying (its values name the source's domain): not ticked by default. */
  caution: z.string().nullable(),
  changes: z.array(fieldChangeSchema),
  operationId: z.string().nullable(),
  /** The target's rule test expectations this item would make fail (applying it needs them accepted). */
  flippedExpectations: z.array(flippedExpectationSchema).optional(),
});

const applyPlanSchema = z.object({
  source: z.string(),
  target: z.string(),
  items: z.array(planItemSchema),
  counts: z.record(planActionSchema, z.number().int()),
});

const planInput = {
  source: configSourceSchema,
  target: z.strictObject({ accountId: idSchema, serviceId: serviceIdSchema }),
  /** Only these parts of the configuration (default: all). */
  parts: z.array(documentPartSchema).optional(),
};

export const configChannels = defineChannels({
  'config.export': {
    input: z.strictObject({
      accountId: idSchema,
      /** Default: every service in the account's list. */
      serviceIds: z.array(serviceIdSchema).min(1).optional(),
      /** Secrets only in a passphrase-encrypted document. */
      includeSecrets: z.boolean().optional(),
      passphrase: passphraseSchema.optional(),
    }),
    output: z.object({
      /** The document's text (or the encrypted envelope's), ready to save. */
      text: z.string(),
      encrypted: z.boolean(),
      services: z.array(z.object({ serviceId: z.number(), domainName: z.string() })),
      failed: z.array(z.object({ serviceId: z.number(), code: z.string(), message: z.string() })),
    }),
  },
  'config.diff': {
    input: z.strictObject({ left: configSourceSchema, right: configSourceSchema }),
    output: configDiffSchema,
    maxPayloadChars: 2 * MAX_DOCUMENT_CHARS + PAYLOAD_MARGIN,
  },
  'config.plan': {
    input: z.strictObject(planInput),
    output: applyPlanSchema,
    maxPayloadChars: MAX_DOCUMENT_CHARS + PAYLOAD_MARGIN,
  },
  'config.clone': {
    /** Creates a service with the source's settings on a new domain, then plans applying its policies onto it. */
    input: z.strictObject({
      source: configSourceSchema,
      /** The account the clone is created in. */
      accountId: idSchema,
      /** Checked by the core with the create schema's rules (a message naming the field). */
      domainName: z.string().max(255, 'Domain name: at most 255 characters'),
      alternateDomainNames: z.array(z.string().max(255)).max(100).optional(),
      confirmProduction: z.boolean().optional(),
    }),
    output: z.object({
      service: z.object({ id: z.number(), domainName: z.string(), cName: z.string().nullable() }),
      journalEntryId: z.string(),
      plan: applyPlanSchema,
      /**
       * Set when the service was not created now: an earlier clone to this domain (stopped before
       * it finished, or before the gateway's answer came) had created it; the clone continues on it.
       */
      continued: z.string().optional(),
    }),
    maxPayloadChars: MAX_DOCUMENT_CHARS + PAYLOAD_MARGIN,
  },
  'config.apply': {
    input: z.strictObject({
      ...planInput,
      /** The ticked plan items (ids from config.plan). */
      itemIds: z
        .array(z.string().max(1024))
        .max(10_000)
        .min(1, { error: 'Tick at least one item of the plan to apply.' }),
      confirmProduction: z.boolean().optional(),
      /** The rule test flips the plan showed for the ticked items (their names), or any: each item is checked as it applies. */
      ...ruleTestAcceptanceFields,
    }),
    output: z.object({
      plan: applyPlanSchema,
      results: z.array(
        z.object({
          id: z.string(),
          title: z.string(),
          outcome: z.enum(['applied', 'unchanged', 'cannot', 'failed', 'skipped']),
          message: z.string().nullable(),
          journalEntryId: z.string().nullable(),
        }),
      ),
      /** Every ticked item applied (or was already so). */
      allApplied: z.boolean(),
    }),
    maxPayloadChars: MAX_DOCUMENT_CHARS + PAYLOAD_MARGIN,
  },
});
