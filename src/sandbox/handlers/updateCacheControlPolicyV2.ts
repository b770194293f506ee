import type { CacheControlPolicy } from '../model.ts';
import { copyMatches } from '../policy-shapes.ts';
import { bodyOf, defined, policyOf, replacePolicy, serviceOf } from './common.ts';
import type { Handler } from './types.ts';

/** PUT /cdn/v1.1/services/{serviceId}/cacheControl/{policyId}: full replacement, 200 without body. */
export const updateCacheControlPolicyV2: Handler = (ctx) => {
  const record = serviceOf(ctx);
  const current = policyOf(ctx, record.cacheControl, 'cache control');
  const body = bodyOf(ctx, 'updateCacheControlPolicyV2');
  const next: CacheControlPolicy = defined({
    policyId: current.policyId,
    policyName: body.policyName,
    priority: body.priority,
    matches: copyMatches(body.matches),
    ttl: body.ttl,
    refererAcl: body.refererAcl,
    originAcl: body.originAcl,
    ignoreClientNoCache: body.ignoreClientNoCache ?? false,
    ignoreOriginNoCache: body.ignoreOriginNoCache ?? false,
    ignoreQueryString: body.ignoreQueryString ?? false,
    enableXCache: body.enableXCache ?? false,
    noCache: body.noCache ?? false,
    autoGzipDisable: body.autoGzipDisable,
    responseHeaders: body.responseHeaders,
    varyMIMEs: body.varyMIMEs,
    enabled: body.enabled ?? true,
  });
  replacePolicy(ctx, record.cacheControl, current, next);
  return {};
};
