// Accounts of several customers on one gateway whose services share a domain name: each account
// lists and reads its own service of that name, never another customer's.
import { expect, screenshot, test } from './fixtures.ts';
import { addSharedDomainAccounts, switchAccount } from './helpers.ts';

test('three accounts serving www.example-shop.com each read their own service', async ({ app, host }) => {
  const { gateway, accounts } = await addSharedDomainAccounts(app, host, { customers: 3 });
  try {
    expect(accounts).toHaveLength(3);
    expect(new Set(accounts.map((a) => a.sharedServiceId)).size).toBe(3);
    const nav = app.getByRole('navigation', { name: 'Main' });
    for (const account of accounts) {
      await switchAccount(app, account.name);
      for (const other of accounts) {
        await expect(nav.getByRole('button', { name: new RegExp(`#${other.sharedServiceId}$`) })).toHaveCount(
          other === account ? 1 : 0,
        );
      }
      await nav.getByRole('button', { name: new RegExp(`#${account.sharedServiceId}$`) }).click();
      await expect(app.getByRole('heading', { level: 1, name: 'www.example-shop.com' })).toBeVisible();
      // The edge CNAME names the customer whose service was read.
      await expect(app.getByText(`.${account.customerId}.cdn.sandbox.example`, { exact: false }).first()).toBeVisible();
    }
    await app.getByRole('button', { name: /^Account: / }).click();
    await screenshot(app, 'shared-domain-accounts-switcher');
    await app.keyboard.press('Escape');
  } finally {
    await gateway.sandbox.stop();
  }
});
