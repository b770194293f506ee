// The Electron host end to end: first start → sandbox account → read a service, in the real
// window with the sandboxed preload. Runs only where the Electron binary is installed.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { _electron as electron } from '@playwright/test';
import { test, expect, clearKeychainService, screenshot, waitForAppShell } from './fixtures.ts';
import { buildApp } from '../scripts/start.ts';

const root = resolve(import.meta.dirname, '..');
const hasElectron = existsSync(join(root, 'node_modules', 'electron', 'dist'));

test.skip(!hasElectron, 'Electron binary not installed (ELECTRON_SKIP_BINARY_DOWNLOAD); runs where it exists');

test('first start, sandbox account, read a service in the Electron window', async () => {
  test.setTimeout(180_000);
  await buildApp();
  const dataDir = await mkdtemp(join(tmpdir(), 'accel-e2e-electron-'));
  const keychainService = `accel-e2e-${randomBytes(6).toString('hex')}`;
  const app = await electron.launch({
    // The project directory: Electron starts package.json's main (out/main/index.js) with the
    // app path, name and resources as in `npm start`. Root cannot use Chromium's sandbox.
    args: [root, ...(process.getuid?.() === 0 ? ['--no-sandbox'] : [])],
    cwd: root,
    env: {
      ...process.env,
      ACCEL_DATA_DIR: dataDir,
      ACCEL_KEYCHAIN_SERVICE: keychainService,
      NODE_ENV: 'test',
    },
  });
  try {
    const window = await app.firstWindow();
    await waitForAppShell(window);

    // The preload exposes window.api only; no Node or ipcRenderer reaches the page.
    const globals = await window.evaluate(() => ({
      api: typeof (window as unknown as { api?: unknown }).api,
      require: typeof (window as unknown as { require?: unknown }).require,
      process: typeof (window as unknown as { process?: unknown }).process,
    }));
    expect(globals).toEqual({ api: 'object', require: 'undefined', process: 'undefined' });

    await window.getByRole('button', { name: /^Use the sandbox account/ }).click();
    await expect(window.getByRole('button', { name: /^Account: / })).toHaveAccessibleName('Account: Sandbox');
    await window.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /#101$/ }).click();
    await expect(window.getByRole('heading', { level: 1, name: 'www.example-shop.com' })).toBeVisible();
    await screenshot(window, 'electron-service');
  } finally {
    await app.close();
    await clearKeychainService(keychainService);
    await rm(dataDir, { recursive: true, force: true });
  }
});
