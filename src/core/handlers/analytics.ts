// analytics.* channels: fetch (cache first, split at the API's limits), cancel, cache upkeep.
import type { CoreContext } from '../context.ts';
import type { FeatureHandlers } from './types.ts';
import type { CoreServices } from '../core-services.ts';

export function createAnalyticsHandlers(_ctx: CoreContext, services: CoreServices): FeatureHandlers<'analytics'> {
  const service = services.analytics;
  return {
    'analytics.fetch': (query, { signal }) => service.fetch(query, signal),
    'analytics.cancel': async ({ requestId }) => ({ cancelled: service.cancel(requestId) }),
    'analytics.cacheInfo': async () => ({
      bytes: await service.cache.totalBytes(),
      entries: await service.cache.entryCount(),
      maxBytes: service.cache.maxBytes,
    }),
    'analytics.clearCache': async ({ accountId }) => {
      await service.cache.clear(accountId);
      return { ok: true as const };
    },
  };
}
