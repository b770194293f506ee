// Browser host: serves the built renderer on 127.0.0.1 and carries the IPC channels over
// HTTP (`POST /ipc/<channel>`) and the events over a WebSocket (`/events`). Guarded like
// `code serve-web`: single-use, short-lived bootstrap links exchanged once for an HttpOnly
// session cookie (docs/browser-host-token.md), a Host check against DNS rebinding and an Origin
// check against cross-site requests.
import { AppCode } from '#shared/app-errors.ts';
import { createReadStream, existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { resolve } from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
import { failure } from '#shared/ipc/result.ts';
import {
  BOOTSTRAP_TTL_MS,
  BootstrapTokens,
  SECURITY_HEADERS,
  TOKEN_COOKIE,
  allowedHosts,
  allowedOrigins,
  createToken,
  readCookie,
  tokenCookie,
  tokensEqual,
} from './security.ts';
import { contentTypeFor, lookupStaticFile } from './static-files.ts';
import type { HostCore, SecretStoreLike } from './host-core.ts';

export interface WebHostOptions {
  /** 0 = any free port. */
  port?: number;
  dataDir: string;
  /** The electron-vite renderer build (default: <repo>/out/renderer). */
  rendererDir?: string;
  /** Keychain service for secrets; default `ACCEL_KEYCHAIN_SERVICE` or `Acceleration Console`. */
  keychainService?: string;
  /** A ready secret store (tests); wins over keychainService. */
  secretStore?: SecretStoreLike;
  /** A ready core (tests of the transport alone); the host then does not dispose it. */
  core?: HostCore;
}

export interface WebHost {
  /** A link to open, carrying a single-use bootstrap `?token=` valid for BOOTSTRAP_TTL_MS. */
  url: string;
  /** Another single-use link (its own token), e.g. for the browser the host opens or a new printed link. */
  newLink(ttlMs?: number): string;
  /** `http://127.0.0.1:<port>` */
  origin: string;
  port: number;
  stop(): Promise<void>;
}

/** Largest IPC request body (imports of account files and statistics exports travel inline). */
const MAX_BODY_BYTES = 32 * 1024 * 1024;
const CHANNEL_PATTERN = /^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9]+)+$/;
const HEARTBEAT_MS = 30_000;

