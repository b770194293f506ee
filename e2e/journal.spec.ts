// The change journal follows the current account, offers an "All accounts" view with the account
// of each entry, and filters by a domain name or a service ID. Two accounts: the built-in sandbox
// and a second account on the fixture's gateway.
import type { Page } from '@playwright/test';
import { test, expect, screenshotsInEverySize } from './fixtures.ts';
import { addAccount, addServicesById, gatewayProfile, switchAccount, useSandbox } from './helpers.ts';

type Result = { ok: boolean; data: unknown };

async function ipc(app: Page, channel: string, input: unknown): Promise<Result> {
  return app.evaluate(
    async ([c, payload]) =>
      (await (
        await fetch(`/ipc/${c}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(payload),
        })
      ).json()) as Result,
    [channel, input] as const,
  );
}

async function accountIdOf(app: Page, name: string): Promise<string> {
  const { data } = await ipc(app, 'accounts.list', {});
  const account = (data as { accounts: { id: string; name: string }[] }).accounts.find((a) => a.name === name);
  expect(account).toBeDefined();
  return account!.id;
}

/** Sets CORS headers through the app's guarded write path, so the journal records it. */
async function setCors(app: Page, accountId: string, serviceId: number, origin: string): Promise<void> {
  const result = await ipc(app, 'changes.apply', {
    accountId,
    operationId: 'setCorsHeaders',
    input: { params: { serviceId }, body: { accessControlAllowOrigin: origin } },
  });
  expect(result.ok).toBe(true);
}

test('the journal follows the current account, shows all accounts on request, and filters by domain or ID', async ({
  app,
  sandbox,
}) => {
  await useSandbox(app);
  await addAccount(app, gatewayProfile(sandbox, 'Globex'));
  await switchAccount(app, 'Globex');
  const added = await addServicesById(app, '102');
  await expect(added.getByText('Added 1:')).toBeVisible();
  await added.getByRole('button', { name: 'Done' }).click();
  await switchAccount(app, 'Sandbox');

  await setCors(app, await accountIdOf(app, 'Sandbox'), 101, 'https://sandbox.example');
  await setCors(app, await accountIdOf(app, 'Globex'), 102, 'https://globex.example');

  await app.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Change journal' }).click();
  const entries = app.getByRole('list', { name: 'Journal entries' });
  await expect(entries.getByRole('listitem')).toHaveCount(1);
  await expect(entries.getByRole('listitem').first()).toContainText('www.example-shop.com (#101)');
  await expect(app.getByText(/Showing Sandbox\./)).toBeVisible();

  // Switching account while on the journal shows the new account's entries only.
  await switchAccount(app, 'Globex');
  await expect(app.getByText(/Showing Globex\./)).toBeVisible();
  await expect(entries.getByRole('listitem')).toHaveCount(1);
  await expect(entries.getByRole('listitem').first()).toContainText('static.example-media.net (#102)');
  await expect(entries).not.toContainText('www.example-shop.com (#101)');
  await app.getByRole('button', { name: 'Refresh' }).click();
  await expect(entries.getByRole('listitem')).toHaveCount(1);
  await expect(entries.getByRole('listitem').first()).toContainText('Globex');

  // All accounts: every entry, each with its account.
  await app.getByRole('group', { name: 'Accounts shown' }).getByRole('button', { name: 'All accounts' }).click();
  await expect(entries.getByRole('listitem')).toHaveCount(2);
  await expect(entries.getByRole('listitem').filter({ hasText: 'www.example-shop.com (#101)' })).toContainText(
    'Account Sandbox',
  );
  await expect(entries.getByRole('listitem').filter({ hasText: 'static.example-media.net (#102)' })).toContainText(
    'Account Globex',
  );
  // Each entry's account with its colour (and PROD when it is one), as the account chip shows it.
  await expect(entries.locator('.account-cell .account-badge .swatch')).toHaveCount(2);
  // The pending impact says why in words (a title alone is out of keyboard reach).
  const pending = entries.getByText(/^Impact from /);
  await expect(pending.first()).toBeVisible();
  await expect(entries.getByText(/^when the \d+ hours after the change are over and final$/)).toHaveCount(
    await pending.count(),
  );
  // CORS cannot be read back and this app had set none: "Before" says unknown, as the plans do, not "—".
  const sandboxEntry = entries.getByRole('listitem').filter({ hasText: 'www.example-shop.com (#101)' });
  await sandboxEntry.getByRole('button', { name: 'Details', exact: true }).click();
  await expect(
    sandboxEntry.getByRole('table').getByRole('cell', { name: 'unknown — the API cannot read it back' }).first(),
  ).toBeVisible();
  await sandboxEntry.getByRole('button', { name: 'Hide details', exact: true }).click();
  // The filter bar at both sizes: a whole batch ID fits its box, From and To stay together, the
  // accounts toggle keeps to the right edge with the other controls.
  const batch = app.getByRole('group', { name: 'More filters' }).getByRole('textbox', { name: 'Batch' });
  await batch.evaluate((el) => ((el as unknown as { value: string }).value = '6e304543-617a-4c2e-9d1b-2f5a7c9e0b13'));
  for (const size of [
    { width: 1024, height: 700 },
    { width: 1280, height: 800 },
  ]) {
    await app.setViewportSize(size);
    expect(await batch.evaluate((el) => el.scrollWidth <= el.clientWidth), `${size.width}: batch ID whole`).toBe(true);
    const from = await app.getByLabel('From', { exact: true }).boundingBox();
    const to = await app.getByLabel('To', { exact: true }).boundingBox();
    expect(Math.abs((from?.y ?? 0) - (to?.y ?? 1)), `${size.width}: From and To on one line`).toBeLessThan(1);
    const toggle = await app.getByRole('group', { name: 'Accounts shown' }).boundingBox();
    const header = await app.locator('.screen-header').first().boundingBox();
    expect(
      Math.abs(toggle!.x + toggle!.width - (header!.x + header!.width)),
      `${size.width}: accounts toggle at the right edge`,
    ).toBeLessThan(1);
  }
  await batch.evaluate((el) => ((el as unknown as { value: string }).value = ''));
  await screenshotsInEverySize(app, 'journal-all-accounts');

  // The filter takes a domain name (part of one is enough) or an ID.
  const filter = app.getByRole('searchbox', { name: 'Service' });
  await filter.fill('www.example-shop.com');
  await filter.press('Enter');
  await expect(entries.getByRole('listitem')).toHaveCount(1);
  await expect(entries.getByRole('listitem').first()).toContainText('www.example-shop.com (#101)');
  await expect(app.getByText('Changes to www.example-shop.com (#101, Sandbox).')).toBeVisible();
  await filter.fill('example-media');
  await app.getByRole('button', { name: 'Filter', exact: true }).click();
  await expect(entries.getByRole('listitem')).toHaveCount(1);
  await expect(entries.getByRole('listitem').first()).toContainText('static.example-media.net (#102)');
  await filter.fill('#101');
  await filter.press('Enter');
  await expect(entries.getByRole('listitem')).toHaveCount(1);
  await expect(entries.getByRole('listitem').first()).toContainText('www.example-shop.com (#101)');
  await filter.fill('nothing.example');
  await filter.press('Enter');
  await expect(
    app.getByText(/No service whose domain name contains “nothing.example” is known for any account/),
  ).toBeVisible();
  await expect(entries).toHaveCount(0);

  // Back to this account only, without a filter.
  await app.getByRole('button', { name: 'Clear filters' }).first().click();
  await app.getByRole('group', { name: 'Accounts shown' }).getByRole('button', { name: 'This account' }).click();
  await expect(entries.getByRole('listitem')).toHaveCount(1);
  await expect(entries.getByRole('listitem').first()).toContainText('static.example-media.net (#102)');
  await screenshotsInEverySize(app, 'journal-account');
});
