// Data files and inputs at the edges: a corrupt data file is a warning every
// page sees until it is dismissed, and an http:// base URL to another computer is refused at the
// field with the reason.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test, expect, restartWebHost, screenshot, waitForAppShell } from './fixtures.ts';
import { shootBothThemes as shoot } from './helpers.ts';
import { INSECURE_BASE_URL_MESSAGE } from '#shared/api/base-url.ts';

test('a corrupt journal file stays a warning for pages that connect later, until dismissed', async ({ page, host }) => {
  await writeFile(join(host.dataDir, 'journal.json'), '{"version":1,"entries":[');
  const restarted = await restartWebHost(host);
  try {
    await page.goto(restarted.url);
    await waitForAppShell(page);
    const warning = page
      .getByRole('main')
      .getByRole('status')
      .filter({ hasText: 'The change journal could not be read' });
    await expect(warning).toBeVisible();
    await expect(warning).toContainText('journal.json.corrupt-');
    await page.setViewportSize({ width: 1024, height: 700 });
    await shoot(page, 'data-file-warning');

    // A page that connects later (reload: a new renderer, same core) still sees it.
    await page.reload();
    await waitForAppShell(page);
    await expect(warning).toBeVisible();

    // Dismissed with the keyboard: gone here, and for the next page too.
    await warning.getByRole('button', { name: 'Dismiss' }).focus();
    await page.keyboard.press('Enter');
    await expect(warning).toHaveCount(0);
    await page.reload();
    await waitForAppShell(page);
    await expect(page.getByRole('button', { name: /^Use the sandbox account/ })).toBeVisible();
    await expect(page.getByRole('main').getByText('The change journal could not be read')).toHaveCount(0);
  } finally {
    await restarted.stop();
  }
});

test('an http:// base URL to another computer is refused at the field; loopback is accepted', async ({
  app,
  sandbox,
}) => {
  await app.getByRole('button', { name: /^Use the sandbox account/ }).click();
  await app.getByRole('button', { name: /^Account: / }).click();
  await app.getByRole('menuitem', { name: 'Add account…' }).click();
  const dialog = app.getByRole('dialog', { name: 'Add account' });
  const baseUrl = dialog.getByLabel('API base URL');
  await baseUrl.fill('http://api.example.net');
  await baseUrl.blur();
  await expect(dialog.getByText(INSECURE_BASE_URL_MESSAGE)).toBeVisible();
  await expect(baseUrl).toHaveAttribute('aria-invalid', 'true');
  await screenshot(app, 'account-form-insecure-url');
  // What was typed stays; https:// and this computer's gateway are fine.
  await expect(baseUrl).toHaveValue('http://api.example.net');
  await baseUrl.fill('https://api.example.net');
  await expect(dialog.getByText(INSECURE_BASE_URL_MESSAGE)).toHaveCount(0);
  await baseUrl.fill(sandbox.url);
  await expect(baseUrl).not.toHaveAttribute('aria-invalid', 'true');
});
