// Playwright fixtures shared by every e2e spec:
//   sandbox – a sandbox gateway on a free port, stopped after the test;
//   host    – the browser host on a fresh temp data dir, with secrets in the real keychain under
//             a unique service name (accel-e2e-<random>), cleaned up after the test;
//   app     – a page opened at the host's token URL, once the app shell has rendered;
// plus screenshot(page, name) → e2e/screenshots/<name>.png, and waitForAppShell(page).
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { startSandbox, type SandboxHandle } from '#sandbox';
import { startWebHost, type WebHost } from '#web/server.ts';
import { buildApp, rendererBuildIsStale } from '../scripts/start.ts';

export { expect };

const root = resolve(import.meta.dirname, '..');
export const rendererDir = join(root, 'out', 'renderer');
export const screenshotDir = join(root, 'e2e', 'screenshots');

export type E2eHost = WebHost & {
  dataDir: string;
  /** The keychain service the host files secrets under (unique per test). */
  keychainService: string;
};

type TestFixtures = { sandbox: SandboxHandle; host: E2eHost; app: Page };
type WorkerFixtures = { rendererBuild: string };

/** Waits until the renderer has mounted and left its "Loading…" splash (welcome screen or shell). */
export async function waitForAppShell(page: Page): Promise<void> {
  await page.locator('#app > *').first().waitFor({ state: 'attached' });
  await expect(page.getByText('Loading accounts…')).toHaveCount(0, { timeout: 20_000 });
}

export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(screenshotDir, { recursive: true });
  const path = join(screenshotDir, `${name}.png`);
  await page.screenshot({ path });
  return path;
}

/** Removes every keychain entry a test left under its service name. */
export async function clearKeychainService(service: string): Promise<void> {
  try {
    const module = (await import('keytar')) as typeof import('keytar') & { default?: typeof import('keytar') };
    const keytar = module.default ?? module;
    for (const { account } of await keytar.findCredentials(service)) await keytar.deletePassword(service, account);
  } catch {
    // No keychain here: nothing was stored in it either.
  }
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  // Builds the renderer once per worker when out/renderer is missing or older than its sources.
  rendererBuild: [
    // eslint-disable-next-line no-empty-pattern -- Playwright fixtures declare dependencies by destructuring
    async ({}, use) => {
      if (rendererBuildIsStale()) await buildApp();
      await use(rendererDir);
    },
    { scope: 'worker', timeout: 180_000 },
  ],

  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures declare dependencies by destructuring
  sandbox: async ({}, use) => {
    const sandbox = await startSandbox({ port: 0 });
    try {
      await use(sandbox);
    } finally {
      await sandbox.stop();
    }
  },

  host: async ({ rendererBuild }, use) => {
    const dataDir = await mkdtemp(join(tmpdir(), 'accel-e2e-data-'));
    const keychainService = `accel-e2e-${randomBytes(6).toString('hex')}`;
    // No secretStore given: the host's core uses keytar under keychainService, as the app does.
    const host = await startWebHost({ port: 0, dataDir, rendererDir: rendererBuild, keychainService });
    try {
      await use({ ...host, dataDir, keychainService });
    } finally {
      await host.stop();
      await clearKeychainService(keychainService);
      await rm(dataDir, { recursive: true, force: true });
    }
  },

  app: async ({ page, host }, use) => {
    await page.goto(host.url);
    await waitForAppShell(page);
    await use(page);
  },
});

/**
 * An app restart: stops `host` and starts a new browser host on the same data dir and keychain
 * service (new port and token). The caller stops the returned host; the `host` fixture still
 * cleans up the data dir and the keychain entries.
 */
export async function restartWebHost(host: E2eHost): Promise<E2eHost> {
  await host.stop();
  const next = await startWebHost({
    port: 0,
    dataDir: host.dataDir,
    rendererDir,
    keychainService: host.keychainService,
  });
  return { ...next, dataDir: host.dataDir, keychainService: host.keychainService };
}

/** Scrolls the app's main area (not the window, which would hide the header) so `target` is at its top. */
export async function scrollMainTo(target: Locator): Promise<void> {
  await target.evaluate((el) => {
    const main = el.closest('main');
    if (main) main.scrollTop += el.getBoundingClientRect().top - main.getBoundingClientRect().top - 16;
    el.ownerDocument.defaultView?.scrollTo(0, 0);
  });
}

/**
 * `<name>-<width>-<theme>.png` at 1024×700 and 1280×800 in light and dark, after dismissing the
 * toasts still shown (ones that time out meanwhile are simply gone); `prepare` runs before each
 * shot, e.g. to scroll the part that matters into view.
 */
export async function screenshotsInEverySize(page: Page, name: string, prepare?: () => Promise<void>): Promise<void> {
  const close = page.getByRole('button', { name: 'Dismiss notification' });
  while ((await close.count()) > 0)
    await close
      .first()
      .click({ timeout: 1_000 })
      .catch(() => undefined);
  for (const size of [
    { width: 1024, height: 700 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(size);
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await prepare?.();
      await screenshot(page, `${name}-${size.width}-${theme}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
}
