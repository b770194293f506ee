// The policy parts of a configuration plan: cache control, access control and redirection
// policies, matched to the target's by name. The API edits policies of all three kinds but creates
// only access control ones and deletes none, so what it cannot do is a "cannot" item with the reason.
import { policyAsBody } from '../api/policy-bodies.ts';
import {
  createAccessControlPolicyBodySchema,
  updateAccessControlPolicyBodySchema,
  updateAccessControlPolicyV2BodySchema,
} from '../api/schemas/access-control.ts';
import { updateCacheControlPolicyV2BodySchema } from '../api/schemas/cache-control.ts';
import { updateRedirectionPolicyBodySchema } from '../api/schemas/redirection.ts';
import { matchesToV10, v10ToMatches, type MatchLike, type PatternMatchLike } from '../rules/index.ts';
import { fieldChanges } from './diff.ts';
import { SECRET_LEFT_OUT, type ServiceConfig } from './schema.ts';
import type { PlanItem } from './plan.ts';
import {
  cannot,
  cannotApply,
  countByName,
  firstIssue,
  isObject,
  item,
  updateOrUnchanged,
  V10_CONDITIONS_NOTE,
  type Json,
  type Policy,
} from './plan-items.ts';

export function planCacheControl(source: ServiceConfig, target: ServiceConfig): Array<Omit<PlanItem, 'id'>> {
  const kind = 'cache control';
  const serviceId = target.source.serviceId;
  const inDocument = countByName(source.cacheControlPolicies);
  const onTarget = countByName(target.cacheControlPolicies);
  const withMatches = (p: Json): Json => {
    const matches = Array.isArray(p.matches)
      ? p.matches
      : isObject(p.matchUrlPath)
        ? v10ToMatches(p as { matchUrlPath?: PatternMatchLike; matchQueryString?: PatternMatchLike })
        : undefined;
    // autoGzipDisable is Mandatory on edit; the spec's default is false.
    return { ...p, matches, autoGzipDisable: p.autoGzipDisable ?? false };
  };
  const items: Array<Omit<PlanItem, 'id'>> = [];
  for (const policy of source.cacheControlPolicies as Policy[]) {
    const name = policy.policyName ?? '';
    const repeated = inDocument.get(name) ?? 0;
    if (repeated > 1) {
      items.push(cannot('cache-control', name, cannotApply.repeatedInDocument(kind, name, repeated)));
      continue;
    }
    const matching = (target.cacheControlPolicies as Policy[]).filter((p) => (p.policyName ?? '') === name);
    if (matching.length === 0) {
      items.push(cannot('cache-control', name, cannotApply.cacheControlMissing(name), fieldChanges({}, policy)));
      continue;
    }
    if (matching.length > 1) {
      items.push(cannot('cache-control', name, cannotApply.ambiguousTarget(kind, name, matching.length)));
      continue;
    }
    const document = withMatches(policy);
    if (document.matches === undefined) {
      items.push(cannot('cache-control', name, cannotApply.conditionsUnknown(kind)));
      continue;
    }
    const targetPolicy = matching[0] as Policy;
    items.push(
      updateOrUnchanged(
        'cache-control',
        name,
        'updateCacheControlPolicyV2',
        updateCacheControlPolicyV2BodySchema,
        policyAsBody('updateCacheControlPolicyV2', document),
        policyAsBody('updateCacheControlPolicyV2', withMatches(targetPolicy)),
        { serviceId, policyId: targetPolicy.policyId },
      ),
    );
  }
  for (const policy of target.cacheControlPolicies as Policy[]) {
    if (!inDocument.has(policy.policyName ?? '') && (onTarget.get(policy.policyName ?? '') ?? 0) > 0) {
      items.push(cannot('cache-control', policy.policyName ?? '', cannotApply.onlyOnTarget('cache control policy')));
    }
  }
  return items;
}

