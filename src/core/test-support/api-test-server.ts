// Test helper (not shipped): a real node:http server on 127.0.0.1 that verifies signature v2 with
// its own code (deliberately not the signer under test) and answers canned responses.
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** Signature recomputed independently and equal to the Authorization header. */
  signatureValid: boolean;
  canonical: string;
  at: number;
}

interface CannedResponse {
  status?: number;
  headers?: Record<string, string>;
  /** Objects are JSON-encoded; strings are sent verbatim. */
  body?: unknown;
  /** Wait before answering (timeout and abort tests). */
  delayMs?: number;
}

export type Responder = (req: RecordedRequest) => CannedResponse | Promise<CannedResponse>;

export interface TestServer {
  url: string;
  port: number;
  requests: RecordedRequest[];
  /** TCP connections accepted (keep-alive reuse check). */
  connections: () => number;
  respond(responder: Responder): void;
  stop(): Promise<void>;
}

/** The spec's algorithm, written out again from the raw request. */
function independentCanonical(
  method: string,
  url: string,
  headers: IncomingHttpHeaders,
  keyId: string,
  body: string,
): string {
  const sfd = Object.keys(headers)
    .filter((name) => name.startsWith('x-sfd-'))
    .sort()
    .map((name) => `${name}:${String(headers[name])}`);
  return `${method}\n${url}\n${['host:' + String(headers.host), ...sfd].join('\n')}\n${keyId}\n${body}`;
}

export async function startTestServer(keys: Record<string, string>, responder?: Responder): Promise<TestServer> {
  const requests: RecordedRequest[] = [];
  let current: Responder = responder ?? (() => ({ status: 200, body: {} }));
  let connectionCount = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const auth = String(req.headers.authorization ?? '');
      const m = /^HMAC-SHA256 ([^:]+):([0-9a-f]{64})$/.exec(auth);
      const keyId = m?.[1] ?? '';
      const canonical = independentCanonical(req.method ?? '', req.url ?? '', req.headers, keyId, body);
      const secret = keys[keyId];
      const expected = secret === undefined ? '' : createHmac('sha256', secret).update(canonical, 'utf8').digest('hex');
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body,
        signatureValid: !!m && expected === m[2],
        canonical,
        at: Date.now(),
      };
      requests.push(recorded);
      void (async () => {
        const canned: CannedResponse = recorded.signatureValid
          ? await current(recorded)
          : { status: 401, body: { code: 'Signature.NotMatch', message: 'signature mismatch' } };
        const send = (): void => {
          if (res.destroyed) return;
          const headers: Record<string, string> = { 'x-sfd-trace-id': `trace-${requests.length}`, ...canned.headers };
          let payload = '';
          if (typeof canned.body === 'string') payload = canned.body;
          else if (canned.body !== undefined) {
            payload = JSON.stringify(canned.body);
            headers['content-type'] ??= 'application/json;charset=UTF-8';
          }
          res.writeHead(canned.status ?? 200, headers);
          res.end(payload);
        };
        if (canned.delayMs) setTimeout(send, canned.delayMs);
        else send();
      })();
    });
  });
  server.on('connection', () => connectionCount++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    connections: () => connectionCount,
    respond(r) {
      current = r;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
