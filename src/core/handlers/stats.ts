// stats.* channels: bundle and CSV exports (content for host.saveFile) and opening a bundle.
import type { CoreContext } from '../context.ts';
import type { FeatureHandlers } from './types.ts';
import { analyticsServiceFor } from '../analytics/service.ts';

export function createStatsHandlers(ctx: CoreContext): FeatureHandlers<'stats'> {
  const service = analyticsServiceFor(ctx);
  return {
    'stats.exportBundle': (query, { signal }) => service.exportBundle(query, signal),
    'stats.exportCsv': (query, { signal }) => service.exportCsv(query, signal),
    'stats.openBundle': ({ content }) => service.openBundle(content),
  };
}
