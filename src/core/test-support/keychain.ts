// Test helpers for the real OS keychain (Secret Service through keytar).
import { randomUUID } from 'node:crypto';
import keytar from 'keytar';

const KEYCHAIN_RUN_HINT =
  "dbus-run-session -- sh -c 'printf pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null; " +
  "export PATH=/work/main/node_modules/.bin:$PATH; npx vitest run src/core'";

/**
 * Keychain tests need a D-Bus session with an unlocked Secret Service. Locally without one they
 * are skipped with this message; under CI (env CI set) they run and fail loudly instead.
 */
export function keychainTestsEnabled(): boolean {
  if (process.env.DBUS_SESSION_BUS_ADDRESS) return true;
  if (process.env.CI) return true;
  console.warn(
    `Skipping *.keychain.test.ts: DBUS_SESSION_BUS_ADDRESS is not set. Run them with:\n  ${KEYCHAIN_RUN_HINT}`,
  );
  return false;
}

/** A service name nobody else uses, so tests never touch real entries. */
export function uniqueKeychainService(): string {
  return `Acceleration Console test ${randomUUID()}`;
}

/** Removes every entry of a test service. */
export async function clearKeychainService(service: string): Promise<void> {
  const credentials = await keytar.findCredentials(service);
  await Promise.all(credentials.map((credential) => keytar.deletePassword(service, credential.account)));
}

export function keychainEntries(service: string): Promise<{ account: string; password: string }[]> {
  return keytar.findCredentials(service);
}
