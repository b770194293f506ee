// Access control rules shared by create and both edits: priority unique per service, geo codes
// stored sorted (the spec says the returned order may differ), v1.0 view of a stored policy.
import { apiError } from '../errors.ts';
import type { AccessControlPolicy, ServiceRecord } from '../model.ts';
import { v1FromMatches } from '../policy-shapes.ts';

export function checkPriorityUnique(record: ServiceRecord, priority: number, exceptPolicyId?: number): void {
  const clash = record.accessControl.find((p) => p.priority === priority && p.policyId !== exceptPolicyId);
  if (clash) {
    throw apiError('InvalidPriority.Unique', `Priority ${priority} is already used by access control policy ${clash.policyId}.`);
  }
}

export function nextFreePriority(record: ServiceRecord): number {
  return record.accessControl.reduce((max, p) => Math.max(max, p.priority), 0) + 1;
}

export function normaliseGeo(geo: string | undefined): string | undefined {
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
