// What the app keeps per account besides the account itself (drafts, service list, tags, rule test
// suites, configuration snapshots, baseline assignments), dropped when the account is removed — in
// the core, so `accel accounts remove` cleans up too. The account is gone already when this runs: a
// failed cleanup becomes a warning instead of failing the removal.
import { AppCode } from '#shared/app-errors.ts';
import type { CoreContext } from '../context.ts';
import type { CoreServices } from '../core-services.ts';

export async function removeAccountData(
  ctx: CoreContext,
  services: Pick<CoreServices, 'drafts' | 'inventoryStore' | 'tags' | 'suiteStore' | 'baselines'>,
  accountId: string,
): Promise<void> {
  await Promise.all([
    services.drafts.discardAccount(accountId).catch(() =>
      ctx.emit('app.warning', {
        code: AppCode.Drafts.CleanupFailed,
        message: 'The removed account’s drafts could not be deleted.',
      }),
    ),
    services.inventoryStore
      .removeAccount(accountId)
      .then(() => ctx.emit('inventory.changed', { accountId }))
      .catch(() =>
        ctx.emit('app.warning', {
          code: AppCode.Inventory.CleanupFailed,
          message: 'The removed account’s service list could not be deleted.',
        }),
      ),
    services.tags
      .removeAccount(accountId)
      .then(() => ctx.emit('tags.changed', { accountId }))
      .catch(() =>
        ctx.emit('app.warning', {
          code: AppCode.Tags.CleanupFailed,
          message: 'The removed account’s tags could not be deleted.',
        }),
      ),
    services.suiteStore.removeAccount(accountId).catch(() =>
      ctx.emit('app.warning', {
        code: AppCode.Suites.CleanupFailed,
        message: 'The removed account’s rule test suites could not be deleted.',
      }),
    ),
    Promise.all([
      services.baselines.snapshots.removeAccount(accountId),
      services.baselines.store.removeAccount(accountId),
    ]).catch(() =>
      ctx.emit('app.warning', {
        code: AppCode.Baselines.CleanupFailed,
        message: 'The removed account’s configuration snapshots could not be deleted.',
      }),
    ),
  ]);
}
