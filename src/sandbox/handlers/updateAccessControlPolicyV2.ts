import { copyMatches } from '../policy-shapes.ts';
import { replaceAccessControlPolicy } from './access-control-shared.ts';
import type { Handler } from './types.ts';

/** PUT /cdn/v1.1/services/{serviceId}/accessControl/{policyId}: full replacement with matches. */
export const updateAccessControlPolicyV2: Handler = (ctx) => {
  return { body: replaceAccessControlPolicy(ctx, 'updateAccessControlPolicyV2', (body) => copyMatches(body.matches)) };
};
