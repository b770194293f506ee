// One error hierarchy for everything the API client throws (Cloudflare SDK's error.ts model).
// ApiError has an HTTP status; connection, timeout and abort errors have none. No error object
// holds a request body, header or secret: messages go through redactText().
import { AppCode } from '#shared/app-errors.ts';
import { type IpcError } from '#shared/ipc/result.ts';
import { fieldForErrorCode, findApiError, normalizeApiErrorCode } from '#shared/api/errors.ts';
import { redactText } from './redact.ts';

export { redact, redactText, registerSecret, REDACTED } from './redact.ts';

/** Field path (dotted, relative to the body or the path params) to a message. */
export type FieldErrors = Record<string, string>;

export interface ApiClientErrorOptions {
  code: string;
  message: string;
  retryable: boolean;
  operationId?: string;
}

export class ApiClientError extends Error {
  readonly code: string;
  readonly retryable: boolean;
  readonly operationId: string | undefined;

  constructor(options: ApiClientErrorOptions) {
    super(redactText(options.message));
    this.name = 'ApiClientError';
    this.code = options.code;
    this.retryable = options.retryable;
    this.operationId = options.operationId;
  }
}

export interface ApiErrorOptions {
  status: number;
  code: string;
  message: string;
  traceId?: string;
  operationId?: string;
  /** Overrides the status-based guess. */
  retryable?: boolean;
  /** Milliseconds from Retry-After, when the gateway sent one. */
  retryAfterMs?: number;
}

/** Canonical spelling of an error code the gateway sent (InvalidService_IdPermission → InvalidService.IdPermission). */
export function normalizeErrorCode(code: string): string {
  return normalizeApiErrorCode(code);
}

/** An HTTP error answer from the API: status, the API's code and message, and the trace ID. */
export class ApiError extends ApiClientError {
  readonly status: number;
  readonly traceId: string | undefined;
  /** The input field the code points at (from the error table), when known. */
  readonly field: string | undefined;
  readonly fields: FieldErrors | undefined;
  readonly retryAfterMs: number | undefined;

  constructor(options: ApiErrorOptions) {
    const code = normalizeErrorCode(options.code);
    const known = findApiError(code);
    // Errors the spec lists are answers about the request itself: repeating it changes nothing,
    // even the 500 InvalidCustomer.ProvisionNotFound. Unknown 429/5xx answers are transient.
    const transient = options.status === 429 || options.status >= 500;
    super({
      code,
      message: options.message,
      retryable: options.retryable ?? (transient && known?.source !== 'spec'),
      operationId: options.operationId,
    });
    this.name = 'ApiError';
    this.status = options.status;
    this.traceId = options.traceId;
    this.retryAfterMs = options.retryAfterMs;
    const field = fieldForErrorCode(code);
    this.field = field;
    this.fields = field ? { [field]: this.message } : undefined;
  }
}

/** The request never got an HTTP answer (refused, reset, DNS failure...). */
export class ConnectionError extends ApiClientError {
  /** Low-level code such as ECONNREFUSED, for diagnostics. */
  readonly causeCode: string | undefined;
  constructor(message: string, operationId?: string, causeCode?: string) {
    super({ code: AppCode.Network.ConnectionFailed, message, retryable: true, operationId });
    this.name = 'ConnectionError';
    this.causeCode = causeCode;
  }
}

export class TimeoutError extends ApiClientError {
  readonly timeoutMs: number;
  constructor(timeoutMs: number, operationId?: string) {
    super({
      code: AppCode.Network.Timeout,
      message: `The API did not answer within ${Math.round(timeoutMs / 1000)} s. Check the connection and try again.`,
      retryable: true,
      operationId,
    });
    this.name = 'TimeoutError';
    this.timeoutMs = timeoutMs;
  }
}

export class AbortError extends ApiClientError {
  constructor(operationId?: string) {
    super({ code: AppCode.Request.Aborted, message: 'The request was cancelled.', retryable: false, operationId });
    this.name = 'AbortError';
  }
}

/**
 * An answer larger than the client reads from one response. It did arrive (so this is not a
 * connection failure) but is not used, and asking again would get the same: not retried.
 */
export class ResponseTooLargeError extends ApiClientError {
  /** The HTTP status the oversized answer came with. */
  readonly status: number;
  readonly traceId: string | undefined;
  readonly limitBytes: number;
  constructor(limitBytes: number, status: number, traceId?: string, operationId?: string) {
    super({
      code: AppCode.Network.ResponseTooLarge,
      message: `The API's answer was larger than ${formatByteLimit(limitBytes)}, the most this app reads from one answer, so it was not used. Ask for less at once (fewer services or a shorter time range); if a small request gets such an answer, check the account's base URL.`,
      retryable: false,
      operationId,
    });
    this.name = 'ResponseTooLargeError';
    this.status = status;
    this.traceId = traceId;
    this.limitBytes = limitBytes;
  }
}

/** "32 MiB", "512 KiB", "900 bytes". */
function formatByteLimit(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

/** Input rejected by the operation's schemas before anything was sent. */
export class InputValidationError extends ApiClientError {
  readonly fields: FieldErrors;
  constructor(fields: FieldErrors, operationId?: string) {
    const entries = Object.entries(fields);
    const summary = entries
      .slice(0, 3)
      .map(([field, msg]) => (field ? `${field}: ${msg}` : msg))
      .join('; ');
    super({
      code: AppCode.Request.InvalidInput,
      message: `Invalid input${entries.length ? ` — ${summary}${entries.length > 3 ? ' …' : ''}` : ''}`,
      retryable: false,
      operationId,
    });
    this.name = 'InputValidationError';
    this.fields = fields;
  }
}

/** A 2xx answer whose body does not fit even the lenient response schema. */
export class ResponseValidationError extends ApiClientError {
  readonly status: number;
  readonly traceId: string | undefined;
  constructor(message: string, status: number, traceId?: string, operationId?: string) {
    super({ code: AppCode.Response.Invalid, message, retryable: false, operationId });
    this.name = 'ResponseValidationError';
    this.status = status;
    this.traceId = traceId;
  }
}

/**
 * Field errors map a field name to our message about it. The names are often secret-named
 * (`secret`, `tokenSecret`), so key-based redaction would replace the help text with a marker:
 * only the messages' text is scrubbed.
 */
export function redactFieldMessages(fields: FieldErrors): FieldErrors {
  const out: FieldErrors = {};
  for (const [field, message] of Object.entries(fields)) out[field] = redactText(String(message));
  return out;
}

/** The IPC error shape (IpcResult's error), built from any thrown value. */
export type SerializedError = IpcError;

export function serializeError(error: unknown): SerializedError {
  if (error instanceof ApiClientError) {
    const out: SerializedError = { code: error.code, message: redactText(error.message), retryable: error.retryable };
    const fields = (error as { fields?: FieldErrors }).fields;
    if (fields) out.fields = redactFieldMessages(fields);
    const status = (error as { status?: number }).status;
    if (typeof status === 'number') out.status = status;
    const traceId = (error as { traceId?: string }).traceId;
    if (traceId) out.traceId = traceId;
    return out;
  }
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : 'Unexpected error';
  return { code: AppCode.Internal.Error, message: redactText(message), retryable: false };
}
