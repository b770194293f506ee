// overview.* channels: thin adapters over src/core/overview/ (the overview service, the watcher) and the settings.
import type { CoreContext } from '../context.ts';
import type { FeatureHandlers } from './types.ts';
import { settingsFor } from '../core-services.ts';
import { overviewServiceFor, overviewWatcherFor } from '../overview/overview-services.ts';
import type { WatchStatus } from '#shared/ipc/channels/overview.ts';

export function createOverviewHandlers(ctx: CoreContext): FeatureHandlers<'overview'> {
  const overview = () => overviewServiceFor(ctx);
  const watchStatus = async (): Promise<WatchStatus> => {
    const { settings, ids } = await overview().watched();
    return { accountIds: settings.accountIds, tags: settings.tags, watchedAccountIds: ids, ...overviewWatcherFor(ctx).status() };
  };
  return {
    'overview.summary': (selection) => overview().summary(selection),
    'overview.services': ({ accountId }) => overview().services(accountId),
    'overview.refresh': (selection, call) => overview().refresh(selection, call.signal),
    'overview.watchStatus': watchStatus,
    'overview.setWatch': async ({ accountIds, tags }) => {
      if (accountIds.length > 0) await overview().select({ accountIds });
      await settingsFor(ctx).update({ overviewWatch: { accountIds: [...new Set(accountIds)], tags } });
      await overviewWatcherFor(ctx).reconcile();
      return watchStatus();
    },
    'overview.snooze': async ({ accountId, serviceId, hours }) => ({ snoozedUntil: await overview().snooze(accountId, serviceId, hours) }),
    'overview.unsnooze': async ({ accountId, serviceId }) => {
      await overview().unsnooze(accountId, serviceId);
      return { ok: true as const };
    },
    'overview.alerts': async (input) => ({ alerts: await overview().alerts(input?.limit) }),
  };
}
