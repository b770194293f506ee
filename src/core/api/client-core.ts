// The signed HTTP client, generic over an operation table so tests can drive it with a small table
// and client.ts binds it to THE operation table. It validates, signs each attempt, draws from the
// budget and logs; the transport (transport.ts), the retry policy (retry-policy.ts), the mapping
// of answers to results and errors (response-mapping.ts) and the clock estimate
// (clock-estimator.ts) each live in their own small module.
import { AppCode } from '#shared/app-errors.ts';
import { monotonicMs } from '../clock.ts';
import type { z } from 'zod';
import { sharedBudgets, type BudgetPriority, type RequestBudget, type RequestBudgetOptions } from './budget.ts';
import {
  AbortError,
  ApiClientError,
  ConnectionError,
  InputValidationError,
  ResponseTooLargeError,
  TimeoutError,
  type FieldErrors,
} from './errors.ts';
import { issuesToFieldErrors } from '#shared/api/validate.ts';
import { TRACE_ID_HEADER } from '#shared/api/schemas/error.ts';
import { INSECURE_BASE_URL_MESSAGE, isInsecureBaseUrl } from '#shared/api/base-url.ts';
import { isSecretFieldName } from '#shared/ipc/secret-fields.ts';
import { redact, registerSecret } from './redact.ts';
import { createNonceGenerator, hostHeaderFor, signRequest, type SfdHeaders } from '#signing/signature.ts';
import { createClockEstimator } from './clock-estimator.ts';
import { createRetryPolicy, isIdempotentMethod, type RetryOptions } from './retry-policy.ts';
import { errorFromResponse, header, parseSuccess, type RawResponse } from './response-mapping.ts';
import { createTransport, type HttpMethod } from './transport.ts';

export { parseRetryAfter } from './response-mapping.ts';

/** The part of an operation table entry the client needs (src/shared/api/operations.ts). */
interface ClientOperation {
  readonly operationId: string;
  readonly method: string;
  /** Template such as /cdn/v1.0/services/{serviceId}/rateLimit */
  readonly path: string;
  readonly pathParams: z.ZodType;
  readonly body: z.ZodType | null;
  readonly response: z.ZodType | null;
  /**
   * Whether automatic retries are safe (the operation table takes it from operation-facts.ts:
   * true for the analytics reads the API serves by POST). Absent: GET, PUT and DELETE are.
   */
  readonly idempotent?: boolean;
}

export type OperationTable = Readonly<Record<string, ClientOperation>>;

// Params may be left out when the operation has none, or none of them is required.
type Empty = Record<never, never>;
type ParamsPart<P> = Empty extends P ? { params?: P } : { params: P };
type BodyPart<B> = B extends z.ZodType ? { body: z.input<B> } : { body?: undefined };
/** What a caller passes: `{ params, body }`; either may be left out when the operation has none. */
type InputFor<D extends ClientOperation> = ParamsPart<z.input<D['pathParams']>> & BodyPart<D['body']>;
/** Parsed response body; undefined for operations that answer without a body. */
type ResultFor<D extends ClientOperation> = D['response'] extends z.ZodType ? z.output<D['response']> : undefined;

interface CallOptions {
  signal?: AbortSignal;
  /** Per-attempt timeout; the client's timeoutMs (default 30 s) otherwise. */
  timeoutMs?: number;
  /** Further X-SFD-* headers for this call (sent and signed). */
  sfdHeaders?: SfdHeaders;
  /** Budget priority: 'background' for bulk or repeated work, so interactive reads go first. */
  priority?: BudgetPriority;
  /**
   * Runs once, after the budget let the first attempt go and right before its request leaves
   * (the write-ahead journal entry of a change); a rejection stops the call before anything is sent.
   */
  beforeSend?: () => Promise<void>;
}

type CallArgs<I> = Empty extends I ? [input?: I, options?: CallOptions] : [input: I, options?: CallOptions];

type OperationMethods<T extends OperationTable> = {
  readonly [K in keyof T]: (...args: CallArgs<InputFor<T[K]>>) => Promise<ResultFor<T[K]>>;
};

/** Input of a call whose operationId is only known at run time; the table's schemas check it. */
export type RequestInput = { params?: unknown; body?: unknown };

