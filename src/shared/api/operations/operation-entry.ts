// What one entry of the operation table holds, the function that fills in what derives from an
// entry, and the pieces several entries share. The entries themselves sit by API area beside this
// file; operations.ts assembles them into the table.
import { z } from 'zod';
import { codesAnswered, type ApiErrorCode } from '../error-codes.ts';
import type { OperationFacts, ReadFacts } from '../operation-facts.ts';
import type { ValidationRule } from '../validation-rules.ts';

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The groups of the OpenAPI document, each with its description. */
export const operationTags = {
  Customer: 'The customer the access key belongs to.',
  Services: 'Website acceleration services: create one, read one.',
  'Cache control': 'Cache control policies of a service: how the edge caches the requests they match.',
  'Access control':
    'Access control policies of a service: which clients may fetch the URLs they match (allow, deny, token).',
  Redirection: 'Redirection policies of a service: the requests they match are answered with a 301 or 302.',
  CORS: 'The CORS response headers of a service: one set per service, replaced as a whole.',
  'Rate limit': 'The rate limit of a service: one configuration per service.',
  Analytics: 'Traffic series of services: data volume, bandwidth, requests and origin requests.',
} as const;
type OperationTag = keyof typeof operationTags;

/** What one entry of the table holds (the operationId is its key). */
export interface OperationEntry {
  /** The spec's operation number (its Endpoints table). */
  readonly specNumber: number;
  readonly method: HttpMethod;
  /** Path template with {name} placeholders, relative to the base URL. */
  readonly path: string;
  /** Other paths the spec shows for the same operation; the sandbox answers them, the client never uses them. */
  readonly aliasPaths?: readonly string[];
  readonly pathParams: z.ZodObject;
  readonly body: z.ZodType | null;
  /** null: 200 without a body. */
  readonly response: z.ZodType | null;
  readonly summary: string;
  readonly tag: OperationTag;
  /**
   * The codes it answers besides those every operation (or every one with a body) answers
   * (error-codes.ts): the spec's Errors rows naming it, the extensions of docs/api-decisions.md
   * and the gateway codes that concern it.
   */
  readonly errors: readonly ApiErrorCode[];
  /** How its body is checked: which code an issue answers, in the spec's order (validation-rules.ts); none without a body. */
  readonly validation?: readonly ValidationRule[];
  /** What it does beyond its HTTP shape (operation-facts.ts); operationIds it names are checked there. */
  readonly facts: OperationFacts<string>;
}

/** An entry as the table holds it, with what derives from it filled in. */
export interface OperationDefinition<Id extends string = string, E extends OperationEntry = OperationEntry> {
  readonly operationId: Id;
  readonly specNumber: number;
  readonly method: E['method'];
  readonly path: string;
  readonly aliasPaths: readonly string[];
  readonly pathParams: E['pathParams'];
  readonly body: E['body'];
  readonly response: E['response'];
  /** Every spec code it can return (the entry's, and those of every operation); gateway codes: errors.ts. */
  readonly errors: readonly ApiErrorCode[];
  /** The codes its entry lists. */
  readonly listedErrors: readonly ApiErrorCode[];
  /** Safe to retry automatically: its facts' `retryable` (every read, and the PUT/DELETE changes). */
  readonly idempotent: boolean;
  readonly summary: string;
  readonly tag: OperationTag;
  readonly facts: E['facts'];
  readonly validation: readonly ValidationRule[];
}

/** Fills each entry's derived fields, keeping each entry's own types (the table stays typed per entry). */
export function defineOperations<const T extends { readonly [id: string]: OperationEntry }>(
  table: T,
): { readonly [Id in keyof T & string]: OperationDefinition<Id, T[Id]> } {
  const out: Record<string, OperationDefinition> = {};
  for (const [operationId, entry] of Object.entries(table)) {
    out[operationId] = {
      operationId,
      specNumber: entry.specNumber,
      method: entry.method,
      path: entry.path,
      aliasPaths: entry.aliasPaths ?? [],
      pathParams: entry.pathParams,
      body: entry.body,
      response: entry.response,
      errors: codesAnswered(entry.errors, entry.body !== null, 'spec'),
      listedErrors: entry.errors,
      idempotent: entry.facts.retryable,
      summary: entry.summary,
      tag: entry.tag,
      facts: entry.facts,
      validation: entry.validation ?? [],
    };
  }
  return out as { readonly [Id in keyof T & string]: OperationDefinition<Id, T[Id]> };
}

/** A group of entries as written, each keeping its own types (the table stays typed per entry). */
export function operationEntries<const T extends { readonly [id: string]: OperationEntry }>(entries: T): T {
  return entries;
}

export const noParams = z.object({});

// Reads are always safe to retry, including the four analytics reads that the API serves by POST.
export const read = (label: string): ReadFacts => ({ changesState: false, label, retryable: true });

/** Codes of every call that names a service of the key's customer in its path. */
export const serviceCodes = ['InvalidService.IdIncorrect', 'InvalidService.IdPermission'] as const;

/** The path template's placeholder names, in order. */
export function pathParamNames(template: string): string[] {
  return [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
}
