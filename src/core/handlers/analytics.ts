// analytics.* channels: fetch (cache first, split at the API's limits), cancel, cache upkeep.
import type { CoreContext } from '../context.ts';
import type { FeatureHandlers } from './types.ts';
import { analyticsServiceFor } from '../analytics/service.ts';

export function createAnalyticsHandlers(ctx: CoreContext): FeatureHandlers<'analytics'> {
  const service = analyticsServiceFor(ctx);
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
