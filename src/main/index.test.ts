// The Electron host's wiring, run against a recording stand-in for the 'electron' module (there is
// no Electron binary here; e2e/electron.spec.ts covers the real one where it exists). The core is
// real, with an in-memory secret store instead of the OS keychain.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { channelNames } from '#shared/ipc/contract.ts';
import { decodeIpcNames } from '#shared/ipc/channel-args.ts';
import { CONTENT_SECURITY_POLICY } from '#shared/security/csp.ts';
import { defaultDataDir } from '#core/storage/data-dir.ts';

type Listener = (...args: unknown[]) => unknown;
type Handler = (event: unknown, ...args: unknown[]) => Promise<unknown>;

const fake = vi.hoisted(() => {
  const appListeners = new Map<string, Listener[]>();
  const state = {
    userData: '',
    windows: [] as {
      options: Record<string, unknown> & { webPreferences: Record<string, unknown> };
      listeners: Map<string, Listener[]>;
      loaded: string | null;
      webContents: {
        send: ReturnType<typeof vi.fn>;
        on: ReturnType<typeof vi.fn>;
        isDestroyed: () => boolean;
        mainFrame: Record<string, unknown>;
      };
      focus: ReturnType<typeof vi.fn>;
    }[],
    handlers: new Map<string, Handler>(),
    permissionRequest: null as null | ((...args: unknown[]) => void),
    permissionCheck: null as null | ((...args: unknown[]) => boolean),
    headersReceived: null as null | ((details: unknown, callback: (response: unknown) => void) => void),
    menu: null as unknown,
    openExternal: vi.fn(async () => undefined),
    appListeners,
  };
  return state;
});

vi.mock('#core/secrets/keytar-store.ts', async () => {
  const { createMemorySecretStore } = await import('#core/secrets/memory-store.ts');
  return { createKeytarSecretStore: () => createMemorySecretStore('electron-host-test') };
});

vi.mock('electron', () => {
  class BrowserWindow {
    options: Record<string, unknown> & { webPreferences: Record<string, unknown> };
    listeners = new Map<string, Listener[]>();
    loaded: string | null = null;
    webContents = {
      send: vi.fn(),
      // The bridge watches 'destroyed', 'render-process-gone' and 'did-start-navigation' to cancel a gone page's reads.
      on: vi.fn(),
      isDestroyed: () => false,
      mainFrame: { parent: null, url: '', routingId: 1, processId: 1 },
    };
    focus = vi.fn();
    constructor(options: Record<string, unknown> & { webPreferences: Record<string, unknown> }) {
      this.options = options;
      fake.windows.push(this);
    }
    static getAllWindows() {
      return fake.windows;
    }
    on(event: string, listener: Listener) {
      this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
      return this;
    }
    once(event: string, listener: Listener) {
      return this.on(event, listener);
    }
    maximize() {}
    show() {}
    restore() {}
    isMinimized() {
      return false;
    }
    isDestroyed() {
      return false;
    }
    isFullScreen() {
      return false;
    }
    isMaximized() {
      return false;
    }
    getNormalBounds() {
      return { x: 10, y: 20, width: 1000, height: 700 };
    }
    async loadFile(path: string) {
      this.loaded = path;
      this.webContents.mainFrame.url = pathToFileURL(path).href;
    }
    async loadURL(url: string) {
      this.loaded = url;
      this.webContents.mainFrame.url = url;
    }
  }
  const app = {
    isPackaged: false,
    setPath: (name: string, value: string) => {
      if (name === 'userData') fake.userData = value;
    },
    getPath: (name: string) => (name === 'userData' ? fake.userData : join(fake.userData, name)),
    getAppPath: () => process.cwd(),
    getVersion: () => '9.8.7',
    setName: vi.fn(),
    enableSandbox: vi.fn(),
    requestSingleInstanceLock: () => true,
    whenReady: async () => undefined,
    setAppUserModelId: vi.fn(),
    on: (event: string, listener: Listener) => {
      fake.appListeners.set(event, [...(fake.appListeners.get(event) ?? []), listener]);
    },
    quit: vi.fn(),
    exit: vi.fn(),
  };
  return {
    app,
    BrowserWindow,
    dialog: {
      showSaveDialog: vi.fn(),
      showOpenDialog: vi.fn(),
      showErrorBox: vi.fn(),
      showMessageBox: vi.fn(async () => ({ response: 0 })),
    },
    ipcMain: {
      handle: (channel: string, handler: Handler) => fake.handlers.set(channel, handler),
      removeHandler: (channel: string) => fake.handlers.delete(channel),
    },
    Menu: {
      setApplicationMenu: (menu: unknown) => (fake.menu = menu),
      buildFromTemplate: (template: unknown) => template,
    },
    screen: {
      getPrimaryDisplay: () => ({ id: 1, workArea: { x: 0, y: 0, width: 1920, height: 1040 } }),
      getAllDisplays: () => [{ id: 1, workArea: { x: 0, y: 0, width: 1920, height: 1040 } }],
    },
    session: {
      defaultSession: {
        setPermissionRequestHandler: (handler: (...args: unknown[]) => void) => (fake.permissionRequest = handler),
        setPermissionCheckHandler: (handler: (...args: unknown[]) => boolean) => (fake.permissionCheck = handler),
        webRequest: { onHeadersReceived: (handler: typeof fake.headersReceived) => (fake.headersReceived = handler) },
      },
    },
    shell: { openExternal: fake.openExternal, openPath: vi.fn() },
    Notification: { isSupported: () => false },
  };
});

