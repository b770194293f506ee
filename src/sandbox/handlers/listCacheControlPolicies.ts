import type { CacheControlPolicy } from '../model.ts';
import { v1FromMatches } from '../policy-shapes.ts';
import { serviceOf } from './common.ts';
import type { Handler } from './types.ts';

/** The version 1.0 list item: matches become matchUrlPath / matchQueryString where they map. */
function cacheControlV1(policy: CacheControlPolicy): Record<string, unknown> {
  const { matches, ...rest } = policy;
  return { ...rest, ...v1FromMatches(matches) };
}

/** GET /cdn/v1.0/services/{serviceId}/cacheControl */
export const listCacheControlPolicies: Handler = (ctx) => ({
  body: serviceOf(ctx).cacheControl.map(cacheControlV1),
});
