// suites.* channels: rule test suites (src/core/suites/rule-suites.ts).
import type { CoreContext } from '../context.ts';
import type { FeatureHandlers } from './types.ts';
import { ruleSuiteStoreFor, ruleSuitesFor } from '../core-services.ts';

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
