// Accounts: profile metadata lives in <dataDir>/accounts.json, the access key secret only in
// the OS keychain. No output schema here carries a secret.
import { z } from 'zod';
import { defineChannels, defineEvents, idSchema, noInput, okOutput } from '../define.ts';
import { secret } from '../../api/secret-mark.ts';
import { tagListSchema } from '../../tags.ts';
import {
  accessKeyIdSchema,
  accountColorSchema,
  accountProfileFields,
  baseUrlSchema,
  customerIdSchema,
  nameSchema,
  notesSchema,
} from '../../account-profile.ts';

/** Largest accounts export the app imports (20 accounts of 5,000 services with tags fit). */
const MAX_IMPORT_CHARS = 20_000_000;
const MAX_PASSPHRASE_CHARS = 1024;
const profilePassphraseSchema = z.string().max(MAX_PASSPHRASE_CHARS, `At most ${MAX_PASSPHRASE_CHARS} characters`);

const secretSchema = secret(z.string().min(1, 'Enter the access key secret').max(1000));
const accountIdSchema = idSchema;

/** What the gateway told us about the customer when the credentials were last verified. */
const verifiedCustomerSchema = z.object({
  id: z.number(),
  name: z.string(),
  region: z.string(),
  verifiedAt: z.string(),
});

/** An account as the renderer sees it (no secret, ever). */
export const accountViewSchema = z.object({
  id: z.string(),
  kind: z.enum(['standard', 'sandbox']),
  name: z.string(),
  /** For the sandbox account: the in-process gateway URL while it runs, else 'sandbox:'. */
  baseUrl: z.string(),
  accessKeyId: z.string(),
  customerId: z.number(),
  color: accountColorSchema,
  production: z.boolean(),
  notes: z.string(),
  /** Imported profile without a secret: the UI asks for it (accounts.rotateSecret) before use. */
  needsSecret: z.boolean(),
  customer: verifiedCustomerSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AccountView = z.infer<typeof accountViewSchema>;

/** Problems the user must know about (corrupt accounts file kept aside, keychain unavailable…). */
export const warningSchema = z.object({ code: z.string(), message: z.string() });
export type Warning = z.infer<typeof warningSchema>;

/** Whether the account's gateway answered recently (this session's API calls; not persisted). */
const accountHealthSchema = z.object({
  /** unknown: no call yet in this session. */
  state: z.enum(['unknown', 'reachable', 'unreachable']),
  lastSuccessAt: z.string().nullable(),
  lastFailureAt: z.string().nullable(),
  /** Plain words, never a secret (status and error code at most). */
  lastFailure: z.string().nullable(),
});
export type AccountHealth = z.infer<typeof accountHealthSchema>;

const connectionCheckSchema = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    customer: verifiedCustomerSchema,
    latencyMs: z.number(),
  }),
  z.object({
    ok: z.literal(false),
    /** The API or connection error code (Signature.NotMatch, Connection.Failed, …). */
    code: z.string(),
    /** Plain words: what went wrong and what to do. */
    message: z.string(),
    field: z.enum(['baseUrl', 'accessKeyId', 'secret', 'customerId']).optional(),
  }),
]);
export type ConnectionCheck = z.infer<typeof connectionCheckSchema>;

