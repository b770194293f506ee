// The application core every host runs: accounts, keychain, API clients, the sandbox, and the
// IPC handler table behind one invoke(channel, payload) → IpcResult.
import { AppCode } from '#shared/app-errors.ts';
import { join } from 'node:path';
import { mkdir } from 'node:fs/promises';
import { createAccountStore } from './accounts/account-store.ts';
import { createClientProvider } from './api/client-provider.ts';
import { createKeytarSecretStore } from './secrets/keytar-store.ts';
import { keychainServiceFromEnv, type SecretStore } from './secrets/secret-store.ts';
import { createSandboxManager, type SandboxManager, type SandboxStartOptions } from './sandbox/sandbox-manager.ts';
import { createDispatcher, type Dispatcher, type InvokeOptions } from './ipc/ipc-dispatcher.ts';
import { createHandlers } from './handlers/index.ts';
import { scrubOutput } from './secrets/secret-mask.ts';
import type { ApiClientOptions } from './api/client.ts';
import type { CoreContext } from './context.ts';
import { createWarningBoard } from './warnings.ts';
import { removeStaleTempFiles } from './storage/atomic-json.ts';
import { ACCOUNTS_FILE } from './accounts/account-store.ts';
import { DRAFTS_FILE } from './drafts/drafts.ts';
import { JOURNAL_FILE } from './journal/journal.ts';
import { INVENTORY_FILE } from './inventory/inventory.ts';
import { SETTINGS_FILE } from './settings/settings.ts';
import { BULK_BATCHES_FILE } from './bulk/bulk-store.ts';
import { BULK_TEMPLATES_FILE } from './bulk/bulk-templates.ts';
import { createCoreServices, type CoreServices } from './core-services.ts';
import { RULE_SUITES_FILE } from './suites/rule-suites.ts';
import { BASELINES_FILE } from './baselines/baseline-store.ts';
import { ALERTS_FILE } from './overview/alerts.ts';
import type { IpcEventName, IpcEventPayload } from '#shared/ipc/contract.ts';
import { failure } from '#shared/ipc/result.ts';
import { systemClock, type Clock } from './clock.ts';

export type CreateCoreOptions = {
  dataDir: string;
  /** Default: the OS keychain (keytar) under `keychainService`. */
  secretStore?: SecretStore;
  /** Default: env ACCEL_KEYCHAIN_SERVICE, else 'Acceleration Console'. */
  keychainService?: string;
  /**
   * Options for the in-process sandbox (seed, faults, …). Its state is kept in
   * <dataDir>/sandbox/state.json unless `statePath` is given here (null: in memory only).
   */
  sandboxOptions?: Partial<Omit<SandboxStartOptions, 'statePath'>> & { statePath?: string | null };
  /** Timeouts/retry for API clients (tests shorten them); their clock is the core's. */
  clientOptions?: Omit<ApiClientOptions, 'baseUrl' | 'keyId' | 'secret' | 'now'>;
  /** Check handler outputs against the contract (default: unless NODE_ENV=production). */
  validateOutput?: boolean;
  /** The core's one clock (default: the system clock); tests pass a fake one to move time. */
  clock?: Clock;
  /**
   * Keep the baseline snapshots fresh in the background (reads at background priority within each
   * key's request budget). Off unless a host asks, so tests never run it by accident.
   */
  backgroundSnapshots?: boolean;
  /**
   * Let the fleet overview watch the accounts the user chose in the background (refreshes at
   * background priority, alerts as `overview.alert` events). Off unless a host asks.
   */
  backgroundWatch?: boolean;
  /** Receives every event (same as core.onAny); hosts forward them to the renderer. */
  emit?: (event: string, payload: unknown) => void;
};

/** The JSON documents the core keeps in the data dir (their stale temp files are removed at start). */
const DATA_FILES = [
  ACCOUNTS_FILE,
  DRAFTS_FILE,
  JOURNAL_FILE,
  INVENTORY_FILE,
  SETTINGS_FILE,
  RULE_SUITES_FILE,
  BULK_BATCHES_FILE,
  BULK_TEMPLATES_FILE,
  BASELINES_FILE,
  ALERTS_FILE,
] as const;

type EventListener = <E extends IpcEventName>(event: E, payload: IpcEventPayload<E>) => void;

export type Core = {
  invoke: Dispatcher['invoke'];
  /** Listens to one event; returns the unsubscribe function. */
  on<E extends IpcEventName>(event: E, listener: (payload: IpcEventPayload<E>) => void): () => void;
  /** Every event (hosts forward them all to the renderer). */
  onAny(listener: EventListener): () => void;
  /** For other main-process code (hosts, CLI); never hand it to the renderer. */
  readonly context: CoreContext;
  /** The core's services, built once (src/core/core-services.ts); as `context`, never for the renderer. */
  readonly services: CoreServices;
  dispose(): Promise<void>;
};

