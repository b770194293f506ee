// Checks shared by the handlers, in the order the gateway applies them: customer of the key →
// serviceId → service of that customer → policyId → body (shared validation) → cross-record rules.
import type { z } from 'zod';
import { errorCodesForOperation } from '#shared/api/errors.ts';
import { operations, type OperationId, type Operations } from '#shared/api/operations.ts';
import { validateOperationBody, validateOperationParams } from '#shared/api/validate.ts';
import { apiError } from '../errors.ts';
import type { ServiceRecord } from '../model.ts';
import type { HandlerContext } from './types.ts';

type BodySchemaOf<Id extends OperationId> = Operations[Id]['body'];
export type BodyOf<Id extends OperationId> = BodySchemaOf<Id> extends z.ZodType ? z.output<BodySchemaOf<Id>> : never;

/**
 * One path parameter checked by the shared rules (serviceId → InvalidService.IdIncorrect, policyId →
 * Request.BadRequest, customer_id → InvalidCustomer.IdEmpty); only that parameter's failure is
 * reported, so the checks can run in the gateway's order.
 */
export function pathParam(ctx: HandlerContext, name: string): number {
  const result = validateOperationParams(ctx.operationId, ctx.params);
  if (!result.ok) {
    if (result.field === name) throw apiError(result.code, result.message);
    // Another parameter failed first; validate this one alone.
    const own = validateOperationParams(ctx.operationId, { ...ctx.params, ...validStandIns(ctx, name) });
    if (!own.ok) throw apiError(own.code, own.message);
    return own.value[name];
  }
  return result.value[name];
}

// Replaces every other path parameter by a valid value, to isolate the one being checked.
function validStandIns(ctx: HandlerContext, keep: string): Record<string, string> {
  return Object.fromEntries(
    Object.keys(ctx.params)
      .filter((k) => k !== keep)
      .map((k) => [k, '1']),
  );
}

/** The key's customer; 0 (no customer bound) answers IdEmpty where the error table lists it. */
export function customerIdOf(ctx: HandlerContext): number {
  const id = ctx.principal.customerId;
  if (!(id > 0) && errorCodesForOperation(ctx.operationId).includes('InvalidCustomer.IdEmpty')) {
    throw apiError('InvalidCustomer.IdEmpty', 'The access key is not bound to a customer ID.');
  }
  return id;
}

function serviceIdOf(ctx: HandlerContext): number {
  return pathParam(ctx, 'serviceId');
}

/** The service of the key's customer; unknown or another customer's → IdPermission. */
export function serviceOf(ctx: HandlerContext): ServiceRecord {
  const customerId = customerIdOf(ctx);
  const serviceId = serviceIdOf(ctx);
  const record = ctx.store.service(customerId, serviceId);
  if (!record) {
    throw apiError(
      'InvalidService.IdPermission',
      `Service ${serviceId} does not exist or does not belong to this customer.`,
    );
  }
  return record;
}

/** The policy named by the path's policyId; unknown on this service → 404 InvalidPolicy.IdNotFound (gateway code). */
export function policyOf<P extends { policyId: number }>(ctx: HandlerContext, policies: readonly P[], kind: string): P {
  const id = pathParam(ctx, 'policyId');
  const policy = policies.find((p) => p.policyId === id);
  if (!policy) throw apiError('InvalidPolicy.IdNotFound', `The service has no ${kind} policy ${id}.`);
  return policy;
}

/** A full replacement: `next` takes the place of `current` in the service's list. */
export function replacePolicy<P>(ctx: HandlerContext, policies: P[], current: P, next: P): void {
  ctx.store.mutate(() => {
    policies[policies.indexOf(current)] = next;
  });
}

/** Runs the shared body validation of the operation; its first error becomes the answer. */
export function bodyOf<Id extends OperationId>(ctx: HandlerContext, id: Id): BodyOf<Id> {
  if (operations[id].body === null) throw new Error(`sandbox: ${id} has no body schema`);
  const result = validateOperationBody(id, ctx.body);
  if (!result.ok) throw apiError(result.code, result.message);
  return result.value as BodyOf<Id>;
}

/** Copies the optional fields that are present (JSON has no undefined). */
export function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
