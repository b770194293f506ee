import { describe, expect, it, vi } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import { aboutText, buildMenuTemplate, EXTERNAL_LINKS, isAllowedExternalLink, keyboardShortcutsText } from './menu.ts';

function roles(items: MenuItemConstructorOptions[]): string[] {
  return items.flatMap((item) => [
    ...(item.role ? [String(item.role)] : []),
    ...(Array.isArray(item.submenu) ? roles(item.submenu) : []),
  ]);
}

function labels(items: MenuItemConstructorOptions[]): string[] {
  return items.flatMap((item) => [
    ...(item.label ? [item.label] : []),
    ...(Array.isArray(item.submenu) ? labels(item.submenu) : []),
  ]);
}

const base = () => ({
  appName: 'Acceleration Console',
  openDataFolder: vi.fn(),
  showAbout: vi.fn(),
  showKeyboardShortcuts: vi.fn(),
});

function helpItems(options: ReturnType<typeof base>, isMac: boolean): MenuItemConstructorOptions[] {
  const help = buildMenuTemplate({ ...options, isMac, isDev: false }).find((item) => item.role === 'help');
  return help?.submenu as MenuItemConstructorOptions[];
}

function click(items: MenuItemConstructorOptions[], label: string): void {
  const item = items.find((entry) => entry.label === label);
  if (!item) throw new Error(`no menu item ${label}`);
  (item.click as () => void)();
}

describe('application menu', () => {
  it('has the Edit roles and zoom everywhere, reload and devtools only in development', () => {
    const production = roles(buildMenuTemplate({ ...base(), isMac: false, isDev: false }));
    expect(production).toEqual(
      expect.arrayContaining(['undo', 'redo', 'cut', 'copy', 'paste', 'selectAll', 'zoomIn', 'zoomOut', 'resetZoom']),
    );
    expect(production).not.toContain('toggleDevTools');
    expect(production).not.toContain('reload');
    expect(roles(buildMenuTemplate({ ...base(), isMac: false, isDev: true }))).toEqual(
      expect.arrayContaining(['reload', 'toggleDevTools']),
    );
  });

  it('adds the app menu on macOS, whose About is ours', () => {
    const options = base();
    const template = buildMenuTemplate({ ...options, isMac: true, isDev: false });
    expect(template[0].label).toBe('Acceleration Console');
    expect(roles(template)).toContain('hideOthers');
    click(template[0].submenu as MenuItemConstructorOptions[], 'About Acceleration Console');
    expect(options.showAbout).toHaveBeenCalledOnce();
  });

  it('has offline Help items only: keyboard shortcuts, data folder, about', () => {
    const options = base();
    const items = helpItems(options, false);
    expect(labels(items)).toEqual(['Keyboard Shortcuts', 'Open Data Folder', 'About Acceleration Console']);
    click(items, 'Keyboard Shortcuts');
    click(items, 'Open Data Folder');
    click(items, 'About Acceleration Console');
    expect(options.showKeyboardShortcuts).toHaveBeenCalledOnce();
    expect(options.openDataFolder).toHaveBeenCalledOnce();
    expect(options.showAbout).toHaveBeenCalledOnce();
    // No item anywhere in the menu points at a web page.
    expect(JSON.stringify(buildMenuTemplate({ ...options, isMac: true, isDev: true }))).not.toMatch(/https?:/);
    expect(labels(helpItems(base(), true))).toEqual(['Keyboard Shortcuts', 'Open Data Folder']);
  });

  it('describes the versions and the shortcuts in plain text', () => {
    const text = aboutText({
      version: '1.2.3',
      electron: '39.0.0',
      chrome: '142.0',
      node: '24.1.0',
      platform: 'linux x64',
    });
    expect(text).toBe('Version 1.2.3\nElectron 39.0.0\nChromium 142.0\nNode.js 24.1.0\nPlatform linux x64');
    expect(keyboardShortcutsText(true)).toContain('Cmd+K');
    expect(keyboardShortcutsText(false)).toContain('Ctrl+K');
  });
});

describe('isAllowedExternalLink', () => {
  it('refuses everything with the shipped list, which is empty: the UI shows no external link', () => {
    expect(EXTERNAL_LINKS).toEqual([]);
    expect(isAllowedExternalLink('https://accelerationconsole.net/docs/')).toBe(false);
    expect(isAllowedExternalLink('https://example.com/')).toBe(false);
  });

  const allowed = ['https://docs.example.com/guide/'];

  it('allows exactly a listed https link', () => {
    expect(isAllowedExternalLink('https://docs.example.com/guide/', allowed)).toBe(true);
    // Same URL after normalisation (host case).
    expect(isAllowedExternalLink('https://DOCS.example.com/guide/', allowed)).toBe(true);
  });

  it.each([
    'http://docs.example.com/guide/',
    'https://docs.example.com/guide/other',
    'https://docs.example.com/',
    'https://docs.example.com/guide/?q=1',
    'https://docs.example.com.evil.example/guide/',
    'https://user:pw@docs.example.com/guide/',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'not a url',
  ])('refuses %s even with a list', (url) => {
    expect(isAllowedExternalLink(url, allowed)).toBe(false);
  });
});