export function createCore(options: CreateCoreOptions): Core {
  const clock = options.clock ?? systemClock;
  const secrets = options.secretStore ?? createKeytarSecretStore(options.keychainService ?? keychainServiceFromEnv());
  const accounts = createAccountStore({ dataDir: options.dataDir, now: clock.now });
  const { statePath, ...sandboxOptions } = options.sandboxOptions ?? {};
  const sandbox: SandboxManager = createSandboxManager({
    now: clock.now,
    sandboxOptions,
    statePath: statePath === null ? undefined : (statePath ?? join(options.dataDir, 'sandbox', 'state.json')),
  });

  const listeners = new Set<{ event: string | null; listener: (event: string, payload: unknown) => void }>();
  if (options.emit) listeners.add({ event: null, listener: options.emit });
  function emit<E extends IpcEventName>(event: E, payload: IpcEventPayload<E>): void {
    // Events reach the renderer too: same last line of defence as invoke results.
    const safePayload = scrubOutput(payload);
    for (const entry of listeners) {
      if (entry.event !== null && entry.event !== event) continue;
      try {
        entry.listener(event, safePayload);
      } catch {
        // One broken listener (a closed window) must not stop the others.
      }
    }
  }

  const warnings = createWarningBoard((warning) => emit('app.warning', warning));
  const clients = createClientProvider({
    store: accounts,
    secrets,
    sandbox,
    clock,
    clientOptions: options.clientOptions,
    onClockSkew: (accountId, offsetMs) => {
      const warning = {
        code: AppCode.Clock.Skew,
        message: `This computer's clock differs from the gateway's by about ${Math.round(offsetMs / 60_000)} minutes (account ${accountId}). Requests fail once the difference reaches an hour: correct the system clock.`,
      };
      warnings.add(warning);
    },
    onHealthChange: (accountId, health) => emit('accounts.healthChanged', { accountId, health }),
  });

  const context: CoreContext = { dataDir: options.dataDir, accounts, secrets, clients, sandbox, warnings, emit, clock };
  // Every service once, here; none reads a file or starts anything until it is used.
  const services = createCoreServices(context);
  const handlers = createHandlers(context, services);
  const dispatcher = createDispatcher(handlers, { validateOutput: options.validateOutput });
  // Temp files a killed writer left behind are removed before anything else touches the data dir.
  const ready = mkdir(options.dataDir, { recursive: true }).then(() =>
    removeStaleTempFiles(options.dataDir, DATA_FILES, clock.nowMs()).catch(() => []),
  );
  let disposed = false;
  // The host allows background work; the user's setting (the Baselines toggle) decides. Calls wait
  // for the decision (one small file read), so the first status they see is the real one.
  const started = ready.then(async () => {
    // Watching starts only when the user watches something (overview.setWatch); not awaited: it reads the settings itself.
    if (options.backgroundWatch && !disposed) void services.overview.watcher.allow().catch(() => undefined);
    if (!options.backgroundSnapshots) return;
    const settings = await services.settings.read().catch(() => null);
    if (!disposed && settings?.backgroundSnapshots !== false) services.baselines.refresher.start();
  });
  // A bulk batch cut off by the last stop is found now and offered (a warning), never resumed by itself.
  void ready.then(() => (disposed ? undefined : services.bulk.list(1))).catch(() => undefined);

  const invoke = (async (channel: string, payload: unknown, invokeOptions?: InvokeOptions) => {
    if (disposed) {
      return failure(AppCode.Core.Disposed, 'The application is shutting down.');
    }
    await started;
    return dispatcher.invoke(channel, payload, invokeOptions);
  }) as Dispatcher['invoke'];

  return {
    invoke,
    on(event, listener) {
      const entry = { event, listener: (_event: string, payload: unknown) => listener(payload as never) };
      listeners.add(entry);
      return () => listeners.delete(entry);
    },
    onAny(listener) {
      const entry = { event: null, listener: listener as (event: string, payload: unknown) => void };
      listeners.add(entry);
      return () => listeners.delete(entry);
    },
    context,
    services,
    async dispose() {
      if (disposed) return;
      disposed = true;
      // A bulk batch still running stops after its writes in flight and is offered for resume next time.
      await Promise.all([
        services.bulk.shutdown(),
        services.baselines.refresher.stop(),
        services.overview.watcher.stop(),
      ]);
      // Fetches still running stop before the clients close, and their cache writes end first.
      await services.analytics.close();
      await clients.closeAll();
      await sandbox.stop();
      listeners.clear();
    },
  };
}
