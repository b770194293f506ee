import { matchesFromV1 } from '../policy-shapes.ts';
import {
  accessControlPolicy,
  accessControlV1,
  checkPriorityUnique,
  nextFreePriority,
} from './access-control-shared.ts';
import { bodyOf, serviceOf } from './common.ts';
import type { Handler } from './types.ts';

/** POST /cdn/v1.0/services/{serviceId}/accessControl: priority defaults to the highest + 1. */
export const createAccessControlPolicy: Handler = (ctx) => {
  const record = serviceOf(ctx);
  const body = bodyOf(ctx, 'createAccessControlPolicy');
  if (body.priority !== undefined) checkPriorityUnique(record, body.priority);
  const policy = ctx.store.mutate((state) =>
    accessControlPolicy(state.nextPolicyId++, body.priority ?? nextFreePriority(record), matchesFromV1(body), body),
  );
  ctx.store.mutate(() => record.accessControl.push(policy));
  return { body: accessControlV1(policy) };
};
