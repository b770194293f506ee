// impact.* channels: chart markers of applied changes, impact lines of journal entries and their
// export (src/core/impact/impact.ts).
import type { CoreContext } from '../context.ts';
import type { FeatureHandlers } from './types.ts';
import { impactServiceFor } from '../core-services.ts';

export function createImpactHandlers(ctx: CoreContext): FeatureHandlers<'impact'> {
  return {
    'impact.markers': async (query) => ({ markers: await impactServiceFor(ctx).markers(query) }),
    'impact.lines': (query) => impactServiceFor(ctx).lines(query),
    'impact.export': (query) => impactServiceFor(ctx).exportLines(query),
  };
}
