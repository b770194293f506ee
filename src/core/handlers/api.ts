// api.* channels: reads through an account's signed client (src/core/api/api-reads.ts); writes are
// refused there and go through changes.apply.
import type { CoreContext } from '../context.ts';
import type { FeatureHandlers } from './types.ts';
import type { CoreServices } from '../core-services.ts';

export function createApiHandlers(_ctx: CoreContext, services: CoreServices): FeatureHandlers<'api'> {
  const reads = services.apiReads;
  return {
    'api.call': ({ accountId, operationId, input }, { signal }) => reads.call(accountId, operationId, input, signal),
    'api.revealSecret': ({ accountId, operationId, input, path }, { signal }) =>
      reads.reveal(accountId, operationId, input, path, signal),
  };
}
