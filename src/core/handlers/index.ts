// The handler table: every feature contributes `create<Feature>Handlers(ctx)`. The type makes a
// missing or extra handler a compile error. Adding a feature: one import, one spread line.
import type { CoreContext } from '../context.ts';
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

export type { Handler, HandlerCall, HandlerTable, FeatureHandlers } from './types.ts';

export function createHandlers(ctx: CoreContext): HandlerTable {
  return {
    ...createAccountsHandlers(ctx),
    ...createApiHandlers(ctx),
    ...createAppHandlers(ctx),
    ...createDraftsHandlers(ctx),
    ...createJournalHandlers(ctx),
    ...createChangesHandlers(ctx),
    ...createAnalyticsHandlers(ctx),
    ...createStatsHandlers(ctx),
    ...createInventoryHandlers(ctx),
    ...createConfigHandlers(ctx),
    ...createBulkHandlers(ctx),
    ...createTagsHandlers(ctx),
    ...createImpactHandlers(ctx),
    ...createSuitesHandlers(ctx),
    ...createBaselinesHandlers(ctx),
    ...createOverviewHandlers(ctx),
  };
}
