// api.* channels: reads through an account's signed client (src/core/api-reads.ts); writes are
// refused there and go through changes.apply.
import type { CoreContext } from '../context.ts';
import type { FeatureHandlers } from './types.ts';
import { apiReadsFor } from '../core-services.ts';

export function createApiHandlers(ctx: CoreContext): FeatureHandlers<'api'> {
  const reads = apiReadsFor(ctx);
  return {
    'api.call': ({ accountId, operationId, input }) => reads.call(accountId, operationId, input),
    'api.revealSecret': ({ accountId, operationId, input, path }) => reads.reveal(accountId, operationId, input, path),
  };
}