interface ApiClientBase<T extends OperationTable> {
  call<K extends keyof T & string>(id: K, ...args: CallArgs<InputFor<T[K]>>): Promise<ResultFor<T[K]>>;
  /**
   * The string-keyed entry (Octokit's `request()`): for callers that learn the operationId at
   * run time (IPC, CLI, the change journal). Unknown ids fail with Request.UnknownOperation and
   * the input is validated against the operation's schemas, as for every call.
   */
  request(operationId: string, input?: RequestInput, options?: CallOptions): Promise<unknown>;
  /** Estimated server time minus workstation time, from the Date headers of answers. */
  clockOffsetMs(): number;
  /** Closes the keep-alive connections; later calls fail with Client.Closed. */
  close(): Promise<void>;
  readonly baseUrl: string;
  readonly keyId: string;
  /** The budget this client draws from (shared with other clients of the same key). */
  readonly budget: RequestBudget | null;
}

export type ApiClientFor<T extends OperationTable> = ApiClientBase<T> & OperationMethods<T>;

/** What the client records per attempt: never headers, bodies or secrets. */
export interface ApiLogEntry {
  operationId: string;
  method: string;
  path: string;
  /** Absent when no HTTP answer arrived. */
  status?: number;
  durationMs: number;
  attempt: number;
  traceId?: string;
  /** API error code, or Network.* when no answer arrived. */
  code?: string;
}

export interface ApiClientOptions {
  /** e.g. https://api.example.net or http://127.0.0.1:8443 (a path prefix is kept). */
  baseUrl: string;
  keyId: string;
  secret: string;
  timeoutMs?: number;
  retry?: RetryOptions;
  /**
   * Request budget: options for the budget shared by every client of this base URL and key
   * (default 100/minute, 1000/hour), an explicit budget object, or false for none.
   */
  budget?: RequestBudgetOptions | RequestBudget | false;
  /** The core's clock (ms since epoch): signing dates and the clock-offset estimate. */
  now: () => number;
  /** Called when the estimated clock offset exceeds 5 minutes (each time the estimate changes). */
  onClockSkew?: (offsetMs: number) => void;
  log?: (entry: ApiLogEntry) => void;
  /** X-SFD-* headers sent and signed on every request, e.g. { 'X-SFD-FZone': '1' }. */
  sfdHeaders?: SfdHeaders;
  /** Nonce source (tests); a CSPRNG generator by default. */
  nonce?: () => string;
  /** Keep-alive connections per origin (default 6). */
  connections?: number;
  /**
   * Whether the gateway is known to be out of reach (the account's health), asked when a call
   * begins: then a connection failure is not retried, so a caller with a fallback (the offline
   * cache) gets it at once instead of after the backoff.
   */
  gatewayKnownDown?: () => boolean;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const CONTENT_TYPE = 'application/json; charset=utf-8';

function isBudget(value: unknown): value is RequestBudget {
  return typeof value === 'object' && value !== null && typeof (value as RequestBudget).acquire === 'function';
}

/** Fills a path template from validated params, percent-encoding every value. */
function buildRequestPath(template: string, params: Readonly<Record<string, unknown>>): string {
  return template.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') {
      throw new InputValidationError({ [name]: 'Required' });
    }
    return encodeURIComponent(String(value));
  });
}

/** Secrets inside a request body (S3 accessSecret, tokenSecret list) so echoes can be cut out. */
export function secretsInBody(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) secretsInBody(item, out);
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (typeof item === 'string' && isSecretFieldName(key) && item) {
        out.push(
          item,
          ...item
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        );
      } else secretsInBody(item, out);
    }
  }
  return out;
}

