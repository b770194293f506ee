// A consultant moving between services and customers: the section (tab) stays
// when another service is opened from the sidebar, and a reload reopens the last screen.
import { test, expect } from './fixtures.ts';
import { addCustomerAccounts, CUSTOMER_KEYS, switchAccount } from './helpers.ts';
import { startSandbox } from '#sandbox';

test('the section stays when moving between services, and a reload reopens the last screen', async ({ app, host }) => {
  const gateway = await startSandbox({ keys: CUSTOMER_KEYS });
  try {
    const [acme, globex] = await addCustomerAccounts(app, host, gateway);
    const nav = app.getByRole('navigation', { name: 'Main' });
    const [first, second] = acme!.services;

    await nav.getByRole('button', { name: new RegExp(`#${first!.id}$`) }).click();
    await app.getByRole('tab', { name: 'Cache control' }).click();
    await expect(app.getByRole('tab', { name: 'Cache control' })).toHaveAttribute('aria-selected', 'true');

    // Another service from the sidebar: same section, not Details.
    await nav.getByRole('button', { name: new RegExp(`#${second!.id}$`) }).click();
    await expect(app.getByRole('heading', { level: 1, name: second!.domainName })).toBeVisible();
    await expect(app.getByRole('tab', { name: 'Cache control' })).toHaveAttribute('aria-selected', 'true');
    await expect(app.getByRole('tab', { name: 'Details' })).toHaveAttribute('aria-selected', 'false');

    // A reload reopens that service on that section.
    await app.reload();
    await expect(app.getByRole('heading', { level: 1, name: second!.domainName })).toBeVisible();
    await expect(app.getByRole('tab', { name: 'Cache control' })).toHaveAttribute('aria-selected', 'true');

    // In another customer's account the section is kept too; a reload stays there.
    await switchAccount(app, globex!.name);
    await nav.getByRole('button', { name: new RegExp(`#${globex!.services[0]!.id}$`) }).click();
    await expect(app.getByRole('heading', { level: 1, name: globex!.services[0]!.domainName })).toBeVisible();
    await expect(app.getByRole('tab', { name: 'Cache control' })).toHaveAttribute('aria-selected', 'true');
    await app.getByRole('tab', { name: 'Rule tester' }).click();
    await app.reload();
    await expect(app.getByRole('button', { name: /^Account: / })).toHaveAccessibleName(`Account: ${globex!.name}`);
    await expect(app.getByRole('heading', { level: 1, name: globex!.services[0]!.domainName })).toBeVisible();
    await expect(app.getByRole('tab', { name: 'Rule tester' })).toHaveAttribute('aria-selected', 'true');

    // Screens other than a service come back too.
    await nav.getByRole('button', { name: 'Change journal' }).click();
    await app.reload();
    await expect(nav.getByRole('button', { name: 'Change journal' })).toHaveAttribute('aria-current', 'page');
  } finally {
    await gateway.stop();
  }
});
