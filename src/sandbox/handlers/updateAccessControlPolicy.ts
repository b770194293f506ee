import type { AccessControlPolicy } from '../model.ts';
import { matchesFromV1 } from '../policy-shapes.ts';
import { accessControlV1, checkPriorityUnique, normaliseGeo } from './access-control-shared.ts';
import { bodyOf, defined, policyOf, serviceOf } from './common.ts';
import type { Handler } from './types.ts';

/**
 * PUT /cdn/v1.0/services/{serviceId}/accessControl/{policyId}: full replacement in the v1.0 shape
 * (the stored matches become exactly the given matchUrlPath / matchQueryString); an omitted priority
 * keeps the current one.
 */
export const updateAccessControlPolicy: Handler = (ctx) => {
  const record = serviceOf(ctx);
  const current = policyOf(ctx, record.accessControl, 'access control');
  const body = bodyOf(ctx, 'updateAccessControlPolicy');
  if (body.priority !== undefined) checkPriorityUnique(record, body.priority, current.policyId);
  const next = defined<AccessControlPolicy>({
    policyId: current.policyId,
    policyName: body.policyName,
    type: body.type,
    matches: matchesFromV1(body),
    priority: body.priority ?? current.priority,
    ipRestriction: body.ipRestriction,
    geoRestriction: normaliseGeo(body.geoRestriction),
    anonymousIp: body.anonymousIp ?? false,
    tokenSecret: body.tokenSecret,
    enabled: body.enabled ?? true,
  });
  ctx.store.mutate(() => {
    record.accessControl[record.accessControl.indexOf(current)] = next;
  });
  return { body: accessControlV1(next) };
};
