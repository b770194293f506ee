// The review before saving and the change journal speak the form's language: field labels
// ("Response header 2 — operation", not responseHeaders.1.operationType) and human units
// ("5 minutes → 1 day", not 300 → 86400); the API's names and values stay available on hover
// and behind "Show API names and values". Screenshots: e2e/screenshots/review-labels-*.png.
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { openServiceTab } from './helpers.ts';

async function shootBoth(app: Page, name: string, target: Locator): Promise<void> {
  for (const viewport of [
    { width: 1024, height: 700 },
    { width: 1280, height: 800 },
  ]) {
    await app.setViewportSize(viewport);
    for (const theme of ['light', 'dark'] as const) {
      await app.locator('html').evaluate((html, t) => html.setAttribute('data-theme', t), theme);
      await target.screenshot({ path: `e2e/screenshots/${name}-${viewport.width}-${theme}.png` });
    }
  }
  await app.locator('html').evaluate((html) => html.setAttribute('data-theme', 'light'));
}

test('review and journal show form labels and human units; API names on hover and on request', async ({ app }) => {
  await openServiceTab(app, 'Cache control');
  await app.getByRole('button', { name: 'Edit cache control policy Mobile HTML (V2 only)' }).click();
  const editor = app.getByRole('form', { name: /Edit cache control policy/ });
  await editor.getByLabel('TTL', { exact: true }).fill('1');
  await editor.getByLabel('TTL unit').selectOption('d');
  await editor.getByRole('button', { name: 'Add header rule' }).click();
  const rule = editor.getByRole('group', { name: 'Header rule 2' });
  await rule.getByLabel('Header name').fill('X-Powered-By');
  await rule.getByLabel('Operation').selectOption('delete');
  await editor.getByRole('button', { name: 'Review and save' }).click();

  const dialog = app.getByRole('dialog', { name: 'Review the change' });
  const ttl = dialog.getByRole('row').filter({ hasText: /^TTL/ });
  await expect(ttl.getByRole('cell')).toHaveText(['5 minutes', '1 day']);
  const operation = dialog.getByRole('rowheader', { name: /^Response header 2 — operation/ });
  await expect(operation).toHaveAttribute('title', 'API name: responseHeaders.1.operationType');
  await expect(
    dialog
      .getByRole('row')
      .filter({ has: app.getByRole('rowheader', { name: /^Response header 2 — operation/ }) })
      .getByRole('cell'),
  ).toHaveText(['—', 'delete']);
  await expect(dialog.getByRole('table')).not.toContainText('responseHeaders');
  await expect(dialog.getByRole('table')).not.toContainText('86400');
  await shootBoth(app, 'review-labels-dialog', dialog);

  await dialog.getByLabel('Show API names and values').check();
  await expect(dialog.getByRole('rowheader', { name: /^TTL/ })).toContainText('ttl');
  await expect(dialog.getByRole('row').filter({ hasText: /^TTL/ }).getByRole('cell')).toHaveText(['300', '86400']);
  await expect(dialog.getByRole('table')).toContainText('responseHeaders.1.operationType');
  await dialog.getByRole('button', { name: 'Apply change' }).click();
  await expect(dialog).toBeHidden();

  await app.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Change journal' }).click();
  const entry = app
    .getByRole('list', { name: 'Journal entries' })
    .getByRole('listitem')
    .filter({ hasText: 'Mobile HTML' });
  await entry.getByRole('button', { name: 'Details' }).click();
  await expect(entry.getByRole('row').filter({ hasText: /^TTL/ }).getByRole('cell')).toHaveText(['5 minutes', '1 day']);
  await expect(entry.getByRole('rowheader', { name: /^Response header 2 — name/ })).toBeVisible();
  await expect(entry.getByRole('table')).not.toContainText('responseHeaders');
  await shootBoth(app, 'review-labels-journal', entry);
});
