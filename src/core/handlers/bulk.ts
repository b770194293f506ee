// bulk.* channels: bulk apply across services and accounts (src/core/bulk/bulk-service.ts).
import type { CoreContext } from '../context.ts';
import type { FeatureHandlers } from './types.ts';
import type { CoreServices } from '../core-services.ts';

export function createBulkHandlers(_ctx: CoreContext, services: CoreServices): FeatureHandlers<'bulk'> {
  const bulk = () => services.bulk;
  return {
    'bulk.plan': (input) => bulk().plan(input),
    'bulk.cancelPlan': async ({ planId }) => ({ cancelled: bulk().cancelPlan(planId) }),
    'bulk.run': ({ batchId, confirmProduction, resendUnknown }) =>
      bulk().run(batchId, confirmProduction, resendUnknown),
    'bulk.markApplied': ({ batchId, itemIds }) => bulk().markApplied(batchId, itemIds),
    'bulk.cancel': ({ batchId }) => bulk().cancel(batchId),
    'bulk.get': ({ batchId }) => bulk().get(batchId),
    'bulk.list': async (input) => ({ batches: await bulk().list(input?.limit) }),
    'bulk.discard': async ({ batchId }) => {
      await bulk().discard(batchId);
      return { ok: true as const };
    },
    'bulk.planRevert': ({ batchId }) => bulk().planRevert(batchId),
    'bulk.listTemplates': async () => ({ templates: await bulk().listTemplates() }),
    'bulk.saveTemplate': ({ name, change }) => bulk().saveTemplate(name, change),
    'bulk.deleteTemplate': async ({ name }) => {
      await bulk().deleteTemplate(name);
      return { ok: true as const };
    },
  };
}
