// drafts.* channels: editor drafts kept per account, service and policy (src/core/drafts/drafts.ts).
import type { CoreContext } from '../context.ts';
import type { FeatureHandlers } from './types.ts';
import type { CoreServices } from '../core-services.ts';

export function createDraftsHandlers(ctx: CoreContext, services: CoreServices): FeatureHandlers<'drafts'> {
  return {
    'drafts.get': async (key) => ({ draft: await services.drafts.get(key) }),
    'drafts.save': async ({ value, formVersion, ...key }) => {
      // A draft belongs to an account that exists (drafts of unknown IDs would only pile up).
      await ctx.accounts.get(key.accountId);
      const draft = await services.drafts.save(key, value, formVersion);
      return { savedAt: draft.savedAt };
    },
    'drafts.discard': async (key) => {
      await services.drafts.discard(key);
      return { ok: true as const };
    },
    'drafts.list': async (input) => ({ drafts: await services.drafts.list(input ?? {}) }),
  };
}
