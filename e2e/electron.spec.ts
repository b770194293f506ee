// The Electron host end to end, the same accounts flow as accounts.spec.ts (first start offers the
// sandbox account; a second account on a second sandbox with other keys; switch; read a service on
// each), in the real window with the sandboxed preload. Electron 45 downloads its binary on first
// use, so the spec fetches it as `npm start` does, and skips only where that is impossible.
import { mkdtemp, rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { _electron as electron } from '@playwright/test';
import { test, expect, clearKeychainService, screenshot, waitForAppShell } from './fixtures.ts';
import { buildApp, ensureElectronBinary } from '../scripts/start.ts';
import { SECOND_KEY, firstStartAndTwoAccountsFlow } from './helpers.ts';
import { startSandbox } from '#sandbox';

const root = resolve(import.meta.dirname, '..');
let electronBinary: string | null = null;

test.beforeAll(() => {
  // A download (first run) can take a while; offline it fails fast.
  test.setTimeout(300_000);
  const { binary, reason } = ensureElectronBinary(root);
  electronBinary = binary;
  test.skip(!binary, `Electron binary not available: ${reason}; runs where it can be downloaded or is installed`);
});

test('first start offers the sandbox; a second account on its own gateway; switch and read a service on each, in the Electron window', async () => {
  test.setTimeout(180_000);
  await buildApp();
  const dataDir = await mkdtemp(join(tmpdir(), 'accel-e2e-electron-'));
  const keychainService = `accel-e2e-${randomBytes(6).toString('hex')}`;
  const second = await startSandbox({ keys: [SECOND_KEY] });
  const app = await electron
    .launch({
      executablePath: electronBinary ?? undefined,
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
    })
    .catch(async (error: unknown) => {
      await second.stop();
      throw error;
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

    await firstStartAndTwoAccountsFlow(window, { secondGateway: second });
    await screenshot(window, 'electron-service');
  } finally {
    await app.close();
    await second.stop();
    await clearKeychainService(keychainService);
    await rm(dataDir, { recursive: true, force: true });
  }
});
