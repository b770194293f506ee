import type { AccessControlPolicy } from '../model.ts';
import { checkPriorityUnique, normaliseGeo } from './access-control-shared.ts';
import { bodyOf, defined, policyOf, serviceOf } from './common.ts';
import type { Handler } from './types.ts';

/** PUT /cdn/v1.1/services/{serviceId}/accessControl/{policyId}: full replacement with matches. */
export const updateAccessControlPolicyV2: Handler = (ctx) => {
  const record = serviceOf(ctx);
  const current = policyOf(ctx, record.accessControl, 'access control');
  const body = bodyOf(ctx, 'updateAccessControlPolicyV2');
  if (body.priority !== undefined) checkPriorityUnique(record, body.priority, current.policyId);
  const next = defined<AccessControlPolicy>({
    policyId: current.policyId,
    policyName: body.policyName,
    type: body.type,
    matches: body.matches.map((m) => ({ field: m.field, operator: m.operator, values: [...m.values] })),
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
  return { body: next };
};
