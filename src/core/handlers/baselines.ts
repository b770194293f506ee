// baselines.* channels: thin adapters over src/core/baselines/ (checks catalogue, saved baselines,
// snapshots and their refresh, evaluation, the Fix).
import type { CoreContext } from '../context.ts';
import type { FeatureHandlers } from './types.ts';
import type { CoreServices } from '../core-services.ts';
import { builtinChecks } from '#shared/baseline/catalogue.ts';

export function createBaselinesHandlers(ctx: CoreContext, services: CoreServices): FeatureHandlers<'baselines'> {
  const baselines = () => services.baselines.service;
  const refresher = () => services.baselines.refresher;
  return {
    'baselines.catalogue': async () => ({
      checks: builtinChecks.map((c) => {
        const prepared = c.prepare({});
        return {
          id: c.id,
          title: c.title,
          reason: c.reason,
          fixText: c.fixText,
          fixBy: c.fixBy,
          defaults: prepared.ok ? (prepared.params as Record<string, unknown>) : {},
        };
      }),
    }),
    'baselines.list': async () => ({ baselines: await baselines().list() }),
    'baselines.save': async ({ baseline, previousName }) => ({
      baseline: await baselines().save(baseline, previousName),
    }),
    'baselines.delete': async ({ name }) => {
      await baselines().remove(name);
      return { ok: true as const };
    },
    'baselines.export': (input) => baselines().exportDocument(input?.names),
    'baselines.import': ({ document }) => baselines().importDocument(document),
    'baselines.evaluate': async ({ details, ...input }) => {
      const result = await baselines().evaluate(input);
      return details ? result : { ...result, report: { ...result.report, details: [] } };
    },
    'baselines.cell': async ({ name, check, accountId }) => {
      const report = baselines().lastReport(name) ?? (await baselines().evaluate({ name })).report;
      return { details: report.details.filter((d) => d.check === check && d.accountId === accountId) };
    },
    'baselines.planFix': (input) => services.baselines.fix.plan(input),
    'baselines.applyFix': ({ batchId, confirmProduction }) => services.baselines.fix.apply(batchId, confirmProduction),
    'baselines.discardFix': async ({ batchId }) => {
      await services.baselines.fix.discard(batchId);
      return { ok: true as const };
    },
    'baselines.snapshots': async () => {
      const accounts = await ctx.accounts.list();
      const store = services.baselines.snapshots;
      const rows = [];
      for (const account of accounts) {
        const snapshots = await store.read(account.id);
        const times = Object.values(snapshots.services)
          .map((s) => s.takenAt)
          .sort();
        rows.push({
          accountId: account.id,
          accountName: account.name,
          services: (await services.baselines.service.inventoryOf(account.id)).length,
          snapshots: times.length,
          oldestAt: times[0] ?? null,
          newestAt: times.at(-1) ?? null,
          failures: Object.keys(snapshots.failures).length,
        });
      }
      return { background: refresher().status(), accounts: rows };
    },
    'baselines.refreshSnapshots': (input) =>
      refresher().refresh({ ...(input?.accountIds ? { accountIds: input.accountIds } : {}), priority: 'interactive' }),
    'baselines.background': async ({ running }) => {
      // Remembered: the next start of the app keeps (or leaves off) the refresh as chosen here.
      await services.settings.update({ backgroundSnapshots: running });
      if (running) refresher().start();
      else await refresher().stop();
      return refresher().status();
    },
  };
}
