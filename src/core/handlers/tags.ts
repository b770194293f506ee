// tags.* channels: tags on accounts and services (src/core/tags/tags.ts). Other core features (bulk
// target selection, baselines) use `tagStoreFor(ctx)` (src/core/core-services.ts) for the same store.
import type { CoreContext } from '../context.ts';
import type { FeatureHandlers } from './types.ts';
import { tagStoreFor } from '../core-services.ts';

export function createTagsHandlers(ctx: CoreContext): FeatureHandlers<'tags'> {
  const store = tagStoreFor(ctx);
  return {
    'tags.list': () => store.snapshot(),
    'tags.setAccount': async ({ accountId, tags }) => {
      await ctx.accounts.get(accountId);
      const stored = await store.setAccountTags(accountId, tags);
      ctx.emit('tags.changed', { accountId });
      return { tags: stored };
    },
    'tags.setService': async ({ accountId, serviceId, tags }) => {
      await ctx.accounts.get(accountId);
      const stored = await store.setServiceTags(accountId, serviceId, tags);
      ctx.emit('tags.changed', { accountId });
      return { tags: stored };
    },
  };
}
