// The services overview with hundreds of services: a virtualised table (a bounded number of rows
// in the DOM, the whole size for screen readers through aria-rowcount/aria-rowindex), the filter,
// keyboard navigation that reaches the last service and opens one with Enter, the all-accounts
// list, no sideways overflow and no serious axe violations at 1024×700. Timings are bench rows
// (npm run bench -- --only scale), not tests.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect, screenshotsInEverySize, type E2eHost } from './fixtures.ts';
import { addGatewayAccount, hostIpc, useSandbox } from './helpers.ts';

const MANY = 300;

async function listManyServices(app: Page, host: E2eHost, count = MANY): Promise<void> {
  const { currentAccountId } = await hostIpc<{ currentAccountId: string }>(app, host, 'accounts.list', {});
  for (let i = 0; i < count; i++) {
    await hostIpc(app, host, 'inventory.record', {
      accountId: currentAccountId,
      serviceId: 50_000 + i,
      domainName: `fleet-${String(i).padStart(3, '0')}.customer-example.net`,
      cName: `fleet-${String(i).padStart(3, '0')}-customer-example-net.1024.cdn.sandbox.example`,
      enabled: i % 5 !== 0,
    });
  }
}

const table = (app: Page) => app.getByRole('table', { name: 'Services', exact: true });
const renderedRows = (app: Page) => table(app).locator('[data-row-index]');

test.use({ viewport: { width: 1024, height: 700 } });

test('hundreds of services: bounded rows, filter, keyboard to the last row and Enter, all accounts, layout and axe', async ({
  app,
  host,
  sandbox,
}) => {
  test.setTimeout(180_000);
  await useSandbox(app);
  await listManyServices(app, host);
  await app.reload();
  await app.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'All services' }).click();
  const total = MANY + 6; // and the sandbox’s six sample services

  await test.step('virtualised: the whole size for screen readers, few rows in the DOM', async () => {
    await expect(table(app)).toHaveAttribute('aria-rowcount', String(total + 1));
    await expect(app.getByRole('status').filter({ hasText: `${total} services` })).toBeVisible();
    const count = await renderedRows(app).count();
    expect(count).toBeGreaterThan(3);
    expect(count).toBeLessThanOrEqual(40);
    await expect(renderedRows(app).first()).toHaveAttribute('aria-rowindex', '2');
  });

  await test.step('keyboard: Tab reaches the table, End the last service, Enter opens a service', async () => {
    await app.getByRole('searchbox', { name: 'Filter the service list' }).focus();
    await app.keyboard.press('ArrowDown');
    await expect(renderedRows(app).first()).toBeFocused();
    await app.keyboard.press('End');
    const last = table(app).locator(`[aria-rowindex="${total + 1}"]`);
    await expect(last).toBeFocused();
    await expect(last).toContainText('fleet-299.customer-example.net');
    await expect(last).toBeInViewport();
    expect(await renderedRows(app).count()).toBeLessThanOrEqual(40);
    await app.keyboard.press('ArrowUp');
    await expect(table(app).locator(`[aria-rowindex="${total}"]`)).toBeFocused();
    await app.keyboard.press('Home');
    await expect(table(app).locator('[aria-rowindex="2"]')).toBeFocused();
    await expect(table(app).locator('[aria-rowindex="2"]')).toContainText('www.example-shop.com');
    await app.keyboard.press('Enter');
    await expect(app.getByRole('heading', { level: 1, name: 'www.example-shop.com' })).toBeVisible();
    await app.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'All services' }).click();
  });

  await test.step('filter: every word must match; no match says so and offers to clear', async () => {
    const filter = app.getByRole('searchbox', { name: 'Filter the service list' });
    await filter.fill('customer-example fleet-04');
    await expect(app.getByRole('status').filter({ hasText: `10 of ${total} services` })).toBeVisible();
    await expect(renderedRows(app)).toHaveCount(10);
    await filter.fill('fleet-042');
    await expect(renderedRows(app)).toHaveCount(1);
    await expect(renderedRows(app).first()).toContainText('50042');
    await filter.fill('nowhere.example');
    await expect(app.getByText('No services match “nowhere.example”.')).toBeVisible();
    await app.getByRole('button', { name: 'Clear the filter' }).click();
    await expect(filter).toHaveValue('');
    await expect(table(app)).toHaveAttribute('aria-rowcount', String(total + 1));
  });

  await test.step('1024×700: nothing spills sideways; axe finds nothing serious; screenshots', async () => {
    const wide = await app.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    expect(wide).toBeLessThanOrEqual(0);
    const spill = await table(app).evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(spill).toBeLessThanOrEqual(1);
    for (const theme of ['light', 'dark'] as const) {
      await app.emulateMedia({ colorScheme: theme });
      const results = await new AxeBuilder({ page: app })
        .include('main')
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
        .analyze();
      const serious = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${theme}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(serious).toEqual([]);
    }
    await app.emulateMedia({ colorScheme: 'light' });
    await screenshotsInEverySize(app, 'services-many');
    await table(app)
      .locator('.viewport')
      .evaluate((el) => (el.scrollTop = el.scrollHeight / 2));
    await screenshotsInEverySize(app, 'services-many-scrolled');
  });

  await test.step('all accounts: the services of every account, with the account named', async () => {
    await addGatewayAccount(app, host, sandbox, 'Globex Retail');
    await app.reload();
    await app.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'All services' }).click();
    await app.getByRole('radio', { name: /^All accounts/ }).check();
    const all = app.getByRole('table', { name: 'Services of all accounts' });
    await expect(all).toBeVisible();
    // The header says what is listed: every account's services, not the current account's.
    const total = Number((await app.locator('[data-services-count]').textContent())?.match(/^(\d+) services$/)?.[1]);
    await expect(app.getByRole('heading', { level: 1, name: 'Services' }).locator('..')).toContainText(
      `All 2 accounts · ${total} known services`,
    );
    const filter = app.getByRole('searchbox', { name: 'Filter the service list' });
    await filter.fill('www.example-shop');
    // Rows of another account than the current one name their account.
    await expect(all.locator('[data-row-index]').first()).toContainText('Sandbox');
    await filter.fill('fleet-001');
    await expect(all.locator('[data-row-index]')).toHaveCount(1);
    await screenshotsInEverySize(app, 'services-all-accounts');
  });
});

