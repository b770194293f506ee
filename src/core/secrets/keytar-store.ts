// The OS keychain (macOS Keychain, Windows Credential Manager, Secret Service on Linux) through
// keytar. Every keytar failure — no D-Bus session, no Secret Service, a locked or denied
// collection, the native module not loading — becomes Keychain.Unavailable with a fix hint
// (a specific one, and a `reason`, for a locked keyring and for a denied/cancelled prompt; for a
// keytar module that is not installed or does not load: what is missing and the one command that
// fixes it). There is deliberately no plain-text fallback.
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { CoreError, keychainUnavailable } from '../errors.ts';
import { redactText } from '../api/redact.ts';
import { AppCode } from '#shared/app-errors.ts';
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

/** Why the keychain refused, as far as its error text tells. */
export type KeychainFailureReason = 'locked' | 'denied' | 'no-keyring' | 'unavailable' | 'module-missing';

// Texts as the backends word them: libsecret/gnome-keyring (captured from keytar in
// keychain-locked.test.ts), macOS Security framework, Windows Credential Manager.
const LOCKED = /\blocked\b|keychain is locked|errSecInteractionNotAllowed|-25308/i;
const DENIED = /cancel+ed|dismissed|\bdenied\b|not allowed|errSecUserCanceled|errSecAuthFailed|-128\b|-25293/i;
const NO_KEYRING =
  /collection\/login|no such (secret )?collection|no default (keychain|collection)|errSecNoDefaultKeychain|-25307/i;

export function classifyKeychainError(message: string): KeychainFailureReason {
  if (LOCKED.test(message) && !/unlock(ed)? .*failed/i.test(message)) return 'locked';
  if (DENIED.test(message)) return 'denied';
  if (NO_KEYRING.test(message)) return 'no-keyring';
  return 'unavailable';
}

const PLAIN_TEXT_NOTE = 'Secrets are never stored in plain text instead.';

function lockedHint(platform: NodeJS.Platform): string {
  if (platform === 'darwin')
    return 'Your login keychain is locked: unlock it in Keychain Access (or log in again) and try again.';
  if (platform === 'win32') return 'Windows Credential Manager is locked for your user: log in again and try again.';
  return 'Your login keyring is locked: unlock it (e.g. log in again or run `gnome-keyring-daemon --unlock`) and try again.';
}

function deniedHint(platform: NodeJS.Platform): string {
  const where = platform === 'darwin' ? 'Keychain Access' : platform === 'win32' ? 'Credential Manager' : 'the keyring';
  return `Access to the system keychain was denied or its prompt was cancelled: allow Acceleration Console to use ${where} when asked, and try again.`;
}

function noKeyringHint(): string {
  return 'There is no login keyring yet: create and unlock one (log in to a desktop session, or run `gnome-keyring-daemon --unlock` and type a password) and try again.';
}

/**
 * Keychain.Unavailable with a specific message for a locked keyring or a denied/cancelled prompt,
 * and its `reason` in the error's details.
 */
export function keychainAccessError(
  detail: string,
  reason: KeychainFailureReason = classifyKeychainError(detail),
  platform: NodeJS.Platform = process.platform,
): CoreError {
  const specific =
    reason === 'locked'
      ? lockedHint(platform)
      : reason === 'denied'
        ? deniedHint(platform)
        : reason === 'no-keyring' && platform === 'linux'
          ? noKeyringHint()
          : null;
  // The generic text (with the D-Bus/install hint) stays for everything else.
  return keychainUnavailable(detail, {
    details: { reason },
    ...(specific ? { message: `${specific} ${PLAIN_TEXT_NOTE} (${detail})` } : {}),
  });
}

/** What keeps keytar from loading (a clause: "the keytar module is not installed …"), whether that
 * is simply its absence (no further detail needed), and the one command that fixes it. */
export type KeytarLoadProblem = { missing: string; fixCommand: string; notInstalled?: boolean };

