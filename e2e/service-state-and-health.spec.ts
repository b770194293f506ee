// Sidebar status dots only look "enabled" when the app knows the service is enabled now: an
// unknown state, or any state while the gateway does not answer, is a neutral ring described as
// "State unknown" / "Offline — last known …". And "Test connection" on a saved account updates its
// health (switcher and Accounts screen), both ways.
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { addCustomerAccounts, CUSTOMER_KEYS, hostIpc, shootBothThemes, switchAccount } from './helpers.ts';
import { startSandbox } from '#sandbox';

/** The background colour of a sidebar service's status dot. */
const dotColour = (button: Locator) =>
  button.locator('.status-dot').evaluate((el) => el.ownerDocument.defaultView?.getComputedStyle(el).backgroundColor);

async function greenOf(app: Page): Promise<string | undefined> {
  return app.locator('body').evaluate((body) => {
    const probe = body.ownerDocument.createElement('span');
    probe.style.backgroundColor = 'var(--color-success)';
    body.append(probe);
    const colour = body.ownerDocument.defaultView?.getComputedStyle(probe).backgroundColor;
    probe.remove();
    return colour;
  });
}

test('status dots: unknown and offline states are not shown as enabled', async ({ app, host }) => {
  const gateway = await startSandbox({ keys: CUSTOMER_KEYS });
  const [acme] = await addCustomerAccounts(app, host, gateway);
  const [first, second] = acme!.services;
  // The first service is known to be enabled; the second was recorded without a state.
  await hostIpc(app, host, 'inventory.record', {
    accountId: acme!.id,
    serviceId: first!.id,
    domainName: first!.domainName,
    enabled: true,
  });
  await app.reload();
  const nav = app.getByRole('navigation', { name: 'Main' });
  const known = nav.getByRole('button', { name: new RegExp(`#${first!.id}$`) });
  const unknown = nav.getByRole('button', { name: new RegExp(`#${second!.id}$`) });
  const green = await greenOf(app);

  await expect(known).toHaveAccessibleDescription('Enabled');
  expect(await dotColour(known)).toBe(green);
  await expect(unknown).toHaveAccessibleDescription('State unknown');
  expect(await dotColour(unknown)).not.toBe(green);

  // The gateway goes away and a read fails: every dot turns into "last known".
  await gateway.stop();
  await unknown.click();
  await expect(app.getByRole('banner').getByRole('status')).toHaveText(/Offline — /, { timeout: 20_000 });
  await expect(known).toHaveAccessibleDescription('Offline — last known enabled');
  expect(await dotColour(known)).not.toBe(green);
  await expect(unknown).toHaveAccessibleDescription('State unknown (offline)');
  expect(await dotColour(unknown)).not.toBe(green);

  for (const size of [
    { width: 1024, height: 700 },
    { width: 1280, height: 800 },
  ]) {
    await app.setViewportSize(size);
    await shootBothThemes(app, `sidebar-offline-dots-${size.width}`);
  }
});

test('"Test connection" on a saved account updates its health', async ({ app, host }) => {
  const gateway = await startSandbox({ keys: CUSTOMER_KEYS });
  try {
    const [, globex] = await addCustomerAccounts(app, host, gateway);
    await switchAccount(app, globex!.name);
    await app.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Accounts' }).click();
    const row = app.getByRole('row', { name: new RegExp(globex!.name) });
    await expect(row).not.toContainText('Unreachable.');

    async function testConnection(): Promise<void> {
      await row.getByRole('button', { name: `Edit ${globex!.name}` }).click();
      const dialog = app.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Test connection' }).click();
      await expect(dialog.getByRole('button', { name: 'Test connection' })).toBeEnabled();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
    }

    // The gateway answers 500: the check fails and the account is unreachable.
    gateway.setFaults({ perOperation: { getCustomer: { errorRate: 1 } } });
    await testConnection();
    await expect(row).toContainText('Unreachable.');
    await expect(row).toContainText('The gateway answered 500');
    await app.getByRole('button', { name: /^Account: / }).click();
    await expect(app.getByRole('menuitemradio', { name: new RegExp(globex!.name) })).toContainText(/Unreachable — /);
    await app.keyboard.press('Escape');
    await expect(app.getByRole('banner').getByRole('status')).toHaveText(/Offline — /);
    await app.setViewportSize({ width: 1024, height: 700 });
    await shootBothThemes(app, 'accounts-test-connection-failed-1024');
    await app.setViewportSize({ width: 1280, height: 800 });
    await shootBothThemes(app, 'accounts-test-connection-failed-1280');

    // It answers again: a successful check makes it reachable.
    gateway.setFaults(undefined);
    await testConnection();
    await expect(row).not.toContainText('Unreachable.');
    await expect(row).toContainText(/Reachable · Last success .* · last failure /);
    await expect(app.getByRole('banner').getByText(/Offline/)).toHaveCount(0);
  } finally {
    await gateway.stop();
  }
});

test('offline: the open service\'s badge turns "last known", policy tabs say offline in place, no error toasts', async ({
  app,
  host,
}) => {
  const gateway = await startSandbox({ keys: CUSTOMER_KEYS });
  const [acme] = await addCustomerAccounts(app, host, gateway);
  const [first, second] = acme!.services;
  await app.reload();
  const nav = app.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: new RegExp(`#${first!.id}$`) }).click();
  const main = app.getByRole('main');
  const badge = app.locator('.service-header .badge');
  await expect(badge).toHaveText('Enabled', { timeout: 20_000 });

  // The gateway goes away while the service is open (QA report, 23 Nov, defect 2).
  await gateway.stop();
  await app.getByRole('tab', { name: 'Cache control' }).click();
  await expect(main.getByText(/Offline — couldn't read the policies; showing nothing cached/)).toBeVisible({
    timeout: 20_000,
  });
  await main.getByRole('button', { name: 'Refresh' }).first().click();
  await app.getByRole('tab', { name: 'Access control' }).click();
  await expect(main.getByText(/Offline — couldn't read the policies/)).toBeVisible({ timeout: 20_000 });
  await expect(app.getByRole('banner').getByRole('status')).toHaveText(/Offline/, { timeout: 20_000 });
  // The badge of the service opened before no longer says a live "Enabled".
  await expect(badge).toHaveText('Offline — last known enabled');
  await expect(app.getByText('Could not load the policies')).toHaveCount(0);

  await nav.getByRole('button', { name: new RegExp(`#${second!.id}$`) }).click();
  await app.getByRole('tab', { name: 'Cache control' }).click();
  await expect(main.getByText(/Offline — couldn't read the policies/)).toBeVisible({ timeout: 20_000 });
  await expect(app.getByText('Could not load the policies')).toHaveCount(0);
  await shootBothThemes(app, 'offline-policies-in-place');
});
