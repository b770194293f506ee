// journal.* channels: the change journal's view and export (src/core/journal/journal-view.ts,
// journal-filter.ts, journal-export.ts) and re-applying a version.
import type { CoreContext } from '../context.ts';
import type { FeatureHandlers } from './types.ts';
import type { CoreServices } from '../core-services.ts';
import { selectJournal as select, type JournalViewDeps } from '../journal/journal-view.ts';
import { journalPage } from '#shared/journal-page.ts';
import { namesOf } from '../journal/journal-filter.ts';
import { journalExportFileName, journalToCsv, journalToJson } from '../journal/journal-export.ts';

export function createJournalHandlers(ctx: CoreContext, services: CoreServices): FeatureHandlers<'journal'> {
  const deps: JournalViewDeps = {
    journal: services.journal,
    accountIds: async () => (await ctx.accounts.list()).map((a) => a.id),
    inventory: (accountId) => services.inventoryStore.list(accountId),
  };
  return {
    'journal.list': async (input) => {
      // Only the page goes over IPC: the screen shows 100 at a time of up to thousands (bulk runs).
      const { limit, offset, through, ...query } = input ?? {};
      const { entries, services, total, known } = await select(deps, query);
      const shown = journalPage(entries, { limit, offset, through });
      return {
        entries: shown,
        total,
        serviceNames: namesOf(shown, known),
        ...(services === undefined ? {} : { services }),
      };
    },
    'journal.export': async ({ format, ...query }) => {
      const { entries, known } = await select(deps, query);
      const exportedAt = ctx.clock.now().toISOString();
      const names = namesOf(entries, known);
      return {
        suggestedName: journalExportFileName(exportedAt, format),
        mimeType: format === 'csv' ? 'text/csv' : 'application/json',
        content: format === 'csv' ? journalToCsv(entries, names) : journalToJson(entries, names, query, exportedAt),
        count: entries.length,
      };
    },
    'journal.reapply': async ({ entryId, confirmProduction, acceptFlippedExpectations }) =>
      services.changes.reapply(
        entryId,
        confirmProduction,
        acceptFlippedExpectations ? { acceptFlippedExpectations } : {},
      ),
  };
}
