// Accounts through the browser host: first start offers the sandbox account; a second account on
// another gateway (its own keys) is verified, added and switched to; a service is read on each.
// Screenshots of the welcome, account form, switcher and accounts screens in light and dark.
import { test, expect } from './fixtures.ts';
import type { Locator } from '@playwright/test';
import { addAccount, gatewayProfile, shootBothThemes as shoot } from './helpers.ts';
import { startSandbox } from '../src/sandbox/index.ts';

const SECOND_KEY = { accessKeyId: 'E2ESECONDKEY01', accessKeySecret: 'e2e-second-customer-secret-0123456789', customerId: 4242 };

test('first start offers the sandbox; a second account on its own gateway; switch and read a service on each', async ({ app }) => {
  const second = await startSandbox({ keys: [SECOND_KEY] });
  try {
    // First start: no accounts yet, the sandbox account is the prominent choice.
    await expect(app.getByRole('heading', { name: 'Welcome to Acceleration Console' })).toBeVisible();
    const useSandbox = app.getByRole('button', { name: /^Use the sandbox account/ });
    await expect(useSandbox).toBeVisible();
    await expect(app.getByRole('button', { name: /^Add account/ })).toBeVisible();
    await shoot(app, 'welcome');

    await useSandbox.click();
    const switcher = app.getByRole('button', { name: /^Account: / });
    await expect(switcher).toHaveAccessibleName('Account: Sandbox');

    // Read a seeded service on the sandbox account.
    const nav = app.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: /#101$/ }).click();
    await expect(app.getByRole('heading', { level: 1, name: 'www.example-shop.com' })).toBeVisible();
    await expect(app.getByText(/Read from the gateway at/)).toBeVisible();

    // Add the second account from the switcher menu.
    await switcher.click();
    await expect(app.getByRole('menuitemradio', { name: /Sandbox/ })).toHaveAttribute('aria-checked', 'true');
    await shoot(app, 'account-switcher');
    await app.getByRole('menuitem', { name: 'Add account…' }).click();
    const dialog = app.getByRole('dialog', { name: 'Add account' });
    await expect(dialog).toBeVisible();

    // Validation as you type: the contract's rule for the base URL.
    const baseUrl = dialog.getByLabel('API base URL');
    await baseUrl.fill('not a url');
    await baseUrl.blur();
    await expect(dialog.getByText('Enter an http(s) URL, for example https://api.example.net')).toBeVisible();
    await expect(baseUrl).toHaveAttribute('aria-invalid', 'true');

    await dialog.getByLabel('Display name').fill('Second customer');
    await dialog.getByLabel('Customer ID').fill(String(SECOND_KEY.customerId));
    await baseUrl.fill(second.url);
    await dialog.getByLabel('Access key ID').fill(SECOND_KEY.accessKeyId);
    const secret = dialog.getByLabel('Access key secret', { exact: true });
    await secret.fill('a-wrong-secret');
    await expect(secret).toHaveAttribute('type', 'password');
    await dialog.getByRole('button', { name: 'Show access key secret' }).click();
    await expect(secret).toHaveAttribute('type', 'text');
    await dialog.getByRole('button', { name: 'Hide access key secret' }).click();

    // A wrong secret is reported in plain words before anything is saved.
    await dialog.getByRole('button', { name: 'Test connection' }).click();
    await expect(dialog.getByText('Could not verify these credentials.')).toBeVisible();
    await secret.fill(SECOND_KEY.accessKeySecret);
    await dialog.getByRole('button', { name: 'Test connection' }).click();
    await expect(dialog.getByText('Connected.')).toBeVisible();
    await dialog.getByRole('radio', { name: 'Purple' }).check({ force: true });
    await dialog.getByRole('checkbox', { name: /Production account/ }).check();
    await shoot(app, 'account-form', dialog);
    await dialog.getByRole('button', { name: 'Add account', exact: true }).click();
    await expect(dialog).toBeHidden();

    // Adding does not switch; the switcher does.
    await expect(switcher).toHaveAccessibleName('Account: Sandbox');
    await switcher.click();
    await app.getByRole('menuitemradio', { name: /Second customer/ }).click();
    await expect(switcher).toHaveAccessibleName('Account: Second customer (production)');
    await expect(app.getByRole('banner').getByText('PROD', { exact: true })).toBeVisible();

    // The second account knows no services yet: add its seeded one by ID and read it.
    const [secondService] = second.store.servicesOf(SECOND_KEY.customerId);
    expect(secondService).toBeDefined();
    const { id, domainName } = secondService!.service;
    await expect(nav.getByText(/No services yet/)).toBeVisible();
    await nav.getByRole('button', { name: 'Add by ID' }).click();
    const addDialog = app.getByRole('dialog', { name: 'Add services by ID' });
    await addDialog.getByLabel('Service IDs').fill(String(id));
    await addDialog.getByRole('button', { name: 'Add services' }).click();
    await expect(addDialog.getByText(`Added 1:`)).toBeVisible();
    await addDialog.getByRole('button', { name: `Open ${domainName}` }).click();
    await expect(app.getByRole('heading', { level: 1, name: domainName })).toBeVisible();
    await expect(app.getByText(/Read from the gateway at/)).toBeVisible();

    // The sandbox's service of the same ID is not visible from this account.
    await expect(nav.getByRole('button', { name: /#101$/ })).toHaveCount(id === 101 ? 1 : 0);

    // Back to the sandbox: its own list and services.
    await switcher.click();
    await app.getByRole('menuitemradio', { name: /Sandbox/ }).click();
    await expect(switcher).toHaveAccessibleName('Account: Sandbox');
    await expect(nav.getByRole('button', { name: /#101$/ })).toBeVisible();
    await nav.getByRole('button', { name: /#102$/ }).click();
    await expect(app.getByRole('heading', { level: 1, name: 'static.example-media.net' })).toBeVisible();

    // The switcher works from the keyboard: arrows move, Escape closes and returns focus.
    await switcher.focus();
    await app.keyboard.press('ArrowDown');
    await expect(app.getByRole('menuitemradio', { name: /Sandbox/ })).toBeFocused();
    await app.keyboard.press('ArrowDown');
    await expect(app.getByRole('menuitemradio', { name: /Second customer/ })).toBeFocused();
    await app.keyboard.press('Escape');
    await expect(app.getByRole('menu', { name: 'Accounts' })).toBeHidden();
    await expect(switcher).toBeFocused();

    // Accounts screen: both accounts; removing says the keychain entry goes too.
    await nav.getByRole('button', { name: 'Accounts' }).click();
    await expect(app.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
    await expect(app.getByRole('row', { name: /Second customer/ })).toContainText('PROD');
    await shoot(app, 'accounts');
    await app.getByRole('button', { name: 'Remove Second customer' }).click();
    const confirm = app.getByRole('alertdialog', { name: 'Remove account' });
    await expect(confirm).toContainText('deleted from the system keychain');
    await confirm.getByRole('button', { name: 'Remove account' }).click();
    await expect(app.getByRole('row', { name: /Second customer/ })).toHaveCount(0);
  } finally {
    await second.stop();
  }
});

test('export, then import: a re-imported profile asks for its secret on first use; duplicates are reported', async ({ app, sandbox }) => {
  await app.getByRole('button', { name: /^Use the sandbox account/ }).click();
  const { accessKeySecret } = sandbox.credentials;
  await addAccount(app, gatewayProfile(sandbox, 'Fixture gateway'));
  const nav = app.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Accounts' }).click();

  // Export: the browser host downloads the file; it holds profiles, never secrets.
  const downloadPromise = app.waitForEvent('download');
  await app.getByRole('button', { name: 'Export profiles…' }).click();
  const download = await downloadPromise;
  const { readFile } = await import('node:fs/promises');
  const exported = await readFile(await download.path(), 'utf8');
  expect(exported).toContain('Fixture gateway');
  expect(exported).not.toContain(accessKeySecret);

  // Remove it, then import the file again: it comes back without its secret.
  await app.getByRole('button', { name: 'Remove Fixture gateway' }).click();
  await app.getByRole('alertdialog', { name: 'Remove account' }).getByRole('button', { name: 'Remove account' }).click();
  await expect(app.getByRole('row', { name: /Fixture gateway/ })).toHaveCount(0);

  const importFile = async (): Promise<Locator> => {
    const chooserPromise = app.waitForEvent('filechooser');
    await app.getByRole('button', { name: 'Import profiles…' }).click();
    const chooser = await chooserPromise;
    await chooser.setFiles({ name: 'profiles.json', mimeType: 'application/json', buffer: Buffer.from(exported) });
    const report = app.getByRole('dialog', { name: 'Import result' });
    await expect(report).toBeVisible();
    return report;
  };
  let report = await importFile();
  await expect(report.getByText('Imported (1)')).toBeVisible();
  await expect(report).toContainText('asks for its secret on first use');
  await shoot(app, 'import-result', report);
  await report.getByRole('button', { name: 'Done' }).click();
  await expect(app.getByRole('row', { name: /Fixture gateway/ })).toContainText('Needs secret');

  // Importing the same file again reports the duplicate.
  report = await importFile();
  await expect(report.getByText('Skipped (1)')).toBeVisible();
  await expect(report).toContainText('duplicate');
  await report.getByRole('button', { name: 'Done' }).click();

  // First use asks for the secret.
  await app.getByRole('button', { name: 'Switch to Fixture gateway' }).click();
  const prompt = app.getByRole('dialog', { name: 'Enter the secret for “Fixture gateway”' });
  await expect(prompt).toBeVisible();
  await prompt.getByLabel('Access key secret', { exact: true }).fill(accessKeySecret);
  await shoot(app, 'secret-prompt', prompt);
  await prompt.getByRole('button', { name: 'Save secret' }).click();
  await expect(prompt).toBeHidden();
  await expect(app.getByRole('row', { name: /Fixture gateway/ })).not.toContainText('Needs secret');
});
