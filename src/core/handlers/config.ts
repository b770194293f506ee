// config.* channels: configuration documents (src/core/config/config-documents.ts). Applying goes
// through the one change service (journal, production confirmation).
import type { CoreContext } from '../context.ts';
import type { FeatureHandlers } from './types.ts';
import type { CoreServices } from '../core-services.ts';
import type { ApplyPlan } from '#shared/config-document/plan.ts';

/** The plan without what would be sent (bodies may hold secrets of an encrypted document). */
function forRenderer(plan: ApplyPlan) {
  return { ...plan, items: plan.items.map(({ input: _input, ...item }) => item) };
}

export function createConfigHandlers(_ctx: CoreContext, services: CoreServices): FeatureHandlers<'config'> {
  const documents = () => services.configDocuments;
  return {
    // Reads for the caller: cancelled when it goes away. Clone and apply write, and run to the end.
    'config.export': (input, { signal }) => documents().exportDocument(input, signal ? { signal } : {}),
    'config.diff': ({ left, right }, { signal }) => documents().diff(left, right, signal ? { signal } : {}),
    'config.plan': async (input, { signal }) => forRenderer(await documents().plan(input, signal ? { signal } : {})),
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
