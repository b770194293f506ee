// config.* channels: configuration documents (src/core/config-documents.ts). Applying goes
// through the one change service (journal, production confirmation).
import type { CoreContext } from '../context.ts';
import type { FeatureHandlers } from './types.ts';
import { configDocumentsFor } from '../core-services.ts';
import type { ApplyPlan } from '#shared/config-document/plan.ts';

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
