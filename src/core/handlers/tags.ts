// tags.* channels: tags on accounts and services (src/core/tags/tags.ts). Other core features (bulk
// target selection, baselines) use `services.tags` (src/core/core-services.ts), the same store.
import type { CoreContext } from '../context.ts';
import type { FeatureHandlers } from './types.ts';
import type { CoreServices } from '../core-services.ts';

export function createTagsHandlers(ctx: CoreContext, services: CoreServices): FeatureHandlers<'tags'> {
  const store = services.tags;
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
