// Which browser `npm run start:web` opens, per platform and session (a pure choice, no spawning).
import { describe, expect, it } from 'vitest';
import { chromiumAppArgs, selectBrowser } from './serve.ts';

const URL = 'http://127.0.0.1:4321/?token=abc123';
const chromium = () => '/usr/bin/chromium';
const noChromium = () => null;

describe('selectBrowser', () => {
  it('Linux: Chromium in app mode only with a display (X11 or Wayland)', () => {
    expect(selectBrowser(URL, 'linux', { DISPLAY: ':0' }, chromium)).toEqual({
      kind: 'chromium-app',
      executable: '/usr/bin/chromium',
    });
    expect(selectBrowser(URL, 'linux', { WAYLAND_DISPLAY: 'wayland-0' }, chromium)).toEqual({
      kind: 'chromium-app',
      executable: '/usr/bin/chromium',
    });
    expect(selectBrowser(URL, 'linux', { DISPLAY: ':0', CHROMIUM_PATH: '/opt/chrome' }, chromium)).toEqual({
      kind: 'chromium-app',
      executable: '/opt/chrome',
    });
    expect(selectBrowser(URL, 'linux', {}, chromium)).toEqual({ kind: 'none', message: null });
    expect(selectBrowser(URL, 'freebsd', {}, chromium)).toEqual({ kind: 'none', message: null });
    expect(selectBrowser(URL, 'linux', { DISPLAY: ':0' }, noChromium)).toEqual({
      kind: 'none',
      message: expect.stringMatching(/No Chromium found/),
    });
  });

  it('macOS: `open <url>` (the default browser), with or without DISPLAY', () => {
    expect(selectBrowser(URL, 'darwin', {}, noChromium)).toEqual({
      kind: 'default-browser',
      command: 'open',
      args: [URL],
    });
  });

  it('Windows: `cmd /c start "" <url>` with verbatim arguments', () => {
    expect(selectBrowser(URL, 'win32', {}, noChromium)).toEqual({
      kind: 'default-browser',
      command: 'cmd',
      args: ['/c', 'start', '""', `"${URL}"`],
      windowsVerbatimArguments: true,
    });
  });

  it('ACCEL_NO_BROWSER=1 opens nothing anywhere', () => {
    for (const platform of ['linux', 'darwin', 'win32'] as const) {
      expect(selectBrowser(URL, platform, { ACCEL_NO_BROWSER: '1', DISPLAY: ':0' }, chromium)).toEqual({
        kind: 'none',
        message: null,
      });
    }
  });

  it('never looks for Chromium when it would not be used', () => {
    let looked = 0;
    const find = () => (looked++, '/usr/bin/chromium');
    selectBrowser(URL, 'linux', {}, find);
    selectBrowser(URL, 'darwin', { DISPLAY: ':0' }, find);
    expect(looked).toBe(0);
  });
});

describe('chromiumAppArgs', () => {
  it('opens the URL as an app window with a throw-away profile', () => {
    expect(chromiumAppArgs(URL, '/tmp/p')).toEqual([
      `--app=${URL}`,
      '--user-data-dir=/tmp/p',
      '--no-first-run',
      '--no-default-browser-check',
      '--disable-sync',
    ]);
  });
});
