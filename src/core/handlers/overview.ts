// overview.* channels: thin adapters over src/core/overview/ (the overview service, the watcher) and the settings.
import type { CoreContext } from '../context.ts';
import type { FeatureHandlers } from './types.ts';
import type { CoreServices } from '../core-services.ts';
import type { WatchStatus } from '#shared/ipc/channels/overview.ts';

export function createOverviewHandlers(_ctx: CoreContext, services: CoreServices): FeatureHandlers<'overview'> {
  const overview = () => services.overview.service;
  const watchStatus = async (): Promise<WatchStatus> => {
    const { settings, ids } = await overview().watched();
    return {
      accountIds: settings.accountIds,
      tags: settings.tags,
      watchedAccountIds: ids,
      ...services.overview.watcher.status(),
    };
  };
  return {
    'overview.summary': (selection) => overview().summary(selection),
    'overview.services': ({ accountId }) => overview().services(accountId),
    'overview.refresh': (selection, call) => overview().refresh(selection, call.signal),
    'overview.watchStatus': watchStatus,
    'overview.setWatch': async ({ accountIds, tags }) => {
      if (accountIds.length > 0) await overview().select({ accountIds });
      await services.settings.update({ overviewWatch: { accountIds: [...new Set(accountIds)], tags } });
      await services.overview.watcher.reconcile();
      return watchStatus();
    },
    'overview.snooze': async ({ accountId, serviceId, hours }) => ({
      snoozedUntil: await overview().snooze(accountId, serviceId, hours),
    }),
    'overview.unsnooze': async ({ accountId, serviceId }) => {
      await overview().unsnooze(accountId, serviceId);
      return { ok: true as const };
    },
    'overview.alerts': async (input) => ({ alerts: await overview().alerts(input?.limit) }),
  };
}
