import { serviceOf } from './common.ts';
import type { Handler } from './types.ts';

/** DELETE /cdn/v1.0/services/{serviceId}/rateLimit: 200 whether or not one was configured. */
export const deleteRateLimit: Handler = (ctx) => {
  const record = serviceOf(ctx);
  if (record.rateLimit !== null) {
    ctx.store.mutate(() => {
      record.rateLimit = null;
    });
  }
  return {};
};
