// impact.* channels: chart markers of applied changes, impact lines of journal entries and their
// export (src/core/impact/impact.ts).
import type { CoreContext } from '../context.ts';
import type { FeatureHandlers } from './types.ts';
import type { CoreServices } from '../core-services.ts';

export function createImpactHandlers(_ctx: CoreContext, services: CoreServices): FeatureHandlers<'impact'> {
  return {
    'impact.markers': async (query) => ({ markers: await services.impact.markers(query) }),
    'impact.lines': (query) => services.impact.lines(query),
    'impact.export': (query) => services.impact.exportLines(query),
  };
}
