// suites.* channels: rule test suites (src/core/rule-suites.ts).
import type { CoreContext } from '../context.ts';
import type { FeatureHandlers } from './types.ts';
import { journalFor } from './journal.ts';
import { createInventoryHandlers } from './inventory.ts';
import { accountAccess, perCore, storeOptions } from './per-core.ts';
import { createRuleSuiteService, createRuleSuiteStore, type RuleSuiteDeps, type RuleSuiteService, type RuleSuiteStore } from '../rule-suites.ts';

export const ruleSuiteStoreFor: (ctx: CoreContext) => RuleSuiteStore = perCore((ctx) =>
  createRuleSuiteStore(
    storeOptions(ctx, 'Suites.Corrupt', (report) => `Rule test suites could not be read (${report.reason}); the file was kept as ${report.movedTo}.`),
  ),
);

/**
 * The services of a tag. Tags come from the fleet accounts store; until it is wired here, none is
 * known (suites.run with a tag says so). Set it once the tag store lands.
 */
export const suiteTagSource: { servicesOfTag: RuleSuiteDeps['servicesOfTag'] } = { servicesOfTag: undefined };

export const ruleSuitesFor: (ctx: CoreContext) => RuleSuiteService = perCore((ctx) => {
  const access = accountAccess(ctx);
  return createRuleSuiteService({
    store: ruleSuiteStoreFor(ctx),
    account: access.account,
    client: access.client,
    journal: (accountId, serviceId) => journalFor(ctx).list({ accountId, serviceId }),
    serviceNames: async (accountId) => {
      try {
        const { services } = await createInventoryHandlers(ctx)['inventory.list']({ accountId });
        return new Map(services.map((s) => [s.serviceId, s.domainName]));
      } catch {
        // Names are for the reader; a run goes on with IDs.
        return new Map();
      }
    },
    servicesOfTag: (tag) => suiteTagSource.servicesOfTag?.(tag) ?? Promise.resolve(null),
  });
});

export function createSuitesHandlers(ctx: CoreContext): FeatureHandlers<'suites'> {
  const store = () => ruleSuiteStoreFor(ctx);
  return {
    'suites.get': (key) => store().get(key),
    'suites.save': async ({ expectation, replaces, ...key }) => {
      await ctx.accounts.get(key.accountId);
      return store().save(key, expectation, replaces);
    },
    'suites.delete': ({ name, ...key }) => store().remove(key, name),
    'suites.list': async (input) => ({
      suites: (await store().list(input ?? {})).map((s) => ({ accountId: s.accountId, serviceId: s.serviceId, count: s.expectations.length, updatedAt: s.updatedAt })),
    }),
    'suites.run': async ({ targets, tag, ...source }) => ({ runs: await ruleSuitesFor(ctx).run(source, { ...(targets ? { targets } : {}), ...(tag !== undefined ? { tag } : {}) }) }),
    'suites.check': async ({ accountId, operationId, input }) => {
      await ctx.accounts.get(accountId);
      return ruleSuitesFor(ctx).check(accountId, { operationId, params: input.params, body: input.body });
    },
  };
}
