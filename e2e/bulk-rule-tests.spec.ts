// A bulk change is checked against each target's rule test suite:
// the plan names the service whose expectation would no longer pass, running anyway records the
// flipped expectation in the journal. Real sandbox gateway, browser host, Chromium.
import { test, expect, screenshotsInEverySize, scrollMainTo } from './fixtures.ts';
import { hostIpc, useSandbox } from './helpers.ts';

test('a bulk access rule that breaks a rule test: named in the plan, journaled when run', async ({
  app,
  host,
  sandbox,
}) => {
  test.setTimeout(120_000);
  await useSandbox(app);
  const { currentAccountId: accountId } = await hostIpc<{ currentAccountId: string }>(app, host, 'accounts.list', {});
  const shop = sandbox.services.find((s) => s.domainName === 'www.example-shop.com')!;
  await hostIpc(app, host, 'suites.save', {
    accountId,
    serviceId: shop.id,
    expectation: {
      name: 'Reports open to all',
      request: { url: '/reports/q3.pdf', clientIp: '10.0.0.1' },
      expect: { status: 'served' },
    },
  });

  await app.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Bulk changes' }).click();
  const form = app.getByRole('form', { name: 'Bulk change' });
  await form.getByRole('radio', { name: /^Access control policy/ }).check();
  await form.getByLabel('Policy name').fill('Block reports');
  await form.getByLabel('Priority').fill('77');
  await form.getByLabel('Type').selectOption('deny');
  await form.getByRole('textbox', { name: 'URL path patterns' }).fill('/reports');
  await form.getByRole('textbox', { name: 'URL path patterns' }).press('Enter');
  await form.getByRole('checkbox', { name: shop.domainName }).check();
  await form.getByRole('button', { name: 'Plan the change' }).click();

  const batch = app.getByRole('region', { name: /^3\. Plan: / });
  await expect(batch.getByRole('note')).toContainText(
    'Rule tests: 1 service would no longer pass some of their expectations',
  );
  await expect(batch.getByText('Rule tests of this service that would no longer pass:')).toBeVisible();
  await expect(batch.locator('.flips li')).toContainText('“Reports open to all” — expected served');
  await expect(batch.locator('.flips li')).toContainText(
    'after the change: 403 — denied by access rule “Block reports” (new)',
  );
  await screenshotsInEverySize(app, 'bulk-plan-rule-tests', () => scrollMainTo(batch));

  await batch.getByRole('button', { name: /^Run batch/ }).click();
  const result = app.getByRole('region', { name: /^4\. Run: / });
  await expect(result.getByText('Finished', { exact: true })).toBeVisible({ timeout: 60_000 });
  await result
    .getByRole('button', { name: /journal/i })
    .first()
    .click();
  await expect(app.getByText('Applied although it flips rule test: “Reports open to all”')).toBeVisible();
});
