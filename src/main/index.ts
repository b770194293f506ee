// Electron host (thin): one window with the security checklist applied, the IPC bridge to the
// core, file dialogs and the menu. Everything the app does lives in the core.
import { app, BrowserWindow, dialog, ipcMain, Menu, Notification, screen, session, shell } from 'electron';
import { join } from 'node:path';
import { createCore } from '#core/app-core.ts';
import { createKeytarSecretStore } from '#core/secrets/keytar-store.ts';
import { defaultDataDir } from '#core/storage/data-dir.ts';
import { channelNames, eventNames } from '#shared/ipc/contract.ts';
import { encodeIpcNames, HOST_OPEN_FILE, HOST_SAVE_FILE } from '#shared/ipc/channel-args.ts';
import { CONTENT_SECURITY_POLICY } from '#shared/security/csp.ts';
import { isOwnRendererUrl, registerIpcBridge, type RendererLocation } from './ipc-bridge.ts';
import { createHostFileHandlers } from './host-files.ts';
import { aboutText, buildMenuTemplate, isAllowedExternalLink, keyboardShortcutsText, type AboutInfo } from './menu.ts';
import { clampToDisplays, loadWindowState, MIN_SIZE, saveWindowState, type WindowState } from './window-state.ts';
import { showAlertNotification } from './alert-notification.ts';
import type { OverviewAlert } from '#shared/overview/schemas.ts';

const APP_NAME = 'Acceleration Console';
const here = import.meta.dirname;
const devServerUrl = !app.isPackaged ? process.env.ELECTRON_RENDERER_URL : undefined;
const renderer: RendererLocation = devServerUrl
  ? { kind: 'dev-server', url: devServerUrl }
  : { kind: 'file', indexPath: join(here, '../renderer/index.html') };

// One data directory for every host (the browser host and the CLI use the same one), whatever
// productName the packager sets; ACCEL_DATA_DIR lets tests use a throw-away one.
// The one data-dir rule shared with the browser host and the CLI, so all three see the same accounts.
app.setPath('userData', defaultDataDir());
app.setName(APP_NAME);
app.enableSandbox();

let mainWindow: BrowserWindow | null = null;

function openExternal(url: string): void {
  if (isAllowedExternalLink(url)) void shell.openExternal(url);
}

function aboutInfo(): AboutInfo {
  return {
    version: app.getVersion(),
    electron: process.versions.electron ?? 'unknown',
    chrome: process.versions.chrome ?? 'unknown',
    node: process.versions.node,
    platform: `${process.platform} ${process.arch}`,
  };
}

/** A native, modal (to the window when there is one) information box: works offline. */
function showMessage(title: string, message: string, detail: string): Promise<unknown> {
  const options = { type: 'info' as const, title, message, detail, buttons: ['OK'], noLink: true };
  return mainWindow ? dialog.showMessageBox(mainWindow, options) : dialog.showMessageBox(options);
}

function hardenWebContents(): void {
  app.on('web-contents-created', (_event, contents) => {
    // The app is a single page: any navigation away from it is refused; allow-listed https links
    // (menu.ts EXTERNAL_LINKS, none today) go to the system browser instead.
    contents.on('will-navigate', (event, url) => {
      event.preventDefault();
      openExternal(url);
    });
    contents.on('will-redirect', (event) => event.preventDefault());
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(({ url }) => {
      openExternal(url);
      return { action: 'deny' };
    });
  });
}

function hardenSession(): void {
  const ses = session.defaultSession;
  // Everything is denied except writing to the clipboard (the copy buttons) from our own page;
  // reading the clipboard, camera, notifications, geolocation… are never needed.
  const allowed = (permission: string, url: string | undefined) =>
    permission === 'clipboard-sanitized-write' && url !== undefined && isOwnRendererUrl(url, renderer);
  ses.setPermissionRequestHandler((contents, permission, callback, details) =>
    callback(allowed(permission, details.requestingUrl ?? contents.getURL())),
  );
  ses.setPermissionCheckHandler((_contents, permission, requestingOrigin, details) =>
    allowed(permission, details.requestingUrl ?? requestingOrigin),
  );
  ses.webRequest.onHeadersReceived((details, callback) => {
    const headers = { ...details.responseHeaders };
    for (const name of Object.keys(headers)) {
      if (name.toLowerCase() === 'content-security-policy') delete headers[name];
    }
    headers['Content-Security-Policy'] = [CONTENT_SECURITY_POLICY];
    callback({ responseHeaders: headers });
  });
}

