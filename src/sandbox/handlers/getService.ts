import { serviceOf } from './common.ts';
import type { Handler } from './types.ts';

/** GET /cdn/v1.0/service/{serviceId} (and the plural alias): origins and S3 credentials as stored. */
export const getService: Handler = (ctx) => ({ body: serviceOf(ctx).service });
