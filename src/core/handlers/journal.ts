// journal.* channels: the change journal view (src/core/journal-view.ts) and re-applying a version.
import type { CoreContext } from '../context.ts';
import type { FeatureHandlers } from './types.ts';
import { changeServiceFor, inventoryStoreFor, journalFor } from '../core-services.ts';
import { listJournal } from '../journal-view.ts';

export function createJournalHandlers(ctx: CoreContext): FeatureHandlers<'journal'> {
  return {
    'journal.list': (input) =>
      listJournal(
        {
          journal: journalFor(ctx),
          accountIds: async () => (await ctx.accounts.list()).map((a) => a.id),
          inventory: (accountId) => inventoryStoreFor(ctx).list(accountId),
        },
        input ?? {},
      ),
    'journal.reapply': async ({ entryId, confirmProduction }) => changeServiceFor(ctx).reapply(entryId, confirmProduction),
  };
}
