// The browser host over real HTTP/WebSocket on 127.0.0.1: token, Host, Origin, cookie flags,
// static files (traversal), security headers, IPC transport and events.
import { mkdtemp, mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startWebHost, type WebHost } from './server.ts';
import { CONTENT_SECURITY_POLICY } from './security.ts';
import type { HostCore } from './host-core.ts';
import { createMemorySecretStore } from '#core/secrets/memory-store.ts';

type Reply = { status: number; headers: IncomingHttpHeaders; body: string };

function send(
  host: WebHost,
  options: { method?: string; path?: string; headers?: Record<string, string>; body?: string },
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: host.port,
        method: options.method ?? 'GET',
        path: options.path ?? '/',
        headers: { host: `127.0.0.1:${host.port}`, ...options.headers },
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** Records calls and lets the test push events like the real core's emit(). */
function createFakeCore() {
  const calls: { channel: string; input: unknown }[] = [];
  let listener: ((event: string, payload: unknown) => void) | null = null;
  const core: HostCore = {
    async invoke(channel, input) {
      calls.push({ channel, input });
      if (channel === 'app.info') return { ok: true, data: { echo: input ?? null } };
      return {
        ok: false,
        error: { code: 'Ipc.UnknownChannel', message: `Unknown IPC channel: ${channel}`, retryable: false },
      };
    },
    async dispose() {},
    subscribe(next) {
      listener = next;
      return () => {
        listener = null;
      };
    },
  };
  return { core, calls, emit: (event: string, payload: unknown) => listener?.(event, payload) };
}

/** The path and query of a host link (`/?token=…`). */
const pathOf = (link: string): string => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

/** Exchanges a fresh bootstrap link of the host for its session cookie (`accel_token=…`). */
async function signIn(target: WebHost): Promise<string> {
  const reply = await send(target, { path: pathOf(target.newLink()) });
  const setCookie = reply.headers['set-cookie']?.[0];
  if (reply.status !== 302 || !setCookie) throw new Error(`sign-in failed: ${reply.status}`);
  return setCookie.split(';')[0];
}

let workDir: string;
let rendererDir: string;
let host: WebHost;
let fake: ReturnType<typeof createFakeCore>;
let cookie: string;
let origin: string;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'accel-web-host-'));
  rendererDir = join(workDir, 'renderer');
  await mkdir(join(rendererDir, 'assets'), { recursive: true });
  await writeFile(
    join(rendererDir, 'index.html'),
    '<!doctype html><title>Acceleration Console</title><div id="app"></div>',
  );
  await writeFile(join(rendererDir, 'assets', 'app-1234.js'), 'console.log("app")');
  await writeFile(join(rendererDir, '.env'), 'HIDDEN=1');
  await writeFile(join(workDir, 'secret.txt'), 'TOP-SECRET');
  await symlink(join(workDir, 'secret.txt'), join(rendererDir, 'assets', 'link.js'));
  fake = createFakeCore();
  host = await startWebHost({ port: 0, dataDir: join(workDir, 'data'), rendererDir, core: fake.core });
  cookie = await signIn(host);
  origin = `http://127.0.0.1:${host.port}`;
});

afterAll(async () => {
  await host?.stop();
  await rm(workDir, { recursive: true, force: true });
});

