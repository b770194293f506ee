// Shared by the sandbox tests: a sandbox per test file, the real API client bound to it, a "raw"
// client (the same client over a table whose input schemas accept anything, so invalid bodies reach
// the gateway), and a hand-signed request for the signature cases the client cannot produce.
import { request } from 'undici';
import { z } from 'zod';
import { createApiClient, createApiClientFor, type ApiClient } from '#core/api/client.ts';
import { createNonceGenerator, hostHeaderFor, signRequest, type SfdHeaders } from '#signing/signature.ts';
import { operations, type OperationId } from '#shared/api/operations.ts';
import { startSandbox, type SandboxHandle, type SandboxOptions } from '../index.ts';

export async function startTestSandbox(options: SandboxOptions = {}): Promise<SandboxHandle> {
  return startSandbox({ rateLimit: false, ...options });
}

type Credentials = { accessKeyId: string; accessKeySecret: string };
type ClientOptions = Parameters<typeof createApiClient>[0];

/** Client options for the sandbox: no request budget and no retries, so tests see every answer. */
function clientOptions(sandbox: SandboxHandle, credentials: Credentials, extra: Partial<ClientOptions>): ClientOptions {
  return {
    baseUrl: sandbox.url,
    keyId: credentials.accessKeyId,
    secret: credentials.accessKeySecret,
    budget: false,
    retry: { maxAttempts: 1 },
    // The test sandbox keeps the system clock unless a test gives both sides another.
    now: Date.now,
    ...extra,
  };
}

export function clientFor(
  sandbox: SandboxHandle,
  credentials: Credentials = sandbox.credentials,
  extra: Partial<ClientOptions> = {},
): ApiClient {
  return createApiClient(clientOptions(sandbox, credentials, extra));
}

const anyParams = z.record(z.string(), z.union([z.string(), z.number()]));

/** The operation table with input checks switched off: the gateway, not the client, judges the input. */
const rawOperations = Object.fromEntries(
  (Object.keys(operations) as OperationId[]).map((id) => {
    const op = operations[id];
    return [id, { ...op, pathParams: anyParams, body: op.body === null ? null : z.unknown(), response: null }];
  }),
) as {
  [K in OperationId]: Omit<(typeof operations)[K], 'pathParams' | 'body' | 'response'> & {
    pathParams: typeof anyParams;
    body: (typeof operations)[K]['body'] extends null ? null : z.ZodUnknown;
    response: null;
  };
};

export function rawClientFor(
  sandbox: SandboxHandle,
  credentials: Credentials = sandbox.credentials,
  extra: Partial<ClientOptions> = {},
) {
  return createApiClientFor(rawOperations, clientOptions(sandbox, credentials, extra));
}

/** Resolves to the rejection of a promise that is expected to fail. */
export async function failure(
  promise: Promise<unknown>,
): Promise<{ status?: number; code: string; traceId?: string; retryAfterMs?: number; message: string }> {
  try {
    await promise;
  } catch (error) {
    return error as { status?: number; code: string; traceId?: string; retryAfterMs?: number; message: string };
  }
  throw new Error('expected the call to fail, it succeeded');
}

const nonces = createNonceGenerator();

export interface SignedCallOptions {
  method: string;
  path: string;
  body?: string;
  keyId?: string;
  secret?: string;
  date?: Date | string;
  nonce?: string;
  extraSfdHeaders?: SfdHeaders;
  /** Applied to the signed headers before sending (tampering, removing). */
  mutateHeaders?: (headers: Record<string, string>) => void;
  /** Sent instead of the signed path (tampering). */
  sendPath?: string;
  /** Sent instead of the signed body (tampering). */
  sendBody?: string;
  contentType?: string | null;
}

/** One hand-signed request through undici (for what the client never sends). */
export async function signedCall(
  sandbox: SandboxHandle,
  options: SignedCallOptions,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; json: unknown }> {
  const url = new URL(sandbox.url);
  const body = options.body ?? '';
  const { headers } = signRequest({
    method: options.method,
    uri: options.path,
    host: hostHeaderFor(url),
    keyId: options.keyId ?? sandbox.credentials.accessKeyId,
    secret: options.secret ?? sandbox.credentials.accessKeySecret,
    body,
    date: options.date ?? new Date(),
    nonce: options.nonce ?? nonces(),
    extraSfdHeaders: options.extraSfdHeaders,
  });
  const sendHeaders: Record<string, string> = { ...headers };
  delete sendHeaders.Host;
  sendHeaders.host = hostHeaderFor(url);
  if (options.contentType !== null)
    sendHeaders['content-type'] = options.contentType ?? 'application/json; charset=utf-8';
  options.mutateHeaders?.(sendHeaders);
  const sendBody = options.sendBody ?? body;
  const res = await request(new URL(options.sendPath ?? options.path, url), {
    method: options.method as 'GET',
    headers: sendHeaders,
    body: sendBody === '' ? undefined : sendBody,
  });
  const text = await res.body.text();
  return { status: res.statusCode, headers: res.headers, json: text ? (JSON.parse(text) as unknown) : undefined };
}

export { nonces as testNonces };
