// An unreachable gateway: the account shows as unreachable in the switcher
// and on the Accounts screen (last success, last failure) instead of "verified"; the header says
// "Offline" on every screen; a service screen says what it shows instead of an error next to a
// green "Enabled". Adding an account on an unreachable host puts the error under the base URL
// field and names the "Save without checking" button.
import { createServer } from 'node:net';
import { test, expect, screenshot } from './fixtures.ts';
import { addCustomerAccounts, CUSTOMER_KEYS, switchAccount } from './helpers.ts';
import { startSandbox } from '#sandbox';

/** A local port with nothing listening on it (connection refused). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

test('an unreachable gateway is shown as such, app-wide', async ({ app, host }) => {
  const gateway = await startSandbox({ keys: CUSTOMER_KEYS });
  const [acme, globex] = await addCustomerAccounts(app, host, gateway);
  const nav = app.getByRole('navigation', { name: 'Main' });
  const banner = app.getByRole('banner');
  const [first, second] = acme!.services;

  // Reachable: a service is read; no offline sign anywhere.
  await nav.getByRole('button', { name: new RegExp(`#${first!.id}$`) }).click();
  await expect(app.getByText(/Read from the gateway at/)).toBeVisible();
  await expect(banner.getByText(/Offline/)).toHaveCount(0);

  // The gateway goes away: the next read fails.
  await gateway.stop();
  await nav.getByRole('button', { name: new RegExp(`#${second!.id}$`) }).click();
  const main = app.getByRole('main');
  await expect(main.getByText('Offline — showing what this computer knows about the service.')).toBeVisible({
    timeout: 20_000,
  });
  await expect(main.getByText('Could not read this service.')).toHaveCount(0);
  await expect(main.getByText('Enabled', { exact: true })).toHaveCount(0);
  await expect(main.getByText(second!.domainName).first()).toBeVisible();
  await expect(banner.getByText(/Offline — last reached/)).toBeVisible();
  await screenshot(app, 'offline-service-1280');

  // The header says so on other screens too.
  await nav.getByRole('button', { name: 'Change journal' }).click();
  await expect(banner.getByText(/Offline — last reached/)).toBeVisible();

  // At 1024×700 the header still fits: the offline note shortens, the theme switch is whole.
  await app.setViewportSize({ width: 1024, height: 700 });
  const status = banner.getByRole('status');
  await expect(status).toContainText(/Offline — last reached/);
  // Only "Offline" is drawn; "— last reached …" stays for screen readers and in the tooltip.
  await expect(status.getByText('Offline', { exact: true })).toBeVisible();
  expect((await status.boundingBox())!.width).toBeLessThan(100);
  const header = await banner.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(header.scroll).toBeLessThanOrEqual(header.client);
  const dark = await banner.getByRole('button', { name: 'Dark' }).boundingBox();
  expect(dark!.x + dark!.width).toBeLessThanOrEqual(1024);
  await screenshot(app, 'offline-header-1024');
  await app.setViewportSize({ width: 1280, height: 800 });

  // The switcher marks the account; the other customers (not called yet) are not marked.
  await app.getByRole('button', { name: /^Account: / }).click();
  await expect(app.getByRole('menuitemradio', { name: /Acme/ })).toContainText(/Unreachable — last reached/);
  await expect(app.getByRole('menuitemradio', { name: /Globex/ })).not.toContainText(/Unreachable/);
  await screenshot(app, 'offline-switcher-1280');
  await app.keyboard.press('Escape');

  // The Accounts screen: unreachable with the last success and failure, not "verified".
  await nav.getByRole('button', { name: 'Accounts' }).click();
  const acmeRow = app.getByRole('row', { name: /Acme/ });
  await expect(acmeRow).toContainText('Unreachable.');
  await expect(acmeRow).toContainText(/Last success .* · last failure /);
  await expect(acmeRow).not.toContainText(/· verified/);
  await expect(app.getByRole('row', { name: /Globex/ })).toContainText(/· verified/);
  await screenshot(app, 'offline-accounts-1280');

  // Another account on the same (stopped) gateway: the header follows the current account.
  await switchAccount(app, globex!.name);
  await expect(banner.getByText(/Offline/)).toHaveCount(0);

  // Adding an account on a host that does not answer: the error is under the base URL field.
  const port = await closedPort();
  await app.getByRole('button', { name: /^Account: / }).click();
  await app.getByRole('menuitem', { name: 'Add account…' }).click();
  const dialog = app.getByRole('dialog', { name: 'Add account' });
  await dialog.getByLabel('Display name').fill('Hooli');
  await dialog.getByLabel('Customer ID').fill('5199');
  await dialog.getByLabel('API base URL').fill(`http://127.0.0.1:${port}`);
  await dialog.getByLabel('Access key ID').fill('HOOLIKEY');
  await dialog.getByLabel('Access key secret', { exact: true }).fill('hooli-secret-0123456789');
  await dialog.getByRole('button', { name: 'Add account', exact: true }).click();
  const baseUrl = dialog.getByLabel('API base URL');
  await expect(baseUrl).toHaveAttribute('aria-invalid', 'true');
  await expect(baseUrl).toHaveAccessibleDescription(/cannot be reached.*“Save without checking”/);
  await expect(dialog.getByRole('button', { name: 'Save without checking' })).toBeVisible();
  await screenshot(app, 'offline-add-account-1280');
  await dialog.getByRole('button', { name: 'Save without checking' }).click();
  await expect(dialog).toBeHidden();
});
