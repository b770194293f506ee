import { describe, expect, it, vi } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import { buildMenuTemplate, HELP_LINKS, isAllowedExternalLink } from './menu.ts';

function roles(items: MenuItemConstructorOptions[]): string[] {
  return items.flatMap((item) => [
    ...(item.role ? [String(item.role)] : []),
    ...(Array.isArray(item.submenu) ? roles(item.submenu) : []),
  ]);
}

const base = { appName: 'Acceleration Console', openExternal: vi.fn(), openDataFolder: vi.fn() };

describe('application menu', () => {
  it('has the Edit roles and zoom everywhere, reload and devtools only in development', () => {
    const production = roles(buildMenuTemplate({ ...base, isMac: false, isDev: false }));
    expect(production).toEqual(expect.arrayContaining(['undo', 'redo', 'cut', 'copy', 'paste', 'selectAll', 'zoomIn', 'zoomOut', 'resetZoom']));
    expect(production).not.toContain('toggleDevTools');
    expect(production).not.toContain('reload');
    expect(roles(buildMenuTemplate({ ...base, isMac: false, isDev: true }))).toEqual(expect.arrayContaining(['reload', 'toggleDevTools']));
  });

  it('adds the app menu on macOS', () => {
    const template = buildMenuTemplate({ ...base, isMac: true, isDev: false });
    expect(template[0].label).toBe('Acceleration Console');
    expect(roles(template)).toContain('hideOthers');
  });

  it('opens the help links, all of them allow-listed', () => {
    const openExternal = vi.fn();
    const help = buildMenuTemplate({ ...base, openExternal, isMac: false, isDev: false }).find((item) => item.role === 'help');
    for (const item of help?.submenu as MenuItemConstructorOptions[]) (item.click as (() => void) | undefined)?.();
    expect(openExternal.mock.calls.map(([url]) => url)).toEqual(Object.values(HELP_LINKS));
    for (const url of Object.values(HELP_LINKS)) expect(isAllowedExternalLink(url)).toBe(true);
  });
});

describe('isAllowedExternalLink', () => {
  it.each([
    'http://accelerationconsole.net/docs/',
    'https://evil.example/',
    'https://accelerationconsole.net.evil.example/',
    'https://user:pw@accelerationconsole.net/',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'not a url',
  ])('refuses %s', (url) => {
    expect(isAllowedExternalLink(url)).toBe(false);
  });
});
