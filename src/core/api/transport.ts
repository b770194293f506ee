// One HTTP exchange over a keep-alive pool per origin (undici): per-attempt timeout, caller
// abort, a cap on the answer's size, and low-level failures turned into the client's errors.
// Knows nothing of signing, retries or the API's error format.
import { AppCode } from '#shared/app-errors.ts';
import { Pool } from 'undici';
import { TRACE_ID_HEADER } from '#shared/api/schemas/error.ts';
import { AbortError, ApiClientError, ResponseTooLargeError, TimeoutError } from './errors.ts';
import { connectionErrorFrom, type RawResponse } from './response-mapping.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** The most the client reads from one answer (the largest real ones, analytics, are a few MiB). */
export const MAX_RESPONSE_BYTES = 32 * 1024 * 1024;

type TransportRequest = {
  method: HttpMethod;
  path: string;
  headers: Record<string, string>;
  /** '' sends no body. */
  body: string;
  timeoutMs: number;
  signal: AbortSignal | undefined;
  /** For the errors' context. */
  operationId: string;
};

export type Transport = {
  send(request: TransportRequest): Promise<RawResponse>;
  close(): Promise<void>;
};

export function createTransport(origin: string, options: { connections?: number } = {}): Transport {
  let pool: Pool | null = null;
  let closed = false;

  const getPool = (): Pool => {
    if (closed)
      throw new ApiClientError({
        code: AppCode.Client.Closed,
        message: 'The API client was closed.',
        retryable: false,
      });
    // One keep-alive pool per client origin, so connections are reused between calls.
    pool ??= new Pool(origin, { connections: options.connections ?? 6, keepAliveTimeout: 10_000 });
    return pool;
  };

  return {
    async send({ method, path, headers, body, timeoutMs, signal, operationId }) {
      const controller = new AbortController();
      const onUserAbort = (): void => controller.abort();
      if (signal?.aborted) throw new AbortError(operationId);
      signal?.addEventListener('abort', onUserAbort, { once: true });
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, timeoutMs);
      try {
        const res = await getPool().request({
          path,
          method,
          headers,
          body: body === '' ? undefined : body,
          signal: controller.signal,
        });
        const tooLarge = (): ResponseTooLargeError => {
          res.body.destroy();
          const traceId = res.headers[TRACE_ID_HEADER];
          return new ResponseTooLargeError(
            MAX_RESPONSE_BYTES,
            res.statusCode,
            Array.isArray(traceId) ? traceId[0] : traceId,
            operationId,
          );
        };
        // A declared length over the limit is refused before reading any of it.
        if (Number(res.headers['content-length']) > MAX_RESPONSE_BYTES) throw tooLarge();
        let size = 0;
        const chunks: Buffer[] = [];
        for await (const chunk of res.body) {
          size += (chunk as Buffer).length;
          if (size > MAX_RESPONSE_BYTES) throw tooLarge();
          chunks.push(chunk as Buffer);
        }
        return { status: res.statusCode, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') };
      } catch (error) {
        if (error instanceof ApiClientError) throw error;
        if (signal?.aborted) throw new AbortError(operationId);
        if (timedOut) throw new TimeoutError(timeoutMs, operationId);
        const code = (error as { code?: unknown })?.code;
        if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT')
          throw new TimeoutError(timeoutMs, operationId);
        throw connectionErrorFrom(error, operationId);
      } finally {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onUserAbort);
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      const p = pool;
      pool = null;
      await p?.close();
    },
  };
}
