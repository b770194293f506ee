// Drafts: typed input survives a reload and leaving the editor; "Discard draft" goes back to the
// server's values; token secrets never reach the drafts file.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test, expect } from './fixtures.ts';
import type { Page } from '@playwright/test';

async function openSection(app: Page, section: string): Promise<void> {
  const welcome = app.getByRole('button', { name: /Use the sandbox account/ });
  const nav = app.getByRole('navigation', { name: 'Main' });
  await expect(welcome.or(nav)).toBeVisible();
  if (await welcome.isVisible()) await welcome.click();
  await nav.getByRole('button', { name: /#101$/ }).click();
  await app.getByRole('tab', { name: section }).click();
}

test('a CORS draft survives a reload and can be discarded', async ({ app }) => {
  await openSection(app, 'CORS');
  const origin = app.getByRole('form', { name: 'CORS headers' }).getByLabel('Access-Control-Allow-Origin');
  await origin.fill('https://draft.example.com');
  await expect(app.getByText(/Draft saved/)).toBeVisible();

  await app.reload();
  await openSection(app, 'CORS');
  await expect(app.getByText(/Draft restored/)).toBeVisible();
  await expect(origin).toHaveValue('https://draft.example.com');

  await app.getByRole('button', { name: 'Discard draft' }).click();
  await expect(origin).toHaveValue('');
  await app.reload();
  await openSection(app, 'CORS');
  await expect(app.getByRole('form', { name: 'CORS headers' })).toBeVisible();
  await expect(app.getByText(/Draft restored/)).toBeHidden();
  await expect(origin).toHaveValue('');
});

test('a new access control policy draft survives leaving the section; tokens are never stored', async ({ app, host }) => {
  await openSection(app, 'Access control');
  await app.getByRole('button', { name: 'New access control policy' }).click();
  let editor = app.getByRole('form', { name: 'New access control policy' });
  await editor.getByLabel('Policy name').fill('Half-typed policy');
  await editor.getByLabel('Type').selectOption('token');
  await editor.getByRole('button', { name: 'Generate token' }).click();
  const token = await editor.getByLabel('Token 1').inputValue();
  expect(token).toMatch(/^[0-9a-z]{64}$/);
  await expect(editor.getByText(/Draft saved/)).toBeVisible();
  // Let the debounced save of the latest state land.
  await expect.poll(async () => (await readFile(join(host.dataDir, 'drafts.json'), 'utf8').catch(() => '')).includes('Half-typed policy')).toBe(true);
  await app.waitForTimeout(600);

  await app.getByRole('tab', { name: 'Redirection' }).click();
  await app.getByRole('tab', { name: 'Access control' }).click();
  await expect(app.getByRole('table', { name: 'Access control policies' })).toBeVisible();
  await expect(app.getByRole('button', { name: /New access control policy.*draft/ })).toBeVisible();
  await app.getByRole('button', { name: /New access control policy/ }).click();
  editor = app.getByRole('form', { name: 'New access control policy' });
  await expect(editor.getByText(/Draft restored/)).toBeVisible();
  await expect(editor.getByLabel('Policy name')).toHaveValue('Half-typed policy');
  await expect(editor.getByLabel('Type')).toHaveValue('token');
  // The generated token is not part of the draft.
  await expect(editor.getByLabel('Token 1')).toHaveCount(0);

  const stored = await readFile(join(host.dataDir, 'drafts.json'), 'utf8');
  expect(stored).toContain('Half-typed policy');
  expect(stored).not.toContain(token);
});

test('drafts are kept per account and survive switching accounts', async ({ app, sandbox }) => {
  await openSection(app, 'CORS');
  const origin = app.getByRole('form', { name: 'CORS headers' }).getByLabel('Access-Control-Allow-Origin');
  await origin.fill('https://sandbox-draft.example.com');
  await expect(app.getByText(/Draft saved/)).toBeVisible();

  // A second account on the fixture gateway (the same demo services, another account).
  const switcher = app.getByRole('button', { name: /^Account: / });
  await switcher.click();
  await app.getByRole('menuitem', { name: 'Add account…' }).click();
  const dialog = app.getByRole('dialog', { name: 'Add account' });
  const { accessKeyId, accessKeySecret, customerId } = sandbox.credentials;
  await dialog.getByLabel('Display name').fill('Fixture gateway');
  await dialog.getByLabel('Customer ID').fill(String(customerId));
  await dialog.getByLabel('API base URL').fill(sandbox.url);
  await dialog.getByLabel('Access key ID').fill(accessKeyId);
  await dialog.getByLabel('Access key secret', { exact: true }).fill(accessKeySecret);
  await dialog.getByRole('button', { name: 'Add account', exact: true }).click();
  await expect(dialog).toBeHidden();
  await switcher.click();
  await app.getByRole('menuitemradio', { name: /Fixture gateway/ }).click();
  await expect(switcher).toHaveAccessibleName(/Account: Fixture gateway/);

  const nav = app.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Add by ID' }).click();
  const add = app.getByRole('dialog', { name: 'Add services by ID' });
  await add.getByLabel('Service IDs').fill('101');
  await add.getByRole('button', { name: 'Add services' }).click();
  await add.getByRole('button', { name: /^Open / }).click();
  await app.getByRole('tab', { name: 'CORS' }).click();
  await expect(app.getByRole('form', { name: 'CORS headers' })).toBeVisible();
  await expect(app.getByText(/Draft restored/)).toBeHidden();
  await expect(origin).toHaveValue('');
  await origin.fill('https://other-account.example.com');
  await expect(app.getByText(/Draft saved/)).toBeVisible();

  await switcher.click();
  await app.getByRole('menuitemradio', { name: /Sandbox/ }).click();
  await nav.getByRole('button', { name: /#101$/ }).click();
  await app.getByRole('tab', { name: 'CORS' }).click();
  await expect(app.getByText(/Draft restored/)).toBeVisible();
  await expect(origin).toHaveValue('https://sandbox-draft.example.com');
});
