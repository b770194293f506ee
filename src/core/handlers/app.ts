// app.* channels: what the app is, its health, and user settings (src/core/settings/settings.ts).
import packageJson from '../../../package.json' with { type: 'json' };
import type { CoreContext } from '../context.ts';
import type { FeatureHandlers } from './types.ts';
import type { CoreServices } from '../core-services.ts';

export function createAppHandlers(ctx: CoreContext, services: CoreServices): FeatureHandlers<'app'> {
  const { settings } = services;
  return {
    'app.info': async () => ({
      name: 'Acceleration Console',
      version: packageJson.version,
      dataDir: ctx.dataDir,
      keychainService: ctx.secrets.service,
      platform: process.platform,
    }),
    'app.status': async () => {
      // Every data file is read here, so a corrupt one is reported to the first page that asks. A
      // file that cannot be read at all (permissions) fails its own feature, not the status.
      await Promise.allSettled([
        settings.read(),
        services.journal.ready(),
        services.drafts.ready(),
        services.inventoryStore.ready(),
      ]);
      const [firstRun, currentAccountId, accounts, keychain] = await Promise.all([
        ctx.accounts.isFirstRun(),
        ctx.accounts.currentId(),
        ctx.accounts.list(),
        ctx.secrets.status(),
      ]);
      const url = ctx.sandbox.url();
      return {
        firstRun: firstRun && accounts.length === 0,
        currentAccountId,
        accountCount: accounts.length,
        keychain,
        sandbox: { running: url !== null, url },
        warnings: [...ctx.accounts.warnings(), ...ctx.warnings.list()],
      };
    },
    'app.dismissWarning': async ({ code }) => {
      ctx.accounts.dismissWarning(code);
      ctx.warnings.dismiss(code);
      return { ok: true as const };
    },
    'app.getSettings': () => settings.read(),
    'app.updateSettings': (patch) => settings.update(patch),
  };
}
