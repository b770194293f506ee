// Finding things across a consultant's customers: the account switcher filters
// as one types once there are several accounts; the command palette matches several words
// across fields and finds services of every account, switching account when one is chosen.
import { test, expect, screenshot } from './fixtures.ts';
import { addCustomerAccounts, CUSTOMERS, CUSTOMER_KEYS, hostIpc } from './helpers.ts';
import { startSandbox } from '#sandbox';

test('switcher search and a palette that finds services of all accounts', async ({ app, host }) => {
  const gateway = await startSandbox({ keys: CUSTOMER_KEYS });
  try {
    const [, globex] = await addCustomerAccounts(app, host, gateway);
    // Five accounts: the three customers, a second Globex profile and the sandbox.
    const globexKey = CUSTOMERS[1];
    await hostIpc(app, host, 'accounts.add', {
      name: 'Globex staging',
      baseUrl: `${gateway.url}/`,
      accessKeyId: `${globexKey.accessKeyId}`,
      customerId: globexKey.customerId + 1000,
      secret: globexKey.accessKeySecret,
      verify: false,
    });
    await hostIpc(app, host, 'accounts.ensureSandbox', { makeCurrent: false });
    await app.reload();
    const switcher = app.getByRole('button', { name: /^Account: / });
    await expect(switcher).toHaveAccessibleName('Account: Acme');

    // The switcher: the search box has the focus; typing filters; Enter picks.
    await switcher.click();
    const search = app.getByRole('searchbox', { name: 'Search accounts' });
    await expect(search).toBeFocused();
    await expect(app.getByRole('menuitemradio')).toHaveCount(5);
    await app.keyboard.type('globex');
    await expect(app.getByRole('menuitemradio')).toHaveCount(2);
    await screenshot(app, 'consultant-switcher-search');
    await app.keyboard.type(' stag');
    await expect(app.getByRole('menuitemradio')).toHaveCount(1);
    await app.keyboard.press('Enter');
    await expect(switcher).toHaveAccessibleName('Account: Globex staging');
    // Arrow keys still walk the (filtered) menu.
    await switcher.click();
    await app.keyboard.type('acme');
    await app.keyboard.press('ArrowDown');
    await expect(app.getByRole('menuitemradio', { name: /Acme/ })).toBeFocused();
    await app.keyboard.press('Enter');
    await expect(switcher).toHaveAccessibleName('Account: Acme');

    // The palette: "globex www" = account name + domain → switches to Globex and opens it.
    const www = globex!.services.find((s) => s.domainName.startsWith('www.'))!;
    await app.keyboard.press('Control+k');
    const palette = app.getByRole('dialog', { name: 'Command palette' });
    const input = palette.getByRole('combobox');
    await input.fill('globex www');
    await expect(palette.getByRole('option').first()).toContainText(www.domainName);
    await expect(palette.getByRole('option').first()).toContainText('Globex');
    await screenshot(app, 'consultant-palette-two-words');
    await app.keyboard.press('Enter');
    await expect(switcher).toHaveAccessibleName('Account: Globex');
    await expect(app.getByRole('heading', { level: 1, name: www.domainName })).toBeVisible();

    // "static cors" = a domain word + a section: the sandbox's static service, on its CORS section.
    await app.keyboard.press('Control+k');
    await input.fill('static cors');
    await expect(palette.getByRole('option').first()).toContainText('static.example-media.net › CORS');
    await app.keyboard.press('Enter');
    await expect(switcher).toHaveAccessibleName('Account: Sandbox');
    await expect(app.getByRole('heading', { level: 1, name: 'static.example-media.net' })).toBeVisible();
    await expect(app.getByRole('tab', { name: 'CORS' })).toHaveAttribute('aria-selected', 'true');
  } finally {
    await gateway.stop();
  }
});
