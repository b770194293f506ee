// app.* channels: what the app is, its health, and user settings (<dataDir>/settings.json).
import { join } from 'node:path';
import packageJson from '../../../package.json' with { type: 'json' };
import { createJsonDocument } from '../storage/json-document.ts';
import { settingsSchema } from '#shared/ipc/channels/app.ts';
import type { CoreContext } from '../context.ts';
import type { FeatureHandlers } from './types.ts';
import { draftStoreFor } from './drafts.ts';
import { journalFor } from './journal.ts';
import { inventoryStoreFor } from './inventory.ts';
import { perCore } from './per-core.ts';

export const SETTINGS_FILE = 'settings.json';

const settingsFor = perCore((ctx: CoreContext) =>
  createJsonDocument({
    path: join(ctx.dataDir, SETTINGS_FILE),
    schema: settingsSchema,
    empty: () => settingsSchema.parse({}),
    now: () => ctx.now(),
    corruptWarning: {
      code: 'Settings.FileCorrupt',
      message: (report) => `The settings file could not be read (${report.reason}); defaults are used. The old file was kept as ${report.movedTo}.`,
    },
    onWarning: (warning) => ctx.warnings.add(warning),
  }),
);

export function createAppHandlers(ctx: CoreContext): FeatureHandlers<'app'> {
  const settings = settingsFor(ctx);
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
      await Promise.allSettled([settings.read(), journalFor(ctx).ready(), draftStoreFor(ctx).ready(), inventoryStoreFor(ctx).ready()]);
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
    'app.updateSettings': (patch) =>
      settings.update((current) => {
        const next = settingsSchema.parse({ ...current, ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) });
        Object.assign(current, next);
        return next;
      }),
  };
}
