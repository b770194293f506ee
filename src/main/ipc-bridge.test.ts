// The ipcMain wrapper with fake Electron events (no Electron binary needed) in front of the
// core's real dispatcher and the real IPC contract.
import { EventEmitter } from 'node:events';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import type { IpcMainInvokeEvent, WebContents } from 'electron';
import { createDispatcher } from '#core/ipc/ipc-dispatcher.ts';
import { createRequestBudget } from '#core/api/budget.ts';
import { channelNames } from '#shared/ipc/contract.ts';
import {
  createBridgeHandler,
  isOwnRendererUrl,
  registerIpcBridge,
  type IpcBridgeOptions,
  type RendererLocation,
} from './ipc-bridge.ts';

const indexPath = resolve('out/renderer/index.html');
const fileRenderer: RendererLocation = { kind: 'file', indexPath };
const ownUrl = pathToFileURL(indexPath).href;

type FakeFrame = { parent: FakeFrame | null; url: string; routingId: number; processId: number };

function fakeWindow(url = ownUrl) {
  const mainFrame: FakeFrame = { parent: null, url, routingId: 1, processId: 7 };
  // The webContents events the bridge listens to ('destroyed', 'did-start-navigation', …).
  const emitter = new EventEmitter();
  let destroyed = false;
  const contents = Object.assign(emitter, { isDestroyed: () => destroyed, mainFrame });
  const destroy = () => {
    destroyed = true;
    emitter.emit('destroyed');
  };
  return { contents: contents as unknown as WebContents, mainFrame, emitter, destroy };
}

function eventFrom(sender: WebContents, senderFrame: FakeFrame | null): IpcMainInvokeEvent {
  return { sender, senderFrame } as unknown as IpcMainInvokeEvent;
}

const appInfo = {
  name: 'Acceleration Console',
  version: '0.0.0',
  dataDir: '/tmp/x',
  keychainService: 'svc',
  platform: 'linux',
};

function setup(overrides: Partial<IpcBridgeOptions> = {}) {
  const window = fakeWindow();
  const handlers = {
    'app.info': vi.fn(async () => appInfo),
    'accounts.get': vi.fn(async () => {
      throw new Error('not reached in these tests');
    }),
  };
  const dispatcher = createDispatcher(handlers as never, { validateOutput: true });
  const invoke = vi.fn((channel: string, input: unknown) => dispatcher.invoke(channel, input));
  const options: IpcBridgeOptions = {
    ipcMain: { handle: vi.fn(), removeHandler: vi.fn() },
    channels: channelNames,
    invoke,
    getMainWebContents: () => window.contents,
    renderer: fileRenderer,
    ...overrides,
  };
  return { window, handlers, invoke, options, handle: createBridgeHandler(options) };
}

describe('trusted sender', () => {
  it('accepts our window main frame showing our renderer and returns the core result shape', async () => {
    const { window, handle, handlers } = setup();
    const result = await handle('app.info', eventFrom(window.contents, window.mainFrame), [undefined]);
    expect(result).toEqual({ ok: true, data: appInfo });
    expect(handlers['app.info']).toHaveBeenCalledOnce();
  });

  it('refuses another webContents', async () => {
    const { handle, invoke } = setup();
    const other = fakeWindow();
    const result = await handle('app.info', eventFrom(other.contents, other.mainFrame), [undefined]);
    expect(result).toMatchObject({ ok: false, error: { code: 'Ipc.UntrustedSender', retryable: false } });
    expect(invoke).not.toHaveBeenCalled();
  });

  it('refuses a subframe of our window', async () => {
    const { window, handle, invoke } = setup();
    const subframe: FakeFrame = { parent: window.mainFrame, url: ownUrl, routingId: 2, processId: 7 };
    const result = await handle('app.info', eventFrom(window.contents, subframe), [undefined]);
    expect(result).toMatchObject({ ok: false, error: { code: 'Ipc.UntrustedSender' } });
    expect(invoke).not.toHaveBeenCalled();
  });

  it('refuses our main frame after it navigated to a foreign origin', async () => {
    const { window, handle, invoke } = setup();
    window.mainFrame.url = 'https://evil.example/';
    expect(await handle('app.info', eventFrom(window.contents, window.mainFrame), [undefined])).toMatchObject({
      ok: false,
      error: { code: 'Ipc.UntrustedSender' },
    });
    window.mainFrame.url = pathToFileURL(join(indexPath, '..', 'other.html')).href;
    expect(await handle('app.info', eventFrom(window.contents, window.mainFrame), [undefined])).toMatchObject({
      ok: false,
    });
    expect(invoke).not.toHaveBeenCalled();
  });

  it('refuses when the frame is gone or there is no window', async () => {
    const { window, handle } = setup();
    expect(await handle('app.info', eventFrom(window.contents, null), [undefined])).toMatchObject({ ok: false });
    const noWindow = setup({ getMainWebContents: () => null });
    expect(await noWindow.handle('app.info', eventFrom(window.contents, window.mainFrame), [undefined])).toMatchObject({
      ok: false,
      error: { code: 'Ipc.UntrustedSender' },
    });
  });
});

