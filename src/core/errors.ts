// The application core's one error class. Its code comes from one of the two tables in
// src/shared: the app's own (app-errors.ts, written AppCode.X.Y) or the API's, when the core
// passes a gateway's answer on. toIpcError (ipc/ipc-error.ts) turns it, like the API client's
// errors (api/errors.ts, the other hierarchy), into the IPC error shape.
import { AppCode, findAppError, type AppErrorCode } from '#shared/app-errors.ts';
import type { ApiErrorCode } from '#shared/api/errors.ts';
import type { IpcError } from '#shared/ipc/result.ts';

/** A code of one of the two tables. */
export type ErrorCode = AppErrorCode | ApiErrorCode;

/**
 * A code that came with an error from the gateway, a store or the core's own answer, passed on as
 * it came: a real server may send codes neither table knows, and they must reach the user as sent.
 */
export function passedOnCode(code: string): ErrorCode {
  return code as ErrorCode;
}

export type CoreErrorOptions = {
  /** Whether the same action may succeed when tried again; by default what the app's table says for the code. */
  retryable?: boolean;
  fields?: Record<string, string>;
  /** The HTTP status and trace ID of the gateway answer the error reports, when it reports one. */
  status?: number;
  traceId?: string;
  /** Facts a caller acts on: the journal entry of an unknown outcome, why the keychain refused, the command that fixes it. */
  details?: Readonly<Record<string, string>>;
  cause?: unknown;
};

export class CoreError extends Error {
  readonly code: string;
  readonly retryable: boolean;
  readonly fields?: Record<string, string>;
  readonly status?: number;
  readonly traceId?: string;
  readonly details: Readonly<Record<string, string>>;

  constructor(code: ErrorCode, message: string, options: CoreErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'CoreError';
    this.code = code;
    this.retryable = options.retryable ?? findAppError(code)?.retryable ?? false;
    if (options.fields) this.fields = options.fields;
    if (options.status !== undefined) this.status = options.status;
    if (options.traceId) this.traceId = options.traceId;
    this.details = options.details ?? {};
  }

  /** An error result of the core thrown again as it came (the CLI reads results straight through). */
  static fromIpcError(error: IpcError): CoreError {
    const { code, message, ...rest } = error;
    return new CoreError(passedOnCode(code), message, rest);
  }
}

/** How to get a working keychain, per platform; shown with Keychain.Unavailable. */
function keychainFixHint(platform: NodeJS.Platform = process.platform): string {
  if (platform === 'darwin')
    return 'Unlock the login keychain in Keychain Access and allow Acceleration Console to use it.';
  if (platform === 'win32') return 'Check that Windows Credential Manager is available for your user account.';
  return (
    'Install and unlock a Secret Service keyring (for example gnome-keyring: `sudo apt install gnome-keyring`, ' +
    'then log in again or run `gnome-keyring-daemon --unlock`), and make sure a D-Bus session is running ' +
    '(DBUS_SESSION_BUS_ADDRESS is set). Secrets are never stored in plain text instead.'
  );
}

/** Keychain.Unavailable with the keychain's own words and how to get a working one. */
export function keychainUnavailable(
  detail: string,
  options: { cause?: unknown; message?: string; details?: Record<string, string> } = {},
): CoreError {
  return new CoreError(
    AppCode.Keychain.Unavailable,
    options.message ?? `The system keychain is not available (${detail}). ${keychainFixHint()}`,
    {
      retryable: true,
      cause: options.cause,
      ...(options.details ? { details: options.details } : {}),
    },
  );
}
