// The OS keychain (macOS Keychain, Windows Credential Manager, Secret Service on Linux) through
// keytar. Every keytar failure — no D-Bus session, no Secret Service, a locked or denied
// collection, the native module not loading — becomes Keychain.Unavailable with a fix hint.
// There is deliberately no plain-text fallback.
import { KeychainUnavailableError } from '../errors.ts';
import { redactText } from '../api/redact.ts';
import { keychainServiceFromEnv, type KeychainStatus, type SecretStore } from './secret-store.ts';

type Keytar = typeof import('keytar');

let keytarModule: Promise<Keytar> | undefined;

function loadKeytar(): Promise<Keytar> {
  // Loaded lazily so that a missing libsecret only affects keychain use, not the whole app.
  keytarModule ??= import('keytar').then((module) => ((module as { default?: Keytar }).default ?? module) as Keytar);
  return keytarModule;
}

/** The keychain's own error text, with the secret being stored cut out should it echo it. */
export function describeKeychainError(error: unknown, secret?: string): string {
  const message = error instanceof Error ? error.message : String(error);
  return redactText(message, secret ? [secret] : []).trim() || 'unknown keychain error';
}

async function withKeytar<T>(action: (keytar: Keytar) => Promise<T>, secret?: string): Promise<T> {
  let keytar: Keytar;
  try {
    keytar = await loadKeytar();
  } catch (error) {
    keytarModule = undefined;
    throw new KeychainUnavailableError(`the keytar native module could not be loaded: ${describeKeychainError(error)}`, error);
  }
  try {
    return await action(keytar);
  } catch (error) {
    // The cause is not kept: a native error object could hold the secret it was given.
    throw new KeychainUnavailableError(describeKeychainError(error, secret));
  }
}

const PROBE_ENTRY = 'keychain-availability-probe';

export function createKeytarSecretStore(service: string = keychainServiceFromEnv()): SecretStore {
  return {
    service,
    get: (entry) => withKeytar((keytar) => keytar.getPassword(service, entry)),
    set: (entry, secret) => withKeytar((keytar) => keytar.setPassword(service, entry, secret), secret),
    delete: (entry) => withKeytar((keytar) => keytar.deletePassword(service, entry)),
    async status(): Promise<KeychainStatus> {
      try {
        // A read of an entry that never exists: proves the Secret Service answers without
        // creating anything. (A locked collection is only detected on write.)
        await withKeytar((keytar) => keytar.getPassword(service, PROBE_ENTRY));
        return { available: true, service };
      } catch (error) {
        const e = error as KeychainUnavailableError;
        return { available: false, service, code: e.code, message: e.message };
      }
    },
  };
}