/** True when `command` is an executable on PATH (to leave out packages that are already there). */
function onPath(command: string, env: NodeJS.ProcessEnv = process.env): boolean {
  return (env.PATH ?? '').split(delimiter).some((dir) => {
    try {
      accessSync(join(dir, command), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * Why `import('keytar')` failed — the package is not installed (npm skips the optional
 * dependency when its native build fails, e.g. without libsecret-1-dev), the libsecret runtime
 * library is missing, or the native build is missing or for another Node/Electron — and the one
 * command that fixes it (run in the app's folder). gnome-keyring is added only when its daemon
 * is not installed either, since the keychain needs a Secret Service once keytar loads.
 */
export function diagnoseKeytarLoadError(
  message: string,
  code: string | undefined,
  platform: NodeJS.Platform = process.platform,
  hasGnomeKeyring: boolean = onPath('gnome-keyring-daemon'),
): KeytarLoadProblem {
  const notInstalled = code === 'ERR_MODULE_NOT_FOUND' && /['"]keytar['"]/.test(message);
  const libraryMissing = /libsecret-1\.so/.test(message);
  if (platform !== 'linux') {
    return notInstalled
      ? { missing: 'the keytar module is not installed', fixCommand: 'npm install', notInstalled }
      : { missing: 'the keytar module does not load', fixCommand: 'npm rebuild keytar' };
  }
  const keyring = hasGnomeKeyring ? '' : ' gnome-keyring';
  if (libraryMissing) {
    return {
      missing: 'the libsecret library (Debian package libsecret-1-0) is missing',
      fixCommand: `sudo apt-get install -y libsecret-1-0${keyring}`,
    };
  }
  if (notInstalled) {
    return {
      missing:
        'the keytar module is not installed (it could not be built when the app was installed, because libsecret-1-dev was missing)',
      fixCommand: `sudo apt-get install -y libsecret-1-dev${keyring} && npm install`,
      notInstalled,
    };
  }
  return {
    missing: 'the keytar module does not load (it is not built for this Node.js or Electron)',
    fixCommand: `sudo apt-get install -y libsecret-1-dev${keyring} && npm rebuild keytar`,
  };
}

/** Keychain.Unavailable because keytar itself does not load: says what is missing and the fix (also in the details). */
export function keytarModuleError(problem: KeytarLoadProblem, detail: string): CoreError {
  return keychainUnavailable(detail, {
    // The loader's own text only where it adds something (not for a plainly absent package).
    message: `The system keychain cannot be used: ${problem.missing}. To fix it, run \`${problem.fixCommand}\` in the Acceleration Console folder, then restart the app. ${PLAIN_TEXT_NOTE}${problem.notInstalled ? '' : ` (${detail})`}`,
    details: { reason: 'module-missing', fixCommand: problem.fixCommand },
  });
}

async function withKeytar<T>(action: (keytar: Keytar) => Promise<T>, secret?: string): Promise<T> {
  let keytar: Keytar;
  try {
    keytar = await loadKeytar();
  } catch (error) {
    keytarModule = undefined;
    const detail = describeKeychainError(error);
    const code = (error as { code?: unknown } | null)?.code;
    throw keytarModuleError(
      diagnoseKeytarLoadError(detail, typeof code === 'string' ? code : undefined),
      `keytar: ${detail.split('\n')[0]}`,
    );
  }
  try {
    return await action(keytar);
  } catch (error) {
    // The cause is not kept: a native error object could hold the secret it was given.
    throw keychainAccessError(describeKeychainError(error, secret));
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
        // withKeytar throws nothing but Keychain.Unavailable.
        const { reason, fixCommand } = error instanceof CoreError ? error.details : {};
        return {
          available: false,
          service,
          code: AppCode.Keychain.Unavailable,
          message: (error as Error).message,
          ...(reason ? { reason: reason as KeychainFailureReason } : {}),
          ...(fixCommand ? { fixCommand } : {}),
        };
      }
    },
  };
}