function sleep(ms: number, signal: AbortSignal | undefined, operationId: string): Promise<void> {
  if (signal?.aborted) return Promise.reject(new AbortError(operationId));
  return new Promise((resolve, reject) => {
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(new AbortError(operationId));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export function createApiClientFor<const T extends OperationTable>(
  table: T,
  options: ApiClientOptions,
): ApiClientFor<T> {
  let base: URL;
  try {
    base = new URL(options.baseUrl);
  } catch {
    throw new ApiClientError({
      code: AppCode.Config.InvalidBaseUrl,
      message: 'The API base URL is not a valid URL.',
      retryable: false,
    });
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:') {
    throw new ApiClientError({
      code: AppCode.Config.InvalidBaseUrl,
      message: 'The API base URL must start with http:// or https://.',
      retryable: false,
    });
  }
  // Also for accounts saved before this rule and direct users (CLI): secrets travel in bodies.
  if (isInsecureBaseUrl(base)) {
    throw new ApiClientError({
      code: AppCode.Config.InsecureBaseUrl,
      message: INSECURE_BASE_URL_MESSAGE,
      retryable: false,
    });
  }
  if (!options.keyId || !options.secret) {
    throw new ApiClientError({
      code: AppCode.Config.MissingCredentials,
      message: 'An access key ID and secret are required.',
      retryable: false,
    });
  }
  const keyId = options.keyId;
  const secret = options.secret;
  const releaseSecret = registerSecret(secret);
  const host = hostHeaderFor(base);
  const pathPrefix = base.pathname.replace(/\/+$/, '');
  const now = options.now;
  const nextNonce = options.nonce ?? createNonceGenerator();
  const defaultTimeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const retryPolicy = createRetryPolicy(options.retry);
  const budget: RequestBudget | null =
    options.budget === false
      ? null
      : isBudget(options.budget)
        ? options.budget
        : options.budget
          ? sharedBudgets.get(base.href, keyId, options.budget)
          : sharedBudgets.get(base.href, keyId);

  const transport = createTransport(base.origin, { connections: options.connections });
  const clock = createClockEstimator(options.onClockSkew);
  let closed = false;

  /** Signs afresh (new date, new nonce) and sends one attempt. */
  const sendOnce = (
    op: ClientOperation,
    path: string,
    bodyText: string,
    sfdHeaders: SfdHeaders,
    timeoutMs: number,
    signal: AbortSignal | undefined,
  ): Promise<RawResponse> => {
    const method = op.method.toUpperCase() as HttpMethod;
    const signed = signRequest({
      method,
      uri: path,
      host,
      keyId,
      secret,
      body: bodyText,
      // Skew-corrected time, so a workstation with a wrong clock still signs a valid date.
      date: new Date(now() + clock.offsetMs()),
      nonce: nextNonce(),
      extraSfdHeaders: sfdHeaders,
    });
    const headers: Record<string, string> = { ...signed.headers, 'Content-Type': CONTENT_TYPE };
    delete headers.Host;
    headers.host = host;
    return transport.send({ method, path, headers, body: bodyText, timeoutMs, signal, operationId: op.operationId });
  };

  const emitLog = (entry: ApiLogEntry): void => {
    if (!options.log) return;
    try {
      options.log(redact(entry, [secret]));
    } catch {
      // A failing logger must not fail the request.
    }
  };

  const request = async (id: string, input?: RequestInput, callOptions: CallOptions = {}): Promise<unknown> => {
    const op = Object.hasOwn(table, id) ? table[id] : undefined;
    if (!op) {
      throw new ApiClientError({
        code: AppCode.Request.UnknownOperation,
        message: `Unknown operation ${id}.`,
        retryable: false,
      });
    }
    const operationId = op.operationId;
    const method = op.method.toUpperCase();
    if (closed) {
      throw new ApiClientError({
        code: AppCode.Client.Closed,
        message: 'The API client was closed.',
        retryable: false,
        operationId,
      });
    }

    // Validate everything before anything is sent.
    const fields: FieldErrors = {};
    const params = op.pathParams.safeParse(input?.params ?? {});
    if (!params.success) Object.assign(fields, issuesToFieldErrors(params.error));
    let bodyValue: unknown;
    if (op.body) {
      const body = op.body.safeParse(input?.body);
      if (body.success) bodyValue = body.data;
      else Object.assign(fields, issuesToFieldErrors(body.error));
    }
    if (Object.keys(fields).length > 0 || !params.success) throw new InputValidationError(fields, operationId);

    let path: string;
    try {
      path = pathPrefix + buildRequestPath(op.path, params.data as Record<string, unknown>);
    } catch (e) {
      if (e instanceof InputValidationError) throw new InputValidationError(e.fields, operationId);
      throw e;
    }
    // The exact bytes signed are the bytes sent.
    const bodyText = op.body ? (JSON.stringify(bodyValue) ?? '') : '';
    const bodySecrets = op.body ? secretsInBody(bodyValue) : [];
    const sfdHeaders = { ...options.sfdHeaders, ...callOptions.sfdHeaders };
    const timeoutMs = callOptions.timeoutMs ?? defaultTimeout;
    const signal = callOptions.signal;
    let dateCorrected = false;
    let announced = false;
    const gatewayKnownDown = options.gatewayKnownDown?.() ?? false;

    for (let attempt = 1; ; attempt++) {
      if (signal?.aborted) throw new AbortError(operationId);
      if (budget) await budget.acquire(signal, operationId, callOptions.priority);
      if (callOptions.beforeSend && !announced) {
        announced = true;
        await callOptions.beforeSend();
      }
      const started = monotonicMs();
      const sentAt = now();
      let error: unknown;
      try {
        const res = await sendOnce(op, path, bodyText, sfdHeaders, timeoutMs, signal);
        const receivedAt = now();
        const offsetMoved = clock.observe(header(res.headers, 'date'), sentAt, receivedAt);
        const traceId = header(res.headers, TRACE_ID_HEADER);
        const durationMs = Math.round(monotonicMs() - started);
        if (res.status >= 200 && res.status < 300) {
          emitLog({ operationId, method, path, status: res.status, durationMs, attempt, traceId });
          return parseSuccess(op.response, res, operationId);
        }
        const serverNow = Date.parse(header(res.headers, 'date') ?? '') || receivedAt + clock.offsetMs();
        const apiError = errorFromResponse(res, operationId, serverNow, [secret, ...bodySecrets]);
        emitLog({ operationId, method, path, status: res.status, durationMs, attempt, traceId, code: apiError.code });
        // A date rejected by the gateway was signed with a clock we now know is off: the request was
        // refused before it ran, so one immediate re-signed attempt is safe for any method.
        if (apiError.code === 'Auth.DateExpired' && offsetMoved && !dateCorrected) {
          dateCorrected = true;
          attempt--;
          continue;
        }
        error = apiError;
      } catch (e) {
        if (e instanceof ApiClientError && !(e instanceof ConnectionError)) {
          if (e instanceof TimeoutError) {
            emitLog({
              operationId,
              method,
              path,
              durationMs: Math.round(monotonicMs() - started),
              attempt,
              code: e.code,
            });
          } else if (e instanceof ResponseTooLargeError) {
            // An answer did arrive: logged with its status (the gateway is reachable).
            emitLog({
              operationId,
              method,
              path,
              status: e.status,
              durationMs: Math.round(monotonicMs() - started),
              attempt,
              traceId: e.traceId,
              code: e.code,
            });
          }
          throw e;
        }
        if (!(e instanceof ConnectionError)) throw e;
        emitLog({ operationId, method, path, durationMs: Math.round(monotonicMs() - started), attempt, code: e.code });
        error = e;
      }
      const delay = retryPolicy.delayBefore(
        error,
        attempt,
        op.idempotent ?? isIdempotentMethod(method),
        gatewayKnownDown,
      );
      if (delay === null) throw error;
      await sleep(delay, signal, operationId);
    }
  };

  // The typed view of request(): the table's types say what each operationId takes and returns.
  const call: ApiClientBase<T>['call'] = (id, ...args) =>
    request(id, args[0], args[1]) as Promise<ResultFor<T[typeof id]>>;
  const members: ApiClientBase<T> = {
    call,
    request,
    clockOffsetMs: () => clock.offsetMs(),
    async close() {
      if (closed) return;
      closed = true;
      releaseSecret();
      await transport.close();
    },
    baseUrl: base.href,
    keyId,
    budget,
  };
  // One method per operation (client.getService(input)), filled in from the table below.
  const methods = {} as OperationMethods<T>;
  for (const id of Object.keys(table)) {
    if (Object.hasOwn(members, id)) throw new Error(`Operation ${id} collides with a client member`);
    const method = (input?: RequestInput, callOptions?: CallOptions) => request(id, input, callOptions);
    Object.defineProperty(methods, id, { value: method, enumerable: true });
  }
  const client: ApiClientFor<T> = Object.assign(methods, members);
  Object.freeze(client);
  return client;
}
