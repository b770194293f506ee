// Keyboard focus around the review dialogs (QA report, 23 Nov: defects 3 and 5): Tab stays inside
// the modal, Esc / Back / Apply return focus to the opener (or to the screen's heading when the
// opener went away), and a change with no differences cannot be applied.
import type { Locator, Page } from '@playwright/test';
import { test, expect, screenshot as shoot, screenshotsInEverySize } from './fixtures.ts';
import { openServiceTab, openServiceTab as openSection } from './helpers.ts';
import { startSandbox } from '#sandbox';

/** Presses Tab (or Shift+Tab) `times` times; focus must stay inside `dialog` after every press. */
async function expectTabTrapped(app: Page, dialog: Locator, times: number, key = 'Tab'): Promise<void> {
  for (let i = 0; i < times; i++) {
    await app.keyboard.press(key);
    expect(await dialog.evaluate((el) => el.contains(el.ownerDocument.activeElement))).toBe(true);
  }
}

test('review dialog: Tab is trapped, Esc and Back return focus to the opener, Apply to the screen', async ({ app }) => {
  await openSection(app, 'Rate limit');
  const editor = app.getByRole('form', { name: 'Rate limit' });
  await editor.getByLabel('Time window (seconds)').fill('60');
  await editor.getByLabel('Request limit').fill('100');
  const save = editor.getByRole('button', { name: 'Review and save rate limit' });
  await save.focus();
  await app.keyboard.press('Enter');
  const dialog = app.getByRole('dialog', { name: 'Review the change' });
  await expect(dialog).toBeVisible();
  await expectTabTrapped(app, dialog, 8);
  await expectTabTrapped(app, dialog, 8, 'Shift+Tab');
  await app.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(save).toBeFocused();

  await app.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Back to editing' }).press('Enter');
  await expect(dialog).toBeHidden();
  await expect(save).toBeFocused();

  await app.keyboard.press('Enter');
  await dialog.getByRole('button', { name: 'Apply change' }).press('Enter');
  await expect(dialog).toBeHidden();
  // The editor reloads (its button is re-rendered): focus goes to the screen's heading, not <body>.
  await expect(app.getByRole('heading', { level: 1, name: 'www.example-shop.com' })).toBeFocused();

  const del = app.getByRole('button', { name: 'Delete rate limit…' });
  // The editor has reloaded once it shows what was applied.
  await expect(app.getByText(/Last applied on .* by this app/)).toBeVisible();
  await del.press('Enter');
  const confirm = app.getByRole('alertdialog', { name: 'Delete the rate limit?' });
  await expect(confirm).toBeVisible();
  await expectTabTrapped(app, confirm, 6);
  await app.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(del).toBeFocused();
});

test('a change with no differences cannot be applied', async ({ app }) => {
  await openServiceTab(app, 'Cache control');
  await app.getByRole('button', { name: 'Edit cache control policy Static assets' }).click();
  const editor = app.getByRole('form', { name: /Edit cache control policy/ });
  const save = editor.getByRole('button', { name: 'Review and save' });
  await save.click();
  const dialog = app.getByRole('dialog', { name: 'Review the change' });
  await expect(dialog.getByText('No differences: the server already has these values.')).toBeVisible();
  const apply = dialog.getByRole('button', { name: 'Apply change' });
  await expect(apply).toBeDisabled();
  await expect(apply).toHaveAccessibleDescription('Nothing to apply: go back to editing to change a value.');
  await shoot(app, 'review-no-differences');
  await app.keyboard.press('Escape');
  await expect(save).toBeFocused();

  // With a real change, Apply is offered again.
  await editor.getByLabel('Priority').fill('31');
  await save.click();
  await expect(dialog.getByRole('button', { name: 'Apply change' })).toBeEnabled();
});

test('add account dialog: opens on Display name (a space does not close it), Test connection keeps focus on its result, Add moves it to the screen heading', async ({
  app,
  sandbox,
}) => {
  const { accessKeyId, accessKeySecret, customerId } = sandbox.credentials;
  const focusedTag = () =>
    app.evaluate<string>(
      `(() => { const el = document.activeElement; return !el || el === document.body ? 'body' : el.tagName.toLowerCase(); })()`,
    );

  /** Fills the dialog by keyboard from its first field; ends with Test connection and Add account. */
  async function addByKeyboard(dialog: Locator, name: string, shots: string): Promise<void> {
    await expect(dialog.getByLabel('Display name')).toBeFocused();
    // Typed straight away: with focus on ✕ the space would have closed the dialog.
    await app.keyboard.type(name);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Display name')).toHaveValue(name);
    await dialog.getByLabel('Customer ID').fill(String(customerId));
    await dialog.getByLabel('API base URL').fill(sandbox.url);
    await dialog.getByLabel('Access key ID').fill(accessKeyId);
    await dialog.getByLabel('Access key secret', { exact: true }).fill(accessKeySecret);
    const test = dialog.getByRole('button', { name: 'Test connection' });
    await test.focus();
    await app.keyboard.press('Enter');
    const result = dialog.getByRole('status').filter({ hasText: 'Connected.' });
    await expect(result).toBeFocused();
    await screenshotsInEverySize(app, shots, () => result.scrollIntoViewIfNeeded());
    // Tab goes on from the result, inside the dialog.
    await app.keyboard.press('Tab');
    expect(await dialog.evaluate((el) => el.contains(el.ownerDocument.activeElement))).toBe(true);
    await dialog.getByRole('button', { name: 'Add account', exact: true }).focus();
    await app.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
  }

  // The first account, from the welcome screen: the app's shell replaces it.
  await app.getByRole('button', { name: /^Add account/ }).click();
  const dialog = app.getByRole('dialog', { name: 'Add account' });
  await addByKeyboard(dialog, 'Acme Admin', 'dialog-focus-add-account');
  await expect(app.getByRole('heading', { level: 1, name: 'Services' })).toBeFocused();

  // A second one, from the switcher on another screen: focus to that screen's heading.
  await app.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Change journal' }).click();
  await expect(app.getByRole('heading', { level: 1, name: 'Change journal' })).toBeVisible();
  await app.getByRole('button', { name: /^Account: / }).click();
  await app.getByRole('menuitem', { name: 'Add account…' }).click();
  await expect(dialog.getByLabel('Display name')).toBeFocused();
  const second = await startSandbox({ port: 0 });
  try {
    await app.keyboard.type('Acme Admin 2');
    await dialog.getByLabel('Customer ID').fill(String(second.credentials.customerId));
    await dialog.getByLabel('API base URL').fill(second.url);
    await dialog.getByLabel('Access key ID').fill(second.credentials.accessKeyId);
    await dialog.getByLabel('Access key secret', { exact: true }).fill(second.credentials.accessKeySecret);
    await dialog.getByRole('button', { name: 'Add account', exact: true }).focus();
    await app.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(app.getByRole('heading', { level: 1, name: 'Change journal' })).toBeFocused();
    expect(await focusedTag()).toBe('h1');
  } finally {
    await second.stop();
  }
});