export const accountChannels = defineChannels({
  'accounts.list': {
    input: noInput,
    output: z.object({
      accounts: z.array(accountViewSchema),
      currentAccountId: z.string().nullable(),
      warnings: z.array(warningSchema),
    }),
  },
  'accounts.get': {
    input: z.strictObject({ accountId: accountIdSchema }),
    output: accountViewSchema,
  },
  'accounts.add': {
    input: z.strictObject({
      ...accountProfileFields,
      secret: secretSchema,
      /** false = "save without verifying" (offline use). */
      verify: z.boolean().default(true),
      /** Make it the current account (default: only when there is none). */
      makeCurrent: z.boolean().optional(),
      /** The account's tags (tags.json), stored once the account exists. */
      tags: tagListSchema.optional(),
    }),
    output: z.object({
      account: accountViewSchema,
      verified: z.boolean(),
      /** The tags as stored (when tags were given and stored). */
      tags: z.array(z.string()).optional(),
      /**
       * Tags were given but could not be stored: the account IS added (a retry of accounts.add
       * would be a duplicate), so this says what failed and what to do instead of throwing.
       */
      tagsError: z.string().optional(),
    }),
  },
  'accounts.update': {
    input: z.strictObject({
      accountId: accountIdSchema,
      patch: z.strictObject({
        name: nameSchema.optional(),
        baseUrl: baseUrlSchema.optional(),
        accessKeyId: accessKeyIdSchema.optional(),
        customerId: customerIdSchema.optional(),
        color: accountColorSchema.optional(),
        production: z.boolean().optional(),
        notes: notesSchema.optional(),
      }),
      /** Check the changed connection (base URL, key ID, customer ID) with getCustomer first. */
      verify: z.boolean().default(false),
      /** Replaces the account's tags (an empty list removes them), after the patch is saved. */
      tags: tagListSchema.optional(),
    }),
    output: accountViewSchema,
  },
  'accounts.rotateSecret': {
    input: z.strictObject({
      accountId: accountIdSchema,
      secret: secretSchema,
      /** A rotated key may come with a new key ID. */
      accessKeyId: accessKeyIdSchema.optional(),
      /** The new secret is verified before the old one is replaced, unless false. */
      verify: z.boolean().default(true),
    }),
    output: accountViewSchema,
  },
  'accounts.remove': {
    input: z.strictObject({ accountId: accountIdSchema }),
    output: okOutput,
  },
  'accounts.switch': {
    input: z.strictObject({ accountId: accountIdSchema }),
    output: z.object({ currentAccountId: z.string() }),
  },
  'accounts.export': {
    input: z
      .strictObject({
        /** Absent: every account except the Sandbox (which is local to this computer). */
        accountIds: z.array(accountIdSchema).max(1000).optional(),
        /** Each account's service list and tags, and its services' tags (default: included). */
        includeInventory: z.boolean().default(true),
        /**
         * Given: the access key secrets are read from the keychain and included, and the whole file
         * is encrypted with this passphrase (scrypt + AES-256-GCM). Absent: no secret in the file.
         */
        passphrase: profilePassphraseSchema.optional(),
      })
      .optional(),
    /** A schema-versioned JSON document; the UI saves it with host.saveFile. */
    output: z.object({
      fileName: z.string(),
      content: z.string(),
      count: z.number(),
      encrypted: z.boolean(),
      /** Accounts exported without a secret although one was asked for (an imported profile whose secret was never entered). */
      withoutSecret: z.array(z.string()),
    }),
  },
  'accounts.import': {
    input: z.strictObject({
      content: z
        .string()
        .min(1, 'The file is empty')
        .max(MAX_IMPORT_CHARS, 'The file is too large to be an accounts export.'),
      /** For an encrypted export (one that includes secrets). */
      passphrase: profilePassphraseSchema.optional(),
    }),
    maxPayloadChars: MAX_IMPORT_CHARS + 1024,
    output: z.object({
      imported: z.array(accountViewSchema),
      /** Per imported account: what came with it. */
      added: z.array(
        z.object({
          accountId: z.string(),
          name: z.string(),
          services: z.number(),
          tags: z.array(z.string()),
          /** stored: the secret from the file is in the keychain; needed: enter it before use. */
          secretState: z.enum(['stored', 'needed']),
        }),
      ),
      /** Entries that could not be imported, with the reason. */
      skipped: z.array(z.object({ name: z.string(), reason: z.string() })),
      /** Profiles already here (same base URL, access key ID and customer ID): left as they are. */
      duplicates: z.array(z.object({ name: z.string(), existingName: z.string() })),
      encrypted: z.boolean(),
    }),
  },
  'accounts.testConnection': {
    /** A saved account, or the fields of the add dialog before saving. */
    input: z.union([
      z.strictObject({ accountId: accountIdSchema }),
      z.strictObject({
        baseUrl: baseUrlSchema,
        accessKeyId: accessKeyIdSchema,
        customerId: customerIdSchema,
        secret: secretSchema,
      }),
    ]),
    output: connectionCheckSchema,
  },
  'accounts.health': {
    input: noInput,
    /** By account ID; accounts without a call in this session are left out. */
    output: z.record(z.string(), accountHealthSchema),
  },
  'accounts.ensureSandbox': {
    input: z.strictObject({ makeCurrent: z.boolean().optional() }).optional(),
    output: accountViewSchema,
  },
});

export const accountEvents = defineEvents({
  'accounts.changed': z.object({
    reason: z.enum(['added', 'updated', 'removed', 'switched', 'imported', 'secret-rotated']),
    accountId: z.string().nullable(),
    currentAccountId: z.string().nullable(),
  }),
  'accounts.healthChanged': z.object({ accountId: z.string(), health: accountHealthSchema }),
});
