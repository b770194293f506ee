// Baselines across customers (issue 13 §1): a baseline over two of three customer accounts is
// created, the snapshots read, the grid shows checks × customers; a failing cell opens its
// services and items by keyboard; the failing rate-limit check is fixed through a bulk plan and
// passes after the services are read again. Screenshots: e2e/screenshots/baselines-*.png.
import { test, expect, screenshotsInEverySize, scrollMainTo } from './fixtures.ts';
import { addCustomerAccounts, CUSTOMER_KEYS } from './helpers.ts';
import { startSandbox } from '#sandbox';

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
    for (const box of await editor.getByRole('checkbox').all()) await box.uncheck();
    await editor.getByRole('button', { name: 'Save baseline' }).click();
    await expect(editor.getByText('Choose at least one check.')).toBeVisible();
    await expect(editor.getByLabel('Name')).toHaveValue('Fleet');
    for (const title of ['HTTP/2 on', 'A rate limit is applied', 'Admin path denied outside allowed networks']) {
      await editor.getByRole('checkbox', { name: new RegExp(`^${title.replace(/[/]/g, '\\/')}`) }).check();
    }
    // A bad parameter is named and nothing typed is lost.
    const params = editor.getByRole('textbox', { name: 'Parameters (JSON) of A rate limit is applied' });
    await params.fill('{"requestLimit": 0}');
    await editor.getByRole('checkbox', { name: 'Acme' }).check();
    await editor.getByRole('checkbox', { name: 'Globex' }).check();
    await editor.getByRole('button', { name: 'Save baseline' }).click();
    await expect(editor.getByText(/requestLimit: The request limit must be a positive whole number/)).toBeVisible();
    await expect(params).toHaveValue('{"requestLimit": 0}');
    await params.fill('{"timeWindow": 60, "requestLimit": 500}');
    await editor.getByRole('button', { name: 'Save baseline' }).click();
    await expect(editor).toBeHidden();

    // No snapshot yet: the customers are listed without results; reading them fills the grid.
    const grid = app.getByRole('table');
    await expect(grid.getByRole('columnheader', { name: /Acme/ })).toContainText('without snapshot');
    await app.getByRole('button', { name: 'Refresh snapshots' }).click();
    await expect(grid.getByRole('columnheader', { name: /Acme/ })).toContainText(/^Acme3 services · read (just now|\d+ min ago)$/);
    // The exact time is in the tooltip: all three were read at about the same time, so one time.
    await expect(grid.getByRole('columnheader', { name: /Acme/ }).locator('[title]')).toHaveAttribute('title', /^Snapshots read (?!between)/);
    await expect(grid.getByRole('columnheader')).toHaveCount(3);
    const rateCell = grid.getByRole('button', { name: 'A rate limit is applied, Acme: 3 failing, 0 not known, 0 passing' });
    await expect(rateCell).toBeVisible();
    await screenshotsInEverySize(app, 'baselines-grid');

    // Keyboard: focus the cell, Enter opens the services and their items, Escape closes and returns.
    await rateCell.focus();
    await app.keyboard.press('Enter');
    const drill = app.getByRole('region', { name: 'A rate limit is applied — Acme' });
    await expect(app.getByRole('heading', { name: 'A rate limit is applied — Acme' })).toBeFocused();
    await expect(drill.getByText('3 failing services')).toBeVisible();
    await expect(drill.getByText(/Rate limit: no rate limit is known to be applied/).first()).toBeVisible();
    await expect(drill.getByText('Set a rate limit of 500 requests per 60 s on 3 services.')).toBeVisible();
    await screenshotsInEverySize(app, 'baselines-drill', () => scrollMainTo(drill));
    await app.keyboard.press('Escape');
    await expect(drill).toBeHidden();
    await expect(rateCell).toBeFocused();

    // A check the API cannot fix says what to do by hand.
    const adminCell = grid.getByRole('button', { name: /^Admin path denied outside allowed networks, Globex: \d+ failing/ });
    await adminCell.click();
    const adminDrill = app.getByRole('region', { name: 'Admin path denied outside allowed networks — Globex' });
    await expect(adminDrill.getByText(/no access control policy applies: the request is let through/).first()).toBeVisible();
    await adminDrill.getByRole('button', { name: /^Close/ }).click();

    // Fix: a bulk plan for Acme's three services, applied, then the services are read again.
    await rateCell.click();
    await drill.getByRole('button', { name: 'Fix: plan the change' }).click();
    await expect(drill.getByText(/Planned: 3 changes/)).toBeVisible();
    await screenshotsInEverySize(app, 'baselines-fix-plan', () => scrollMainTo(drill.getByRole('heading', { name: 'Fix' })));
    await drill.getByRole('button', { name: 'Apply the fix' }).click();
    await expect(grid.getByRole('button', { name: /^A rate limit is applied, Acme/ })).toBeHidden({ timeout: 30_000 });
    await expect(grid.getByRole('row', { name: /A rate limit is applied/ }).getByLabel('3 passing')).toBeVisible();
    // Globex was not part of the fix.
    await expect(grid.getByRole('button', { name: 'A rate limit is applied, Globex: 3 failing, 0 not known, 0 passing' })).toBeVisible();
  } finally {
    await gateway.stop();
  }
});
