// Across accounts: the journal's filters and export in the "All accounts" view, tags
// on accounts and services used in the service filter and the palette, and a profile export with
// secrets (encrypted) imported back with its report. Real browser host, real keychain, real
// sandbox gateways.
import { readFile, writeFile } from 'node:fs/promises';
import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { test, expect, screenshotsInEverySize } from './fixtures.ts';
import { addGatewayAccount, gatewayProfile, hostIpc, switchAccount, useSandbox } from './helpers.ts';

const mainNav = (app: Page) => app.getByRole('navigation', { name: 'Main' });

test('journal filters across accounts, and the filtered entries exported as CSV and JSON', async ({
  app,
  host,
  sandbox,
}) => {
  test.setTimeout(90_000);
  await useSandbox(app);
  const sandboxId = (
    await hostIpc<{ accounts: { id: string; kind: string }[] }>(app, host, 'accounts.list', {})
  ).accounts.find((a) => a.kind === 'sandbox')!.id;
  const globex = await addGatewayAccount(app, host, sandbox, 'Globex');
  await hostIpc(app, host, 'inventory.record', {
    accountId: globex.id,
    serviceId: 102,
    domainName: 'static.example-media.net',
  });
  await hostIpc(app, host, 'changes.apply', {
    accountId: sandboxId,
    operationId: 'setCorsHeaders',
    input: { params: { serviceId: 101 }, body: { accessControlAllowOrigin: 'https://a.example' } },
  });
  await hostIpc(app, host, 'changes.apply', {
    accountId: globex.id,
    operationId: 'setCorsHeaders',
    input: { params: { serviceId: 102 }, body: { accessControlAllowOrigin: 'https://b.example' } },
  });
  // A change that fails (no such service) is journaled as failed; its summary is text a spreadsheet must not run.
  await hostIpc(app, host, 'changes.apply', {
    accountId: globex.id,
    operationId: 'setCorsHeaders',
    input: { params: { serviceId: 999999 }, body: { accessControlAllowOrigin: '=1+1' } },
  }).catch(() => undefined);
  await app.reload();

  await mainNav(app).getByRole('button', { name: 'Change journal' }).click();
  await app.getByRole('group', { name: 'Accounts shown' }).getByRole('button', { name: 'All accounts' }).click();
  const entries = app.getByRole('list', { name: 'Journal entries' });
  // The all-accounts list arrives after the click: wait for it instead of counting at once.
  await expect.poll(() => entries.getByRole('listitem').count()).toBeGreaterThanOrEqual(3);
  const count = await entries.getByRole('listitem').count();

  // Outcome: failed only.
  const filters = app.getByRole('group', { name: 'More filters' });
  await filters.getByLabel('Outcome').selectOption('failed');
  await expect(entries.getByRole('listitem')).toHaveCount(1);
  await expect(entries.getByRole('listitem').first()).toContainText('failed');
  await expect(app.getByText(/1 change matching the filters/)).toBeVisible();

  // Account: Globex, any outcome; operation: CORS only.
  await filters.getByLabel('Outcome').selectOption('');
  await filters.getByLabel('Account').selectOption({ label: 'Globex' });
  await expect(entries.getByRole('listitem').filter({ hasText: 'Account Sandbox' })).toHaveCount(0);
  await expect(filters.getByLabel('Operation').locator('option', { hasText: 'Delete rate limit' })).toHaveCount(1);
  await filters.getByLabel('Operation').selectOption('setCorsHeaders');
  await expect(entries.getByRole('listitem')).toHaveCount(2);

  // A day range in the future selects nothing; a backwards range is explained and not applied.
  await filters.getByLabel('From').fill('2999-01-02');
  await expect(app.getByText(/No change recorded for any account matches these filters/)).toBeVisible();
  await filters.getByLabel('To').fill('2999-01-01');
  await expect(filters.getByRole('alert')).toHaveText('“From” is after “To”: swap them, or clear one.');
  await expect(filters.getByRole('button', { name: 'Export CSV…' })).toBeDisabled();
  await filters.getByLabel('From').fill('');
  await filters.getByLabel('To').fill('');
  await filters.getByLabel('To').dispatchEvent('change');
  await expect(entries.getByRole('listitem')).toHaveCount(2);
  await screenshotsInEverySize(app, 'journal-filters');

  // Export: what the filters select, as CSV (formula-safe) and JSON.
  const [csvDownload] = await Promise.all([
    app.waitForEvent('download'),
    filters.getByRole('button', { name: 'Export CSV…' }).click(),
  ]);
  expect(csvDownload.suggestedFilename()).toMatch(/^acceleration-console-journal-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = (await readFile(await csvDownload.path(), 'utf8')).trim().split('\r\n');
  expect(csv[0]).toContain('time,account,account ID,service ID,domain name,operation');
  expect(csv).toHaveLength(3);
  for (const row of csv.slice(1)) expect(row).toContain(',Globex,');
  const [jsonDownload] = await Promise.all([
    app.waitForEvent('download'),
    filters.getByRole('button', { name: 'Export JSON…' }).click(),
  ]);
  const json = JSON.parse(await readFile(await jsonDownload.path(), 'utf8')) as {
    filters: Record<string, string>;
    entries: { accountName: string; domainName?: string }[];
  };
  expect(json.filters).toMatchObject({ accountId: globex.id, operationId: 'setCorsHeaders' });
  expect(json.entries.map((e) => e.accountName)).toEqual(['Globex', 'Globex']);
  expect(JSON.stringify(json)).not.toContain(sandbox.credentials.accessKeySecret);

  // The failed entry, exported alone: its text cannot start a formula.
  await filters.getByLabel('Operation').selectOption('');
  await filters.getByLabel('Outcome').selectOption('failed');
  await expect(entries.getByRole('listitem')).toHaveCount(1);
  const [failedCsv] = await Promise.all([
    app.waitForEvent('download'),
    filters.getByRole('button', { name: 'Export CSV…' }).click(),
  ]);
  const failedRows = (await readFile(await failedCsv.path(), 'utf8')).trim().split('\r\n');
  expect(failedRows).toHaveLength(2);
  expect(failedRows[1]).toContain(',failed,');
  for (const cell of failedRows[1]!.split(',')) expect(cell).not.toMatch(/^[=+@-]/);

  await app.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(entries.getByRole('listitem')).toHaveCount(count);
});

test('tags on accounts and services: edited with the keyboard, used in the service filter and the palette', async ({
  app,
  host,
  sandbox,
}) => {
  test.setTimeout(90_000);
  await useSandbox(app);
  const globex = await addGatewayAccount(app, host, sandbox, 'Globex');
  await hostIpc(app, host, 'inventory.record', {
    accountId: globex.id,
    serviceId: 102,
    domainName: 'static.example-media.net',
  });
  await app.reload();
  await switchAccount(app, 'Sandbox');

  // Account tags on the Accounts screen; a bad tag is explained and kept in the box.
  await mainNav(app).getByRole('button', { name: 'Accounts' }).click();
  await app.getByRole('button', { name: 'Add tags of Globex' }).click();
  const tagBox = app.getByRole('textbox', { name: 'Tags of Globex' });
  await expect(tagBox).toBeFocused();
  await tagBox.fill('re@tail');
  await tagBox.press('Enter');
  await app.getByRole('button', { name: 'Save tags' }).click();
  await expect(
    app
      .getByText(
        'Tag “re@tail” may only contain letters, digits, "-", "_" and ".", and must start with a letter or digit.',
      )
      .first(),
  ).toBeVisible();
  await app.getByRole('button', { name: 'Remove re@tail' }).click();
  await tagBox.fill('Retail');
  await tagBox.press('Enter');
  await app.getByRole('button', { name: 'Save tags' }).click();
  await expect(app.getByRole('list', { name: 'Tags of Globex' })).toHaveText('retail');
  await expect(app.getByRole('button', { name: 'Edit tags of Globex' })).toBeFocused();
  await screenshotsInEverySize(app, 'accounts-tags');

  // A service tag on the service details, keyboard only (Escape cancels, Enter adds).
  await mainNav(app).getByRole('button', { name: /#101$/ }).click();
  await expect(app.getByText(/Read from the gateway at/)).toBeVisible();
  await app.getByRole('button', { name: 'Add tags of www.example-shop.com' }).click();
  await app.keyboard.press('Escape');
  await expect(app.getByRole('button', { name: 'Add tags of www.example-shop.com' })).toBeFocused();
  await app.keyboard.press('Enter');
  await app.keyboard.type('staging');
  await app.keyboard.press('Enter');
  await app.getByRole('button', { name: 'Save tags' }).click();
  await expect(app.getByRole('list', { name: 'Tags of www.example-shop.com' })).toHaveText('staging');

  // The service list: the tag chip and the filter (typed, and with the tag picker).
  await mainNav(app).getByRole('button', { name: 'All services' }).click();
  const count = app.locator('[data-services-count]');
  await expect(count).toHaveText(/^\d+ services$/);
  const total = Number((await count.textContent())?.split(' ')[0]);
  expect(total).toBeGreaterThan(1);
  await expect(app.getByRole('list', { name: 'Tags of www.example-shop.com' })).toBeVisible();
  const filter = app.getByRole('searchbox', { name: 'Filter the service list' });
  const list = app.locator('#services-list');
  await filter.fill('tag:staging');
  await expect(count).toHaveText(`1 of ${total} services`);
  await expect(list).toContainText('www.example-shop.com');
  await filter.fill('');
  await app.getByRole('group', { name: 'Filter by tag' }).getByRole('button', { name: 'staging' }).click();
  await expect(filter).toHaveValue('tag:staging');
  await expect(count).toHaveText(`1 of ${total} services`);
  await filter.fill('-tag:staging');
  await expect(count).toHaveText(`${total - 1} of ${total} services`);
  await expect(list).not.toContainText('www.example-shop.com');
  // All accounts: Globex's service carries its account's tag.
  await app.getByRole('radio', { name: /All accounts/ }).check();
  await filter.fill('tag:retail');
  await expect(count).toHaveText(/^1 of \d+ services$/);
  await expect(list).toContainText('static.example-media.net');
  await app.getByRole('radio', { name: 'This account' }).check();
  await filter.fill('tag:staging');
  await screenshotsInEverySize(app, 'services-tag-filter');

  // The palette finds services by tag, across accounts (Globex's service through its account tag).
  await app.getByRole('button', { name: /Search or jump to/ }).click();
  const palette = app.getByRole('dialog', { name: 'Command palette' });
  await palette.getByRole('combobox').fill('tag:retail');
  await expect(palette.getByRole('option').first()).toContainText('static.example-media.net');
  await expect(palette.getByRole('option').filter({ hasText: 'www.example-shop.com' })).toHaveCount(0);
  await palette.getByRole('combobox').fill('tag:staging');
  await expect(palette.getByRole('option').first()).toContainText('www.example-shop.com');
  await app.keyboard.press('Escape');
});

test('profile export with secrets (encrypted) and import with its report', async ({ app, host, sandbox }) => {
  test.setTimeout(120_000);
  await useSandbox(app);
  const globex = await addGatewayAccount(app, host, sandbox, 'Globex');
  await hostIpc(app, host, 'inventory.record', {
    accountId: globex.id,
    serviceId: 102,
    domainName: 'static.example-media.net',
  });
  await hostIpc(app, host, 'tags.setAccount', { accountId: globex.id, tags: ['retail'] });
  await hostIpc(app, host, 'accounts.add', {
    name: 'Initech',
    baseUrl: 'https://api.initech.example',
    accessKeyId: 'AK-INITECH',
    customerId: 77,
    secret: 'initech-secret-value-123',
    verify: false,
  });
  await app.reload();
  await mainNav(app).getByRole('button', { name: 'Accounts' }).click();

  await app.getByRole('button', { name: 'Export profiles…' }).click();
  const exportDialog = app.getByRole('dialog', { name: 'Export profiles' });
  await expect(exportDialog.getByRole('checkbox', { name: 'Globex' })).toBeChecked();
  // Many customers: none, then the one to move.
  await exportDialog.getByRole('button', { name: 'Select none' }).click();
  await expect(
    exportDialog.getByRole('group', { name: 'Accounts' }).getByRole('checkbox', { checked: true }),
  ).toHaveCount(0);
  await exportDialog.getByRole('button', { name: 'Select all' }).click();
  await expect(exportDialog.getByRole('checkbox', { name: 'Initech' })).toBeChecked();
  await exportDialog.getByRole('checkbox', { name: 'Initech' }).uncheck();
  await exportDialog.getByRole('checkbox', { name: /Include the access key secrets/ }).check();
  await exportDialog.getByLabel('Passphrase', { exact: true }).fill('short');
  await exportDialog.getByLabel('Passphrase again', { exact: true }).fill('short');
  await exportDialog.getByRole('button', { name: 'Export 1 profile…' }).click();
  // Said once, at the field, with the focus there.
  await expect(exportDialog.getByText('The passphrase needs at least 8 characters.')).toBeVisible();
  await expect(exportDialog.getByLabel('Passphrase', { exact: true })).toBeFocused();
  await expect(exportDialog.getByText('At least 8 characters', { exact: true })).toHaveCount(0);
  await exportDialog.getByLabel('Passphrase', { exact: true }).fill('moving day passphrase');
  await exportDialog.getByLabel('Passphrase again', { exact: true }).fill('moving day passphrase');
  await screenshotsInEverySize(app, 'profile-export-dialog');
  const [download] = await Promise.all([
    app.waitForEvent('download'),
    exportDialog.getByRole('button', { name: 'Export 1 profile…' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.encrypted\.json$/);
  const exportPath = await download.path();
  const content = await readFile(exportPath, 'utf8');
  expect(content).not.toContain(sandbox.credentials.accessKeySecret);
  expect(content).not.toContain('Globex');

  // On a "new machine" (the account removed here), the import asks for the passphrase.
  await hostIpc(app, host, 'accounts.remove', { accountId: globex.id });
  await app.reload();
  await mainNav(app).getByRole('button', { name: 'Accounts' }).click();
  const [chooser] = await Promise.all([
    app.waitForEvent('filechooser'),
    app.getByRole('button', { name: 'Import profiles…' }).click(),
  ]);
  await chooser.setFiles(exportPath);
  const prompt = app.getByRole('dialog', { name: 'Encrypted profiles' });
  await prompt.getByLabel('Passphrase', { exact: true }).fill('not the passphrase');
  await prompt.getByLabel('Passphrase', { exact: true }).press('Enter');
  await expect(prompt.getByText('Wrong passphrase: check it and try again.')).toBeVisible();
  await prompt.getByLabel('Passphrase', { exact: true }).fill('moving day passphrase');
  await prompt.getByRole('button', { name: 'Import' }).click();
  const report = app.getByRole('dialog', { name: 'Import result' });
  await expect(report.getByRole('listitem')).toHaveText(
    /^Globex — 1 service, tags retail;\s+secret stored in the keychain$/,
  );
  await screenshotsInEverySize(app, 'profile-import-report');
  await report.getByRole('button', { name: 'Done' }).click();

  // The imported account works at once (its secret is in the keychain), with its service and tag.
  await expect(app.getByRole('list', { name: 'Tags of Globex' })).toHaveText('retail');
  await expect(app.getByRole('row').filter({ hasText: 'Globex' }).getByText('Needs secret')).toHaveCount(0);
  await switchAccount(app, 'Globex');
  await mainNav(app).getByRole('button', { name: /#102$/ }).click();
  await expect(app.getByText(/Read from the gateway at/)).toBeVisible();

  // Importing the same file again: a duplicate, left as it is.
  await mainNav(app).getByRole('button', { name: 'Accounts' }).click();
  const [again] = await Promise.all([
    app.waitForEvent('filechooser'),
    app.getByRole('button', { name: 'Import profiles…' }).click(),
  ]);
  await again.setFiles(exportPath);
  await prompt.getByLabel('Passphrase', { exact: true }).fill('moving day passphrase');
  await prompt.getByRole('button', { name: 'Import' }).click();
  await expect(report.getByText('Already here (1)')).toBeVisible();
  await expect(report.getByText(/same base URL, key ID and customer ID as “Globex”/)).toBeVisible();
  await report.getByRole('button', { name: 'Done' }).click();

  // A file whose key derivation was raised to N = 2^20: refused at once, in the dialog, naming the setting.
  const costlyPath = test.info().outputPath('costly.encrypted.json');
  const envelope = JSON.parse(content) as { kdf: Record<string, unknown> };
  await writeFile(costlyPath, JSON.stringify({ ...envelope, kdf: { ...envelope.kdf, N: 2 ** 20 } }));
  const [costly] = await Promise.all([
    app.waitForEvent('filechooser'),
    app.getByRole('button', { name: 'Import profiles…' }).click(),
  ]);
  await costly.setFiles(costlyPath);
  await prompt.getByLabel('Passphrase', { exact: true }).fill('moving day passphrase');
  await prompt.getByRole('button', { name: 'Import' }).click();
  await expect(prompt.getByRole('alert')).toContainText(
    'kdf.N is 1048576 (2^20); this app opens documents with N between 2^15 and 2^18',
  );
  await expect(prompt.getByLabel('Passphrase', { exact: true })).toHaveValue('moving day passphrase');
  await screenshotsInEverySize(app, 'profile-import-unsupported-encryption');
});

/** No serious or critical axe violation (WCAG 2.2 A/AA) inside the dialog, light and dark. */
async function expectDialogAccessible(app: Page, dialog: Locator): Promise<void> {
  await expect(dialog).toBeVisible();
  for (const theme of ['light', 'dark'] as const) {
    await app.emulateMedia({ colorScheme: theme });
    await expect(app.locator('html')).toHaveAttribute('data-theme', theme);
    const results = await new AxeBuilder({ page: app })
      .include('dialog[open]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(
      results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  }
  await app.emulateMedia({ colorScheme: 'light' });
}

test('tags in the add and edit account dialog: typed with the keyboard, checked, stored with the account, used by the service filter', async ({
  app,
  host,
  sandbox,
}) => {
  test.setTimeout(90_000);
  await useSandbox(app);
  const profile = gatewayProfile(sandbox, 'Globex');

  // Add account: the fields, then two tags and a bad one typed into the Tags box.
  await app.getByRole('button', { name: /^Account: / }).click();
  await app.getByRole('menuitem', { name: 'Add account…' }).click();
  const dialog = app.getByRole('dialog', { name: 'Add account' });
  await dialog.getByLabel('Display name').fill(profile.name);
  await dialog.getByLabel('Customer ID').fill(String(profile.customerId));
  await dialog.getByLabel('API base URL').fill(profile.url);
  await dialog.getByLabel('Access key ID').fill(profile.accessKeyId);
  await dialog.getByLabel('Access key secret', { exact: true }).fill(profile.secret);
  const tagBox = dialog.getByRole('textbox', { name: 'Tags' });
  await tagBox.focus();
  // Enter, comma and space each end a tag; upper case is lowered; a bad tag stays, marked.
  await app.keyboard.type('Retail staging,re@tail');
  await app.keyboard.press('Enter');
  await expect(dialog.getByRole('list', { name: 'Entries' }).getByRole('listitem')).toHaveText([
    'retail ×',
    'staging ×',
    're@tail ×',
  ]);
  const badTagMessage =
    'Tag “re@tail” may only contain letters, digits, "-", "_" and ".", and must start with a letter or digit.';
  await expect(dialog.getByText(badTagMessage)).toBeVisible();
  await expect(tagBox).toHaveAttribute('aria-invalid', 'true');

  // Keyboard only to "Add account": Tab past Notes and the footer's buttons, then Enter. The bad
  // tag stops the save: focus goes back to the Tags box, everything typed is still there.
  await app.keyboard.press('Tab');
  await expect(dialog.getByLabel('Notes')).toBeFocused();
  await app.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Test connection' })).toBeFocused();
  await app.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await app.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Add account', exact: true })).toBeFocused();
  await app.keyboard.press('Enter');
  await expect(tagBox).toBeFocused();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(badTagMessage)).toBeVisible();
  await expect(dialog.getByLabel('Display name')).toHaveValue('Globex');
  await expect(dialog.getByLabel('Access key secret', { exact: true })).toHaveValue(profile.secret);
  await screenshotsInEverySize(app, 'account-dialog-tags-invalid');
  await expectDialogAccessible(app, dialog);

  // Backspace in the empty box removes the bad tag; the message goes with it.
  await app.keyboard.press('Backspace');
  await expect(dialog.getByRole('list', { name: 'Entries' }).getByRole('listitem')).toHaveText([
    'retail ×',
    'staging ×',
  ]);
  await expect(dialog.getByText(badTagMessage)).toHaveCount(0);
  await screenshotsInEverySize(app, 'account-dialog-tags');
  await expectDialogAccessible(app, dialog);
  await dialog.getByRole('button', { name: 'Add account', exact: true }).focus();
  await app.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  const accounts = await hostIpc<{ accounts: { id: string; name: string }[] }>(app, host, 'accounts.list', {});
  const globex = accounts.accounts.find((a) => a.name === 'Globex')!;
  expect(
    (await hostIpc<{ accounts: Record<string, string[]> }>(app, host, 'tags.list', {})).accounts[globex.id],
  ).toEqual(['retail', 'staging']);

  // The Accounts screen shows them on Globex's row.
  await mainNav(app).getByRole('button', { name: 'Accounts' }).click();
  await expect(app.getByRole('list', { name: 'Tags of Globex' }).getByRole('listitem')).toHaveText([
    'retail',
    'staging',
  ]);

  // The service filter finds Globex's service through its account tag.
  await hostIpc(app, host, 'inventory.record', {
    accountId: globex.id,
    serviceId: 102,
    domainName: 'static.example-media.net',
  });
  await mainNav(app).getByRole('button', { name: 'All services' }).click();
  await app.getByRole('radio', { name: /All accounts/ }).check();
  const filter = app.getByRole('searchbox', { name: 'Filter the service list' });
  const count = app.locator('[data-services-count]');
  await filter.fill('tag:retail');
  await expect(count).toHaveText(/^1 of \d+ services$/);
  await expect(app.locator('#services-list')).toContainText('static.example-media.net');
  await filter.fill('');
  await app.getByRole('radio', { name: 'This account' }).check();

  // Edit: the dialog starts with the stored tags; remove one, add one, save — they are replaced.
  await mainNav(app).getByRole('button', { name: 'Accounts' }).click();
  await app.getByRole('button', { name: 'Edit Globex' }).click();
  const edit = app.getByRole('dialog', { name: 'Edit account “Globex”' });
  await expect(edit.getByRole('list', { name: 'Entries' }).getByRole('listitem')).toHaveText(['retail ×', 'staging ×']);
  await edit.getByRole('button', { name: 'Remove staging' }).click();
  const editBox = edit.getByRole('textbox', { name: 'Tags' });
  await editBox.focus();
  await app.keyboard.type('EU');
  await app.keyboard.press('Enter');
  await screenshotsInEverySize(app, 'account-dialog-tags-edit');
  await expectDialogAccessible(app, edit);
  // Enter in the Tags box adds a tag (it does not submit): Tab past Notes, Test connection and
  // Cancel to "Save changes", then Enter.
  await app.keyboard.press('Tab');
  await app.keyboard.press('Tab');
  await app.keyboard.press('Tab');
  await app.keyboard.press('Tab');
  await expect(edit.getByRole('button', { name: 'Save changes' })).toBeFocused();
  await app.keyboard.press('Enter');
  await expect(edit).toBeHidden();
  await expect(app.getByRole('list', { name: 'Tags of Globex' }).getByRole('listitem')).toHaveText(['retail', 'eu']);

  // Escape closes the dialog without saving what was typed.
  await app.getByRole('button', { name: 'Edit Globex' }).click();
  await expect(edit).toBeVisible();
  await edit.getByRole('textbox', { name: 'Tags' }).focus();
  await app.keyboard.type('temp');
  await app.keyboard.press('Enter');
  await app.keyboard.press('Escape');
  await expect(edit).toBeHidden();
  await expect(app.getByRole('list', { name: 'Tags of Globex' }).getByRole('listitem')).toHaveText(['retail', 'eu']);
});
