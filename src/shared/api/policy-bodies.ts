// A listed policy in the request shape of the operation that edits or creates it, so that a diff
// or a plan compares like with like. Used by the change service (journal "before") and by
// configuration documents (plan bodies). The fields are the operation's body schema's.
import { z } from 'zod';
import { matchesToV10, type MatchLike } from '../rules/index.ts';
import { policyListEditOf, type PolicyBodyOperationId } from './operation-facts.ts';
import { operations, type OperationId } from './operations.ts';

export type { PolicyBodyOperationId };

type Json = Record<string, unknown>;

/** The fields of an operation's body, in its schema's order; none when the body is not an object. */
export function bodyFieldsOf(operationId: OperationId): readonly string[] {
  const body = operations[operationId].body;
  return body instanceof z.ZodObject ? Object.keys(body.shape) : [];
}

function pick(source: Json, fields: readonly string[]): Json {
  const out: Json = {};
  for (const f of fields) if (source[f] !== undefined && source[f] !== null) out[f] = source[f];
  return out;
}

/** A listed policy in the request shape of `operationId` (an operation that takes a policy body). */
export function policyAsBody(operationId: string, policy: Json): Json {
  if (policyListEditOf(operationId) === undefined) return pick(policy, Object.keys(policy));
  const id = operationId as PolicyBodyOperationId;
  switch (id) {
    case 'updateAccessControlPolicyV2':
      // A policy listed in the version 1.0 shape keeps it: the version 1.0 edit's fields.
      return pick(policy, bodyFieldsOf(policy.matches !== undefined ? id : 'updateAccessControlPolicy'));
    case 'updateRedirectionPolicy': {
      const body = pick(policy, bodyFieldsOf(id));
      // The V2 list gives `matches`; the v1.0 edit wants matchUrlPath (+ matchQueryString).
      if (body.matchUrlPath === undefined && Array.isArray(policy.matches)) {
        const pair = matchesToV10(policy.matches as MatchLike[]);
        if (pair) Object.assign(body, pair);
        else body.matches = policy.matches;
      }
      return body;
    }
    default:
      return pick(policy, bodyFieldsOf(id));
  }
}