test('traffic: choosing among many services goes through a filter, with the chosen ones always listed', async ({
  app,
  host,
}) => {
  test.setTimeout(120_000);
  await useSandbox(app);
  await listManyServices(app, host, 60);
  await app.reload();
  await app.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Traffic', exact: true }).click();
  await app.getByRole('radio', { name: 'Choose services' }).check();
  const form = app.getByRole('form', { name: 'Traffic selection' });
  const list = form.getByRole('group', { name: 'Services to show' });
  const status = form.getByText(/selected · showing/);
  const filter = form.getByRole('searchbox', { name: 'Filter services to show' });

  // 66 services (and the sandbox's six): the first 40 are listed, the rest found by typing.
  await expect(list.getByRole('checkbox')).toHaveCount(40);
  await expect(status).toHaveText('0 selected · showing 40 of 66 — type to narrow');
  await expect(form.getByRole('button', { name: 'Clear', exact: true })).toBeDisabled();
  await filter.fill('fleet-05');
  await expect(list.getByRole('checkbox')).toHaveCount(10);
  await form.getByRole('button', { name: 'Select shown' }).click();
  await expect(status).toHaveText('10 selected · showing 10 of 10');

  // Without a filter the chosen ones are listed too, though they come after the first 40.
  await filter.fill('');
  await expect(list.getByRole('checkbox')).toHaveCount(50);
  await expect(list.getByRole('checkbox', { checked: true })).toHaveCount(10);
  await expect(list.getByRole('checkbox', { name: 'fleet-059.customer-example.net' })).toBeChecked();
  await filter.fill('no-such-service');
  await expect(list).toContainText('No service matches “no-such-service”.');
  await filter.fill('');
  await screenshotsInEverySize(app, 'traffic-choose-many-services');
  const axe = await new AxeBuilder({ page: app }).include('form[aria-label="Traffic selection"]').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await form.getByRole('button', { name: 'Clear', exact: true }).click();
  await expect(status).toHaveText(/^0 selected/);
});
