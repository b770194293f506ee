// A service's configuration as a document: what an export writes, what diff and
// plan read. JSON, schema-versioned; docs/config-documents.md describes the format. Policies are
// kept as the API lists them (lenient: fields a newer API adds survive a round trip).
import { z } from 'zod';
import { accessControlPolicySchema } from '../api/schemas/access-control.ts';
import { cacheControlPolicyV2Schema } from '../api/schemas/cache-control.ts';
import { corsHeadersRecordSchema } from '../api/schemas/cors.ts';
import { matchQueryStringResponseSchema, matchUrlPathResponseSchema } from '../api/schemas/match.ts';
import { rateLimitRecordSchema } from '../api/schemas/rate-limit.ts';
import { redirectionPolicyV2Schema } from '../api/schemas/redirection.ts';
import { serviceSchema } from '../api/schemas/service.ts';
import { REDACTED } from '../security/secret-text.ts';
import { expectationListSchema } from '../suites/schema.ts';

import { CONFIG_DOCUMENT_FORMAT, CONFIG_DOCUMENT_SCHEMA_VERSION, ENCRYPTED_CONFIG_DOCUMENT_FORMAT } from './format.ts';

export {
  CONFIG_DOCUMENT_FORMAT,
  CONFIG_DOCUMENT_SCHEMA_VERSION,
  ENCRYPTED_CONFIG_DOCUMENT_FORMAT,
  isEncryptedConfigDocument,
} from './format.ts';

/**
 * Stands in for a secret (S3 accessSecret, tokenSecret) in a document exported without secrets:
 * the same marker as the journal's, which the change service reads as "keep the current secret".
 */
export const SECRET_LEFT_OUT = REDACTED;

export const LAST_APPLIED_NOTE =
  'CORS headers and the rate limit as last applied from this app: the API cannot read them back, so they may have been changed elsewhere since.';

/**
 * Cache control: the V2 list (matches) with what the version 1.0 list adds (matchUrlPath /
 * matchQueryString, and any field the V2 item lacks).
 */
const documentCacheControlPolicySchema = cacheControlPolicyV2Schema.extend({
  matchUrlPath: matchUrlPathResponseSchema.optional(),
  matchQueryString: matchQueryStringResponseSchema.optional(),
});
/** Access control: the API lists them only in the version 1.0 shape. */
const documentAccessControlPolicySchema = accessControlPolicySchema;
/** Redirection: the API lists them only in the V2 shape. */
const documentRedirectionPolicySchema = redirectionPolicyV2Schema;

const lastAppliedCorsSchema = z.object({
  appliedAt: z.string(),
  headers: corsHeadersRecordSchema,
});
const lastAppliedRateLimitSchema = z.object({
  appliedAt: z.string(),
  /** null: the rate limit was deleted from this app. */
  rateLimit: rateLimitRecordSchema.nullable(),
});

const lastAppliedFromThisAppSchema = z.object({
  note: z.string(),
  /** null: no CORS headers were applied to this service from this app. */
  cors: lastAppliedCorsSchema.nullable(),
  /** null: no rate limit was set or deleted from this app. */
  rateLimit: lastAppliedRateLimitSchema.nullable(),
});

export const serviceConfigSchema = z.object({
  /** Where the configuration was read (for the reader; applying never uses these IDs). */
  source: z.object({
    accountName: z.string(),
    serviceId: z.number().int(),
  }),
  service: serviceSchema,
  cacheControlPolicies: z.array(documentCacheControlPolicySchema),
  accessControlPolicies: z.array(documentAccessControlPolicySchema),
  redirectionPolicies: z.array(documentRedirectionPolicySchema),
  lastAppliedFromThisApp: lastAppliedFromThisAppSchema,
  /**
   * The service's rule test suite (src/shared/suites). Kept by this app, not by the API: absent in
   * documents written before suites existed, or when the service has none.
   */
  ruleTests: expectationListSchema.optional(),
});

export const configDocumentSchema = z.object({
  format: z.literal(CONFIG_DOCUMENT_FORMAT, {
    error: `This is not a configuration document (its "format" is not ${CONFIG_DOCUMENT_FORMAT}).`,
  }),
  schemaVersion: z.literal(CONFIG_DOCUMENT_SCHEMA_VERSION, {
    error: (issue) =>
      typeof issue.input === 'number' && issue.input > CONFIG_DOCUMENT_SCHEMA_VERSION
        ? `This document has schema version ${issue.input}, written by a newer version of the app; this one reads version ${CONFIG_DOCUMENT_SCHEMA_VERSION}. Update the app.`
        : `The document's schemaVersion must be ${CONFIG_DOCUMENT_SCHEMA_VERSION}.`,
  }),
  exportedAt: z.string(),
  /** 'left-out': secrets are SECRET_LEFT_OUT; 'included' only ever inside an encrypted document. */
  secrets: z.enum(['left-out', 'included']),
  services: z.array(serviceConfigSchema),
});

/** The envelope of a passphrase-encrypted document (scrypt + AES-256-GCM, see src/core). */
export const encryptedConfigDocumentSchema = z.object({
  format: z.literal(ENCRYPTED_CONFIG_DOCUMENT_FORMAT),
  schemaVersion: z.literal(CONFIG_DOCUMENT_SCHEMA_VERSION),
  kdf: z.object({
    name: z.literal('scrypt'),
    N: z.number().int().positive(),
    r: z.number().int().positive(),
    p: z.number().int().positive(),
    salt: z.string(),
  }),
  cipher: z.object({ name: z.literal('aes-256-gcm'), iv: z.string(), tag: z.string() }),
  /** HMAC of the salt under a key derived with the passphrase: tells a wrong passphrase from a changed file. */
  passphraseCheck: z.string(),
  ciphertext: z.string(),
});

export type LastAppliedFromThisApp = z.output<typeof lastAppliedFromThisAppSchema>;
export type ServiceConfig = z.output<typeof serviceConfigSchema>;
export type ConfigDocument = z.output<typeof configDocumentSchema>;
export type EncryptedConfigDocument = z.output<typeof encryptedConfigDocumentSchema>;

/** The first problem of a failed parse, as "services.0.service.domainName: message". */
export function describeDocumentIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'The document is not valid.';
  const path = issue.path.map(String).join('.');
  return path === '' ? issue.message : `${path}: ${issue.message}`;
}

/** A short name for one service configuration in lists and diffs ("www.example.com (Acme, 101)"). */
export function serviceConfigLabel(config: ServiceConfig): string {
  return `${config.service.domainName} (${config.source.accountName}, service ${config.source.serviceId})`;
}
