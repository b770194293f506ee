// The application menu and the allow-list of links that may open in the system browser.
// Pure data (no electron import) so that it can be tested without an Electron binary.
import type { MenuItemConstructorOptions } from 'electron';

/**
 * The exact https links the UI shows and may open in the system browser (window.open,
 * target=_blank, a navigation attempt). We have no public site, so today there are none and
 * every external link is refused. Add a link here only together with the UI that shows it.
 */
export const EXTERNAL_LINKS: readonly string[] = [];

/** True for an https URL (no credentials) that is exactly one of `allowed`. */
export function isAllowedExternalLink(url: string, allowed: readonly string[] = EXTERNAL_LINKS): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' || parsed.username !== '' || parsed.password !== '') return false;
  return allowed.some((link) => {
    try {
      return new URL(link).href === parsed.href;
    } catch {
      return false;
    }
  });
}

/** What Help → Keyboard Shortcuts shows (keep in step with the renderer's key handlers). */
export function keyboardShortcutsText(isMac: boolean): string {
  const mod = isMac ? 'Cmd' : 'Ctrl';
  return [
    `${mod}+K — Command palette: go to a service, a screen or an action`,
    'Alt+Up / Alt+Down — Move the focused origin up or down',
    'Arrow keys, Home, End — Move between tabs and list items',
    'Escape — Close a dialog, menu or the command palette',
    `${mod}+0 / ${mod}+Plus / ${mod}+Minus — Reset zoom, zoom in, zoom out`,
    `${isMac ? 'Ctrl+Cmd+F' : 'F11'} — Full screen`,
  ].join('\n');
}

export type AboutInfo = { version: string; electron: string; chrome: string; node: string; platform: string };

/** The detail text of Help → About (versions help with bug reports; no paths, no accounts). */
export function aboutText(info: AboutInfo): string {
  return [
    `Version ${info.version}`,
    `Electron ${info.electron}`,
    `Chromium ${info.chrome}`,
    `Node.js ${info.node}`,
    `Platform ${info.platform}`,
  ].join('\n');
}

export type MenuOptions = {
  appName: string;
  isMac: boolean;
  /** Reload and developer tools only exist in development builds. */
  isDev: boolean;
  openDataFolder(): void;
  /** Native message box with the version information (aboutText). */
  showAbout(): void;
  /** Native message box with keyboardShortcutsText. */
  showKeyboardShortcuts(): void;
};

export function buildMenuTemplate(options: MenuOptions): MenuItemConstructorOptions[] {
  const { appName, isMac, isDev } = options;
  const template: MenuItemConstructorOptions[] = [];

  if (isMac) {
    template.push({
      label: appName,
      submenu: [
        { label: `About ${appName}`, click: () => options.showAbout() },
        { type: 'separator' },
        { role: 'services' },
        { type: 'separator' },
        { role: 'hide' },
        { role: 'hideOthers' },
        { role: 'unhide' },
        { type: 'separator' },
        { role: 'quit' },
      ],
    });
  }

  template.push({
    label: '&File',
    submenu: [
      { label: 'Open Data Folder', click: () => options.openDataFolder() },
      { type: 'separator' },
      isMac ? { role: 'close' } : { role: 'quit' },
    ],
  });

  template.push({
    label: '&Edit',
    submenu: [
      { role: 'undo' },
      { role: 'redo' },
      { type: 'separator' },
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      ...(isMac ? [{ role: 'pasteAndMatchStyle' } as const] : []),
      { role: 'delete' },
      { type: 'separator' },
      { role: 'selectAll' },
    ],
  });

  template.push({
    label: '&View',
    submenu: [
      ...(isDev
        ? ([
            { role: 'reload' },
            { role: 'forceReload' },
            { role: 'toggleDevTools' },
            { type: 'separator' },
          ] as MenuItemConstructorOptions[])
        : []),
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
    ],
  });

  template.push({
    label: '&Window',
    role: 'window',
    submenu: isMac
      ? [{ role: 'minimize' }, { role: 'zoom' }, { type: 'separator' }, { role: 'front' }]
      : [{ role: 'minimize' }, { role: 'close' }],
  });

  // Everything here works offline: there is no public documentation site to link to.
  template.push({
    label: '&Help',
    role: 'help',
    submenu: [
      { label: 'Keyboard Shortcuts', click: () => options.showKeyboardShortcuts() },
      { label: 'Open Data Folder', click: () => options.openDataFolder() },
      ...(isMac
        ? []
        : ([
            { type: 'separator' },
            { label: `About ${appName}`, click: () => options.showAbout() },
          ] as MenuItemConstructorOptions[])),
    ],
  });

  return template;
}
