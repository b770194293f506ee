// From an HTTP answer (or a failed connection) to the client's result or error: parsed and
// checked success bodies, ApiError with the API's code and trace ID, connection errors with a
// fixed sentence. Secrets are cut out of every message.
import type { z } from 'zod';
import { TRACE_ID_HEADER } from '#shared/api/schemas/error.ts';
import { issuesToFieldErrors } from '#shared/api/validate.ts';
import { ApiError, ConnectionError, ResponseValidationError } from './errors.ts';
import { redactText } from './redact.ts';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

const SNIPPET_LENGTH = 200;
const TITLE_LENGTH = 80;

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

/** Whether an answer is an HTML page (a proxy's, load balancer's or portal's), by its type or its first tag. */
function isHtmlAnswer(res: RawResponse): boolean {
  const type = (header(res.headers, 'content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  if (type === 'text/html' || type === 'application/xhtml+xml') return true;
  return /^\s*<(!doctype\s+html|html[\s>]|head[\s>]|body[\s>])/i.test(res.text);
}

/** The page's <title> as plain text, short; undefined when it has none. */
function htmlTitle(text: string): string | undefined {
  const raw = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(text)?.[1];
  if (raw === undefined) return undefined;
  const plain = raw
    .replace(/<[^>]*>/g, '')
    // No terminal escapes from a page into the CLI's error line.
    .replace(/\p{Cc}/gu, ' ')
    .replace(
      /&(amp|lt|gt|quot|#39|nbsp);/g,
      (_m, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' })[name] ?? ' ',
    )
    .replace(/\s+/g, ' ')
    .trim();
  if (plain === '') return undefined;
  return plain.length > TITLE_LENGTH ? `${plain.slice(0, TITLE_LENGTH - 1)}…` : plain;
}

/**
 * A short plain-text reason for an HTML page where the API answers JSON: the status, that it was
 * HTML, the page's title, and the likely cause. The page itself is never shown.
 */
function htmlAnswerMessage(res: RawResponse): string {
  const title = htmlTitle(res.text);
  const cause =
    res.status >= 500
      ? 'a proxy or load balancer error? Try again later'
      : "a proxy, a captive portal or a base URL that is not the API? Check the account's base URL";
  return `The gateway answered ${res.status} with an HTML page${title ? ` ("${title}")` : ''} instead of JSON (${cause}).`;
}

/** The ApiError for a non-2xx answer; `secrets` are cut out of its message. */
export function errorFromResponse(
  res: RawResponse,
  operationId: string,
  serverNowMs: number,
  secrets: readonly string[],
): ApiError {
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
    // Not JSON (proxy error page, plain text): described below.
  }
  if (!message && code === undefined && isHtmlAnswer(res)) message = htmlAnswerMessage(res);
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
    traceId: header(res.headers, TRACE_ID_HEADER),
    operationId,
    retryAfterMs: parseRetryAfter(header(res.headers, 'retry-after'), serverNowMs),
  });
}

/** The parsed body of a 2xx answer, checked against the operation's response schema. */
export function parseSuccess(response: z.ZodType | null, res: RawResponse, operationId: string): unknown {
  const traceId = header(res.headers, TRACE_ID_HEADER);
  // Operations documented as "200, no body" (and real servers that omit one) yield undefined.
  if (res.text.trim() === '') return undefined;
  let json: unknown;
  try {
    json = JSON.parse(res.text);
  } catch {
    throw new ResponseValidationError(
      isHtmlAnswer(res) ? htmlAnswerMessage(res) : 'The API answer is not valid JSON.',
      res.status,
      traceId,
      operationId,
    );
  }
  if (!response) return json;
  const parsed = response.safeParse(json);
  if (parsed.success) return parsed.data;
  const fields = issuesToFieldErrors(parsed.error);
  const summary = Object.entries(fields)
    .slice(0, 3)
    .map(([k, m]) => `${k || '(root)'}: ${m}`)
    .join('; ');
  throw new ResponseValidationError(
    `The API answer has an unexpected shape (${summary}).`,
    res.status,
    traceId,
    operationId,
  );
}
