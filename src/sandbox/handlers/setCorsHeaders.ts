import type { CorsHeaders } from '../model.ts';
import { bodyOf, defined, serviceOf } from './common.ts';
import type { Handler } from './types.ts';

/** POST /cdn/v1.0/services/{serviceId}/corsHeaders: replaces the whole set, 200 without body. */
export const setCorsHeaders: Handler = (ctx) => {
  const record = serviceOf(ctx);
  const body = bodyOf(ctx, 'setCorsHeaders');
  const cors: CorsHeaders = defined({
    accessControlAllowOrigin: body.accessControlAllowOrigin,
    accessControlExposeHeaders: body.accessControlExposeHeaders,
    accessControlMaxAge: body.accessControlMaxAge,
    accessControlAllowCredentials: body.accessControlAllowCredentials,
    accessControlAllowMethods: body.accessControlAllowMethods,
    accessControlAllowHeaders: body.accessControlAllowHeaders,
  });
  ctx.store.mutate(() => {
    record.cors = cors;
  });
  return {};
};