let dataDir: string;
const previousDataDir = process.env.ACCEL_DATA_DIR;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'accel-electron-host-'));
  process.env.ACCEL_DATA_DIR = dataDir;
  await import('./index.ts');
  await vi.waitFor(() => expect(fake.windows[0]?.loaded).toBeTruthy());
});

afterAll(async () => {
  if (previousDataDir === undefined) delete process.env.ACCEL_DATA_DIR;
  else process.env.ACCEL_DATA_DIR = previousDataDir;
  // Quitting saves the window state and disposes the core, then quits for real.
  for (const listener of fake.appListeners.get('before-quit') ?? []) listener({ preventDefault: () => undefined });
  const { app } = await import('electron');
  await vi.waitFor(() => expect(app.quit).toHaveBeenCalled());
  expect(await readFile(join(dataDir, 'window-state.json'), 'utf8')).toContain('"width": 1000');
  await rm(dataDir, { recursive: true, force: true });
});

const window = () => fake.windows[0];
const ownEvent = () => ({ sender: window().webContents, senderFrame: window().webContents.mainFrame });

describe('window', () => {
  it('opens one window with the security settings and the sandboxed CJS preload', () => {
    expect(fake.windows).toHaveLength(1);
    const prefs = window().options.webPreferences;
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
    });
    expect(String(prefs.preload)).toMatch(/preload[/\\]index\.cjs$/);
    expect(decodeIpcNames(prefs.additionalArguments as string[]).channels).toEqual(channelNames);
    expect(window().loaded).toBe(resolve('src/renderer/index.html'));
    expect(fake.userData).toBe(dataDir);
    // The same rule as the browser host and the CLI (ACCEL_DATA_DIR, else the platform's folder).
    expect(fake.userData).toBe(defaultDataDir());
  });

  it('has a menu', () => {
    expect(Array.isArray(fake.menu) && (fake.menu as unknown[]).length).toBeGreaterThan(3);
  });

  it('answers Help offline: About shows the versions in a message box, the data folder opens locally', async () => {
    type Item = { label?: string; role?: string; submenu?: Item[]; click?: () => void };
    const help = (fake.menu as Item[]).find((item) => item.role === 'help')?.submenu ?? [];
    const { dialog, shell } = await import('electron');
    help.find((item) => item.label === 'About Acceleration Console')?.click?.();
    expect(dialog.showMessageBox).toHaveBeenCalledWith(
      window(),
      expect.objectContaining({ detail: expect.stringContaining('Version 9.8.7') }),
    );
    help.find((item) => item.label === 'Open Data Folder')?.click?.();
    expect(shell.openPath).toHaveBeenCalledWith(fake.userData);
    expect(fake.openExternal).not.toHaveBeenCalled();
  });

  it('focuses the existing window when a second instance starts', () => {
    for (const listener of fake.appListeners.get('second-instance') ?? []) listener();
    expect(window().focus).toHaveBeenCalled();
  });
});

