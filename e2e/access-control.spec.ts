// Access control: valid edits of existing policies are saved through the v1.0 editor (name,
// priority, IP restriction) and the V2 editor (matches), each reviewed as a diff, shown in the
// list and journaled; an access-control edit's draft survives a reload mid-edit.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { openServiceTab as openSection } from './helpers.ts';

const table = (app: Page) => app.getByRole('table', { name: 'Access control policies' });

async function openEditor(app: Page, name: string, shape: 'v1.0 (URL path)' | 'V2 (matches)') {
  await app.getByRole('button', { name: `Edit access control policy ${name}` }).click();
  const editor = app.getByRole('form', { name: /Edit access control policy/ });
  await editor.getByRole('group', { name: 'Edit shape' }).getByRole('button', { name: shape }).click();
  await expect(editor.getByRole('group', { name: 'Edit shape' }).getByRole('button', { name: shape })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  return editor;
}

async function openJournal(app: Page) {
  await app.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Change journal' }).click();
  return app.getByRole('list', { name: 'Journal entries' });
}

test('v1.0 editor: name, priority and IP restriction of an existing policy are reviewed, saved and journaled', async ({
  app,
}) => {
  await openSection(app, 'Access control');
  await expect(table(app).getByRole('row', { name: /Block admin from outside/ })).toContainText('198.51.100.7');
  const editor = await openEditor(app, 'Block admin from outside', 'v1.0 (URL path)');
  await expect(editor.getByLabel('Policy name')).toHaveValue('Block admin from outside');
  await editor.getByLabel('Policy name').fill('Block admin (office excepted)');
  await editor.getByLabel('Priority').fill('45');
  await editor.getByRole('button', { name: 'Remove 198.51.100.7' }).click();
  await editor.getByRole('textbox', { name: 'IP restriction' }).fill('192.0.2.9');
  await editor.getByRole('textbox', { name: 'IP restriction' }).press('Enter');

  await editor.getByRole('button', { name: 'Review and save' }).click();
  const dialog = app.getByRole('dialog', { name: 'Review the change' });
  await expect(dialog.getByText('The current state was read from the server just now.')).toBeVisible();
  await expect(dialog.getByRole('row').filter({ hasText: /^Policy name/ })).toContainText(
    'Block admin (office excepted)',
  );
  await expect(dialog.getByRole('row').filter({ hasText: /^Priority/ })).toContainText('45');
  await expect(dialog.getByRole('row').filter({ hasText: /^IP restriction/ })).toContainText('192.0.2.9');
  await dialog.getByRole('button', { name: 'Apply change' }).click();
  await expect(dialog).toBeHidden();
  await expect(editor).toBeHidden();

  const row = table(app).getByRole('row', { name: /Block admin \(office excepted\)/ });
  await expect(row).toContainText('45');
  // Shown with a space after each comma, so a narrow column wraps between addresses.
  await expect(row).toContainText('203.0.113.0/24, 192.0.2.9');
  await expect(row).not.toContainText('198.51.100.7');
  await expect(table(app).getByRole('row', { name: /Block admin from outside/ })).toHaveCount(0);

  const entries = await openJournal(app);
  const entry = entries
    .getByRole('listitem')
    .filter({ hasText: /Edit access control policy \d+ “Block admin \(office excepted\)”/ });
  await expect(entry).toHaveCount(1);
  await expect(entry).not.toContainText('(matches)');
});

test('V2 editor: the matches of an existing policy are reviewed, saved and journaled', async ({ app }) => {
  await openSection(app, 'Access control');
  const editor = await openEditor(app, 'EU checkout only', 'V2 (matches)');
  const condition = editor.getByRole('group', { name: 'Condition 1' });
  await expect(condition.getByRole('button', { name: 'Remove /checkout' })).toBeVisible();
  await condition.getByRole('button', { name: 'Remove /checkout' }).click();
  await editor.getByRole('textbox', { name: 'Values of condition 1' }).fill('/pay/');
  await editor.getByRole('textbox', { name: 'Values of condition 1' }).press('Enter');
  await editor.getByLabel('Priority').fill('35');

  await editor.getByRole('button', { name: 'Review and save' }).click();
  const dialog = app.getByRole('dialog', { name: 'Review the change' });
  // The API lists v1.0 only: the V2 conditions show as added, the v1.0 URL path as removed.
  await expect(dialog.getByRole('row').filter({ hasText: /^Condition \d+ — values\s+added/ })).toContainText('/pay/');
  await expect(dialog.getByRole('row').filter({ hasText: /^URL path — patterns\s+removed/ })).toContainText(
    '/checkout',
  );
  await expect(dialog.getByRole('row').filter({ hasText: /^Priority/ })).toContainText('35');
  await dialog.getByRole('button', { name: 'Apply change' }).click();
  await expect(dialog).toBeHidden();
  await expect(editor).toBeHidden();

  const row = table(app).getByRole('row', { name: /EU checkout only/ });
  await expect(row).toContainText('/pay/');
  await expect(row).not.toContainText('/checkout');
  await expect(row).toContainText('35');
  await expect(row).toContainText('AT, BE, DE, FR, NL');

  const entries = await openJournal(app);
  await expect(
    entries.getByRole('listitem').filter({ hasText: /Edit access control policy \d+ “EU checkout only” \(matches\)/ }),
  ).toHaveCount(1);
});

test('an access control edit survives a reload mid-edit: "Draft restored" with the typed values', async ({
  app,
  host,
}) => {
  await openSection(app, 'Access control');
  let editor = await openEditor(app, 'Block admin from outside', 'v1.0 (URL path)');
  await editor.getByLabel('Policy name').fill('Half-edited admin block');
  await editor.getByLabel('Priority').fill('44');
  await editor.getByRole('textbox', { name: 'IP restriction' }).fill('192.0.2.77');
  await editor.getByRole('textbox', { name: 'IP restriction' }).press('Enter');
  await expect(editor.getByText(/Draft saved/)).toBeVisible();
  // The save is debounced: wait until the latest input is on disk.
  await expect
    .poll(async () =>
      (await readFile(join(host.dataDir, 'drafts.json'), 'utf8').catch(() => '')).includes('192.0.2.77'),
    )
    .toBe(true);

  await app.reload();
  await openSection(app, 'Access control');
  // Not saved: the list still has the server's policy.
  await expect(table(app).getByRole('row', { name: /Block admin from outside/ })).toContainText('40');
  await app.getByRole('button', { name: /Edit access control policy Block admin from outside/ }).click();
  editor = app.getByRole('form', { name: /Edit access control policy/ });
  await expect(editor.getByText(/Draft restored/)).toBeVisible();
  await expect(editor.getByLabel('Policy name')).toHaveValue('Half-edited admin block');
  await expect(editor.getByLabel('Priority')).toHaveValue('44');
  await expect(editor.getByRole('button', { name: 'Remove 192.0.2.77' })).toBeVisible();
  await expect(editor.getByRole('button', { name: 'Remove 198.51.100.7' })).toBeVisible();
});
