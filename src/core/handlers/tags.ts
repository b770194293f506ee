// tags.* channels: tags on accounts and services (src/core/tags.ts). Other core features (bulk
// target selection, baselines) use `tagStoreFor(ctx)` for the same store.
import type { CoreContext } from '../context.ts';
import type { FeatureHandlers } from './types.ts';
import { TagStore } from '../tags.ts';
import { perCore, storeOptions } from './per-core.ts';

export const tagStoreFor: (ctx: CoreContext) => TagStore = perCore(
  (ctx) =>
    new TagStore(
      storeOptions(ctx, 'Tags.Corrupt', (report) => `The tags file could not be read (${report.reason}); it was kept as ${report.movedTo} and a new one was started.`),
    ),
);

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
