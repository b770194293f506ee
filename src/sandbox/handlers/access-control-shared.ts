// Access control rules shared by create and both edits: priority unique per service, geo codes
// stored sorted (the spec says the returned order may differ), defaults of a stored policy, the
// full replacement, v1.0 view of a stored policy.
import { apiError } from '../errors.ts';
import type { AccessControlPolicy, Match, ServiceRecord } from '../model.ts';
import { v1FromMatches } from '../policy-shapes.ts';
import { bodyOf, defined, policyOf, replacePolicy, serviceOf, type BodyOf } from './common.ts';
import type { HandlerContext } from './types.ts';

/** The body fields every access control operation stores the same way. */
type AccessControlFields = Pick<
  AccessControlPolicy,
  'policyName' | 'type' | 'ipRestriction' | 'geoRestriction' | 'tokenSecret'
> & {
  anonymousIp?: boolean;
  enabled?: boolean;
};

/** The stored policy: absent flags default (anonymousIp off, enabled on), geo codes sorted. */
export function accessControlPolicy(
  policyId: number,
  priority: number,
  matches: Match[],
  body: AccessControlFields,
): AccessControlPolicy {
  return defined<AccessControlPolicy>({
    policyId,
    policyName: body.policyName,
    type: body.type,
    matches,
    priority,
    ipRestriction: body.ipRestriction,
    geoRestriction: normaliseGeo(body.geoRestriction),
    anonymousIp: body.anonymousIp ?? false,
    tokenSecret: body.tokenSecret,
    enabled: body.enabled ?? true,
  });
}

/**
 * Both edits (v1.0 and v1.1): a full replacement with the matches the body gives in its version's
 * shape; an omitted priority keeps the current one. Returns the stored policy.
 */
export function replaceAccessControlPolicy<Id extends 'updateAccessControlPolicy' | 'updateAccessControlPolicyV2'>(
  ctx: HandlerContext,
  id: Id,
  matchesOf: (body: BodyOf<Id>) => Match[],
): AccessControlPolicy {
  const record = serviceOf(ctx);
  const current = policyOf(ctx, record.accessControl, 'access control');
  const body = bodyOf(ctx, id);
  const fields: AccessControlFields & { priority?: number } = body;
  if (fields.priority !== undefined) checkPriorityUnique(record, fields.priority, current.policyId);
  const next = accessControlPolicy(current.policyId, fields.priority ?? current.priority, matchesOf(body), fields);
  replacePolicy(ctx, record.accessControl, current, next);
  return next;
}

export function checkPriorityUnique(record: ServiceRecord, priority: number, exceptPolicyId?: number): void {
  const clash = record.accessControl.find((p) => p.priority === priority && p.policyId !== exceptPolicyId);
  if (clash) {
    throw apiError(
      'InvalidPriority.Unique',
      `Priority ${priority} is already used by access control policy ${clash.policyId}.`,
    );
  }
}

export function nextFreePriority(record: ServiceRecord): number {
  return record.accessControl.reduce((max, p) => Math.max(max, p.priority), 0) + 1;
}

function normaliseGeo(geo: string | undefined): string | undefined {
  if (geo === undefined) return undefined;
  return geo
    .split(',')
    .map((c) => c.trim())
    .sort()
    .join(',');
}

export function accessControlV1(policy: AccessControlPolicy): Record<string, unknown> {
  const { matches, ...rest } = policy;
  return { ...rest, ...v1FromMatches(matches) };
}
