// suites.* channels: rule test suites (src/core/suites/rule-suites.ts).
import type { CoreContext } from '../context.ts';
import type { FeatureHandlers } from './types.ts';
import type { CoreServices } from '../core-services.ts';

export function createSuitesHandlers(ctx: CoreContext, services: CoreServices): FeatureHandlers<'suites'> {
  const store = () => services.suiteStore;
  return {
    'suites.get': (key) => store().get(key),
    'suites.save': async ({ expectation, replaces, ...key }) => {
      await ctx.accounts.get(key.accountId);
      return store().save(key, expectation, replaces);
    },
    'suites.delete': ({ name, ...key }) => store().remove(key, name),
    'suites.list': async (input) => ({
      suites: (await store().list(input ?? {})).map((s) => ({
        accountId: s.accountId,
        serviceId: s.serviceId,
        count: s.expectations.length,
        updatedAt: s.updatedAt,
      })),
    }),
    'suites.run': async ({ targets, tag, ...source }) => ({
      runs: await services.suites.run(source, {
        ...(targets ? { targets } : {}),
        ...(tag !== undefined ? { tag } : {}),
      }),
    }),
    'suites.check': async ({ accountId, operationId, input }) => {
      await ctx.accounts.get(accountId);
      return services.suites.check(accountId, { operationId, params: input.params, body: input.body });
    },
  };
}