describe('channels and payloads', () => {
  it('refuses an unknown channel before looking at anything else', async () => {
    const { window, handle, invoke } = setup();
    const result = await handle('shell.exec', eventFrom(window.contents, window.mainFrame), ['rm -rf /']);
    expect(result).toMatchObject({ ok: false, error: { code: 'Ipc.UnknownChannel' } });
    expect(invoke).not.toHaveBeenCalled();
  });

  it('returns the contract validation error for a bad payload, without calling the handler', async () => {
    const { window, handle, handlers } = setup();
    const result = await handle('accounts.get', eventFrom(window.contents, window.mainFrame), [
      { accountId: 42, extra: true },
    ]);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('Ipc.InvalidInput');
    expect(result.error.retryable).toBe(false);
    expect(result.error.fields && Object.keys(result.error.fields).length).toBeGreaterThan(0);
    expect(handlers['accounts.get']).not.toHaveBeenCalled();
  });

  it('refuses more than one argument', async () => {
    const { window, handle, invoke } = setup();
    const result = await handle('app.info', eventFrom(window.contents, window.mainFrame), [undefined, 'extra']);
    expect(result).toMatchObject({ ok: false, error: { code: 'Ipc.InvalidInput' } });
    expect(invoke).not.toHaveBeenCalled();
  });

  it('turns an unexpected throw into a generic error without its text', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { window, handle } = setup({ invoke: async () => Promise.reject(new Error('secret=hunter2')) });
    const result = await handle('app.info', eventFrom(window.contents, window.mainFrame), []);
    expect(result).toMatchObject({ ok: false, error: { code: 'Server.InternalError' } });
    expect(JSON.stringify(result)).not.toContain('hunter2');
    expect(JSON.stringify(error.mock.calls)).not.toContain('hunter2');
    error.mockRestore();
  });

  it('routes host channels to the host handlers after the same sender check', async () => {
    const saveFile = vi.fn(async () => ({ ok: true as const, data: true }));
    const { window, handle, invoke } = setup({ hostHandlers: { 'host.saveFile': saveFile } });
    const request = { suggestedName: 'a.json', mimeType: 'application/json', content: '{}' };
    expect(await handle('host.saveFile', eventFrom(window.contents, window.mainFrame), [request])).toEqual({
      ok: true,
      data: true,
    });
    expect(saveFile).toHaveBeenCalledWith(expect.anything(), request);
    const other = fakeWindow();
    expect(await handle('host.saveFile', eventFrom(other.contents, other.mainFrame), [request])).toMatchObject({
      ok: false,
    });
    expect(saveFile).toHaveBeenCalledOnce();
    expect(invoke).not.toHaveBeenCalled();
  });
});

