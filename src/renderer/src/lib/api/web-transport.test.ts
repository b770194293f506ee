// The browser-host transport with a scripted fetch and fake sockets (the real HTTP side is
// covered by src/web/server.test.ts and the e2e specs, which drive the app through it).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createWebApi, createWebTransport, type EventSocket } from './web-transport.ts';

const base = 'http://127.0.0.1:4000';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function socketFactory() {
  const sockets: (EventSocket & { url: string; closed: boolean })[] = [];
  const create = (url: string) => {
    const socket = {
      url,
      closed: false,
      onopen: null,
      onmessage: null,
      onclose: null,
      onerror: null,
      close() {
        socket.closed = true;
      },
    } as EventSocket & { url: string; closed: boolean };
    sockets.push(socket);
    return socket;
  };
  return { sockets, create };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('invoke', () => {
  it('POSTs the JSON input to /ipc/<channel>, same-origin, and returns the IpcResult', async () => {
    const fetch = vi.fn(async () => jsonResponse(200, { ok: true, data: { n: 1 } }));
    const transport = createWebTransport({ baseUrl: base, fetch });
    expect(await transport.invoke('accounts.get', { accountId: 'a' })).toEqual({ ok: true, data: { n: 1 } });
    expect(fetch).toHaveBeenCalledWith(
      `${base}/ipc/accounts.get`,
      expect.objectContaining({
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json' },
        body: '{"accountId":"a"}',
      }),
    );
  });

  it('sends no body for no input', async () => {
    const fetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) =>
      jsonResponse(200, { ok: true, data: null }),
    );
    await createWebTransport({ baseUrl: base, fetch }).invoke('app.info', undefined);
    expect(fetch.mock.calls[0][1]?.body).toBeUndefined();
  });

  it('explains a lost token, an unreachable host and a non-IPC answer', async () => {
    const unauthorized = createWebTransport({
      baseUrl: base,
      fetch: async () =>
        jsonResponse(401, { ok: false, error: { code: 'Host.Unauthorized', message: 'x', retryable: false } }),
    });
    expect(await unauthorized.invoke('app.info', undefined)).toMatchObject({
      ok: false,
      error: { code: 'Host.Unauthorized', message: expect.stringContaining('link printed in the terminal') },
    });
    const down = createWebTransport({
      baseUrl: base,
      fetch: async () => Promise.reject(new TypeError('Failed to fetch')),
    });
    expect(await down.invoke('app.info', undefined)).toMatchObject({
      ok: false,
      error: { code: 'Host.Unreachable', retryable: true },
    });
    const html = createWebTransport({ baseUrl: base, fetch: async () => new Response('<html>', { status: 502 }) });
    expect(await html.invoke('app.info', undefined)).toMatchObject({
      ok: false,
      error: { code: 'Host.BadResponse', retryable: true },
    });
  });

  it('builds the nested API over it', async () => {
    const fetch = vi.fn(async () => jsonResponse(200, { ok: true, data: 'x' }));
    const api = createWebApi({ baseUrl: base, fetch });
    await api.app.info();
    expect(fetch).toHaveBeenCalledWith(`${base}/ipc/app.info`, expect.anything());
    expect(typeof api.on).toBe('function');
    expect(typeof api.host.saveFile).toBe('function');
  });
});

describe('events', () => {
  it('connects lazily to ws://…/events and dispatches by event name', () => {
    const { sockets, create } = socketFactory();
    const transport = createWebTransport({ baseUrl: base, createSocket: create });
    expect(sockets).toHaveLength(0);
    const changed = vi.fn();
    const other = vi.fn();
    transport.on('accounts.changed', changed);
    transport.on('app.warning', other);
    expect(sockets.map((s) => s.url)).toEqual(['ws://127.0.0.1:4000/events']);
    sockets[0].onmessage?.({ data: JSON.stringify({ event: 'accounts.changed', payload: { reason: 'added' } }) });
    sockets[0].onmessage?.({ data: 'not json' });
    expect(changed).toHaveBeenCalledWith({ reason: 'added' });
    expect(other).not.toHaveBeenCalled();
  });

  it('reconnects with growing delays while someone listens, and closes when nobody does', () => {
    vi.useFakeTimers();
    const { sockets, create } = socketFactory();
    const transport = createWebTransport({ baseUrl: base, createSocket: create, reconnectDelayMs: 100 });
    const off = transport.on('accounts.changed', () => undefined);
    sockets[0].onclose?.({});
    vi.advanceTimersByTime(99);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    sockets[1].onclose?.({});
    vi.advanceTimersByTime(150);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(50);
    expect(sockets).toHaveLength(3);
    sockets[2].onopen?.({});
    off();
    expect(sockets[2].closed).toBe(true);
    sockets[2].onclose?.({});
    vi.advanceTimersByTime(20_000);
    expect(sockets).toHaveLength(3);
  });
});
