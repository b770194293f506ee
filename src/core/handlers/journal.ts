// journal.* channels: the change journal (src/core/journal.ts) and re-applying a version.
import type { CoreContext } from '../context.ts';
import type { FeatureHandlers } from './types.ts';
import { createJournal, type Journal } from '../journal.ts';
import { createChangeService, type ChangeService } from '../changes.ts';
import { accountAccess, perCore, storeOptions } from './per-core.ts';
import { inventoryStoreFor } from './inventory.ts';
import { namesOf, selectJournalEntries, servicesCreatedIn, type KnownService, type SelectedEntries } from '../journal-filter.ts';
import { journalExportFileName, journalToCsv, journalToJson } from '../journal-export.ts';
import type { JournalQuery } from '#shared/ipc/channels/journal.ts';

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
    ...accountAccess(ctx),
  }),
);

/**
 * The entries the query selects, with the services the app knows for the accounts in view (the
 * account's current list names a service better than an old create entry, so it comes first).
 */
export async function selectJournal(ctx: CoreContext, query: JournalQuery): Promise<SelectedEntries & { total: number; known: KnownService[] }> {
  const all = await journalFor(ctx).list();
  const accountIds = query.accountId !== undefined ? [query.accountId] : (await ctx.accounts.list()).map((a) => a.id);
  const known: KnownService[] = [];
  for (const accountId of accountIds) {
    for (const entry of await inventoryStoreFor(ctx).list(accountId)) known.push({ accountId, serviceId: entry.serviceId, domainName: entry.domainName });
  }
  known.push(...servicesCreatedIn(query.accountId === undefined ? all : all.filter((e) => e.accountId === query.accountId)));
  const selected = selectJournalEntries(all, query, known);
  return { ...selected, total: selected.entries.length, known };
}

export function createJournalHandlers(ctx: CoreContext): FeatureHandlers<'journal'> {
  return {
    'journal.list': async (input) => {
      const { limit, ...query } = input ?? {};
      const { entries, services, total, known } = await selectJournal(ctx, query);
      const shown = limit === undefined ? entries : entries.slice(0, limit);
      return { entries: shown, total, serviceNames: namesOf(shown, known), ...(services === undefined ? {} : { services }) };
    },
    'journal.export': async ({ format, ...query }) => {
      const { entries, known } = await selectJournal(ctx, query);
      const exportedAt = ctx.now().toISOString();
      const names = namesOf(entries, known);
      return {
        suggestedName: journalExportFileName(exportedAt, format),
        mimeType: format === 'csv' ? 'text/csv' : 'application/json',
        content: format === 'csv' ? journalToCsv(entries, names) : journalToJson(entries, names, query, exportedAt),
        count: entries.length,
      };
    },
    'journal.reapply': async ({ entryId, confirmProduction }) => changeServiceFor(ctx).reapply(entryId, confirmProduction),
  };
}
