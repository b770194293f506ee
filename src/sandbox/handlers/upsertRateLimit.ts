import { bodyOf, serviceOf } from './common.ts';
import type { Handler } from './types.ts';

/** POST /cdn/v1.0/services/{serviceId}/rateLimit: omitted flags keep their current value on update. */
export const upsertRateLimit: Handler = (ctx) => {
  const record = serviceOf(ctx);
  const body = bodyOf(ctx, 'upsertRateLimit');
  ctx.store.mutate(() => {
    const current = record.rateLimit;
    record.rateLimit = {
      timeWindow: body.timeWindow,
      requestLimit: body.requestLimit,
      ignoreUrlPath: body.ignoreUrlPath ?? current?.ignoreUrlPath ?? false,
      ignoreQueryString: body.ignoreQueryString ?? current?.ignoreQueryString ?? false,
    };
  });
  return {};
};
