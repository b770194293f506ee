// The core's long-lived services, built once per core: createCore calls createCoreServices and hands
// the result to the handler factories (`create<Feature>Handlers(ctx, services)`) and to the hosts
// (`core.services`), so every channel, the CLI and the background work share one store, cache and
// write queue. Building them reads no file, makes no request and starts nothing: each does its work
// on first use. Services are built in dependency order; each gets what it uses, never the whole set.
import { AppCode } from '#shared/app-errors.ts';
import type { CoreContext } from './context.ts';
import { storeOptions } from './storage/store-options.ts';
import { accountAccess } from './changes/account-access.ts';
import { createJournal, type Journal } from './journal/journal.ts';
import { knownServices } from './journal/journal-view.ts';
import { createChangeService, type ChangeService } from './changes/changes.ts';
import { createDraftStore, type DraftStore } from './drafts/drafts.ts';
import { InventoryStore, type InventoryServiceInfo } from './inventory/inventory.ts';
import { createInventoryService, type InventoryService } from './inventory/inventory-service.ts';
import { createConfigDocumentService, type ConfigDocumentService } from './config/config-documents.ts';
import { createSettingsStore, type SettingsStore } from './settings/settings.ts';
import { createBulkService, type BulkService } from './bulk/bulk-service.ts';
import { createBatchStore } from './bulk/bulk-store.ts';
import { createTemplateStore } from './bulk/bulk-templates.ts';
import { TagStore } from './tags/tags.ts';
import { createImpactService, type ImpactService } from './impact/impact.ts';
import { createAnalyticsService, type AnalyticsService } from './analytics/service.ts';
import {
  createRuleSuiteService,
  createRuleSuiteStore,
  type RuleSuiteService,
  type RuleSuiteStore,
} from './suites/rule-suites.ts';
import { createApiReads, type ApiReads } from './api/api-reads.ts';
import { createRevealThrottle } from './api/reveal-throttle.ts';
import { createBaselineServices, type BaselineServices } from './baselines/baseline-services.ts';
import { createOverviewServices, type OverviewServices } from './overview/overview-services.ts';

export type CoreServices = {
  journal: Journal;
  /** THE guarded write path (production confirmation, rule tests, journal, the account's list); every API write goes through it. */
  changes: ChangeService;
  /** Reads through an account's signed client (api.* channels and the CLI); one reveal throttle per core, shared by every window and host. */
  apiReads: ApiReads;
  drafts: DraftStore;
  /** Each account's service list as stored. */
  inventoryStore: InventoryStore;
  /** The service lists' rules: adding by ID, the sandbox account's seeded services, refreshes. */
  inventory: InventoryService;
  configDocuments: ConfigDocumentService;
  settings: SettingsStore;
  /** Bulk apply; target selection by tag reads the tags store (a service carries its account's tags too). */
  bulk: BulkService;
  /** Tags on accounts and services (bulk target selection, baselines, filters). */
  tags: TagStore;
  /** Change impact: chart markers and impact lines from the journal and the analytics cache. */
  impact: ImpactService;
  /** Rule test suites per service (<dataDir>/rule-suites.json). */
  suiteStore: RuleSuiteStore;
  /** Running suites on services' rules as read now, and checking a proposed change against its service's suite. */
  suites: RuleSuiteService;
  /** The offline traffic cache, running fetches and the statistics exports (analytics.* and stats.*). */
  analytics: AnalyticsService;
  baselines: BaselineServices;
  overview: OverviewServices;
};

/** Every service the app knows (each account's service list) that carries the tag, itself or through its account. */
async function servicesWithTag(
  ctx: CoreContext,
  stores: { inventoryStore: InventoryStore; tags: TagStore },
  tag: string,
): Promise<Array<{ accountId: string; serviceId: number }>> {
  const services = new Map<string, number[]>();
  for (const account of await ctx.accounts.list()) {
    services.set(
      account.id,
      (await stores.inventoryStore.list(account.id)).map((s) => s.serviceId),
    );
  }
  return (await stores.tags.servicesTagged(tag, services)).map(({ accountId, serviceId }) => ({
    accountId,
    serviceId,
  }));
}

