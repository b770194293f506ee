// bulk.* channels: bulk apply across services and accounts (src/core/bulk/). Stubs until the
// core lands: each answers a clear error.
import type { CoreContext } from '../context.ts';
import type { FeatureHandlers } from './types.ts';
import { CoreError } from '../errors.ts';

const notYet = async (): Promise<never> => {
  throw new CoreError('Bulk.NotAvailable', 'Bulk apply is not available in this build yet.');
};

export function createBulkHandlers(_ctx: CoreContext): FeatureHandlers<'bulk'> {
  return {
    'bulk.plan': notYet,
    'bulk.run': notYet,
    'bulk.cancel': notYet,
    'bulk.get': notYet,
    'bulk.list': notYet,
    'bulk.discard': notYet,
    'bulk.planRevert': notYet,
    'bulk.listTemplates': notYet,
    'bulk.saveTemplate': notYet,
    'bulk.deleteTemplate': notYet,
  };
}
