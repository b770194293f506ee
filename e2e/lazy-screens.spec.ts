// Screens whose code loads when first opened (shell/screens.ts): at start the browser fetches
// exactly the start-up JavaScript (index.html's script and its static imports, as the bench's
// `size` group counts it); once the app is idle it fetches the likely screens (Traffic, a
// service), so opening Traffic fetches nothing; Bulk changes' code is fetched when Bulk changes
// is first opened, also with the gateway down (the chunks come from the host, not the network).
// A chunk that fails to load: the screen says so with Retry, and Retry loads it (with the loading
// state shown while it takes long). Screenshots: e2e/screenshots/lazy-screen-*.png.
import type { Page } from '@playwright/test';
import { test, expect, rendererDir, waitForAppShell, type E2eHost } from './fixtures.ts';
import { addGatewayAccount, shootBothThemes } from './helpers.ts';
import { initialJsFiles } from '../scripts/bench-size.ts';
import type { SandboxHandle } from '#sandbox';

type Fetched = { file: string; status: number; contentType: string };

/** Starts the app on the services overview of an account, recording every JavaScript file it fetches. */
async function startRecording(page: Page, host: E2eHost, sandbox: SandboxHandle): Promise<Fetched[]> {
  await page.goto(host.url);
  await waitForAppShell(page);
  await addGatewayAccount(page, host, sandbox, 'Lazy loading');
  const fetched: Fetched[] = [];
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (path.startsWith('/assets/') && path.endsWith('.js'))
      fetched.push({
        file: path.slice(1),
        status: response.status(),
        contentType: response.headers()['content-type'] ?? '',
      });
  });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Services', exact: true })).toBeVisible();
  return fetched;
}

const files = (list: readonly Fetched[]): string[] => list.map((f) => f.file);

test('start fetches the start-up JavaScript only; likely screens when idle; Bulk changes when opened, offline too', async ({
  page,
  host,
  sandbox,
}) => {
  const fetched = await startRecording(page, host, sandbox);
  const initial = await initialJsFiles(rendererDir);
  // The first files are exactly the start-up set, served as JavaScript.
  await expect.poll(() => fetched.length).toBeGreaterThanOrEqual(initial.length);
  expect(files(fetched.slice(0, initial.length)).sort()).toEqual([...initial].sort());

  // Idle: the traffic dashboard (Chart.js with it) and the service screens are fetched ahead.
  await page.waitForLoadState('networkidle');
  await expect.poll(() => fetched.length).toBeGreaterThan(initial.length);
  const ahead = files(fetched);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Traffic', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Traffic' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Traffic selection' })).toBeVisible();
  expect(files(fetched)).toEqual(ahead);

  // The gateway goes away: the screens' code still comes from the host.
  await sandbox.stop();
  await nav.getByRole('button', { name: 'Bulk changes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bulk changes' })).toBeVisible();
  const forBulk = fetched.slice(ahead.length);
  expect(forBulk.length).toBeGreaterThan(0);
  for (const file of files(forBulk)) expect(ahead).not.toContain(file);
  for (const response of fetched) {
    expect(response.status, response.file).toBe(200);
    expect(response.contentType, response.file).toContain('text/javascript');
  }
  // Moving to a screen puts focus on the main region, as before the screens loaded lazily.
  await expect(page.getByRole('main')).toBeFocused();
});

test('a screen whose code fails to load says so; Retry loads it, showing that it is loading', async ({
  page,
  host,
  sandbox,
}) => {
  await startRecording(page, host, sandbox);
  await page.waitForLoadState('networkidle');
  // Everything fetched from now on is a screen's chunk (the start-up and likely ones are loaded).
  let mode: 'fail' | 'hold' = 'fail';
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    if (mode === 'fail')
      return route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' });
    await held;
    return route.continue();
  });

  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Bulk changes' }).click();
  const main = page.getByRole('main');
  const alert = main.getByRole('alert');
  await expect(alert).toContainText('The Bulk changes screen could not be loaded.');
  const retry = main.getByRole('button', { name: 'Retry' });
  await expect(retry).toBeVisible();
  await shootBothThemes(page, 'lazy-screen-error');

  // Retry while the chunk takes long: the loading state shows after its quiet moment.
  mode = 'hold';
  await retry.focus();
  await page.keyboard.press('Enter');
  await expect(main.getByRole('status')).toHaveText('Loading Bulk changes…');
  await expect(alert).toHaveCount(0);
  await expect(main).toBeFocused();
  await shootBothThemes(page, 'lazy-screen-loading');
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Bulk changes' })).toBeVisible();
  await expect(main.getByRole('status').filter({ hasText: 'Loading Bulk changes…' })).toHaveCount(0);
  expect(await page.evaluate<boolean>('document.activeElement !== document.body')).toBe(true);
});
