// Signed API clients per account, cached until the account's connection or secret changes.
import { AppCode } from '#shared/app-errors.ts';
import { createApiClient, type ApiClient, type ApiClientOptions } from './client.ts';
import { CoreError } from '../errors.ts';
import { createAccountService } from '../accounts/account-service.ts';
import type { AccountStore } from '../accounts/account-store.ts';
import type { SecretStore } from '../secrets/secret-store.ts';
import type { SandboxManager } from '../sandbox/sandbox-manager.ts';
import type { ApiClientProvider } from '../context.ts';
import { createAccountHealthTracker } from '../accounts/health.ts';
import type { AccountHealth } from '#shared/ipc/channels/accounts.ts';
import type { Clock } from '../clock.ts';

export type ClientProviderDeps = {
  store: AccountStore;
  secrets: SecretStore;
  sandbox: SandboxManager;
  clock: Clock;
  /** Extra client options (timeouts, retry) — never the credentials. */
  clientOptions?: Omit<ApiClientOptions, 'baseUrl' | 'keyId' | 'secret' | 'now'>;
  onClockSkew?: (accountId: string, offsetMs: number) => void;
  onHealthChange?: (accountId: string, health: AccountHealth) => void;
};

export function createClientProvider(deps: ClientProviderDeps): ApiClientProvider & { closeAll(): Promise<void> } {
  const accounts = createAccountService({
    store: deps.store,
    secrets: deps.secrets,
    sandbox: deps.sandbox,
    now: deps.clock.now,
  });
  const cache = new Map<string, Promise<ApiClient>>();
  const health = createAccountHealthTracker({ now: deps.clock.now, onChange: deps.onHealthChange });

  function forAccount(accountId: string): Promise<ApiClient> {
    let client = cache.get(accountId);
    if (!client) {
      client = (async () => {
        const record = await deps.store.get(accountId);
        const credentials = await accounts.credentialsOf(record);
        return createApiClient({
          ...deps.clientOptions,
          baseUrl: credentials.baseUrl,
          keyId: credentials.accessKeyId,
          secret: credentials.secret,
          now: deps.clock.nowMs,
          onClockSkew: (offsetMs) => deps.onClockSkew?.(accountId, offsetMs),
          // While the last attempt found no gateway, reads fail at once instead of backing off.
          gatewayKnownDown: () => health.isUnreachable(accountId),
          log: (entry) => {
            health.record(accountId, entry);
            deps.clientOptions?.log?.(entry);
          },
        });
      })();
      cache.set(accountId, client);
      // A failed lookup (no secret yet, keychain locked) must be retried next time.
      client.catch(() => {
        if (cache.get(accountId) === client) cache.delete(accountId);
      });
    }
    return client;
  }

  function invalidate(accountId: string): void {
    const client = cache.get(accountId);
    cache.delete(accountId);
    health.reset(accountId);
    client?.then((c) => c.close()).catch(() => undefined);
  }

  return {
    forAccount,
    async forCurrent() {
      const accountId = await deps.store.currentId();
      if (accountId === null) {
        throw new CoreError(
          AppCode.Accounts.NoneSelected,
          'No account is selected. Add an account or choose the Sandbox account first.',
        );
      }
      return { accountId, client: await forAccount(accountId) };
    },
    invalidate,
    health: () => health.snapshot(),
    recordAttempt: (accountId, entry) => health.record(accountId, entry),
    async closeAll() {
      const clients = [...cache.values()];
      cache.clear();
      await Promise.all(clients.map((client) => client.then((c) => c.close()).catch(() => undefined)));
    },
  };
}