describe('token', () => {
  const tokenOf = (link: string): string => new URL(link).searchParams.get('token') ?? '';

  it('prints a link carrying a 256-bit random single-use token; every link gets its own', () => {
    expect(host.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${host.port}/\\?token=[A-Za-z0-9_-]{43}$`));
    expect(Buffer.from(tokenOf(host.url), 'base64url')).toHaveLength(32);
    const other = host.newLink();
    expect(tokenOf(other)).not.toBe(tokenOf(host.url));
  });

  it('refuses a request without token with the refusal page', async () => {
    const reply = await send(host, { path: '/' });
    expect(reply.status).toBe(401);
    expect(reply.headers['content-type']).toContain('text/html');
    expect(reply.body).toContain('Access token required');
    expect(reply.body).not.toContain(cookie.split('=')[1]);
  });

  it('refuses a wrong token in the URL and in the cookie', async () => {
    expect((await send(host, { path: '/?token=nope' })).status).toBe(401);
    expect((await send(host, { path: '/', headers: { cookie: 'accel_token=nope' } })).status).toBe(401);
    const value = cookie.split('=')[1];
    const almost = value.slice(0, -1) + (value.endsWith('A') ? 'B' : 'A');
    expect((await send(host, { path: '/', headers: { cookie: `accel_token=${almost}` } })).status).toBe(401);
  });

  it('trades the URL token, once, for an HttpOnly SameSite=Strict session cookie and redirects to the clean URL', async () => {
    const link = host.newLink();
    const reply = await send(host, { path: `/?token=${tokenOf(link)}&view=services` });
    expect(reply.status).toBe(302);
    expect(reply.headers.location).toBe('/?view=services');
    const setCookie = reply.headers['set-cookie']?.[0] ?? '';
    // The cookie holds the session secret, never the bootstrap token that was on the link.
    expect(setCookie.split(';')[0]).toBe(cookie);
    expect(setCookie).not.toContain(tokenOf(link));
    expect(setCookie).toMatch(/;\s*HttpOnly/);
    expect(setCookie).toMatch(/;\s*SameSite=Strict/);
    expect(setCookie).toMatch(/;\s*Path=\//);

    // A second exchange of the same link is refused, with the page saying how to get a new one.
    const again = await send(host, { path: pathOf(link) });
    expect(again.status).toBe(401);
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(again.body).toMatch(/Press\s+<kbd>Enter<\/kbd> in the terminal/);
  });

  it('lets a browser that already has the session reopen a used link (dropping the token)', async () => {
    const link = host.newLink();
    expect((await send(host, { path: pathOf(link) })).status).toBe(302);
    const reopened = await send(host, { path: pathOf(link), headers: { cookie } });
    expect(reopened.status).toBe(302);
    expect(reopened.headers.location).toBe('/');
    expect(reopened.headers['set-cookie']).toBeUndefined();
  });

  it('refuses an expired link', async () => {
    const link = host.newLink(-1);
    expect((await send(host, { path: pathOf(link) })).status).toBe(401);
  });

  it('never redirects off the host', async () => {
    const reply = await send(host, { path: `/a/..//evil.example/?token=${tokenOf(host.newLink())}` });
    expect(reply.status).toBe(302);
    expect(reply.headers.location).toBe('/evil.example/');
  });

  it('serves the app with the cookie, with CSP and the other security headers', async () => {
    const reply = await send(host, { path: '/', headers: { cookie } });
    expect(reply.status).toBe(200);
    expect(reply.body).toContain('<div id="app">');
    expect(reply.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(reply.headers['content-security-policy']).toContain("default-src 'self'");
    // frame-ancestors works only as a header (the page's meta tag leaves it out).
    expect(reply.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(reply.headers['referrer-policy']).toBe('no-referrer');
    expect(reply.headers['cache-control']).toBe('no-store');
    const asset = await send(host, { path: '/assets/app-1234.js', headers: { cookie } });
    expect(asset.status).toBe(200);
    expect(asset.headers['content-type']).toContain('text/javascript');
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('sends the CSP on refusals too', async () => {
    const reply = await send(host, { path: '/' });
    expect(reply.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
  });
});

describe('Host and Origin checks', () => {
  it('refuses a foreign Host header (DNS rebinding) even with the token', async () => {
    const reply = await send(host, { path: '/', headers: { cookie, host: `evil.example:${host.port}` } });
    expect(reply.status).toBe(403);
    expect((await send(host, { path: '/', headers: { cookie, host: `127.0.0.1:${host.port + 1}` } })).status).toBe(403);
    expect((await send(host, { path: pathOf(host.newLink()), headers: { host: 'evil.example' } })).status).toBe(403);
  });

  it('accepts localhost:<port> as Host', async () => {
    const reply = await send(host, { path: '/', headers: { cookie, host: `localhost:${host.port}` } });
    expect(reply.status).toBe(200);
  });

  it('refuses a foreign Origin', async () => {
    const get = await send(host, { path: '/', headers: { cookie, origin: 'http://evil.example' } });
    expect(get.status).toBe(403);
    const post = await send(host, {
      method: 'POST',
      path: '/ipc/app.info',
      headers: { cookie, origin: `http://127.0.0.1:${host.port + 1}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(post.status).toBe(403);
    expect(fake.calls).toHaveLength(0);
  });

  it('refuses a POST without Origin and a cross-site fetch', async () => {
    const noOrigin = await send(host, {
      method: 'POST',
      path: '/ipc/app.info',
      headers: { cookie, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(noOrigin.status).toBe(403);
    const crossSite = await send(host, { path: '/', headers: { cookie, 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.status).toBe(403);
    expect(fake.calls).toHaveLength(0);
  });
});

describe('IPC over HTTP', () => {
  const post = (path: string, body: string | undefined, headers: Record<string, string> = {}) =>
    send(host, {
      method: 'POST',
      path,
      headers: { cookie, origin, 'content-type': 'application/json', ...headers },
      body,
    });

  it('carries a channel call to the core and returns its IpcResult', async () => {
    const reply = await post('/ipc/app.info', JSON.stringify({ probe: 1 }));
    expect(reply.status).toBe(200);
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(reply.body)).toEqual({ ok: true, data: { echo: { probe: 1 } } });
    expect(fake.calls.at(-1)).toEqual({ channel: 'app.info', input: { probe: 1 } });
  });

  it('passes an empty body as undefined input', async () => {
    const reply = await post('/ipc/app.info', undefined);
    expect(JSON.parse(reply.body)).toEqual({ ok: true, data: { echo: null } });
    expect(fake.calls.at(-1)).toEqual({ channel: 'app.info', input: undefined });
  });

  it('answers 401 JSON without the token', async () => {
    const reply = await send(host, {
      method: 'POST',
      path: '/ipc/app.info',
      headers: { origin, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(reply.status).toBe(401);
    expect(JSON.parse(reply.body)).toMatchObject({ ok: false, error: { code: 'Host.Unauthorized' } });
  });

  it('refuses other content types, malformed JSON, GET and malformed channel names', async () => {
    const before = fake.calls.length;
    expect((await post('/ipc/app.info', '{}', { 'content-type': 'text/plain' })).status).toBe(415);
    const malformed = await post('/ipc/app.info', '{nope');
    expect(malformed.status).toBe(400);
    expect(JSON.parse(malformed.body)).toMatchObject({ ok: false, error: { code: 'Request.MalformedJson' } });
    expect((await send(host, { path: '/ipc/app.info', headers: { cookie } })).status).toBe(405);
    expect((await post('/ipc/..%2Fsecret', '{}')).status).toBe(404);
    expect(fake.calls.length).toBe(before);
  });

  it('leaves unknown channels to the core', async () => {
    const reply = await post('/ipc/nope.nothing', '{}');
    expect(JSON.parse(reply.body)).toMatchObject({ ok: false, error: { code: 'Ipc.UnknownChannel' } });
  });
});

describe('static files', () => {
  it.each([
    '/../secret.txt',
    '/assets/../../secret.txt',
    '/%2e%2e/secret.txt',
    '/assets/..%2f..%2fsecret.txt',
    '/assets/%2e%2e%5c%2e%2e%5csecret.txt',
    '/.env',
    '/assets/link.js',
    '/%00index.html',
    '/%E0%A4%A',
  ])('refuses %s', async (path) => {
    const reply = await send(host, { path, headers: { cookie } });
    expect([400, 403, 404]).toContain(reply.status);
    expect(reply.body).not.toContain('TOP-SECRET');
    expect(reply.body).not.toContain('HIDDEN');
  });

  it('falls back to index.html for app routes but not for missing files', async () => {
    expect((await send(host, { path: '/services/42', headers: { cookie } })).body).toContain('<div id="app">');
    expect((await send(host, { path: '/assets/missing.js', headers: { cookie } })).status).toBe(404);
  });
});

describe('events over WebSocket', () => {
  const connect = (headers: Record<string, string>) =>
    new Promise<{ socket: WebSocket; first: unknown } | { status: number }>((resolve) => {
      const socket = new WebSocket(`ws://127.0.0.1:${host.port}/events`, { headers });
      socket.once('unexpected-response', (_req, res) => {
        resolve({ status: res.statusCode ?? 0 });
        socket.terminate();
      });
      socket.once('message', (data) => resolve({ socket, first: JSON.parse(String(data)) }));
      socket.once('error', () => resolve({ status: -1 }));
    });

  it('needs the token', async () => {
    expect(await connect({ origin })).toEqual({ status: 401 });
    expect(await connect({ origin, cookie: 'accel_token=wrong' })).toEqual({ status: 401 });
  });

  it('needs our Origin and Host', async () => {
    expect(await connect({ cookie, origin: 'http://evil.example' })).toEqual({ status: 403 });
    expect(await connect({ cookie })).toEqual({ status: 403 });
    expect(await connect({ cookie, origin, host: 'evil.example' })).toEqual({ status: 403 });
  });

  it('delivers core events to a connected page', async () => {
    const result = await connect({ cookie, origin });
    if (!('socket' in result)) throw new Error(`connection refused: ${result.status}`);
    expect(result.first).toEqual({ event: 'host.connected', payload: null });
    const next = new Promise<unknown>((resolve) =>
      result.socket.once('message', (data) => resolve(JSON.parse(String(data)))),
    );
    fake.emit('accounts.changed', { reason: 'added', accountId: 'a1', currentAccountId: 'a1' });
    expect(await next).toEqual({
      event: 'accounts.changed',
      payload: { reason: 'added', accountId: 'a1', currentAccountId: 'a1' },
    });
    result.socket.close();
  });
});

describe('with the real core', () => {
  it('answers app.info and validates input through the core', async () => {
    const dataDir = join(workDir, 'real-core');
    const real = await startWebHost({
      port: 0,
      dataDir,
      rendererDir,
      secretStore: createMemorySecretStore('accel-web-test'),
    });
    try {
      const headers = { cookie: await signIn(real), origin: real.origin, 'content-type': 'application/json' };
      const info = await send(real, { method: 'POST', path: '/ipc/app.info', headers });
      expect(info.status).toBe(200);
      expect(JSON.parse(info.body)).toMatchObject({ ok: true, data: { dataDir, keychainService: 'accel-web-test' } });
      const bad = await send(real, {
        method: 'POST',
        path: '/ipc/accounts.get',
        headers,
        body: JSON.stringify({ accountId: 5 }),
      });
      expect(JSON.parse(bad.body)).toMatchObject({ ok: false, error: { code: 'Ipc.InvalidInput' } });
    } finally {
      await real.stop();
    }
  });
});

describe('start', () => {
  it('refuses to start without a renderer build', async () => {
    await expect(
      startWebHost({
        dataDir: join(workDir, 'd3'),
        rendererDir: join(workDir, 'nothing'),
        core: createFakeCore().core,
      }),
    ).rejects.toThrow(/No renderer build .*npm run build/);
  });
});

describe('stop', () => {
  it('closes the port and open event sockets', async () => {
    const other = await startWebHost({
      port: 0,
      dataDir: join(workDir, 'data2'),
      rendererDir,
      core: createFakeCore().core,
    });
    const socket = new WebSocket(`ws://127.0.0.1:${other.port}/events`, {
      headers: { cookie: await signIn(other), origin: other.origin },
    });
    await new Promise((resolve) => socket.once('open', resolve));
    const closed = new Promise((resolve) => socket.once('close', resolve));
    await other.stop();
    await closed;
    await expect(send(other, { path: '/' })).rejects.toThrow(/ECONNREFUSED/);
  });
});
