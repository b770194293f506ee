// stats.* channels: bundle and CSV exports (content for host.saveFile) and opening a bundle.
import type { CoreContext } from '../context.ts';
import type { FeatureHandlers } from './types.ts';
import type { CoreServices } from '../core-services.ts';

export function createStatsHandlers(_ctx: CoreContext, services: CoreServices): FeatureHandlers<'stats'> {
  const service = services.analytics;
  return {
    'stats.exportBundle': (query, { signal }) => service.exportBundle(query, signal),
    'stats.exportCsv': (query, { signal }) => service.exportCsv(query, signal),
    'stats.openBundle': ({ content }) => service.openBundle(content),
  };
}
