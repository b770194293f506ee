// In-memory SecretStore for unit tests only (the app always uses the OS keychain).
import { keychainUnavailable } from '../errors.ts';
import { AppCode } from '#shared/app-errors.ts';
import type { KeychainStatus, SecretStore } from './secret-store.ts';

export type MemorySecretStore = SecretStore & {
  readonly entries: ReadonlyMap<string, string>;
  /** Simulates a locked / missing keychain from now on (null = available again). */
  setUnavailable(detail: string | null): void;
};

export function createMemorySecretStore(service = 'Acceleration Console (test)'): MemorySecretStore {
  const entries = new Map<string, string>();
  let unavailable: string | null = null;
  const check = () => {
    if (unavailable !== null) throw keychainUnavailable(unavailable);
  };
  return {
    service,
    entries,
    setUnavailable(detail) {
      unavailable = detail;
    },
    async get(entry) {
      check();
      return entries.get(entry) ?? null;
    },
    async set(entry, secret) {
      check();
      entries.set(entry, secret);
    },
    async delete(entry) {
      check();
      return entries.delete(entry);
    },
    async status(): Promise<KeychainStatus> {
      if (unavailable === null) return { available: true, service };
      return {
        available: false,
        service,
        code: AppCode.Keychain.Unavailable,
        message: keychainUnavailable(unavailable).message,
      };
    },
  };
}