async function createWindow(userData: string): Promise<BrowserWindow> {
  const saved = await loadWindowState(userData);
  const primary = screen.getPrimaryDisplay();
  const displays = [primary, ...screen.getAllDisplays().filter((display) => display.id !== primary.id)];
  const bounds = clampToDisplays(
    saved?.bounds ?? null,
    displays.map((display) => display.workArea),
  );

  const window = new BrowserWindow({
    ...bounds,
    minWidth: MIN_SIZE.width,
    minHeight: MIN_SIZE.height,
    show: false,
    title: APP_NAME,
    icon: join(app.getAppPath(), 'resources', 'icon.png'),
    autoHideMenuBar: false,
    webPreferences: {
      preload: join(here, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: true,
      devTools: !app.isPackaged,
      additionalArguments: encodeIpcNames(channelNames, eventNames),
    },
  });
  if (saved?.maximized) window.maximize();
  window.once('ready-to-show', () => window.show());

  let lastState: WindowState | null = null;
  const remember = () => {
    if (window.isDestroyed() || window.isMinimized() || window.isFullScreen()) return;
    lastState = { bounds: window.getNormalBounds(), maximized: window.isMaximized() };
  };
  window.on('resize', remember);
  window.on('move', remember);
  window.on('maximize', remember);
  window.on('unmaximize', remember);
  persistWindowState = () => {
    remember();
    if (lastState) pendingWrites.push(saveWindowState(userData, lastState).catch(() => undefined));
  };
  window.on('close', () => persistWindowState?.());
  return window;
}

function loadRenderer(window: BrowserWindow): Promise<void> {
  return renderer.kind === 'dev-server' ? window.loadURL(renderer.url) : window.loadFile(renderer.indexPath);
}

const pendingWrites: Promise<unknown>[] = [];
let persistWindowState: (() => void) | null = null;

async function main(): Promise<void> {
  await app.whenReady();
  const userData = app.getPath('userData');
  if (process.platform === 'win32') app.setAppUserModelId('net.accelerationconsole.app');

  hardenSession();
  hardenWebContents();

  const core = createCore({
    dataDir: userData,
    secretStore: createKeytarSecretStore(),
    // Configuration snapshots for baselines stay fresh in the background (ACCEL_BACKGROUND_SNAPSHOTS=0 turns it off).
    backgroundSnapshots: process.env.ACCEL_BACKGROUND_SNAPSHOTS !== '0',
    // The fleet overview watches the accounts the user chose (none by default; ACCEL_BACKGROUND_WATCH=0 turns it off).
    backgroundWatch: process.env.ACCEL_BACKGROUND_WATCH !== '0',
    emit: (event, payload) => {
      const contents = mainWindow?.webContents;
      if (contents && !contents.isDestroyed()) contents.send(event, payload);
      if (event === 'overview.alert') {
        showAlertNotification(payload as OverviewAlert, {
          supported: () => Notification.isSupported(),
          create: (options) => new Notification(options),
          opened: (alert) => {
            if (!mainWindow) return;
            if (mainWindow.isMinimized()) mainWindow.restore();
            mainWindow.show();
            mainWindow.focus();
            if (!mainWindow.webContents.isDestroyed()) mainWindow.webContents.send('overview.alertOpened', alert);
          },
        });
      }
    },
  });

  const files = createHostFileHandlers(
    {
      showSaveDialog: (options) =>
        mainWindow ? dialog.showSaveDialog(mainWindow, options) : dialog.showSaveDialog(options),
      showOpenDialog: (options) =>
        mainWindow ? dialog.showOpenDialog(mainWindow, options) : dialog.showOpenDialog(options),
    },
    () => app.getPath('downloads'),
  );
  registerIpcBridge({
    ipcMain,
    channels: channelNames,
    invoke: (channel, input, invokeOptions) => core.invoke(channel, input, invokeOptions),
    getMainWebContents: () => mainWindow?.webContents ?? null,
    renderer,
    hostHandlers: {
      [HOST_SAVE_FILE]: (_event, input) => files.saveFile(input),
      [HOST_OPEN_FILE]: (_event, input) => files.openFile(input),
    },
  });

  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      buildMenuTemplate({
        appName: APP_NAME,
        isMac: process.platform === 'darwin',
        isDev: !app.isPackaged,
        openDataFolder: () => void shell.openPath(userData),
        showAbout: () => void showMessage(`About ${APP_NAME}`, APP_NAME, aboutText(aboutInfo())),
        showKeyboardShortcuts: () =>
          void showMessage(
            'Keyboard Shortcuts',
            'Keyboard shortcuts',
            keyboardShortcutsText(process.platform === 'darwin'),
          ),
      }),
    ),
  );

  const open = async () => {
    const window = await createWindow(userData);
    // Known to the IPC bridge before the page loads: the renderer calls the core as it mounts.
    mainWindow = window;
    window.on('closed', () => {
      if (mainWindow === window) mainWindow = null;
      persistWindowState = null;
    });
    await loadRenderer(window).catch((error: unknown) => {
      // An aborted load (a reload racing it) is not fatal; the window stays usable.
      console.error('Loading the window failed:', error instanceof Error ? error.message : String(error));
    });
  };
  await open();

  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) void open();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  // Finish writes and stop the core (and its in-process sandbox) before the process exits.
  let disposed = false;
  app.on('before-quit', (event) => {
    if (disposed) return;
    event.preventDefault();
    disposed = true;
    persistWindowState?.();
    void Promise.allSettled([...pendingWrites, core.dispose()]).finally(() => app.quit());
  });
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.show();
    mainWindow.focus();
  });
  main().catch((error: unknown) => {
    dialog.showErrorBox(
      APP_NAME,
      `The application could not start: ${error instanceof Error ? error.message : String(error)}`,
    );
    app.exit(1);
  });
}
