// The handler table: every feature contributes `create<Feature>Handlers(ctx, services)` (the core's
// services, built once by createCoreServices). The type makes a missing or extra handler a compile
// error. Adding a feature: one import, one spread line.
import type { CoreContext } from '../context.ts';
import type { CoreServices } from '../core-services.ts';
import type { HandlerTable } from './types.ts';
import { createAccountsHandlers } from './accounts.ts';
import { createApiHandlers } from './api.ts';
import { createAppHandlers } from './app.ts';
import { createDraftsHandlers } from './drafts.ts';
import { createJournalHandlers } from './journal.ts';
import { createChangesHandlers } from './changes.ts';
import { createAnalyticsHandlers } from './analytics.ts';
import { createStatsHandlers } from './stats.ts';
import { createInventoryHandlers } from './inventory.ts';
import { createConfigHandlers } from './config.ts';
import { createBulkHandlers } from './bulk.ts';
import { createTagsHandlers } from './tags.ts';
import { createImpactHandlers } from './impact.ts';
import { createSuitesHandlers } from './suites.ts';
import { createBaselinesHandlers } from './baselines.ts';
import { createOverviewHandlers } from './overview.ts';

export type { HandlerTable } from './types.ts';

export function createHandlers(ctx: CoreContext, services: CoreServices): HandlerTable {
  return {
    ...createAccountsHandlers(ctx, services),
    ...createApiHandlers(ctx, services),
    ...createAppHandlers(ctx, services),
    ...createDraftsHandlers(ctx, services),
    ...createJournalHandlers(ctx, services),
    ...createChangesHandlers(ctx, services),
    ...createAnalyticsHandlers(ctx, services),
    ...createStatsHandlers(ctx, services),
    ...createInventoryHandlers(ctx, services),
    ...createConfigHandlers(ctx, services),
    ...createBulkHandlers(ctx, services),
    ...createTagsHandlers(ctx, services),
    ...createImpactHandlers(ctx, services),
    ...createSuitesHandlers(ctx, services),
    ...createBaselinesHandlers(ctx, services),
    ...createOverviewHandlers(ctx, services),
  };
}
