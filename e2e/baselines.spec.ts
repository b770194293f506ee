// Baselines across customers: before any snapshot nothing looks checked; a baseline over two of
// three customer accounts is created, the snapshots read, the grid shows checks × customers; a
// failing cell opens its services and items by keyboard; the Fix is reviewed in a dialog that
// names the account and services, applied once as one batch, and the panel then says what is left
// (a spent plan cannot run again). Screenshots: e2e/screenshots/baselines-*.png.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect, screenshotsInEverySize, scrollMainTo } from './fixtures.ts';
import { addCustomerAccounts, CUSTOMER_KEYS, hostIpc } from './helpers.ts';
import { startSandbox } from '#sandbox';

async function expectNoSeriousAxe(app: Page, selector: string): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    await app.emulateMedia({ colorScheme: theme });
    await expect(app.locator('html')).toHaveAttribute('data-theme', theme);
    const results = await new AxeBuilder({ page: app })
      .include(selector)
      .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(
      results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  }
  await app.emulateMedia({ colorScheme: 'light' });
}

test('the baselines grid before any snapshot: every cell reads “not checked”, nothing green, the services count as not known', async ({
  app,
  host,
}) => {
  test.setTimeout(120_000);
  const gateway = await startSandbox({ keys: CUSTOMER_KEYS });
  try {
    const customers = await addCustomerAccounts(app, host, gateway);
    await hostIpc(app, host, 'baselines.save', {
      baseline: {
        name: 'Fleet',
        checks: [{ checkId: 'http2' }, { checkId: 'https-redirect' }, { checkId: 'rate-limit-applied' }],
      },
    });
    await app.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Baselines' }).click();
    const grid = app.getByRole('table');
    await expect(grid.getByRole('columnheader')).toHaveCount(4);
    const services = customers.reduce((n, c) => n + c.services.length, 0);
    await expect(app.getByRole('status').filter({ hasText: 'failing,' })).toContainText(
      `0 failing, 0 passing, ${services * 3} not known (${services * 3} not checked: ${services} services without a snapshot)`,
    );
    await expect(app.getByText('Nothing has been checked yet: no service in scope has a snapshot.')).toBeVisible();
    await expect(grid.getByRole('columnheader', { name: /^Acme/ })).toHaveText(
      `Acme${customers[0].services.length} services · not read yet`,
    );
    // Every cell: "not checked", neutral; no tick, no green anywhere in the grid.
    const cells = grid.locator('tbody td');
    await expect(cells).toHaveCount(9);
    for (const cell of await cells.all()) await expect(cell).toHaveText('not checked');
    await expect(grid.getByText('✓')).toHaveCount(0);
    // No cell is painted in the success colour (string code: no DOM types in e2e code).
    const green = await app.evaluate<string>(`(() => {
      const probe = document.createElement('span');
      probe.style.color = 'var(--color-success)';
      document.body.append(probe);
      const colour = getComputedStyle(probe).color;
      probe.remove();
      return colour;
    })()`);
    const colours = await app.evaluate<string[]>(
      `[...document.querySelectorAll('table tbody td, table tbody td *')].map((el) => getComputedStyle(el).color)`,
    );
    expect(colours.length).toBeGreaterThan(9);
    expect(colours.filter((c) => c === green)).toEqual([]);
    // The cell names what it holds, and opens the services that were not checked.
    const cell = grid.getByRole('button', {
      name: `HTTP/2 on, Acme: 0 failing, 0 not known, 0 passing, ${customers[0].services.length} not checked (no snapshot)`,
    });
    await cell.click();
    const drill = app.getByRole('region', { name: 'HTTP/2 on — Acme' });
    await expect(
      drill.getByRole('heading', { name: `${customers[0].services.length} services not checked` }),
    ).toBeVisible();
    await expect(drill.getByText(customers[0].services[0].domainName)).toBeVisible();
    await expectNoSeriousAxe(app, '.baselines');
    await screenshotsInEverySize(app, 'baselines-before-snapshot');
  } finally {
    await gateway.stop();
  }
});

