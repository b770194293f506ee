// journal.* channels: the change journal (src/core/journal.ts) and re-applying a version.
import type { CoreContext } from '../context.ts';
import type { FeatureHandlers } from './types.ts';
import { createJournal, type Journal } from '../journal.ts';
import { createChangeService, type ChangeService } from '../changes.ts';
import { accountAccess, perCore, storeOptions } from './per-core.ts';
import { inventoryStoreFor } from './inventory.ts';
import { entriesOf, namesOf, parseServiceFilter, servicesCreatedIn, servicesNamed, type KnownService } from '../journal-filter.ts';
import type { JournalEntry } from '#shared/ipc/channels/journal.ts';

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

export function createJournalHandlers(ctx: CoreContext): FeatureHandlers<'journal'> {
  return {
    'journal.list': async (input) => {
      const { service, ...filter } = input ?? {};
      const inScope = await journalFor(ctx).list({ accountId: filter.accountId });
      const accountIds = filter.accountId !== undefined ? [filter.accountId] : (await ctx.accounts.list()).map((a) => a.id);
      // Inventory first: the account's current list names a service better than an old create entry.
      const known: KnownService[] = [];
      for (const accountId of accountIds) {
        for (const entry of await inventoryStoreFor(ctx).list(accountId)) known.push({ accountId, serviceId: entry.serviceId, domainName: entry.domainName });
      }
      known.push(...servicesCreatedIn(inScope));
      const named = (entries: readonly JournalEntry[]) => ({ entries: [...entries], serviceNames: namesOf(entries, known) });
      if (service === undefined || service === '') return named(await journalFor(ctx).list(filter));
      const parsed = parseServiceFilter(service);
      if (parsed.kind === 'id') return named(await journalFor(ctx).list({ ...filter, serviceId: parsed.serviceId }));
      // A domain name: resolve it against the services known for the accounts in view.
      const services = servicesNamed(parsed.text, known);
      const entries = entriesOf(inScope, services);
      return { ...named(filter.limit === undefined ? entries : entries.slice(0, filter.limit)), services };
    },
    'journal.reapply': async ({ entryId, confirmProduction }) => changeServiceFor(ctx).reapply(entryId, confirmProduction),
  };
}
