// journal.* channels: the change journal (src/core/journal.ts) and re-applying a version.
import type { CoreContext } from '../context.ts';
import type { FeatureHandlers } from './types.ts';
import { createJournal, type Journal } from '../journal.ts';
import { createChangeService, type ChangeService } from '../changes.ts';
import { perCore, storeOptions } from './per-core.ts';

// One journal and one change service per core: journal.* and changes.* handlers share them.
export const journalFor: (ctx: CoreContext) => Journal = perCore((ctx) =>
  createJournal(
    storeOptions(
      ctx,
      'Journal.Corrupt',
      (report) => `The change journal could not be read (${report.reason}); it was kept as ${report.movedTo} and a new one was started.`,
    ),
  ),
);

export const changeServiceFor: (ctx: CoreContext) => ChangeService = perCore((ctx) =>
  createChangeService({
    journal: journalFor(ctx),
    account: async (accountId) => {
      const account = await ctx.accounts.get(accountId);
      return { id: account.id, name: account.name, production: account.production };
    },
    client: async (accountId) => {
      const client = await ctx.clients.forAccount(accountId);
      // The operation id is only known at run time here; the client validates the input itself.
      return { call: (operationId, input) => client.request(operationId, input) };
    },
  }),
);

export function createJournalHandlers(ctx: CoreContext): FeatureHandlers<'journal'> {
  return {
    'journal.list': async (input) => ({ entries: await journalFor(ctx).list(input ?? {}) }),
    'journal.reapply': async ({ entryId, confirmProduction }) => changeServiceFor(ctx).reapply(entryId, confirmProduction),
  };
}
