// The request pipeline: route → body → faults → authentication → rate limit → content type → JSON →
// handler. Every response, success or error, carries x-sfd-trace-id.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { OperationId } from '#shared/api/operations.ts';
import { TRACE_ID_HEADER } from '#shared/api/schemas/error.ts';
import { authenticate, NonceCache, type Principal } from './auth.ts';
import { apiError, errorBody, GatewayError, newTraceId } from './errors.ts';
import type { FaultInjector, FaultPlan } from './faults.ts';
import { handlers } from './handlers/index.ts';
import type { RateLimiter } from './rate-limit.ts';
import { matchRoute } from './routes.ts';
import type { SandboxStore } from './store.ts';

const MAX_BODY_BYTES = 1024 * 1024;
// Past this much discarded body the sender is not worth answering: the connection is dropped.
const DISCARD_LIMIT_BYTES = 16 * MAX_BODY_BYTES;

export interface GatewayDeps {
  store: SandboxStore;
  faults: FaultInjector;
  rateLimiter: RateLimiter;
  nowMs: () => number;
  log?: (line: string) => void;
}

interface Outcome {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Set for error answers, for the log line. */
  code?: string;
}

interface RequestTrace {
  operationId?: OperationId;
  keyId?: string;
  slowBodyMs: number;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

class BodyTooLarge extends Error {}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > DISCARD_LIMIT_BYTES) {
        req.destroy();
        return;
      }
      if (size > MAX_BODY_BYTES) {
        // Keep reading (and dropping) so the 413 answer reaches a client still sending.
        tooLarge = true;
        chunks.length = 0;
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => (tooLarge ? reject(new BodyTooLarge()) : resolve(Buffer.concat(chunks))));
    req.on('error', reject);
  });
}

function isJsonContentType(value: string | undefined): boolean {
  if (!value) return false;
  return value.split(';')[0].trim().toLowerCase() === 'application/json';
}

