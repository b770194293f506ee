// Errors raised by the application core itself (accounts, keychain, IPC). They carry the same
// fields as the API client's errors so that one serializer turns both into an IpcError.
export type CoreErrorOptions = {
  retryable?: boolean;
  fields?: Record<string, string>;
  cause?: unknown;
};

export class CoreError extends Error {
  readonly code: string;
  readonly retryable: boolean;
  readonly fields?: Record<string, string>;

  constructor(code: string, message: string, options: CoreErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'CoreError';
    this.code = code;
    this.retryable = options.retryable ?? false;
    if (options.fields) this.fields = options.fields;
  }
}

export const KEYCHAIN_UNAVAILABLE = 'Keychain.Unavailable';

/** How to get a working keychain, per platform; shown with Keychain.Unavailable. */
export function keychainFixHint(platform: NodeJS.Platform = process.platform): string {
  if (platform === 'darwin') return 'Unlock the login keychain in Keychain Access and allow Acceleration Console to use it.';
  if (platform === 'win32') return 'Check that Windows Credential Manager is available for your user account.';
  return (
    'Install and unlock a Secret Service keyring (for example gnome-keyring: `sudo apt install gnome-keyring`, ' +
    'then log in again or run `gnome-keyring-daemon --unlock`), and make sure a D-Bus session is running ' +
    '(DBUS_SESSION_BUS_ADDRESS is set). Secrets are never stored in plain text instead.'
  );
}

export class KeychainUnavailableError extends CoreError {
  constructor(detail: string, cause?: unknown) {
    super(KEYCHAIN_UNAVAILABLE, `The system keychain is not available (${detail}). ${keychainFixHint()}`, {
      retryable: true,
      cause,
    });
    this.name = 'KeychainUnavailableError';
  }
}
