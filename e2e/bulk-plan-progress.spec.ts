// Planning a bulk change over many services: the Bulk changes screen shows how many
// services are read, per account with its key's pace and the time left, and Cancel (keyboard:
// focus lands on it, Escape works too) stops the reads and keeps the change and the selection.
// The gateway answers the plan's reads slowly (fault latency) so that the progress is visible.
// Screenshots: e2e/screenshots/bulk-plan-progress-<width>-<theme>.png.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect, screenshotsInEverySize, scrollMainTo, waitForAppShell } from './fixtures.ts';
import { addGatewayAccount, hostIpc } from './helpers.ts';

async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    '(() => { const m = document.querySelector("main"); return [document.documentElement.scrollWidth - document.documentElement.clientWidth, m ? m.scrollWidth - m.clientWidth : 0]; })()',
  );
  expect(overflow).toEqual([0, 0]);
}

test('planning shows its progress per account and can be cancelled, keeping what was typed and ticked', async ({
  app,
  host,
  sandbox,
}) => {
  test.setTimeout(180_000);
  const customerId = sandbox.credentials.customerId;
  // Enough services that the plan takes several rounds of slow reads.
  for (let i = 0; i < 20; i++) {
    sandbox.store.createService(
      customerId,
      {
        domainName: `shop${i}.plan-progress.example`,
        origins: [{ originUrl: 'https://origin.plan-progress.example' }],
        defaultHostHeader: 'origin.plan-progress.example',
      },
      Date.now(),
    );
  }
  const { id: accountId } = await addGatewayAccount(app, host, sandbox, 'Demo retail');
  const services = sandbox.store.servicesOf(customerId);
  for (const s of services)
    await hostIpc(app, host, 'inventory.record', {
      accountId,
      serviceId: s.service.id,
      domainName: s.service.domainName,
    });
  await app.reload();
  await waitForAppShell(app);
  await app.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Bulk changes' }).click();
  await expect(app.getByRole('heading', { level: 1, name: 'Bulk changes' })).toBeVisible();

  const form = app.getByRole('form', { name: 'Bulk change' });
  const origin = form.getByLabel('Access-Control-Allow-Origin');
  await origin.fill('https://shop.example.com');
  await form.getByRole('checkbox', { name: 'Select every shown service of Demo retail' }).check();
  // The plan's CORS read (getService) answers slowly from now on.
  sandbox.setFaults({ perOperation: { getService: { latencyMs: 4_000 } } });
  await form.getByRole('button', { name: 'Plan the change' }).press('Enter');

  const progress = app.getByRole('region', { name: 'Planning progress' });
  const cancel = progress.getByRole('button', { name: 'Cancel planning' });
  await expect(cancel).toBeFocused();
  await expect(progress.getByRole('status')).toHaveText(
    new RegExp(`^Reading [4-9] of ${services.length} services… (about \\d+ s|less than 5 s) left$`),
    { timeout: 30_000 },
  );
  await expect(progress.getByRole('list', { name: 'Per account' })).toContainText(
    new RegExp(`^Demo retail: \\d+ of ${services.length} · 100 requests/min · `),
  );
  await expect(progress.getByRole('progressbar', { name: 'Services read' })).toHaveAttribute(
    'max',
    String(services.length),
  );
  await screenshotsInEverySize(app, 'bulk-plan-progress', () => scrollMainTo(progress));
  await expectNoHorizontalOverflow(app);
  // No serious axe violation in the progress panel, light and dark, while it still reads.
  for (const theme of ['light', 'dark'] as const) {
    await app.emulateMedia({ colorScheme: theme });
    await expect(app.locator('html')).toHaveAttribute('data-theme', theme);
    const results = await new AxeBuilder({ page: app })
      .include('section[aria-labelledby="bulk-plan-progress-heading"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(
      results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
    ).toEqual([]);
  }
  await expect(progress.getByRole('status')).toContainText('Reading');

  // Escape cancels (focus is on Cancel): the reads stop, nothing was planned, the inputs stay.
  await cancel.press('Escape');
  await expect(
    app.getByText(/^Planning was cancelled after reading \d+ of \d+ services\. Nothing was changed\.$/),
  ).toBeVisible({ timeout: 30_000 });
  await expect(progress).toHaveCount(0);
  const plan = form.getByRole('button', { name: 'Plan the change' });
  await expect(plan).toBeFocused();
  await expect(origin).toHaveValue('https://shop.example.com');
  await expect(form.getByRole('checkbox', { name: 'Select every shown service of Demo retail' })).toBeChecked();
  expect(await app.getByRole('region', { name: /^3\. Plan:/ }).count()).toBe(0);
  const { batches } = await hostIpc<{ batches: unknown[] }>(app, host, 'bulk.list', {});
  expect(batches).toHaveLength(0);

  // Planning again with the kept inputs and a quick gateway gives the whole plan.
  sandbox.setFaults(undefined);
  await plan.press('Enter');
  await expect(app.getByRole('region', { name: /^3\. Plan: Set CORS headers/ })).toBeVisible({ timeout: 30_000 });
});
