// Toasts about an account name it, and leave when another account becomes current: an account
// whose gateway fails must not leave its errors over the next account's screens.
import { test, expect } from './fixtures.ts';
import { addAccount, addServicesById, gatewayProfile, switchAccount, useSandbox } from './helpers.ts';

test('error toasts name their account and are withdrawn when the user switches away', async ({ app, sandbox }) => {
  await useSandbox(app);
  await addAccount(app, gatewayProfile(sandbox, 'Failing Inc'));
  await switchAccount(app, 'Failing Inc');
  const added = await addServicesById(app, '101');
  await expect(added.getByText('Added 1:')).toBeVisible();
  await added.getByRole('button', { name: 'Done' }).click();

  // The gateway fails every request (no answer at all is shown on the screen, not as a toast).
  sandbox.setFaults({ errorRate: 1, errorStatus: 500 });
  await app.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /#101$/ }).click();
  const notifications = app.getByRole('region', { name: 'Notifications' });
  const failure = notifications.getByRole('alert').filter({ hasText: 'Could not read service #101' });
  await expect(failure).toBeVisible({ timeout: 30_000 });
  await expect(failure).toContainText('Failing Inc');
  for (const size of [
    { width: 1024, height: 700 },
    { width: 1280, height: 800 },
  ]) {
    await app.setViewportSize(size);
    for (const theme of ['light', 'dark'] as const) {
      await app.emulateMedia({ colorScheme: theme });
      await expect(app.locator('html')).toHaveAttribute('data-theme', theme);
      await app.screenshot({ path: `e2e/screenshots/notifications-account-${size.width}-${theme}.png` });
    }
  }
  await app.emulateMedia({ colorScheme: 'light' });

  // Another account: the unreachable account's toasts are gone.
  await switchAccount(app, 'Sandbox');
  await expect(notifications.getByText('Could not read service #101')).toHaveCount(0);
  await expect(notifications).not.toContainText('Failing Inc');
  await app.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /#101$/ }).click();
  await expect(app.getByRole('heading', { level: 1, name: 'www.example-shop.com' })).toBeVisible();
  await expect(notifications.getByRole('alert')).toHaveCount(0);
});
