// The core's long-lived services, one per core (CoreContext), made on first use. Handlers and other
// services take them from here, so every channel of a core shares one store, cache and write queue;
// the handlers themselves stay thin adapters.
import type { CoreContext } from './context.ts';
import { perCore, storeOptions, accountAccess } from './per-core.ts';
import { createJournal, type Journal } from './journal/journal.ts';
import { createChangeService, type ChangeService } from './changes/changes.ts';
import { createDraftStore, type DraftStore } from './drafts/drafts.ts';
import { InventoryStore } from './inventory/inventory.ts';
import { createInventoryService, type InventoryService } from './inventory/inventory-service.ts';
import { createConfigDocumentService, type ConfigDocumentService } from './config/config-documents.ts';
import { createSettingsStore, type SettingsStore } from './settings/settings.ts';
import { createBulkService, type BulkService } from './bulk/bulk-service.ts';
import { createBatchStore } from './bulk/bulk-store.ts';
import { createTemplateStore } from './bulk/bulk-templates.ts';
import { TagStore } from './tags/tags.ts';
import { createImpactService, type ImpactService } from './impact/impact.ts';
import { analyticsServiceFor } from './analytics/service.ts';
import { knownServices } from './journal/journal-view.ts';
import { createRuleSuiteService, createRuleSuiteStore, type RuleSuiteService, type RuleSuiteStore } from './suites/rule-suites.ts';
import { createApiReads, type ApiReads } from './api/api-reads.ts';
import { createRevealThrottle } from './api/reveal-throttle.ts';
import type { InventoryServiceInfo } from './inventory/inventory.ts';

export const journalFor: (ctx: CoreContext) => Journal = perCore((ctx) =>
  createJournal(
    storeOptions(
      ctx,
      'Journal.Corrupt',
      (report) => `The change journal could not be read (${report.reason}); it was kept as ${report.movedTo} and a new one was started.`,
    ),
  ),
);

/**
 * THE guarded write path (production confirmation, rule tests, journal, the account's list); every
 * API write goes through it.
 */
export const changeServiceFor: (ctx: CoreContext) => ChangeService = perCore((ctx) =>
  createChangeService({
    journal: journalFor(ctx),
    ...accountAccess(ctx),
    suiteCheck: (accountId, change, options) => ruleSuitesFor(ctx).check(accountId, change, options),
    recordCreatedService: (accountId, service) => recordCreatedService(ctx, accountId, service),
  }),
);

/** The service exists and is journaled whatever happens here: a list that cannot be written is a warning. */
async function recordCreatedService(ctx: CoreContext, accountId: string, service: InventoryServiceInfo): Promise<void> {
  try {
    await inventoryServiceFor(ctx).record(accountId, service);
  } catch (error) {
    ctx.warnings.add({
      code: 'Inventory.RecordFailed',
      message: `Service ${service.serviceId} (${service.domainName}) was created, but it could not be added to the account's service list (${error instanceof Error ? error.message : String(error)}). Add it by ID.`,
    });
  }
}

/** Reads through an account's signed client (api.* channels and the CLI); one reveal throttle per core, shared by every window and host. */
export const apiReadsFor: (ctx: CoreContext) => ApiReads = perCore((ctx) =>
  createApiReads({
    currentAccountId: () => ctx.accounts.currentId(),
    client: (accountId) => ctx.clients.forAccount(accountId),
    revealThrottle: createRevealThrottle(ctx.clock.nowMs),
    serviceRead: (accountId, service) => inventoryServiceFor(ctx).refresh(accountId, service),
  }),
);

export const draftStoreFor: (ctx: CoreContext) => DraftStore = perCore((ctx) =>
  createDraftStore(
    storeOptions(ctx, 'Drafts.Corrupt', (report) => `Saved drafts could not be read (${report.reason}); the file was kept as ${report.movedTo}.`),
  ),
);

export const inventoryStoreFor: (ctx: CoreContext) => InventoryStore = perCore(
  (ctx) =>
    new InventoryStore(
      storeOptions(
        ctx,
        'Inventory.Corrupt',
        (report) => `The service inventory file could not be read (${report.reason}); it was kept as ${report.movedTo} and a new one was started.`,
      ),
    ),
);

export const inventoryServiceFor: (ctx: CoreContext) => InventoryService = perCore((ctx) =>
  createInventoryService({
    store: inventoryStoreFor(ctx),
    client: (accountId) => ctx.clients.forAccount(accountId),
    isSandboxAccount: async (accountId) => (await ctx.accounts.find(accountId))?.kind === 'sandbox',
    seededServices: () => ctx.sandbox.seededServices(),
    changed: (accountId) => ctx.emit('inventory.changed', { accountId }),
  }),
);

export const configDocumentsFor: (ctx: CoreContext) => ConfigDocumentService = perCore((ctx) =>
  createConfigDocumentService({
    ...accountAccess(ctx),
    changes: changeServiceFor(ctx),
    // Through the inventory service, so the sandbox account's seeded services are there on first use.
    inventory: (accountId) => inventoryServiceFor(ctx).list(accountId),
    suiteCheck: (accountId, serviceId, changes) => ruleSuitesFor(ctx).checkEach(accountId, serviceId, changes),
    now: ctx.clock.now,
    ruleTests: {
      get: async (accountId, serviceId) => (await ruleSuiteStoreFor(ctx).get({ accountId, serviceId })).expectations,
      replace: async (accountId, serviceId, expectations) => {
        await ruleSuiteStoreFor(ctx).replace({ accountId, serviceId }, expectations);
      },
    },
  }),
);

