import type { RedirectionPolicy } from '../model.ts';
import { matchesFromV1, v1FromMatches } from '../policy-shapes.ts';
import { bodyOf, policyOf, replacePolicy, serviceOf } from './common.ts';
import type { Handler } from './types.ts';

/** The version 1.0 view of a stored redirection policy. */
function redirectionV1(policy: RedirectionPolicy): Record<string, unknown> {
  const { matches, ...rest } = policy;
  return { ...rest, ...v1FromMatches(matches) };
}

/** PUT /cdn/v1.0/services/{serviceId}/redirections/{policyId}: full replacement (v1.0 shape). */
export const updateRedirectionPolicy: Handler = (ctx) => {
  const record = serviceOf(ctx);
  const current = policyOf(ctx, record.redirections, 'redirection');
  const body = bodyOf(ctx, 'updateRedirectionPolicy');
  const next: RedirectionPolicy = {
    policyId: current.policyId,
    policyName: body.policyName,
    matches: matchesFromV1(body),
    redirectDestination: body.redirectDestination,
    httpCode: body.httpCode,
    priority: body.priority,
    enabled: body.enabled ?? true,
  };
  replacePolicy(ctx, record.redirections, current, next);
  return { body: redirectionV1(next) };
};
