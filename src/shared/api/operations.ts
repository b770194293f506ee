/**
 * THE operation table (modelled on Octokit's endpoints.ts): one entry per spec operation, keyed
 * by operationId, holding everything about it: its HTTP shape, the error codes it answers, how
 * its body is checked, and what it does beyond HTTP (its facts: label, changes state, read back,
 * re-apply, retry, journal wording, how an unanswered write is settled). The entries sit by API
 * area in operations/ (what an entry holds: operations/operation-entry.ts); this file assembles
 * them in the spec's order. Everything else derives from the table: the operationIds, the client's
 * methods, the sandbox's routes and validation, the error table's Operations column (errors.ts),
 * the facts' helpers (operation-facts.ts), the policy body fields (policy-bodies.ts) and the
 * OpenAPI document. docs/architecture.md, "Adding an operation".
 */
import type { z } from 'zod';
import { analyticsOperations } from './operations/analytics.ts';
import { corsAndRateLimitOperations } from './operations/cors-and-rate-limit.ts';
import { customerAndServiceOperations } from './operations/customer-and-services.ts';
import { defineOperations } from './operations/operation-entry.ts';
import { policyOperations } from './operations/policies.ts';

export const operations = defineOperations({
  ...customerAndServiceOperations,
  ...policyOperations,
  ...corsAndRateLimitOperations,
  ...analyticsOperations,
});

export type Operations = typeof operations;
/** The operationIds: the table's keys. */
export type OperationId = keyof Operations;
export type AnyOperation = Operations[OperationId];

/** Every operationId, in the table's order (the spec's). */
export const operationIds = Object.keys(operations) as OperationId[];

export function isOperationId(value: unknown): value is OperationId {
  return typeof value === 'string' && Object.hasOwn(operations, value);
}

export type OperationParams<Id extends OperationId> = z.input<Operations[Id]['pathParams']>;
type OperationBody<Id extends OperationId> = Operations[Id]['body'] extends z.ZodType
  ? z.input<Operations[Id]['body']>
  : undefined;
/** What a caller passes: params `{}` when the path has none, body `undefined` when none. */
export interface OperationInput<Id extends OperationId> {
  params: OperationParams<Id>;
  body: OperationBody<Id>;
}
/**
 * What a caller passes by operationId, in the client's shape: params may be left out when none
 * is required, body when the operation has none.
 */
export type OperationRequest<Id extends OperationId> = (Record<never, never> extends OperationParams<Id>
  ? { params?: OperationParams<Id> }
  : { params: OperationParams<Id> }) &
  (Operations[Id]['body'] extends z.ZodType ? { body: OperationBody<Id> } : { body?: undefined });
/** What a call resolves to: the parsed response, or undefined for the no-body 200s. */
export type OperationResult<Id extends OperationId> = Operations[Id]['response'] extends z.ZodType
  ? z.output<Operations[Id]['response']>
  : undefined;
