import { serviceOf } from './common.ts';
import type { Handler } from './types.ts';

/** GET /cdn/v1.1/services/{serviceId}/cacheControl: the stored form (matches). */
export const listCacheControlPoliciesV2: Handler = (ctx) => ({ body: serviceOf(ctx).cacheControl });
