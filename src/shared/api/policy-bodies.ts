// A listed policy in the request shape of the operation that edits or creates it, so that a diff
// or a plan compares like with like. Used by the change service (journal "before") and by
// configuration documents (plan bodies).
import { matchesToV10, type MatchLike } from '../rules/index.ts';

type Json = Record<string, unknown>;

/** Operations that take a policy body. */
export type PolicyBodyOperationId =
  | 'updateCacheControlPolicyV2'
  | 'createAccessControlPolicy'
  | 'updateAccessControlPolicy'
  | 'updateAccessControlPolicyV2'
  | 'updateRedirectionPolicy';

// Body fields of each editable policy kind, in the order the spec lists them.
export const cacheControlBodyFields = [
  'policyName', 'priority', 'matches', 'ttl', 'refererAcl', 'originAcl', 'ignoreClientNoCache', 'ignoreOriginNoCache',
  'ignoreQueryString', 'enableXCache', 'noCache', 'autoGzipDisable', 'responseHeaders', 'varyMIMEs', 'enabled',
] as const;
export const accessControlBodyFieldsV10 = [
  'policyName', 'type', 'matchUrlPath', 'matchQueryString', 'priority', 'ipRestriction', 'geoRestriction',
  'anonymousIp', 'tokenSecret', 'enabled',
] as const;
export const accessControlBodyFieldsV11 = [
  'policyName', 'type', 'matches', 'priority', 'ipRestriction', 'geoRestriction', 'anonymousIp', 'tokenSecret', 'enabled',
] as const;
export const redirectionBodyFields = ['policyName', 'matchUrlPath', 'matchQueryString', 'redirectDestination', 'httpCode', 'priority', 'enabled'] as const;

function pick(source: Json, fields: readonly string[]): Json {
  const out: Json = {};
  for (const f of fields) if (source[f] !== undefined && source[f] !== null) out[f] = source[f];
  return out;
}

/** A listed policy in the request shape of `operationId`. */
export function policyAsBody(operationId: string, policy: Json): Json {
  switch (operationId) {
    case 'updateCacheControlPolicyV2':
      return pick(policy, cacheControlBodyFields);
    case 'updateAccessControlPolicy':
    case 'createAccessControlPolicy':
      return pick(policy, accessControlBodyFieldsV10);
    case 'updateAccessControlPolicyV2':
      return pick(policy, policy.matches !== undefined ? accessControlBodyFieldsV11 : accessControlBodyFieldsV10);
    case 'updateRedirectionPolicy': {
      const body = pick(policy, redirectionBodyFields);
      // The V2 list gives `matches`; the v1.0 edit wants matchUrlPath (+ matchQueryString).
      if (body.matchUrlPath === undefined && Array.isArray(policy.matches)) {
        const pair = matchesToV10(policy.matches as MatchLike[]);
        if (pair) Object.assign(body, pair);
        else body.matches = policy.matches;
      }
      return body;
    }
    default:
      return pick(policy, Object.keys(policy));
  }
}
