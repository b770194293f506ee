// A failed save shows where the problem is: focus moves to the first invalid field
// — even when it is far above the button in a long editor — and the error summary's items are
// links to their fields. The same shared mechanism serves the New service form and the dialogs.
import { test, expect } from './fixtures.ts';
import { openServiceTab, shootBothThemes, useSandbox } from './helpers.ts';

test('long cache editor: a failed save focuses the first invalid field; summary items link to their fields', async ({
  app,
}) => {
  await app.setViewportSize({ width: 1024, height: 700 });
  await openServiceTab(app, 'Cache control');
  await app.getByRole('button', { name: 'Edit cache control policy Static assets' }).click();
  const editor = app.getByRole('form', { name: /Edit cache control policy/ });
  await editor.getByLabel('Policy name').fill('');
  await editor.getByLabel('Priority').fill('abc');
  const save = editor.getByRole('button', { name: 'Review and save' });
  await save.scrollIntoViewIfNeeded();
  await expect(editor.getByLabel('Policy name')).not.toBeInViewport();
  await save.click();

  await expect(editor.getByLabel('Policy name')).toBeFocused();
  await expect(editor.getByLabel('Policy name')).toBeInViewport();
  await expect(app.getByRole('dialog', { name: 'Review the change' })).toBeHidden();
  const summary = editor.getByRole('alert').filter({ hasText: 'Fix these 2 problems before saving' });
  await expect(summary.getByRole('link')).toHaveCount(2);
  await shootBothThemes(app, 'failed-save-focus-1024');
  await summary.getByRole('link', { name: 'Priority must be a number.' }).click();
  await expect(editor.getByLabel('Priority')).toBeFocused();

  await editor.getByLabel('Policy name').fill('Static assets');
  await editor.getByLabel('Priority').fill('30');
  await save.click();
  await expect(app.getByRole('dialog', { name: 'Review the change' })).toBeVisible();
});

test('the server refuses: focus goes to the field it names', async ({ app }) => {
  await openServiceTab(app, 'Access control');
  await app.getByRole('button', { name: 'New access control policy' }).click();
  const editor = app.getByRole('form', { name: 'New access control policy' });
  await editor.getByLabel('Policy name').fill('Clashing policy');
  await editor.getByRole('textbox', { name: 'URL path patterns' }).fill('/clash');
  await editor.getByRole('textbox', { name: 'URL path patterns' }).press('Enter');
  await editor.getByLabel('Priority').fill('88');
  // Another client takes priority 88 meanwhile (through the page, so it carries the host cookie).
  const created = await app.evaluate(async () => {
    const post = async (c: string, body: unknown) =>
      (await (
        await fetch(`/ipc/${c}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).json()) as {
        ok: boolean;
        data: { currentAccountId: string };
      };
    const accountId = (await post('accounts.list', {})).data.currentAccountId;
    const body = {
      policyName: 'Elsewhere',
      type: 'deny',
      priority: 88,
      matchUrlPath: { operator: 'prefix', patterns: ['/x'] },
    };
    return (
      await post('changes.apply', {
        accountId,
        operationId: 'createAccessControlPolicy',
        input: { params: { serviceId: 101 }, body },
      })
    ).ok;
  });
  expect(created).toBe(true);
  await editor.getByRole('button', { name: 'Review and create' }).click();
  const dialog = app.getByRole('dialog', { name: 'Review the change' });
  await dialog.getByRole('button', { name: 'Apply change' }).click();
  await expect(dialog).toBeHidden();
  await expect(editor.getByLabel('Priority')).toHaveAttribute('aria-invalid', 'true');
  await expect(editor.getByLabel('Priority')).toBeFocused();
});

test('New service and the account dialog: a failed save focuses the first invalid field', async ({ app }) => {
  await useSandbox(app);
  const nav = app.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: /New service/ }).click();
  await app.getByRole('textbox', { name: 'Origin URL of origin 1' }).fill('https://origin.example.com');
  await app.getByRole('button', { name: 'Create service' }).click();
  await expect(app.getByLabel('Domain name', { exact: true })).toBeFocused();

  await app.getByRole('button', { name: /^Account: / }).click();
  await app.getByRole('menuitem', { name: 'Add account…' }).click();
  const dialog = app.getByRole('dialog', { name: 'Add account' });
  await dialog.getByLabel('Display name').fill('Half filled');
  await dialog.getByRole('button', { name: 'Add account', exact: true }).click();
  await expect(dialog.getByLabel('Customer ID')).toBeFocused();
  await expect(dialog.getByLabel('Customer ID')).toHaveAttribute('aria-invalid', 'true');
});
