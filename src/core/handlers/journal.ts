// journal.* channels: the change journal (src/core/journal.ts) and re-applying a version.
import type { CoreContext } from '../context.ts';
import type { FeatureHandlers } from './types.ts';
import { createJournal, type Journal } from '../journal.ts';
import { createChangeService, type ChangeService } from '../changes.ts';
import { accountAccess, perCore, storeOptions } from './per-core.ts';
import { inventoryStoreFor } from './inventory.ts';
import { entriesOf, parseServiceFilter, servicesCreatedIn, servicesNamed, type KnownService } from '../journal-filter.ts';

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
      if (service === undefined || service === '') return { entries: await journalFor(ctx).list(filter) };
      const parsed = parseServiceFilter(service);
      if (parsed.kind === 'id') return { entries: await journalFor(ctx).list({ ...filter, serviceId: parsed.serviceId }) };
      // A domain name: resolve it against the services known for the accounts in view.
      const inScope = await journalFor(ctx).list({ accountId: filter.accountId });
      const accountIds = filter.accountId !== undefined ? [filter.accountId] : (await ctx.accounts.list()).map((a) => a.id);
      const known: KnownService[] = servicesCreatedIn(inScope);
      for (const accountId of accountIds) {
        for (const entry of await inventoryStoreFor(ctx).list(accountId)) known.push({ accountId, serviceId: entry.serviceId, domainName: entry.domainName });
      }
      const services = servicesNamed(parsed.text, known);
      const entries = entriesOf(inScope, services);
      return { entries: filter.limit === undefined ? entries : entries.slice(0, filter.limit), services };
    },
    'journal.reapply': async ({ entryId, confirmProduction }) => changeServiceFor(ctx).reapply(entryId, confirmProduction),
  };
}