export function createGatewayServer(deps: GatewayDeps): Server {
  const nonces = new NonceCache();

  async function handle(req: IncomingMessage, trace: RequestTrace): Promise<Outcome | 'reset'> {
    const method = (req.method ?? 'GET').toUpperCase();
    const target = req.url ?? '/';
    const q = target.indexOf('?');
    const path = q === -1 ? target : target.slice(0, q);
    const query = q === -1 ? '' : target.slice(q + 1);

    let raw: Buffer;
    try {
      raw = await readBody(req);
    } catch (error) {
      if (error instanceof BodyTooLarge)
        throw apiError('Request.BodyTooLarge', 'The request body is larger than 1 MiB.');
      throw error;
    }

    const route = matchRoute(method, path);
    if (route.kind === 'not-found') throw apiError('Request.NotFound', `No operation at ${path}.`);
    if (route.kind === 'method-not-allowed') {
      throw apiError('Request.MethodNotAllowed', `${method} is not allowed at ${path}.`, {
        Allow: route.allowed.join(', '),
      });
    }
    trace.operationId = route.operationId;

    const plan: FaultPlan = deps.faults.plan(route.operationId);
    trace.slowBodyMs = plan.slowBodyMs;
    if (plan.latencyMs > 0) await sleep(plan.latencyMs);
    if (plan.decision.kind === 'reset') return 'reset';
    if (plan.decision.kind === 'rate-limit') {
      throw apiError('Request.TooManyRequests', 'Too many requests (injected fault).', {
        'Retry-After': String(plan.decision.retryAfterSeconds),
      });
    }
    if (plan.decision.kind === 'error') {
      throw plan.decision.status === 503
        ? apiError('Server.Unavailable', 'The gateway is temporarily unavailable (injected fault).')
        : apiError('Server.InternalError', 'The gateway failed (injected fault).');
    }

    const bodyText = raw.toString('utf8');
    const nowMs = deps.nowMs();
    const principal: Principal = authenticate(
      { method, path, query, headers: req.headers, body: bodyText, nowMs },
      (id) => deps.store.findKey(id),
      nonces,
    );
    trace.keyId = principal.accessKeyId;

    const rate = deps.rateLimiter.take(principal.accessKeyId, nowMs);
    if (!rate.allowed) {
      throw apiError(
        'Request.TooManyRequests',
        `Rate limit of this access key reached; retry after ${rate.retryAfterSeconds} s.`,
        { 'Retry-After': String(rate.retryAfterSeconds) },
      );
    }

    let body: unknown;
    if (raw.length > 0) {
      if (!isJsonContentType(req.headers['content-type'])) {
        throw apiError('Request.ContentTypeInvalid', 'Send the body as application/json; charset=utf-8.');
      }
      try {
        body = JSON.parse(bodyText);
      } catch {
        throw apiError('Request.MalformedJson', 'The request body is not valid JSON.');
      }
    }

    const result = handlers[route.operationId]({
      operationId: route.operationId,
      store: deps.store,
      principal,
      params: route.params,
      body,
      nowMs,
    });
    return { status: result.status ?? 200, body: result.body };
  }

  async function send(res: ServerResponse, outcome: Outcome, traceId: string, slowBodyMs: number): Promise<void> {
    // Date from the gateway clock, so a client's skew estimate matches what the gateway enforces.
    const headers: Record<string, string> = {
      Date: new Date(deps.nowMs()).toUTCString(),
      [TRACE_ID_HEADER]: traceId,
      ...outcome.headers,
    };
    if (outcome.body === undefined) {
      if (slowBodyMs > 0) await sleep(slowBodyMs);
      res.writeHead(outcome.status, { ...headers, 'Content-Length': '0' });
      res.end();
      return;
    }
    const payload = Buffer.from(JSON.stringify(outcome.body), 'utf8');
    headers['Content-Type'] = 'application/json;charset=UTF-8';
    if (slowBodyMs <= 0) {
      res.writeHead(outcome.status, { ...headers, 'Content-Length': String(payload.length) });
      res.end(payload);
      return;
    }
    // Chunked trickle: headers first, then the body in pieces spread over slowBodyMs.
    res.writeHead(outcome.status, headers);
    const pieces = Math.min(10, payload.length);
    const step = Math.ceil(payload.length / pieces);
    for (let offset = 0; offset < payload.length; offset += step) {
      if (res.destroyed) return;
      res.write(payload.subarray(offset, offset + step));
      await sleep(slowBodyMs / pieces);
    }
    res.end();
  }

  const server = createServer((req, res) => {
    const started = performance.now();
    const traceId = newTraceId();
    const trace: RequestTrace = { slowBodyMs: 0 };
    const finish = (outcome: Outcome | 'reset'): void => {
      const ms = (performance.now() - started).toFixed(1);
      const status = outcome === 'reset' ? 'RESET' : `${outcome.status}${outcome.code ? ` ${outcome.code}` : ''}`;
      deps.log?.(
        `${new Date().toISOString()} ${req.method} ${(req.url ?? '').split('?')[0]} ${status} ${ms}ms` +
          `${trace.operationId ? ` op=${trace.operationId}` : ''}${trace.keyId ? ` key=${trace.keyId}` : ''} trace=${traceId}`,
      );
    };
    handle(req, trace)
      .catch((error: unknown): Outcome => {
        const gatewayError =
          error instanceof GatewayError
            ? error
            : apiError('Server.InternalError', 'The sandbox gateway failed unexpectedly.');
        if (!(error instanceof GatewayError)) {
          deps.log?.(`internal error: ${error instanceof Error ? error.message : String(error)}`);
        }
        return {
          status: gatewayError.status,
          body: errorBody(gatewayError),
          headers: { ...gatewayError.headers },
          code: gatewayError.code,
        };
      })
      .then(async (outcome) => {
        if (outcome === 'reset') {
          req.socket.destroy();
          finish(outcome);
          return;
        }
        await send(res, outcome, traceId, trace.slowBodyMs);
        finish(outcome);
      })
      .catch(() => {
        // Writing the answer itself failed (e.g. the client went away): nothing useful is left to send.
        if (!res.headersSent && !res.destroyed) {
          res.writeHead(500, { [TRACE_ID_HEADER]: traceId, 'Content-Length': '0' }).end();
        }
      });
  });
  return server;
}
