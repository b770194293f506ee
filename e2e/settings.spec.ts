// The theme choice survives an app restart of the browser host: each start has a new origin
// (random port) and a throw-away browser profile, so localStorage is empty; the choice comes
// back from the core's settings file in the data dir.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test, expect, restartWebHost, waitForAppShell } from './fixtures.ts';
import { useSandbox } from './helpers.ts';

test('Dark is still chosen after a restart, in a new browser profile', async ({ app, host, browser }) => {
  // The OS says light, so only the stored choice can make the app dark.
  await app.emulateMedia({ colorScheme: 'light' });
  await useSandbox(app);
  const switcher = app.getByRole('group', { name: 'Theme' });
  await expect(app.locator('html')).toHaveAttribute('data-theme', 'light');
  await switcher.getByRole('button', { name: 'Dark', exact: true }).click();
  await expect(app.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect
    .poll(async () => JSON.parse(await readFile(join(host.dataDir, 'settings.json'), 'utf8').catch(() => '{}')).theme)
    .toBe('dark');

  const restarted = await restartWebHost(host);
  const context = await browser.newContext({ colorScheme: 'light' });
  try {
    const page = await context.newPage();
    await page.goto(restarted.url);
    await waitForAppShell(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(
      page.getByRole('group', { name: 'Theme' }).getByRole('button', { name: 'Dark', exact: true }),
    ).toHaveAttribute('aria-pressed', 'true');
    // The hint is written for the next first paint in this profile.
    expect(await page.evaluate(() => localStorage.getItem('accel.theme'))).toBe('dark');

    // Back to System: stored too, and the OS theme applies again.
    await page.getByRole('group', { name: 'Theme' }).getByRole('button', { name: 'System', exact: true }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await expect
      .poll(async () => JSON.parse(await readFile(join(host.dataDir, 'settings.json'), 'utf8')).theme)
      .toBe('system');
  } finally {
    await context.close();
    await restarted.stop();
  }
});