export function createCoreServices(ctx: CoreContext): CoreServices {
  const access = accountAccess(ctx);

  const journal = createJournal(
    storeOptions(
      ctx,
      AppCode.Journal.Corrupt,
      (report) =>
        `The change journal could not be read (${report.reason}); it was kept as ${report.movedTo} and a new one was started.`,
    ),
  );
  const drafts = createDraftStore(
    storeOptions(
      ctx,
      AppCode.Drafts.Corrupt,
      (report) => `Saved drafts could not be read (${report.reason}); the file was kept as ${report.movedTo}.`,
    ),
  );
  const inventoryStore = new InventoryStore(
    storeOptions(
      ctx,
      AppCode.Inventory.Corrupt,
      (report) =>
        `The service inventory file could not be read (${report.reason}); it was kept as ${report.movedTo} and a new one was started.`,
    ),
  );
  const settings = createSettingsStore({
    dataDir: ctx.dataDir,
    now: ctx.clock.now,
    onWarning: (warning) => ctx.warnings.add(warning),
  });
  const tags = new TagStore(
    storeOptions(
      ctx,
      AppCode.Tags.Corrupt,
      (report) =>
        `The tags file could not be read (${report.reason}); it was kept as ${report.movedTo} and a new one was started.`,
    ),
  );
  const suiteStore = createRuleSuiteStore(
    storeOptions(
      ctx,
      AppCode.Suites.Corrupt,
      (report) => `Rule test suites could not be read (${report.reason}); the file was kept as ${report.movedTo}.`,
    ),
  );

  const inventory = createInventoryService({
    store: inventoryStore,
    client: (accountId) => ctx.clients.forAccount(accountId),
    isSandboxAccount: async (accountId) => (await ctx.accounts.find(accountId))?.kind === 'sandbox',
    seededServices: () => ctx.sandbox.seededServices(),
    changed: (accountId) => ctx.emit('inventory.changed', { accountId }),
  });

  const suites = createRuleSuiteService({
    store: suiteStore,
    account: access.account,
    client: access.client,
    journal: (accountId, serviceId) => journal.list({ accountId, serviceId }),
    serviceNames: async (accountId) => {
      try {
        const services = await inventory.list(accountId);
        return new Map(services.map((s) => [s.serviceId, s.domainName]));
      } catch {
        // Names are for the reader; a run goes on with IDs.
        return new Map();
      }
    },
    // Every account's listed services that carry the tag themselves or through their account.
    servicesOfTag: (tag) => servicesWithTag(ctx, { inventoryStore, tags }, tag),
  });

  /** The service exists and is journaled whatever happens here: a list that cannot be written is a warning. */
  async function recordCreatedService(accountId: string, service: InventoryServiceInfo): Promise<void> {
    try {
      await inventory.record(accountId, service);
    } catch (error) {
      ctx.warnings.add({
        code: AppCode.Inventory.RecordFailed,
        message: `Service ${service.serviceId} (${service.domainName}) was created, but it could not be added to the account's service list (${error instanceof Error ? error.message : String(error)}). Add it by ID.`,
      });
    }
  }

  const changes = createChangeService({
    journal,
    ...access,
    suiteCheck: (accountId, change, options) => suites.check(accountId, change, options),
    recordCreatedService,
  });

  const apiReads = createApiReads({
    currentAccountId: () => ctx.accounts.currentId(),
    client: (accountId) => ctx.clients.forAccount(accountId),
    revealThrottle: createRevealThrottle(ctx.clock.nowMs),
    serviceRead: (accountId, service) => inventory.refresh(accountId, service),
  });

  const configDocuments = createConfigDocumentService({
    ...access,
    changes,
    // Through the inventory service, so the sandbox account's seeded services are there on first use.
    inventory: (accountId) => inventory.list(accountId),
    suiteCheck: (accountId, serviceId, proposed) => suites.checkEach(accountId, serviceId, proposed),
    now: ctx.clock.now,
    ruleTests: {
      get: async (accountId, serviceId) => (await suiteStore.get({ accountId, serviceId })).expectations,
      replace: async (accountId, serviceId, expectations) => {
        await suiteStore.replace({ accountId, serviceId }, expectations);
      },
    },
  });

  const bulk = createBulkService({
    batches: createBatchStore(
      storeOptions(
        ctx,
        AppCode.Bulk.BatchesCorrupt,
        (report) => `Bulk batches could not be read (${report.reason}); the file was kept as ${report.movedTo}.`,
      ),
    ),
    templates: createTemplateStore(
      storeOptions(
        ctx,
        AppCode.Bulk.TemplatesCorrupt,
        (report) => `Bulk templates could not be read (${report.reason}); the file was kept as ${report.movedTo}.`,
      ),
    ),
    changes,
    journal,
    accounts: async () =>
      (await ctx.accounts.list()).map((a) => ({ id: a.id, name: a.name, production: a.production })),
    inventory: (accountId) => inventory.list(accountId),
    client: access.client,
    serviceTags: (accountId) => tags.serviceTags(accountId),
    accountTags: () => tags.accountTags(),
    progress: (event) => ctx.emit('bulk.progress', event),
    planProgress: (event) => ctx.emit('bulk.planProgress', event),
    budget: async (accountId) => (await ctx.clients.forAccount(accountId)).budget,
    suiteCheck: (accountId, change) => suites.check(accountId, change),
    onInterrupted: (batches) => {
      const names = batches
        .map((b) => `“${b.label}” (${b.counts.pending + b.counts.failed} of ${b.itemCount} services left)`)
        .join(', ');
      ctx.warnings.add({
        code: AppCode.Bulk.Interrupted,
        message: `Bulk change${batches.length === 1 ? '' : 's'} ${names} stopped when the app closed. Open Bulk changes to resume; nothing continues by itself.`,
      });
    },
    now: ctx.clock.now,
  });

  const analytics = createAnalyticsService(ctx);

  const impact = createImpactService({
    journal,
    analytics,
    knownServices: (accountIds, entries) =>
      knownServices({ inventory: (accountId) => inventoryStore.list(accountId) }, accountIds, entries),
    now: ctx.clock.now,
  });

  const baselines = createBaselineServices(ctx, { inventory, configDocuments, tags, bulk });
  const overview = createOverviewServices(ctx, { tags, inventoryStore, inventory, impact, settings });

  return {
    journal,
    changes,
    apiReads,
    drafts,
    inventoryStore,
    inventory,
    configDocuments,
    settings,
    bulk,
    tags,
    impact,
    suiteStore,
    suites,
    analytics,
    baselines,
    overview,
  };
}
