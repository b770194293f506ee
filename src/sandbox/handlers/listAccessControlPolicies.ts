import { accessControlV1 } from './access-control-shared.ts';
import { serviceOf } from './common.ts';
import type { Handler } from './types.ts';

/** GET /cdn/v1.0/services/{serviceId}/accessControl (version 1.0 shape). */
export const listAccessControlPolicies: Handler = (ctx) => ({
  body: serviceOf(ctx).accessControl.map(accessControlV1),
});
