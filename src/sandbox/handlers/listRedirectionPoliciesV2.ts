import { serviceOf } from './common.ts';
import type { Handler } from './types.ts';

/** GET /cdn/v1.1/services/{serviceId}/redirections: the stored form (matches). */
export const listRedirectionPoliciesV2: Handler = (ctx) => ({ body: serviceOf(ctx).redirections });