const REFUSAL_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Acceleration Console – access token required</title>
<style>:root{color-scheme:light dark}
body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#1f2937;background:#fff}
code{background:#f3f4f6;padding:0 .25rem;border-radius:4px}
@media (prefers-color-scheme:dark){body{color:#e5e7eb;background:#111827}code{background:#1f2937}}</style></head>
<body><h1>Access token required</h1>
<p>This Acceleration Console runs on your computer and only answers the links it prints, each
carrying a one-time access token (<code>…/?token=…</code>) that works once and for a few minutes.</p>
<p>A link that was already used, has expired or belongs to an earlier start is refused. Press
<kbd>Enter</kbd> in the terminal where you ran <code>npm start</code> to print a new link, and open that one.</p></body></html>`;

export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  // Default: the build next to this source tree, whatever the working directory.
  const rendererDir = resolve(options.rendererDir ?? resolve(import.meta.dirname, '..', '..', 'out', 'renderer'));
  if (!existsSync(resolve(rendererDir, 'index.html'))) {
    throw new Error(`No renderer build in ${rendererDir}: run \`npm run build\` first.`);
  }
  // The session secret lives only in the HttpOnly cookie; links carry bootstrap tokens.
  const session = createToken();
  const bootstrap = new BootstrapTokens();
  const sockets = new Set<WebSocket>();

  const broadcast = (event: string, payload: unknown): void => {
    const message = JSON.stringify({ event, payload });
    for (const socket of sockets) {
      if (socket.readyState === socket.OPEN) socket.send(message);
    }
  };

  const ownsCore = options.core === undefined;
  const core =
    options.core ??
    // Loaded only when needed: a host given a ready core does not pull in the whole core.
    (await import('./host-core.ts')).createHostCore({
      dataDir: options.dataDir,
      keychainService: options.keychainService,
      secretStore: options.secretStore,
      emit: broadcast,
    });
  const unsubscribe = options.core?.subscribe?.(broadcast);

  let hosts = new Set<string>();
  let origins = new Set<string>();

  /** Host and Origin checks shared by HTTP and the WebSocket upgrade; null = allowed. */
  const refuseReason = (req: IncomingMessage, requireOrigin: boolean): string | null => {
    if (!hosts.has(req.headers.host ?? '')) return 'Host not allowed';
    const origin = req.headers.origin;
    if (origin === undefined) return requireOrigin ? 'Origin required' : null;
    if (!origins.has(origin)) return 'Origin not allowed';
    return null;
  };

  const hasValidCookie = (req: IncomingMessage): boolean =>
    tokensEqual(readCookie(req.headers.cookie, TOKEN_COOKIE), session);

  const server = createServer((req, res) => {
    handleRequest(req, res).catch(() => {
      if (!res.headersSent) sendText(res, 500, 'Internal error');
      else res.destroy();
    });
  });

  async function handleRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
    const method = req.method ?? 'GET';
    const isPost = method === 'POST';

    const refused = refuseReason(req, isPost);
    if (refused) {
      sendText(res, 403, `Forbidden: ${refused}`);
      return;
    }
    // Defence in depth: browsers label cross-site requests even where Origin is absent.
    if (req.headers['sec-fetch-site'] === 'cross-site') {
      sendText(res, 403, 'Forbidden: cross-site request');
      return;
    }

    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const queryToken = url.searchParams.get('token');
    if (queryToken !== null && (method === 'GET' || method === 'HEAD')) {
      // A browser that already has the session just drops the token (it stays unused); otherwise
      // the token is exchanged, once, for the session cookie.
      const signedIn = hasValidCookie(req);
      if (!signedIn && !bootstrap.redeem(queryToken)) {
        sendRefusal(res);
        return;
      }
      // Drop the token from the address bar and history.
      url.searchParams.delete('token');
      if (!signedIn) res.setHeader('Set-Cookie', tokenCookie(session));
      res.setHeader('Cache-Control', 'no-store');
      // One leading slash only: `//host` would be a protocol-relative redirect off the host.
      res.setHeader('Location', `/${url.pathname.replace(/^\/+/, '')}${url.search}`);
      res.statusCode = 302;
      res.end();
      return;
    }

    if (!hasValidCookie(req)) {
      if (url.pathname.startsWith('/ipc/'))
        sendJson(res, 401, failure(AppCode.Host.Unauthorized, 'Missing or wrong access token.'));
      else sendRefusal(res);
      return;
    }

    if (url.pathname.startsWith('/ipc/')) {
      if (!isPost) {
        res.setHeader('Allow', 'POST');
        sendJson(res, 405, failure(AppCode.Host.MethodNotAllowed, 'Use POST for IPC channels.'));
        return;
      }
      await handleIpc(req, res, url.pathname.slice('/ipc/'.length));
      return;
    }

    if (method !== 'GET' && method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      sendText(res, 405, 'Method not allowed');
      return;
    }
    await serveStatic(req, res, url.pathname, method === 'HEAD');
  }

  async function handleIpc(req: IncomingMessage, res: ServerResponse, rawChannel: string): Promise<void> {
    res.setHeader('Cache-Control', 'no-store');
    const channel = safeDecode(rawChannel);
    if (channel === null || !CHANNEL_PATTERN.test(channel)) {
      sendJson(res, 404, failure(AppCode.Ipc.UnknownChannel, 'Unknown channel.'));
      return;
    }
    // A JSON content type cannot be sent cross-site without a preflight, which we never answer.
    const contentType = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (contentType !== 'application/json') {
      sendJson(res, 415, failure('Request.ContentTypeInvalid', 'Send the input as application/json.'));
      return;
    }
    const body = await readBody(req, MAX_BODY_BYTES);
    if (body === null) {
      sendJson(res, 413, failure('Request.BodyTooLarge', 'The request is too large.'));
      return;
    }
    let input: unknown = undefined;
    if (body.length > 0) {
      try {
        input = JSON.parse(body.toString('utf8'));
      } catch {
        sendJson(res, 400, failure('Request.MalformedJson', 'The request body is not valid JSON.'));
        return;
      }
    }
    // A tab that closes or reloads drops its pending requests' connections: the reads made for it,
    // queued behind the request budget or in flight, are cancelled instead of waiting for no one.
    const caller = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) caller.abort();
    });
    // The body is the channel input itself; an empty body means "no input".
    const result = await core.invoke(channel, input, { signal: caller.signal });
    if (!caller.signal.aborted) sendJson(res, 200, result);
  }

  async function serveStatic(
    req: IncomingMessage,
    res: ServerResponse,
    pathname: string,
    headOnly: boolean,
  ): Promise<void> {
    const found = await lookupStaticFile(rendererDir, pathname).catch(() => ({ kind: 'not-found' as const }));
    if (found.kind === 'forbidden') {
      sendText(res, 403, 'Forbidden');
      return;
    }
    if (found.kind === 'not-found') {
      sendText(res, 404, 'Not found');
      return;
    }
    res.statusCode = 200;
    res.setHeader('Content-Type', contentTypeFor(found.path));
    res.setHeader('Content-Length', found.size);
    // Vite fingerprints asset names, so only the index must always be fetched afresh.
    res.setHeader('Cache-Control', found.isIndex ? 'no-store' : 'private, max-age=31536000, immutable');
    if (headOnly) {
      res.end();
      return;
    }
    const stream = createReadStream(found.path);
    stream.on('error', () => res.destroy());
    stream.pipe(res);
    req.on('close', () => stream.destroy());
  }

  // WebSocket: the same Host/Origin/token checks happen before the upgrade is accepted.
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  server.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const reject = (status: number, text: string): void => {
      socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    };
    if (url.pathname !== '/events') return reject(404, 'Not Found');
    if (refuseReason(req, true)) return reject(403, 'Forbidden');
    if (!hasValidCookie(req)) return reject(401, 'Unauthorized');
    wss.handleUpgrade(req, socket, head, (ws) => {
      sockets.add(ws);
      let alive = true;
      ws.on('pong', () => {
        alive = true;
      });
      const heartbeat = setInterval(() => {
        if (!alive) {
          ws.terminate();
          return;
        }
        alive = false;
        ws.ping();
      }, HEARTBEAT_MS);
      heartbeat.unref();
      ws.on('close', () => {
        clearInterval(heartbeat);
        sockets.delete(ws);
      });
      ws.on('error', () => ws.terminate());
      // Events flow one way; anything the page sends is ignored.
      ws.send(JSON.stringify({ event: 'host.connected', payload: null }));
    });
  });
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });

  try {
    await new Promise<void>((resolveListen, rejectListen) => {
      server.once('error', rejectListen);
      server.listen(options.port ?? 0, '127.0.0.1', () => {
        server.off('error', rejectListen);
        resolveListen();
      });
    });
  } catch (error) {
    unsubscribe?.();
    if (ownsCore) await core.dispose();
    throw error;
  }
  const port = (server.address() as AddressInfo).port;
  hosts = allowedHosts(port);
  origins = allowedOrigins(port);
  const origin = `http://127.0.0.1:${port}`;

  let stopped: Promise<void> | null = null;
  const stop = (): Promise<void> => {
    stopped ??= (async () => {
      unsubscribe?.();
      for (const socket of sockets) socket.terminate();
      wss.close();
      await new Promise<void>((resolveClose) => {
        server.close(() => resolveClose());
        server.closeAllConnections();
      });
      if (ownsCore) await core.dispose();
    })();
    return stopped;
  };

  const newLink = (ttlMs: number = BOOTSTRAP_TTL_MS): string => `${origin}/?token=${bootstrap.issue(ttlMs)}`;
  return { url: newLink(), newLink, origin, port, stop };
}

function safeDecode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolveBody, rejectBody) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      if (tooLarge) return;
      size += chunk.length;
      if (size > limit) {
        tooLarge = true;
        chunks.length = 0;
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolveBody(tooLarge ? null : Buffer.concat(chunks)));
    req.on('error', rejectBody);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}

function sendText(res: ServerResponse, status: number, text: string): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.setHeader('Cache-Control', 'no-store');
  res.end(text);
}

function sendRefusal(res: ServerResponse): void {
  res.statusCode = 401;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(REFUSAL_PAGE));
  res.setHeader('Cache-Control', 'no-store');
  res.end(REFUSAL_PAGE);
}
