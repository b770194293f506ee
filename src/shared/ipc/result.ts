// THE result and error vocabulary of every IPC call (GitHub Desktop / VS Code model): handlers
// answer `{ ok: true, data } | { ok: false, error }` because Electron keeps nothing but
// `message` from a thrown error. The Electron bridge, the dispatcher, the browser host, the
// preload and the renderer all build and read results with these helpers. No zod here: the
// sandboxed preload cannot load it (ipcErrorSchema in define.ts checks this shape).

import { AppCode } from '../app-errors.ts';

export type IpcError = {
  code: string;
  message: string;
  /** Dotted field path → message, to show under the matching input. */
  fields?: Record<string, string>;
  retryable: boolean;
  status?: number;
  traceId?: string;
};

export type IpcResult<T> = { ok: true; data: T } | { ok: false; error: IpcError };

/**
 * Code of a failure that is a bug, not something the user did; its text stays generic. It is the
 * gateway's own code for an unexpected failure (apiErrorTable), said the same way by a host.
 */
const INTERNAL_ERROR_CODE = 'Server.InternalError';
const INTERNAL_ERROR_MESSAGE = 'Unexpected error in the application. Please try again.';

export function success<T>(data: T): IpcResult<T> {
  return { ok: true, data };
}

/** A failed result; not retryable unless said so. */
export function failure(
  code: string,
  message: string,
  extra: Partial<Omit<IpcError, 'code' | 'message'>> = {},
): IpcResult<never> {
  return { ok: false, error: { code, message, retryable: false, ...extra } };
}

export function internalFailure(): IpcResult<never> {
  return failure(INTERNAL_ERROR_CODE, INTERNAL_ERROR_MESSAGE);
}

/** The part of a zod issue the converter reads (structural, so this file needs no zod). */
export type IssueLike = { readonly path: readonly PropertyKey[]; readonly message: string };

/**
 * First message per dotted path (`origins.0.originUrl`), for showing under the matching input.
 * Root-level issues (the value itself) use the key ''.
 */
export function issuesToFieldErrors(error: { readonly issues: readonly IssueLike[] }): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.');
    if (!Object.hasOwn(fields, path)) fields[path] = issue.message;
  }
  return fields;
}

/** The IPC error for input that fails its schema: the first three messages, every field. */
export function invalidInputError(fields: Record<string, string>, prefix = 'Invalid input'): IpcError {
  const summary = Object.entries(fields)
    .slice(0, 3)
    .map(([path, message]) => (path ? `${path}: ${message}` : message))
    .join('; ');
  return { code: AppCode.Ipc.InvalidInput, message: `${prefix}: ${summary}`, fields, retryable: false };
}

/** Whether an unknown value (from a transport) has the IPC result shape. */
export function isIpcResult(value: unknown): value is IpcResult<unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const ok = (value as { ok?: unknown }).ok;
  if (ok === true) return 'data' in value;
  if (ok === false) {
    const error = (value as { error?: unknown }).error;
    return typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string';
  }
  return false;
}