describe('calls of a page that went away', () => {
  /** A core whose app.info waits for a slot of an exhausted request budget, as a read does. */
  function queuedBehindBudget() {
    const budget = createRequestBudget({ windows: [{ limit: 1, windowMs: 3_600_000 }] });
    const signals: (AbortSignal | undefined)[] = [];
    const handlers = {
      'app.info': vi.fn(async (_input: unknown, call: { signal?: AbortSignal }) => {
        signals.push(call.signal);
        await budget.acquire(call.signal, 'app.info');
        return appInfo;
      }),
    };
    const dispatcher = createDispatcher(handlers as never, { validateOutput: true });
    return {
      budget,
      signals,
      invoke: (channel: string, input: unknown, options?: { signal?: AbortSignal }) =>
        dispatcher.invoke(channel, input, options),
    };
  }

  it('a closed window cancels its calls queued behind the request budget, and frees their places', async () => {
    const core = queuedBehindBudget();
    await core.budget.acquire();
    const { window, handle } = setup({ invoke: core.invoke });
    const event = eventFrom(window.contents, window.mainFrame);
    const calls = [handle('app.info', event, [undefined]), handle('app.info', event, [undefined])];
    await vi.waitFor(() => expect(core.budget.queued).toBe(2));
    window.destroy();
    for (const result of await Promise.all(calls))
      expect(result).toMatchObject({ ok: false, error: { code: 'Request.Aborted' } });
    expect(core.budget.queued).toBe(0);
    expect(core.budget.usage()[0]?.used).toBe(1);
  });

  it('a reload cancels the calls of the page before it; the new page calls with a fresh signal', async () => {
    const core = queuedBehindBudget();
    await core.budget.acquire();
    const { window, handle } = setup({ invoke: core.invoke });
    const event = eventFrom(window.contents, window.mainFrame);
    const before = handle('app.info', event, [undefined]);
    await vi.waitFor(() => expect(core.budget.queued).toBe(1));
    // A same-document navigation (the hash router) is not a new page.
    window.emitter.emit('did-start-navigation', { isMainFrame: true, isSameDocument: true, url: `${ownUrl}#/traffic` });
    expect(core.signals[0]?.aborted).toBe(false);
    window.emitter.emit('did-start-navigation', { isMainFrame: true, isSameDocument: false, url: ownUrl });
    expect(await before).toMatchObject({ ok: false, error: { code: 'Request.Aborted' } });
    const after = handle('app.info', event, [undefined]);
    await vi.waitFor(() => expect(core.budget.queued).toBe(1));
    expect(core.signals[1]?.aborted).toBe(false);
    window.emitter.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 1 });
    expect(await after).toMatchObject({ ok: false, error: { code: 'Request.Aborted' } });
    expect(core.budget.queued).toBe(0);
  });
});

describe('registerIpcBridge', () => {
  it('registers exactly the contract channels plus the host channels, and removes them again', () => {
    const hostHandlers = { 'host.saveFile': vi.fn(), 'host.openFile': vi.fn() };
    const { options } = setup({ hostHandlers });
    const unregister = registerIpcBridge(options);
    const registered = vi.mocked(options.ipcMain.handle).mock.calls.map(([channel]) => channel);
    expect(registered.sort()).toEqual([...channelNames, 'host.openFile', 'host.saveFile'].sort());
    unregister();
    expect(
      vi
        .mocked(options.ipcMain.removeHandler)
        .mock.calls.map(([channel]) => channel)
        .sort(),
    ).toEqual(registered.sort());
  });
});

describe('isOwnRendererUrl', () => {
  it('matches the dev server by origin only', () => {
    const dev: RendererLocation = { kind: 'dev-server', url: 'http://localhost:5173' };
    expect(isOwnRendererUrl('http://localhost:5173/#/services', dev)).toBe(true);
    expect(isOwnRendererUrl('http://localhost:5174/', dev)).toBe(false);
    expect(isOwnRendererUrl('http://127.0.0.1:5173/', dev)).toBe(false);
    expect(isOwnRendererUrl('file:///etc/passwd', dev)).toBe(false);
    expect(isOwnRendererUrl('not a url', dev)).toBe(false);
  });

  it('matches the built renderer by file path, ignoring hash and query', () => {
    expect(isOwnRendererUrl(`${ownUrl}#/accounts`, fileRenderer)).toBe(true);
    expect(isOwnRendererUrl(`${ownUrl}?x=1`, fileRenderer)).toBe(true);
    expect(isOwnRendererUrl('file:///tmp/index.html', fileRenderer)).toBe(false);
    expect(isOwnRendererUrl(`file://evil.example${new URL(ownUrl).pathname}`, fileRenderer)).toBe(false);
  });
});
