// app.* channels: what the app is, its health, and user settings (<dataDir>/settings.json).
import { join } from 'node:path';
import packageJson from '../../../package.json' with { type: 'json' };
import { readJsonFile, writeJsonFileAtomic } from '../storage/atomic-json.ts';
import { createSerialQueue } from '../storage/serial-queue.ts';
import { settingsSchema, type Settings } from '#shared/ipc/channels/app.ts';
import type { Warning } from '#shared/ipc/channels/accounts.ts';
import type { CoreContext } from '../context.ts';
import type { FeatureHandlers } from './types.ts';

export const SETTINGS_FILE = 'settings.json';

export function createAppHandlers(ctx: CoreContext, options: { warnings?: () => Warning[] } = {}): FeatureHandlers<'app'> {
  const path = join(ctx.dataDir, SETTINGS_FILE);
  const settingsWarnings: Warning[] = [];
  let settings: Promise<Settings> | undefined;
  const writes = createSerialQueue();

  const load = () =>
    (settings ??= readJsonFile(path, settingsSchema, {
      onCorrupt: (report) =>
        settingsWarnings.push({
          code: 'Settings.FileCorrupt',
          message: `The settings file could not be read (${report.reason}); defaults are used. The old file was kept as ${report.movedTo}.`,
        }),
    }).then((loaded) => loaded ?? settingsSchema.parse({})));

  return {
    'app.info': async () => ({
      name: 'Acceleration Console',
      version: packageJson.version,
      dataDir: ctx.dataDir,
      keychainService: ctx.secrets.service,
      platform: process.platform,
    }),
    'app.status': async () => {
      await load();
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
        warnings: [...ctx.accounts.warnings(), ...settingsWarnings, ...(options.warnings?.() ?? [])],
      };
    },
    'app.getSettings': () => load(),
    'app.updateSettings': (patch) => {
      return writes.run(async () => {
        const next = settingsSchema.parse({ ...(await load()), ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) });
        await writeJsonFileAtomic(path, next);
        settings = Promise.resolve(next);
        return next;
      });
    },
  };
}
