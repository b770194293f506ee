// config.* channels: configuration documents (src/core/config-documents.ts). Applying goes
// through the one change service (journal, production confirmation).
import type { CoreContext } from '../context.ts';
import type { FeatureHandlers } from './types.ts';
import { changeServiceFor } from './journal.ts';
import { createInventoryHandlers } from './inventory.ts';
import { accountAccess, perCore } from './per-core.ts';
import { createConfigDocumentService, type ConfigDocumentService } from '../config-documents.ts';
import type { ApplyPlan } from '#shared/config-document/plan.ts';

export const configDocumentsFor: (ctx: CoreContext) => ConfigDocumentService = perCore((ctx) =>
  createConfigDocumentService({
    ...accountAccess(ctx),
    changes: changeServiceFor(ctx),
    // Through inventory.list, so the sandbox account's seeded services are there on first use.
    inventory: async (accountId) => (await createInventoryHandlers(ctx)['inventory.list']({ accountId })).services,
    recordService: (accountId, service) => createInventoryHandlers(ctx)['inventory.record']({ accountId, ...service }),
    now: () => ctx.now(),
  }),
);

/** The plan without what would be sent (bodies may hold secrets of an encrypted document). */
function forRenderer(plan: ApplyPlan) {
  return { ...plan, items: plan.items.map(({ input: _input, ...item }) => item) };
}

export function createConfigHandlers(ctx: CoreContext): FeatureHandlers<'config'> {
  const documents = () => configDocumentsFor(ctx);
  return {
    'config.export': (input) => documents().exportDocument(input),
    'config.diff': ({ left, right }) => documents().diff(left, right),
    'config.plan': async (input) => forRenderer(await documents().plan(input)),
    'config.clone': async (input) => {
      const result = await documents().clone(input);
      return { ...result, plan: forRenderer(result.plan) };
    },
    'config.apply': async (input) => {
      const result = await documents().apply(input);
      return { ...result, plan: forRenderer(result.plan) };
    },
  };
}
