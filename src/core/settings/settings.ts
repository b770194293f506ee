// User settings (<dataDir>/settings.json): read with defaults, and patched field by field, where a
// field the patch leaves undefined keeps its value.
import { AppCode } from '#shared/app-errors.ts';
import { join } from 'node:path';
import { createJsonDocument } from '../storage/json-document.ts';
import { settingsSchema, type Settings } from '#shared/ipc/channels/app.ts';
import type { Warning } from '#shared/ipc/channels/accounts.ts';

export const SETTINGS_FILE = 'settings.json';

export type SettingsStore = {
  read(): Promise<Settings>;
  update(patch: Partial<Settings>): Promise<Settings>;
};

export function createSettingsStore(options: {
  dataDir: string;
  now(): Date;
  onWarning(warning: Warning): void;
}): SettingsStore {
  const document = createJsonDocument({
    path: join(options.dataDir, SETTINGS_FILE),
    schema: settingsSchema,
    empty: () => settingsSchema.parse({}),
    now: options.now,
    corruptWarning: {
      code: AppCode.Settings.FileCorrupt,
      message: (report) =>
        `The settings file could not be read (${report.reason}); defaults are used. The old file was kept as ${report.movedTo}.`,
    },
    onWarning: options.onWarning,
  });
  return {
    read: () => document.read(),
    update: (patch) =>
      document.update((current) => {
        const next = settingsSchema.parse({
          ...current,
          ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)),
        });
        Object.assign(current, next);
        return next;
      }),
  };
}