describe('IPC', () => {
  it('registers every contract channel and the host file channels', () => {
    expect([...fake.handlers.keys()].sort()).toEqual([...channelNames, 'host.openFile', 'host.saveFile'].sort());
  });

  it('answers our window through the real core and refuses other senders', async () => {
    const info = (await fake.handlers.get('app.info')?.(ownEvent(), undefined)) as {
      ok: boolean;
      data: { dataDir: string };
    };
    expect(info).toMatchObject({ ok: true, data: { dataDir } });
    const stranger = { sender: { isDestroyed: () => false }, senderFrame: window().webContents.mainFrame };
    expect(await fake.handlers.get('app.info')?.(stranger, undefined)).toMatchObject({
      ok: false,
      error: { code: 'Ipc.UntrustedSender' },
    });
  });

  it('forwards core events to the window', async () => {
    const added = await fake.handlers.get('accounts.add')?.(ownEvent(), {
      name: 'Staging',
      baseUrl: 'https://api.example.net',
      accessKeyId: 'KEY',
      customerId: 7,
      secret: 'not-a-real-secret',
      verify: false,
    });
    expect(added).toMatchObject({ ok: true });
    // The event follows the add (the core reads the current account first, from its file).
    await vi.waitFor(() =>
      expect(window().webContents.send).toHaveBeenCalledWith(
        'accounts.changed',
        expect.objectContaining({ reason: 'added' }),
      ),
    );
    expect(JSON.stringify(window().webContents.send.mock.calls)).not.toContain('not-a-real-secret');
  });
});

describe('session and navigation hardening', () => {
  it('denies permission requests and checks, except clipboard writes from our page', () => {
    const own = window().webContents.mainFrame.url as string;
    const decide = (permission: string, url: string) => {
      const callback = vi.fn();
      fake.permissionRequest?.({ getURL: () => url }, permission, callback, { requestingUrl: url });
      return callback.mock.calls[0]?.[0];
    };
    expect(decide('media', own)).toBe(false);
    expect(decide('notifications', own)).toBe(false);
    expect(decide('clipboard-read', own)).toBe(false);
    expect(decide('clipboard-sanitized-write', own)).toBe(true);
    expect(decide('clipboard-sanitized-write', 'https://evil.example/')).toBe(false);
    expect(fake.permissionCheck?.({}, 'geolocation', 'file://', { requestingUrl: own })).toBe(false);
  });

  it('replaces any CSP header with ours', () => {
    const callback = vi.fn();
    fake.headersReceived?.(
      { responseHeaders: { 'content-security-policy': ['default-src *'], 'x-other': ['1'] } },
      callback,
    );
    expect(callback).toHaveBeenCalledWith({
      responseHeaders: { 'x-other': ['1'], 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] },
    });
  });

  it('blocks navigation and new windows and opens no external link', () => {
    const listeners = new Map<string, Listener>();
    let openHandler: ((details: { url: string }) => unknown) | null = null;
    const contents = {
      on: (event: string, listener: Listener) => listeners.set(event, listener),
      setWindowOpenHandler: (handler: typeof openHandler) => (openHandler = handler),
    };
    for (const listener of fake.appListeners.get('web-contents-created') ?? []) listener({}, contents);

    const navigate = { preventDefault: vi.fn() };
    listeners.get('will-navigate')?.(navigate, 'https://evil.example/');
    expect(navigate.preventDefault).toHaveBeenCalled();
    expect(fake.openExternal).not.toHaveBeenCalled();

    expect(openHandler!({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
    expect(fake.openExternal).not.toHaveBeenCalled();
    // No link is allow-listed today (menu.ts EXTERNAL_LINKS is empty): nothing opens at all.
    expect(openHandler!({ url: 'https://accelerationconsole.net/docs/' })).toEqual({ action: 'deny' });
    listeners.get('will-navigate')?.(navigate, 'https://accelerationconsole.net/docs/');
    expect(fake.openExternal).not.toHaveBeenCalled();

    const webview = { preventDefault: vi.fn() };
    listeners.get('will-attach-webview')?.(webview);
    expect(webview.preventDefault).toHaveBeenCalled();
  });
});
