import type { AccessControlPolicy } from '../model.ts';
import { matchesFromV1 } from '../policy-shapes.ts';
import { accessControlV1, checkPriorityUnique, nextFreePriority, normaliseGeo } from './access-control-shared.ts';
import { bodyOf, defined, serviceOf } from './common.ts';
import type { Handler } from './types.ts';

/** POST /cdn/v1.0/services/{serviceId}/accessControl: priority defaults to the highest + 1. */
export const createAccessControlPolicy: Handler = (ctx) => {
  const record = serviceOf(ctx);
  const body = bodyOf(ctx, 'createAccessControlPolicy');
  if (body.priority !== undefined) checkPriorityUnique(record, body.priority);
  const policy = ctx.store.mutate((state) =>
    defined<AccessControlPolicy>({
      policyId: state.nextPolicyId++,
      policyName: body.policyName,
      type: body.type,
      matches: matchesFromV1(body),
      priority: body.priority ?? nextFreePriority(record),
      ipRestriction: body.ipRestriction,
      geoRestriction: normaliseGeo(body.geoRestriction),
      anonymousIp: body.anonymousIp ?? false,
      tokenSecret: body.tokenSecret,
      enabled: body.enabled ?? true,
    }),
  );
  ctx.store.mutate(() => record.accessControl.push(policy));
  return { body: accessControlV1(policy) };
};
