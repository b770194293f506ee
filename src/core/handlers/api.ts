// api.* channels: reads through an account's signed client (src/core/api-reads.ts); writes are
// refused there and go through changes.apply.
import type { CoreContext } from '../context.ts';
import type { FeatureHandlers } from './types.ts';
import { createRevealThrottle, type RevealThrottle } from '../reveal-throttle.ts';
import { createApiReads } from '../api-reads.ts';
import { perCore } from '../per-core.ts';

// One throttle per core: every window and host of this core shares it.
const revealThrottleFor: (ctx: CoreContext) => RevealThrottle = perCore((ctx) => createRevealThrottle(() => ctx.now().getTime()));

export function createApiHandlers(ctx: CoreContext): FeatureHandlers<'api'> {
  const reads = createApiReads({
    currentAccountId: () => ctx.accounts.currentId(),
    client: (accountId) => ctx.clients.forAccount(accountId),
    revealThrottle: revealThrottleFor(ctx),
  });
  return {
    'api.call': ({ accountId, operationId, input }, { signal }) => reads.call(accountId, operationId, input, signal),
    'api.revealSecret': ({ accountId, operationId, input, path }, { signal }) => reads.reveal(accountId, operationId, input, path, signal),
  };
}
