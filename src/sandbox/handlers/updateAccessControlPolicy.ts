import { matchesFromV1 } from '../policy-shapes.ts';
import { accessControlV1, replaceAccessControlPolicy } from './access-control-shared.ts';
import type { Handler } from './types.ts';

/**
 * PUT /cdn/v1.0/services/{serviceId}/accessControl/{policyId}: full replacement in the v1.0 shape
 * (the stored matches become exactly the given matchUrlPath / matchQueryString); an omitted priority
 * keeps the current one.
 */
export const updateAccessControlPolicy: Handler = (ctx) => {
  const next = replaceAccessControlPolicy(ctx, 'updateAccessControlPolicy', (body) => matchesFromV1(body));
  return { body: accessControlV1(next) };
};
