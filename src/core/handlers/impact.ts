// impact.* channels: chart markers of applied changes, impact lines of journal entries and their
// export (src/core/impact.ts).
import type { CoreContext } from '../context.ts';
import type { FeatureHandlers } from './types.ts';
import { createImpactService, type ImpactService } from '../impact.ts';
import { analyticsServiceFor } from '../analytics/service.ts';
import { journalFor } from './journal.ts';
import { inventoryStoreFor } from './inventory.ts';
import { perCore } from './per-core.ts';
import { servicesCreatedIn, type KnownService } from '../journal-filter.ts';

export const impactServiceFor: (ctx: CoreContext) => ImpactService = perCore((ctx) =>
  createImpactService({
    journal: journalFor(ctx),
    analytics: analyticsServiceFor(ctx),
    // Inventory first: the account's current list names a service better than an old create entry.
    knownServices: async (accountIds, entries) => {
      const known: KnownService[] = [];
      for (const accountId of accountIds) {
        for (const entry of await inventoryStoreFor(ctx).list(accountId)) known.push({ accountId, serviceId: entry.serviceId, domainName: entry.domainName });
      }
      return [...known, ...servicesCreatedIn(entries)];
    },
    now: () => ctx.now(),
  }),
);

export function createImpactHandlers(ctx: CoreContext): FeatureHandlers<'impact'> {
  return {
    'impact.markers': async (query) => ({ markers: await impactServiceFor(ctx).markers(query) }),
    'impact.lines': (query) => impactServiceFor(ctx).lines(query),
    'impact.export': (query) => impactServiceFor(ctx).exportLines(query),
  };
}