export function planAccessControl(source: ServiceConfig, target: ServiceConfig): Array<Omit<PlanItem, 'id'>> {
  const kind = 'access control';
  const serviceId = target.source.serviceId;
  const inDocument = countByName(source.accessControlPolicies);
  const targetPolicies = target.accessControlPolicies as Policy[];
  const items: Array<Omit<PlanItem, 'id'>> = [];
  for (const policy of source.accessControlPolicies as Policy[]) {
    const name = policy.policyName ?? '';
    const repeated = inDocument.get(name) ?? 0;
    if (repeated > 1) {
      items.push(cannot('access-control', name, cannotApply.repeatedInDocument(kind, name, repeated)));
      continue;
    }
    const matching = targetPolicies.filter((p) => (p.policyName ?? '') === name);
    if (matching.length > 1) {
      items.push(cannot('access-control', name, cannotApply.ambiguousTarget(kind, name, matching.length)));
      continue;
    }
    const existing = matching[0];
    if (!Array.isArray(policy.matches) && !isObject(policy.matchUrlPath)) {
      items.push(cannot('access-control', name, cannotApply.conditionsUnknown(kind)));
      continue;
    }
    if (typeof policy.priority === 'number') {
      const clash = targetPolicies.find((p) => p.priority === policy.priority && p !== existing);
      if (clash) {
        items.push(
          cannot(
            'access-control',
            name,
            cannotApply.priorityTaken(policy.priority, clash.policyName ?? String(clash.policyId)),
          ),
        );
        continue;
      }
    }
    if (existing === undefined) {
      if (policy.type === 'token' && policy.tokenSecret === SECRET_LEFT_OUT) {
        items.push(cannot('access-control', name, cannotApply.tokenSecretLeftOut(), fieldChanges({}, policy)));
        continue;
      }
      let document: Json = policy;
      if (!isObject(policy.matchUrlPath)) {
        const pair = matchesToV10(policy.matches as MatchLike[]);
        if (pair === null) {
          items.push(
            cannot(
              'access-control',
              name,
              cannotApply.conditionsNotExpressible(kind, 'creating an access control policy'),
            ),
          );
          continue;
        }
        document = { ...policy, ...pair };
      }
      const body = policyAsBody('createAccessControlPolicy', document);
      if (body.tokenSecret === SECRET_LEFT_OUT) delete body.tokenSecret;
      const parsed = createAccessControlPolicyBodySchema.safeParse(body);
      if (!parsed.success) {
        items.push(cannot('access-control', name, firstIssue(parsed.error)));
        continue;
      }
      items.push(
        item({
          part: 'access-control',
          name,
          action: 'create',
          changes: fieldChanges({}, body),
          notes: Array.isArray(policy.matches) ? [] : [V10_CONDITIONS_NOTE],
          operationId: 'createAccessControlPolicy',
          input: { params: { serviceId }, body },
        }),
      );
      continue;
    }
    // The document holds the version 1.0 shape (the only list); a hand-written V2 `matches` uses the V2 edit.
    const v2 = Array.isArray(policy.matches);
    const operationId = v2 ? 'updateAccessControlPolicyV2' : 'updateAccessControlPolicy';
    items.push(
      updateOrUnchanged(
        'access-control',
        name,
        operationId,
        v2 ? updateAccessControlPolicyV2BodySchema : updateAccessControlPolicyBodySchema,
        policyAsBody(operationId, policy),
        policyAsBody(operationId, existing),
        { serviceId, policyId: existing.policyId },
        v2 ? [] : [V10_CONDITIONS_NOTE],
      ),
    );
  }
  for (const policy of targetPolicies) {
    if (!inDocument.has(policy.policyName ?? '')) {
      items.push(cannot('access-control', policy.policyName ?? '', cannotApply.onlyOnTarget('access control policy')));
    }
  }
  return items;
}

export function planRedirections(source: ServiceConfig, target: ServiceConfig): Array<Omit<PlanItem, 'id'>> {
  const kind = 'redirection';
  const serviceId = target.source.serviceId;
  const inDocument = countByName(source.redirectionPolicies);
  const items: Array<Omit<PlanItem, 'id'>> = [];
  for (const policy of source.redirectionPolicies as Policy[]) {
    const name = policy.policyName ?? '';
    const repeated = inDocument.get(name) ?? 0;
    if (repeated > 1) {
      items.push(cannot('redirection', name, cannotApply.repeatedInDocument(kind, name, repeated)));
      continue;
    }
    const matching = (target.redirectionPolicies as Policy[]).filter((p) => (p.policyName ?? '') === name);
    if (matching.length === 0) {
      items.push(cannot('redirection', name, cannotApply.redirectionMissing(name), fieldChanges({}, policy)));
      continue;
    }
    if (matching.length > 1) {
      items.push(cannot('redirection', name, cannotApply.ambiguousTarget(kind, name, matching.length)));
      continue;
    }
    if (!Array.isArray(policy.matches) && !isObject(policy.matchUrlPath)) {
      items.push(cannot('redirection', name, cannotApply.conditionsUnknown(kind)));
      continue;
    }
    const body = policyAsBody('updateRedirectionPolicy', policy);
    if (body.matchUrlPath === undefined) {
      items.push(cannot('redirection', name, cannotApply.conditionsNotExpressible(kind, 'the redirection edit')));
      continue;
    }
    const existing = matching[0] as Policy;
    items.push(
      updateOrUnchanged(
        'redirection',
        name,
        'updateRedirectionPolicy',
        updateRedirectionPolicyBodySchema,
        body,
        policyAsBody('updateRedirectionPolicy', existing),
        { serviceId, policyId: existing.policyId },
      ),
    );
  }
  for (const policy of target.redirectionPolicies as Policy[]) {
    if (!inDocument.has(policy.policyName ?? '')) {
      items.push(cannot('redirection', policy.policyName ?? '', cannotApply.onlyOnTarget('redirection policy')));
    }
  }
  return items;
}
