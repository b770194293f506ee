// From an HTTP answer (or a failed connection) to the client's result or error: parsed and
// checked success bodies, ApiError with the API's code and trace ID, connection errors with a
// fixed sentence. Secrets are cut out of every message.
import type { z } from 'zod';
import { issuesToFieldErrors } from '#shared/api/validate.ts';
import { ApiError, ConnectionError, ResponseValidationError } from './errors.ts';
import { redactText } from './redact.ts';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

const SNIPPET_LENGTH = 200;

export function header(headers: RawResponse['headers'], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Retry-After as milliseconds (delta seconds or an HTTP date relative to the server's Date). */
export function parseRetryAfter(value: string | undefined, serverNowMs: number): number | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - serverNowMs);
}

const CONNECTION_MESSAGES: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'The API server refused the connection. Check the base URL and that the server is running.',
  ENOTFOUND: 'The API host name could not be resolved. Check the base URL and the network connection.',
  EAI_AGAIN: 'The API host name could not be resolved right now. Check the network connection.',
  ECONNRESET: 'The connection to the API server was reset. Try again.',
  UND_ERR_SOCKET: 'The connection to the API server was closed unexpectedly. Try again.',
  UND_ERR_CONNECT_TIMEOUT: 'Connecting to the API server timed out. Check the network connection.',
};

export function connectionErrorFrom(error: unknown, operationId: string): ConnectionError {
  // Only the code and a fixed sentence are kept: low-level errors may carry sockets or buffers.
  let code: string | undefined;
  for (let e: unknown = error; e && typeof e === 'object' && !code; e = (e as { cause?: unknown }).cause) {
    const c = (e as { code?: unknown }).code;
    if (typeof c === 'string') code = c;
    if ((e as { cause?: unknown }).cause === e) break;
  }
  // AggregateError (happy eyeballs) nests codes in .errors.
  if (!code && error instanceof AggregateError) {
    const inner = error.errors.find((e) => typeof (e as { code?: unknown })?.code === 'string') as { code: string };
    code = inner?.code;
  }
  const message =
    (code && CONNECTION_MESSAGES[code]) ??
    `The API server could not be reached${code ? ` (${code})` : ''}. Check the base URL and the network connection.`;
  return new ConnectionError(message, operationId, code);
}

/** The ApiError for a non-2xx answer; `secrets` are cut out of its message. */
export function errorFromResponse(res: RawResponse, operationId: string, serverNowMs: number, secrets: readonly string[]): ApiError {
  let code: string | undefined;
  let message: string | undefined;
  try {
    const parsed: unknown = JSON.parse(res.text);
    if (parsed && typeof parsed === 'object') {
      const c = (parsed as { code?: unknown }).code;
      const m = (parsed as { message?: unknown }).message;
      if (typeof c === 'string' && c) code = c;
      if (typeof m === 'string' && m) message = m;
    }
  } catch {
    // Not JSON (proxy error page, plain text): described below with a snippet.
  }
  if (!message) {
    const snippet = res.text.replace(/\s+/g, ' ').trim().slice(0, SNIPPET_LENGTH);
    message = `The API answered HTTP ${res.status}${code ? ` (${code})` : ' without an error code'}${
      snippet ? `: ${snippet}${res.text.length > SNIPPET_LENGTH ? '…' : ''}` : '.'
    }`;
  }
  return new ApiError({
    status: res.status,
    code: code ?? `Http.${res.status}`,
    message: redactText(message, secrets),
    traceId: header(res.headers, 'x-sfd-trace-id'),
    operationId,
    retryAfterMs: parseRetryAfter(header(res.headers, 'retry-after'), serverNowMs),
  });
}

/** The parsed body of a 2xx answer, checked against the operation's response schema. */
export function parseSuccess(response: z.ZodType | null, res: RawResponse, operationId: string): unknown {
  const traceId = header(res.headers, 'x-sfd-trace-id');
  // Operations documented as "200, no body" (and real servers that omit one) yield undefined.
  if (res.text.trim() === '') return undefined;
  let json: unknown;
  try {
    json = JSON.parse(res.text);
  } catch {
    throw new ResponseValidationError('The API answer is not valid JSON.', res.status, traceId, operationId);
  }
  if (!response) return json;
  const parsed = response.safeParse(json);
  if (parsed.success) return parsed.data;
  const fields = issuesToFieldErrors(parsed.error);
  const summary = Object.entries(fields)
    .slice(0, 3)
    .map(([k, m]) => `${k || '(root)'}: ${m}`)
    .join('; ');
  throw new ResponseValidationError(`The API answer has an unexpected shape (${summary}).`, res.status, traceId, operationId);
}
