import { apiError } from '../errors.ts';
import { customerIdOf, pathParam } from './common.ts';
import type { Handler } from './types.ts';

/** GET /v1.1/customer/{customer_id}: only the customer the access key is bound to is visible. */
export const getCustomer: Handler = (ctx) => {
  const own = customerIdOf(ctx);
  const wanted = pathParam(ctx, 'customer_id');
  const record = wanted === own ? ctx.store.customer(own) : undefined;
  if (!record)
    throw apiError(
      'InvalidCustomer.NotFound',
      `Customer ${wanted} does not exist or is not the customer of this access key.`,
    );
  return { body: record.customer };
};
