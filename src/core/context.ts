// What every service and every feature's handlers get from the core (handlers/<feature>.ts:
// `create<Feature>Handlers(ctx: CoreContext, services: CoreServices)`; the services: core-services.ts).
import type { ApiClient, ApiLogEntry } from './api/client.ts';
import type { AccountStore } from './accounts/account-store.ts';
import type { SecretStore } from './secrets/secret-store.ts';
import type { SandboxManager } from './sandbox/sandbox-manager.ts';
import type { AccountHealth } from '#shared/ipc/channels/accounts.ts';
import type { WarningBoard } from './warnings.ts';
import type { IpcEventName, IpcEventPayload } from '#shared/ipc/contract.ts';
import type { Clock } from './clock.ts';

export type ApiClientProvider = {
  /**
   * The signed client of an account (reads the secret from the keychain; for the sandbox account
   * starts the in-process sandbox on demand). Cached per account; throws CoreError
   * Accounts.NotFound / Accounts.SecretMissing, or Keychain.Unavailable.
   */
  forAccount(accountId: string): Promise<ApiClient>;
  /** The current account's client (Accounts.NoneSelected when there is no current account). */
  forCurrent(): Promise<{ accountId: string; client: ApiClient }>;
  /** Drops a cached client after its account changed or was removed. */
  invalidate(accountId: string): void;
  /** Whether each account's gateway answered its recent calls. */
  health(): Record<string, AccountHealth>;
  /** Counts a call made outside the cached client (a saved account's "Test connection") in the account's health. */
  recordAttempt(accountId: string, entry: ApiLogEntry): void;
};

export type CoreContext = {
  dataDir: string;
  accounts: AccountStore;
  secrets: SecretStore;
  clients: ApiClientProvider;
  sandbox: SandboxManager;
  /** Warnings kept for app.status until dismissed (adding one also sends app.warning). */
  warnings: WarningBoard;
  /** Sends an event to every renderer (Electron webContents / browser WebSocket). */
  emit<E extends IpcEventName>(event: E, payload: IpcEventPayload<E>): void;
  /** The core's one clock: every service, store, cache and client reads time through it. */
  clock: Clock;
};