export const settingsFor: (ctx: CoreContext) => SettingsStore = perCore((ctx) =>
  createSettingsStore({ dataDir: ctx.dataDir, now: ctx.clock.now, onWarning: (warning) => ctx.warnings.add(warning) }),
);

/** Bulk apply (bulk/bulk-service.ts); target selection by tag reads the tags store (a service carries its account's tags too). */
export const bulkServiceFor: (ctx: CoreContext) => BulkService = perCore((ctx) =>
  createBulkService({
    batches: createBatchStore(
      storeOptions(ctx, 'Bulk.BatchesCorrupt', (report) => `Bulk batches could not be read (${report.reason}); the file was kept as ${report.movedTo}.`),
    ),
    templates: createTemplateStore(
      storeOptions(ctx, 'Bulk.TemplatesCorrupt', (report) => `Bulk templates could not be read (${report.reason}); the file was kept as ${report.movedTo}.`),
    ),
    changes: changeServiceFor(ctx),
    journal: journalFor(ctx),
    accounts: async () => (await ctx.accounts.list()).map((a) => ({ id: a.id, name: a.name, production: a.production })),
    inventory: (accountId) => inventoryServiceFor(ctx).list(accountId),
    client: accountAccess(ctx).client,
    serviceTags: (accountId) => tagStoreFor(ctx).serviceTags(accountId),
    accountTags: () => tagStoreFor(ctx).accountTags(),
    progress: (event) => ctx.emit('bulk.progress', event),
    planProgress: (event) => ctx.emit('bulk.planProgress', event),
    budget: async (accountId) => (await ctx.clients.forAccount(accountId)).budget,
    suiteCheck: (accountId, change) => ruleSuitesFor(ctx).check(accountId, change),
    onInterrupted: (batches) => {
      const names = batches.map((b) => `“${b.label}” (${b.counts.pending + b.counts.failed} of ${b.itemCount} services left)`).join(', ');
      ctx.warnings.add({
        code: 'Bulk.Interrupted',
        message: `Bulk change${batches.length === 1 ? '' : 's'} ${names} stopped when the app closed. Open Bulk changes to resume; nothing continues by itself.`,
      });
    },
    now: ctx.clock.now,
  }),
);
/** Tags on accounts and services (bulk target selection, baselines, filters). */
export const tagStoreFor: (ctx: CoreContext) => TagStore = perCore(
  (ctx) =>
    new TagStore(
      storeOptions(ctx, 'Tags.Corrupt', (report) => `The tags file could not be read (${report.reason}); it was kept as ${report.movedTo} and a new one was started.`),
    ),
);

/** Change impact: chart markers and impact lines from the journal and the analytics cache. */
export const impactServiceFor: (ctx: CoreContext) => ImpactService = perCore((ctx) =>
  createImpactService({
    journal: journalFor(ctx),
    analytics: analyticsServiceFor(ctx),
    knownServices: (accountIds, entries) => knownServices({ inventory: (accountId) => inventoryStoreFor(ctx).list(accountId) }, accountIds, entries),
    now: ctx.clock.now,
  }),
);

/** Every service the app knows (each account's service list) that carries the tag, itself or through its account. */
export async function servicesWithTag(ctx: CoreContext, tag: string): Promise<Array<{ accountId: string; serviceId: number }>> {
  const services = new Map<string, number[]>();
  for (const account of await ctx.accounts.list()) {
    services.set(account.id, (await inventoryStoreFor(ctx).list(account.id)).map((s) => s.serviceId));
  }
  return (await tagStoreFor(ctx).servicesTagged(tag, services)).map(({ accountId, serviceId }) => ({ accountId, serviceId }));
}

/** Rule test suites per service (<dataDir>/rule-suites.json). */
export const ruleSuiteStoreFor: (ctx: CoreContext) => RuleSuiteStore = perCore((ctx) =>
  createRuleSuiteStore(
    storeOptions(ctx, 'Suites.Corrupt', (report) => `Rule test suites could not be read (${report.reason}); the file was kept as ${report.movedTo}.`),
  ),
);

/** Running suites on services' rules as read now, and checking a proposed change against its service's suite. */
export const ruleSuitesFor: (ctx: CoreContext) => RuleSuiteService = perCore((ctx) => {
  const access = accountAccess(ctx);
  return createRuleSuiteService({
    store: ruleSuiteStoreFor(ctx),
    account: access.account,
    client: access.client,
    journal: (accountId, serviceId) => journalFor(ctx).list({ accountId, serviceId }),
    serviceNames: async (accountId) => {
      try {
        const services = await inventoryServiceFor(ctx).list(accountId);
        return new Map(services.map((s) => [s.serviceId, s.domainName]));
      } catch {
        // Names are for the reader; a run goes on with IDs.
        return new Map();
      }
    },
    // Every account's listed services that carry the tag themselves or through their account.
    servicesOfTag: (tag) => servicesWithTag(ctx, tag),
  });
});
