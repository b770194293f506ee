// Accounts through the browser host: first start offers the sandbox account; a second account on
// another gateway (its own keys) is verified, added and switched to; a service is read on each.
// Screenshots of the welcome, account form, switcher and accounts screens in light and dark.
import { test, expect } from './fixtures.ts';
import type { Locator } from '@playwright/test';
import {
  SECOND_KEY,
  addAccount,
  firstStartAndTwoAccountsFlow,
  gatewayProfile,
  shootBothThemes as shoot,
} from './helpers.ts';
import { startSandbox } from '#sandbox';

test('first start offers the sandbox; a second account on its own gateway; switch and read a service on each', async ({
  app,
}) => {
  const second = await startSandbox({ keys: [SECOND_KEY] });
  try {
    // First start → sandbox → second account on its own gateway → switch → a service on each
    // (the same flow as the Electron spec), with screenshots of its screens in both themes.
    await firstStartAndTwoAccountsFlow(app, {
      secondGateway: second,
      onScreen: (name, target) => shoot(app, name, target),
    });
    const switcher = app.getByRole('button', { name: /^Account: / });
    const nav = app.getByRole('navigation', { name: 'Main' });

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

test('export, then import: a re-imported profile asks for its secret on first use; duplicates are reported', async ({
  app,
  sandbox,
}) => {
  await app.getByRole('button', { name: /^Use the sandbox account/ }).click();
  const { accessKeySecret } = sandbox.credentials;
  await addAccount(app, gatewayProfile(sandbox, 'Fixture gateway'));
  const nav = app.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Accounts' }).click();

  // Export (every account ticked, no secrets asked for): the browser host downloads the file; it
  // holds profiles, never secrets.
  await app.getByRole('button', { name: 'Export profiles…' }).click();
  const exportDialog = app.getByRole('dialog', { name: 'Export profiles' });
  await expect(exportDialog.getByRole('checkbox', { name: 'Fixture gateway' })).toBeChecked();
  const [download] = await Promise.all([
    app.waitForEvent('download'),
    exportDialog.getByRole('button', { name: /^Export \d+ profiles?…$/ }).click(),
  ]);
  const { readFile } = await import('node:fs/promises');
  const exported = await readFile(await download.path(), 'utf8');
  expect(exported).toContain('Fixture gateway');
  expect(exported).not.toContain(accessKeySecret);

  // Remove it, then import the file again: it comes back without its secret.
  await app.getByRole('button', { name: 'Remove Fixture gateway' }).click();
  await app
    .getByRole('alertdialog', { name: 'Remove account' })
    .getByRole('button', { name: 'Remove account' })
    .click();
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
  await expect(report.getByText('Added (1)')).toBeVisible();
  await expect(report).toContainText('asks for its secret on first use');
  await shoot(app, 'import-result', report);
  await report.getByRole('button', { name: 'Done' }).click();
  await expect(app.getByRole('row', { name: /Fixture gateway/ })).toContainText('Needs secret');

  // Importing the same file again reports the duplicate (left as it is).
  report = await importFile();
  await expect(report.getByText('Already here (1)')).toBeVisible();
  await expect(report).toContainText('same base URL, key ID and customer ID');
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
