// Drafts: typed input survives a reload and leaving the editor; "Discard draft" goes back to the
// server's values; token secrets never reach the drafts file.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test, expect } from './fixtures.ts';
import {
  addAccount,
  addServicesById,
  gatewayProfile,
  openServiceTab as openSection,
  switchAccount,
} from './helpers.ts';

test('a CORS draft survives a reload and can be discarded', async ({ app }) => {
  await openSection(app, 'CORS');
  const origin = app.getByRole('form', { name: 'CORS headers' }).getByLabel('Access-Control-Allow-Origin');
  const before = await origin.boundingBox();
  await origin.fill('https://draft.example.com');
  await expect(app.getByText(/Draft saved/)).toBeVisible();
  // "Draft saved" appearing moves nothing (it sits in the footer, its line is always there).
  expect(await origin.boundingBox()).toEqual(before);

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

test('a new access control policy draft survives leaving the section; tokens are never stored', async ({
  app,
  host,
}) => {
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
  await expect
    .poll(async () =>
      (await readFile(join(host.dataDir, 'drafts.json'), 'utf8').catch(() => '')).includes('Half-typed policy'),
    )
    .toBe(true);
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
  await addAccount(app, gatewayProfile(sandbox, 'Fixture gateway'));
  await switchAccount(app, 'Fixture gateway');
  const add = await addServicesById(app, '101');
  await add.getByRole('button', { name: /^Open / }).click();
  await app.getByRole('tab', { name: 'CORS' }).click();
  await expect(app.getByRole('form', { name: 'CORS headers' })).toBeVisible();
  await expect(app.getByText(/Draft restored/)).toBeHidden();
  await expect(origin).toHaveValue('');
  await origin.fill('https://other-account.example.com');
  await expect(app.getByText(/Draft saved/)).toBeVisible();

  const switcher = app.getByRole('button', { name: /^Account: / });
  await switcher.click();
  await app.getByRole('menuitemradio', { name: /Sandbox/ }).click();
  await app.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /#101$/ }).click();
  await app.getByRole('tab', { name: 'CORS' }).click();
  await expect(app.getByText(/Draft restored/)).toBeVisible();
  await expect(origin).toHaveValue('https://sandbox-draft.example.com');
});
