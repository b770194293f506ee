// The application menu and the allow-list of links that may open in the system browser.
// Pure data (no electron import) so that it can be tested without an Electron binary.
import type { MenuItemConstructorOptions } from 'electron';

/** Documentation links; the product's site is the only place we send users to. */
export const HELP_LINKS = {
  documentation: 'https://accelerationconsole.net/docs/',
  apiReference: 'https://accelerationconsole.net/docs/api/',
  issues: 'https://accelerationconsole.net/support/',
} as const;

/** Origins whose https links may leave the app (window.open / target=_blank / menu). */
export const EXTERNAL_LINK_ORIGINS: ReadonlySet<string> = new Set(['https://accelerationconsole.net']);

export function isAllowedExternalLink(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && parsed.username === '' && parsed.password === '' && EXTERNAL_LINK_ORIGINS.has(parsed.origin);
  } catch {
    return false;
  }
}

export type MenuOptions = {
  appName: string;
  isMac: boolean;
  /** Reload and developer tools only exist in development builds. */
  isDev: boolean;
  openExternal(url: string): void;
  openDataFolder(): void;
};

export function buildMenuTemplate(options: MenuOptions): MenuItemConstructorOptions[] {
  const { appName, isMac, isDev } = options;
  const template: MenuItemConstructorOptions[] = [];

  if (isMac) {
    template.push({
      label: appName,
      submenu: [
        { role: 'about' },
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
    submenu: [{ label: 'Open Data Folder', click: () => options.openDataFolder() }, { type: 'separator' }, isMac ? { role: 'close' } : { role: 'quit' }],
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
        ? ([{ role: 'reload' }, { role: 'forceReload' }, { role: 'toggleDevTools' }, { type: 'separator' }] as MenuItemConstructorOptions[])
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

  template.push({
    label: '&Help',
    role: 'help',
    submenu: [
      { label: 'Documentation', click: () => options.openExternal(HELP_LINKS.documentation) },
      { label: 'API Reference', click: () => options.openExternal(HELP_LINKS.apiReference) },
      { label: 'Support', click: () => options.openExternal(HELP_LINKS.issues) },
      ...(isMac ? [] : ([{ type: 'separator' }, { role: 'about' }] as MenuItemConstructorOptions[])),
    ],
  });

  return template;
}