test('a baseline across two accounts: grid, drill-down by keyboard, fix through a bulk plan', async ({ app, host }) => {
  test.setTimeout(180_000);
  const gateway = await startSandbox({ keys: CUSTOMER_KEYS });
  try {
    await addCustomerAccounts(app, host, gateway);
    await app.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Baselines' }).click();
    await expect(app.getByRole('heading', { level: 1, name: 'Baselines' })).toBeVisible();

    // A new baseline: three checks, assigned to Acme and Globex (not Initech).
    await app.getByRole('button', { name: 'Create a baseline' }).click();
    const editor = app.getByRole('dialog', { name: 'New baseline' });
    await editor.getByLabel('Name').fill('Fleet');
    // Every check off (their parameter fields go with them).
    const checkedBoxes = editor
      .getByRole('group', { name: 'Checks' })
      .getByRole('listitem')
      .getByRole('checkbox', { name: /^[^—]+ — /, checked: true });
    while ((await checkedBoxes.count()) > 0) await checkedBoxes.first().uncheck();
    await editor.getByRole('button', { name: 'Save baseline' }).click();
    await expect(editor.getByText('Choose at least one check.')).toBeVisible();
    await expect(editor.getByLabel('Name')).toHaveValue('Fleet');
    for (const title of ['HTTP/2 on', 'A rate limit is applied', 'Admin path denied outside allowed networks']) {
      await editor.getByRole('checkbox', { name: new RegExp(`^${title.replace(/[/]/g, '\\/')}`) }).check();
    }
    // Parameters are typed fields; a bad value is named beside its field and nothing typed is lost.
    const limit = editor.getByRole('textbox', {
      name: 'Requests per client IP per window (requests) of A rate limit is applied',
    });
    await expect(limit).toHaveValue('600');
    await limit.fill('0');
    const networks = editor.getByRole('textbox', {
      name: 'Allowed networks of Admin path denied outside allowed networks',
    });
    await networks.fill('office');
    await networks.press('Enter');
    await editor.getByRole('checkbox', { name: 'Acme' }).check();
    await editor.getByRole('checkbox', { name: 'Globex' }).check();
    await editor.getByRole('button', { name: 'Save baseline' }).click();
    await expect(editor.getByText('The request limit must be a positive whole number.')).toBeVisible();
    await expect(limit).toHaveAttribute('aria-invalid', 'true');
    await expect(
      editor.getByText(/office: Each allowed network must be an IPv4 address or CIDR network/).first(),
    ).toBeVisible();
    await expect(limit).toHaveValue('0');
    await screenshotsInEverySize(app, 'baselines-editor-errors', () => limit.scrollIntoViewIfNeeded());
    await limit.fill('many');
    await editor.getByRole('button', { name: 'Save baseline' }).click();
    await expect(
      editor.getByText('Requests per client IP per window: enter a whole number of requests.'),
    ).toBeVisible();
    await limit.fill('500');
    await editor.getByRole('button', { name: 'Remove office' }).click();
    await editor.getByRole('button', { name: 'Save baseline' }).click();
    await expect(editor).toBeHidden();

    // No snapshot yet: the customers are listed, not checked; reading them fills the grid.
    const grid = app.getByRole('table');
    await expect(grid.getByRole('columnheader', { name: /Acme/ })).toContainText('not read yet');
    await app.getByRole('button', { name: 'Refresh snapshots' }).click();
    await expect(grid.getByRole('columnheader', { name: /Acme/ })).toContainText(
      /^Acme3 services · read (just now|\d+ min ago)$/,
    );
    // The exact time is in the tooltip: all three were read at about the same time, so one time.
    await expect(grid.getByRole('columnheader', { name: /Acme/ }).locator('[title]')).toHaveAttribute(
      'title',
      /^Snapshots read (?!between)/,
    );
    await expect(grid.getByRole('columnheader')).toHaveCount(3);
    const rateCell = grid.getByRole('button', {
      name: 'A rate limit is applied, Acme: 3 failing, 0 not known, 0 passing',
    });
    await expect(rateCell).toBeVisible();
    await screenshotsInEverySize(app, 'baselines-grid');

    // Keyboard: focus the cell, Enter opens the services and their items, Escape closes and returns.
    await rateCell.focus();
    await app.keyboard.press('Enter');
    const drill = app.getByRole('region', { name: 'A rate limit is applied — Acme' });
    await expect(app.getByRole('heading', { name: 'A rate limit is applied — Acme' })).toBeFocused();
    await expect(drill.getByText('3 failing services')).toBeVisible();
    await expect(drill.getByText(/Rate limit: no rate limit is known to be applied/).first()).toBeVisible();
    await expect(
      drill.getByText('Set a rate limit of 500 requests per client IP every 1 minute — on 3 services.'),
    ).toBeVisible();
    await screenshotsInEverySize(app, 'baselines-drill', () => scrollMainTo(drill));
    await app.keyboard.press('Escape');
    await expect(drill).toBeHidden();
    await expect(rateCell).toBeFocused();

    // The admin check: both client groups get through; one Fix plans a deny rule for each.
    const adminCell = grid.getByRole('button', {
      name: /^Admin path denied outside allowed networks, Globex: \d+ failing/,
    });
    await adminCell.click();
    const adminDrill = app.getByRole('region', { name: 'Admin path denied outside allowed networks — Globex' });
    await expect(
      adminDrill.getByText(/no access control policy applies: the request is let through/).first(),
    ).toBeVisible();
    await expect(
      adminDrill.getByRole('listitem').filter({ hasText: /^Add an access rule .* — on \d+ services?\.$/ }),
    ).toHaveCount(2);
    await adminDrill.getByRole('button', { name: 'Fix: review the change…' }).click();
    const adminFix = app.getByRole('dialog', { name: 'Fix: Admin path denied outside allowed networks' });
    await expect(
      adminFix
        .getByRole('list', { name: 'Accounts and services it changes' })
        .getByRole('group', { name: 'Changes' })
        .first(),
    ).toContainText('Globex');
    await adminFix.getByRole('button', { name: /^Apply the fix \(\d+ changes\)$/ }).click();
    await expect(adminFix).toBeHidden({ timeout: 30_000 });
    // One round was enough.
    await expect(adminDrill.getByText('Nothing is left to fix through the API for this check.')).toBeVisible();
    await expect(
      grid.getByRole('button', { name: /^Admin path denied outside allowed networks, Globex/ }),
    ).toBeHidden();
    await adminDrill.getByRole('button', { name: /^Close/ }).click();

    // Fix: reviewed in a dialog naming the account and its services, applied as one batch.
    await rateCell.click();
    await drill.getByRole('button', { name: 'Fix: review the change…' }).click();
    const fix = app.getByRole('dialog', { name: 'Fix: A rate limit is applied' });
    // Each service named as every review names its target: account (colour, PROD) · domain #ID.
    const targets = fix
      .getByRole('list', { name: 'Accounts and services it changes' })
      .getByRole('group', { name: 'Changes' });
    await expect(targets).toHaveCount(3);
    for (const target of await targets.all())
      await expect(target).toContainText(/^Changes\s+Acme\s+·\s+[\w.-]+\s+#\d+\s*$/);
    await expect(
      fix.getByText('3 changes on 3 services, as one batch; each write goes through the change journal.'),
    ).toBeVisible();
    await expectNoSeriousAxe(app, 'dialog[open]');
    await screenshotsInEverySize(app, 'baselines-fix-plan');
    await fix.getByRole('button', { name: 'Apply the fix (3 changes)' }).click();
    await expect(fix).toBeHidden({ timeout: 30_000 });
    await expect(drill.getByText(/^Fix applied: 3 changes written\./)).toBeVisible();
    await expect(drill.getByText('Nothing is left to fix through the API for this check.')).toBeVisible();
    // The spent plan is gone from the screen, and the core refuses to run it again.
    await expect(app.getByRole('button', { name: /Apply the fix/ })).toHaveCount(0);
    await screenshotsInEverySize(app, 'baselines-fix-applied', () => scrollMainTo(drill));
    const { batches } = await hostIpc<{ batches: Array<{ id: string; label: string; status: string }> }>(
      app,
      host,
      'bulk.list',
      {},
    );
    const spent = batches.find((b) => b.label === 'Baseline fix: A rate limit is applied');
    expect(spent?.status).toBe('finished');
    await expect(hostIpc(app, host, 'baselines.applyFix', { batchId: spent?.id })).rejects.toThrow(
      /Baselines\.FixSpent/,
    );
    await expect(grid.getByRole('button', { name: /^A rate limit is applied, Acme/ })).toBeHidden({ timeout: 30_000 });
    await expect(
      grid.getByRole('row', { name: /A rate limit is applied/ }).getByLabel('0 failing, 0 not known, 3 passing'),
    ).toBeVisible();
    // Globex was not part of the fix.
    await expect(
      grid.getByRole('button', { name: 'A rate limit is applied, Globex: 3 failing, 0 not known, 0 passing' }),
    ).toBeVisible();
  } finally {
    await gateway.stop();
  }
});
