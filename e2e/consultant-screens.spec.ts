// Screens at 1024×700 and 1280×800 in light and dark, for a
// consultant with three customers (plus a second profile and the sandbox): switcher search,
// a two-word palette query, a pending traffic selection, and the offline service and Accounts
// screens. Nothing may overflow sideways. Screenshots: e2e/screenshots/consultant-*-<size>-<theme>.png.
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { addCustomerAccounts, CUSTOMERS, CUSTOMER_KEYS, hostIpc, shootBothThemes } from './helpers.ts';
import { startSandbox } from '#sandbox';

async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    '(() => { const m = document.querySelector("main"); return [document.documentElement.scrollWidth - document.documentElement.clientWidth, m ? m.scrollWidth - m.clientWidth : 0]; })()',
  );
  expect(overflow).toEqual([0, 0]);
}

for (const viewport of [
  { width: 1024, height: 700 },
  { width: 1280, height: 800 },
]) {
  const size = `${viewport.width}`;
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('consultant screens in both themes', async ({ app, host }) => {
      test.setTimeout(120_000);
      const gateway = await startSandbox({ keys: CUSTOMER_KEYS });
      try {
        const [acme] = await addCustomerAccounts(app, host, gateway);
        const globex = CUSTOMERS[1];
        await hostIpc(app, host, 'accounts.add', {
          name: 'Globex staging',
          baseUrl: `${gateway.url}/`,
          accessKeyId: globex.accessKeyId,
          customerId: globex.customerId + 1000,
          secret: globex.accessKeySecret,
          verify: false,
        });
        await hostIpc(app, host, 'accounts.ensureSandbox', { makeCurrent: false });
        await app.reload();

        await app.getByRole('button', { name: /^Account: / }).click();
        await app.keyboard.type('glob');
        await expect(app.getByRole('menuitemradio')).toHaveCount(2);
        await shootBothThemes(app, `consultant-switcher-search-${size}`);
        await app.keyboard.press('Escape');

        await app.keyboard.press('Control+k');
        await app.getByRole('dialog', { name: 'Command palette' }).getByRole('combobox').fill('globex www');
        await expect(app.getByRole('option').first()).toContainText('Globex');
        await shootBothThemes(app, `consultant-palette-${size}`);
        await app.keyboard.press('Escape');

        await app
          .getByRole('navigation', { name: 'Main' })
          .getByRole('button', { name: 'Traffic', exact: true })
          .click();
        await expect(app.getByRole('img', { name: /^Data volume chart/ })).toBeVisible({ timeout: 20_000 });
        await expect(app.getByRole('img', { name: /^Data volume chart/ })).toBeInViewport();
        await expectNoHorizontalOverflow(app);
        await shootBothThemes(app, `consultant-traffic-${size}`);
        const change = app.getByRole('button', { name: 'Change selection' });
        if (await change.isVisible()) await change.click();
        await app.getByRole('radio', { name: '7 d' }).click();
        await expect(app.getByText('Selection changed.')).toBeVisible();
        await expectNoHorizontalOverflow(app);
        await shootBothThemes(app, `consultant-traffic-pending-${size}`);

        await gateway.stop();
        await app
          .getByRole('navigation', { name: 'Main' })
          .getByRole('button', { name: new RegExp(`#${acme!.services[1]!.id}$`) })
          .click();
        await expect(app.getByText('Offline — showing what this computer knows about the service.')).toBeVisible({
          timeout: 20_000,
        });
        await expectNoHorizontalOverflow(app);
        await shootBothThemes(app, `consultant-offline-service-${size}`);
        await app.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Accounts' }).click();
        await expect(app.getByRole('row', { name: /Acme/ })).toContainText('Unreachable.');
        await expectNoHorizontalOverflow(app);
        await shootBothThemes(app, `consultant-offline-accounts-${size}`);
      } finally {
        await gateway.stop();
      }
    });
  });
}
