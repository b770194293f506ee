// Application-level channels: what the app is, its health (warnings), and user settings.
import { z } from 'zod';
import { defineChannels, defineEvents, noInput, okOutput } from '../define.ts';
import { warningSchema } from './accounts.ts';
import { watchSettingsSchema } from '../../overview/schemas.ts';

export const settingsSchema = z.object({
  theme: z.enum(['system', 'light', 'dark']).default('system'),
  /**
   * Keep configuration snapshots fresh in the background (Baselines). Set through
   * baselines.background, which also starts or stops the refresh; a host that runs no background
   * work (the CLI, the browser host unless asked) ignores it.
   */
  backgroundSnapshots: z.boolean().default(true),
  /** Fleet overview: the accounts and tags watched in the background (none by default); set through overview.setWatch. */
  overviewWatch: watchSettingsSchema.default({ accountIds: [], tags: [] }),
});
export type Settings = z.infer<typeof settingsSchema>;

const keychainStatusSchema = z.object({
  available: z.boolean(),
  service: z.string(),
  /** When unavailable: Keychain.Unavailable and how to fix it. */
  code: z.string().optional(),
  message: z.string().optional(),
  /** Why it is unavailable, so the UI can tailor the fix. */
  reason: z.enum(['locked', 'denied', 'no-keyring', 'unavailable', 'module-missing']).optional(),
  /** The one command that fixes it, where known (module-missing: the keytar module does not load). */
  fixCommand: z.string().optional(),
});

export const appChannels = defineChannels({
  'app.info': {
    input: noInput,
    output: z.object({
      name: z.string(),
      version: z.string(),
      dataDir: z.string(),
      keychainService: z.string(),
      platform: z.string(),
    }),
  },
  'app.status': {
    input: noInput,
    output: z.object({
      /** No account has been saved yet: the UI offers the Sandbox account. */
      firstRun: z.boolean(),
      currentAccountId: z.string().nullable(),
      accountCount: z.number(),
      keychain: keychainStatusSchema,
      sandbox: z.object({ running: z.boolean(), url: z.string().nullable() }),
      warnings: z.array(warningSchema),
    }),
  },
  'app.dismissWarning': {
    /** The user has seen a warning of app.status (a data file kept aside…): stop listing it. */
    input: z.strictObject({ code: z.string().min(1).max(100) }),
    output: okOutput,
  },
  'app.getSettings': { input: noInput, output: settingsSchema },
  'app.updateSettings': {
    input: z.strictObject({
      theme: settingsSchema.shape.theme.unwrap().optional(),
    }),
    output: settingsSchema,
  },
});

export const appEvents = defineEvents({
  'app.warning': warningSchema,
});
