// Bulk changes, through the browser host against real sandbox gateways: a CORS set
// on services of two customers (one a production account on a gateway whose CORS writes fail),
// resumed after an app restart, then reverted as a whole; and the compose screen on its own
// (keyboard, validation that keeps what was typed, templates). Screenshots:
// e2e/screenshots/bulk-*-<width>-<theme>.png.
import type { Page } from '@playwright/test';
import { test, expect, restartWebHost, screenshotsInEverySize, scrollMainTo, waitForAppShell } from './fixtures.ts';
import { CUSTOMERS, CUSTOMER_KEYS, addCustomerAccount, addGatewayAccount, hostIpc } from './helpers.ts';
import { startSandbox } from '#sandbox';
import type { E2eHost } from './fixtures.ts';

const [ACME, GLOBEX] = CUSTOMERS;

async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    '(() => { const m = document.querySelector("main"); return [document.documentElement.scrollWidth - document.documentElement.clientWidth, m ? m.scrollWidth - m.clientWidth : 0]; })()',
  );
  expect(overflow).toEqual([0, 0]);
}

async function openBulkScreen(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Bulk changes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bulk changes' })).toBeVisible();
}

test('compose: keyboard only, a validation error keeps what was typed, templates', async ({ app, host }) => {
  test.setTimeout(120_000);
  const gateway = await startSandbox({ keys: CUSTOMER_KEYS });
  try {
    const acme = await addCustomerAccount(app, host, gateway, ACME, { production: false, makeCurrent: true });
    const globex = await addCustomerAccount(app, host, gateway, GLOBEX, { production: true, makeCurrent: false });
    // A tag on a whole account and on one service of another: target selection sees both.
    await hostIpc(app, host, 'tags.setAccount', { accountId: globex.id, tags: ['retail'] });
    await hostIpc(app, host, 'tags.setService', {
      accountId: acme.id,
      serviceId: acme.services[0]!.id,
      tags: ['retail'],
    });
    await app.reload();
    await waitForAppShell(app);
    await openBulkScreen(app);

    const form = app.getByRole('form', { name: 'Bulk change' });
    await form.getByLabel('Tag', { exact: true }).selectOption('retail');
    const shownServices = form
      .getByRole('list', { name: 'Services by account' })
      .getByRole('checkbox', { name: /\.example\.org/ });
    await expect(shownServices).toHaveCount(1 + globex.services.length);
    await form.getByLabel('Tag', { exact: true }).selectOption('');
    await expect(shownServices).toHaveCount(acme.services.length + globex.services.length);
    await expect(form.getByRole('radio', { name: 'Set CORS headers' })).toBeChecked();
    const origin = form.getByLabel('Access-Control-Allow-Origin');
    await origin.fill('https://shop.example.com/path');
    // Planning without targets and with a bad origin: both named; the typed origin stays.
    await form.getByRole('button', { name: 'Plan the change' }).click();
    const summary = form.getByRole('alert').filter({ hasText: 'Fix this problem before planning' });
    await expect(summary).toBeVisible();
    await expect(form.getByText('Choose at least one target service')).toBeVisible();
    await expect(origin).toHaveValue('https://shop.example.com/path');
    await expect(origin).toHaveAttribute('aria-invalid', 'true');
    await screenshotsInEverySize(app, 'bulk-compose-errors', () => scrollMainTo(form));
    await expectNoHorizontalOverflow(app);

    // Switching kinds keeps each kind's input.
    await form.getByRole('radio', { name: 'Set a rate limit' }).check();
    await form.getByLabel('Time window (seconds)').fill('60');
    await form.getByRole('radio', { name: 'Set CORS headers' }).check();
    await expect(origin).toHaveValue('https://shop.example.com/path');
    await origin.fill('https://shop.example.com');
    await expect(origin).not.toHaveAttribute('aria-invalid', 'true');

    // Keyboard only: a target ticked with Space, the plan asked for with Enter.
    await app.getByRole('checkbox', { name: `Select every shown service of ${ACME.name}` }).focus();
    await app.keyboard.press('Space');
    await expect(app.getByRole('status').filter({ hasText: /selected/ })).toContainText(
      `${gateway.store.servicesOf(ACME.customerId).length} services selected`,
    );
    await screenshotsInEverySize(app, 'bulk-compose', () =>
      scrollMainTo(app.getByRole('heading', { name: '2. Target services' })),
    );
    await expectNoHorizontalOverflow(app);

    // The other kinds' inputs fit too.
    await form.getByRole('radio', { name: /^Access control policy/ }).check();
    await expect(form.getByLabel('Policy name')).toBeVisible();
    await screenshotsInEverySize(app, 'bulk-compose-access', () =>
      scrollMainTo(form.getByRole('group', { name: 'What to change' })),
    );
    await expectNoHorizontalOverflow(app);
    await form.getByRole('radio', { name: 'Edit a redirection policy by name' }).check();
    await expect(form.getByLabel('Redirection policy name')).toBeVisible();
    await screenshotsInEverySize(app, 'bulk-compose-redirection', () =>
      scrollMainTo(form.getByRole('group', { name: 'What to change' })),
    );
    await expectNoHorizontalOverflow(app);
    await form.getByRole('radio', { name: 'Set CORS headers' }).check();

    // Templates: the name's rule is named, the change is saved, put back later, deleted.
    const saveAs = form.getByRole('button', { name: 'Save as template…' });
    await saveAs.click();
    const save = app.getByRole('dialog', { name: 'Save the change as a template' });
    await app.keyboard.press('Escape');
    await expect(save).toBeHidden();
    await expect(saveAs).toBeFocused();
    await app.keyboard.press('Enter');
    await save.getByRole('button', { name: 'Save template' }).click();
    await expect(save.getByText('Template name is required')).toBeVisible();
    await save.getByLabel('Template name').fill('Shop CORS');
    await app.keyboard.press('Enter');
    await expect(save).toBeHidden();
    await origin.fill('https://other.example.com');
    await form.getByRole('radio', { name: 'Delete the rate limit' }).check();
    const template = form.getByLabel('Template', { exact: true });
    await template.selectOption({ label: 'Shop CORS — Set CORS headers' });
    await form.getByRole('button', { name: 'Use', exact: true }).click();
    await expect(form.getByRole('radio', { name: 'Set CORS headers' })).toBeChecked();
    await expect(origin).toHaveValue('https://shop.example.com');
    await form.getByRole('button', { name: 'Delete…' }).click();
    const confirmDelete = app.getByRole('alertdialog', { name: 'Delete the template?' });
    await confirmDelete.getByRole('button', { name: 'Delete template' }).click();
    await expect(confirmDelete).toBeHidden();
    await expect(template.locator('option')).toHaveText(['No templates yet']);
  } finally {
    await gateway.stop();
  }
});

test('bulk CORS across two accounts: one target fails, resumed after a restart, then reverted as a whole', async ({
  app,
  host,
}) => {
  test.setTimeout(240_000);
  const acmeGateway = await startSandbox({ keys: [CUSTOMER_KEYS[0]!] });
  const globexGateway = await startSandbox({ keys: [CUSTOMER_KEYS[1]!] });
  let restarted: E2eHost | null = null;
  try {
    const acme = await addCustomerAccount(app, host, acmeGateway, ACME, { production: false, makeCurrent: true });
    const globex = await addCustomerAccount(app, host, globexGateway, GLOBEX, { production: true, makeCurrent: false });
    const [acmeWww, acmeAssets] = acme.services;
    const [globexWww] = globex.services;
    // What was there before (applied from this app, so the journal knows it and a revert can restore it).
    const before = { accessControlAllowOrigin: 'https://old.example.com' };
    for (const [accountId, serviceId, production] of [
      [acme.id, acmeWww!.id, false],
      [acme.id, acmeAssets!.id, false],
      [globex.id, globexWww!.id, true],
    ] as const) {
      await hostIpc(app, host, 'changes.apply', {
        accountId,
        operationId: 'setCorsHeaders',
        input: { params: { serviceId }, body: before },
        confirmProduction: production,
      });
    }
    // Globex's gateway fails every CORS write: its one target fails.
    globexGateway.setFaults({ perOperation: { setCorsHeaders: { errorRate: 1 } } });
    await app.reload();
    await waitForAppShell(app);
    await openBulkScreen(app);

    const form = app.getByRole('form', { name: 'Bulk change' });
    await form.getByLabel('Access-Control-Allow-Origin').fill('https://shop.example.com');
    await form.getByRole('checkbox', { name: 'GET' }).check();
    await form.getByRole('checkbox', { name: acmeWww!.domainName }).check();
    await form.getByRole('checkbox', { name: acmeAssets!.domainName }).check();
    await form.getByLabel('Domain pattern').fill('www.*');
    await form.getByRole('checkbox', { name: globexWww!.domainName }).check();
    await expect(app.getByRole('status').filter({ hasText: /selected/ })).toContainText(
      '3 services in 2 accounts selected',
    );
    await form.getByRole('button', { name: 'Plan the change' }).click();

    // The plan: per-service diff in the editors' labels, the production account named, one confirmation.
    const batch = app.getByRole('region', { name: /^3\. Plan: Set CORS headers/ });
    await expect(batch).toBeVisible();
    await expect(batch.getByText('3 to change')).toBeVisible();
    const globexItems = batch.getByRole('list', { name: `Services of ${GLOBEX.name}` });
    await expect(globexItems.getByRole('row', { name: /Access-Control-Allow-Origin/ })).toContainText(
      'https://shop.example.com',
    );
    await expect(batch.getByText(/^This batch changes services in/)).toContainText('the production account “Globex”.');
    await expect(batch.locator('.production-top')).toHaveText(
      'Includes the production account “Globex”: running needs your confirmation at the end of the plan.',
    );
    const run = batch.getByRole('button', { name: /^Run batch \(3 changes\)/ });
    await expect(run).toBeDisabled();
    await screenshotsInEverySize(app, 'bulk-plan', () => scrollMainTo(batch));
    await expectNoHorizontalOverflow(app);
    // Keyboard only: the plan has focus; the confirmation, then Run, are reached with Tab.
    await expect(batch.getByRole('heading', { level: 2 })).toBeFocused();
    await batch.getByRole('checkbox', { name: /I confirm this batch/ }).focus();
    await app.keyboard.press('Space');
    await app.keyboard.press('Tab');
    await expect(batch.getByRole('button', { name: 'Back to the change' })).toBeFocused();
    await app.keyboard.press('Tab');
    await expect(run).toBeFocused();
    await app.keyboard.press('Enter');

    // Run: two applied, the Globex one failed with the mapped error; the batch can be resumed.
    const result = app.getByRole('region', { name: /^4\. Run: Set CORS headers/ });
    await expect(result.getByText('Finished with 1 failed')).toBeVisible({ timeout: 90_000 });
    await expect(result.getByText('3 of 3 done')).toBeVisible();
    const failedItem = result.getByRole('list', { name: `Services of ${GLOBEX.name}` }).getByRole('listitem');
    await expect(failedItem.getByText('failed', { exact: true })).toBeVisible();
    await expect(failedItem.locator('.item-error')).toContainText('Server.InternalError');
    expect(acmeGateway.store.corsOf(acmeWww!.id)).toMatchObject({
      accessControlAllowOrigin: 'https://shop.example.com',
    });
    expect(globexGateway.store.corsOf(globexWww!.id)).toMatchObject(before);
    // Only the failed services, when looking for them among many.
    await result.getByRole('checkbox', { name: 'Show only the failed services (1)' }).check();
    await expect(result.getByRole('list', { name: `Services of ${ACME.name}` })).toHaveCount(0);
    await expect(failedItem).toHaveCount(1);
    await result.getByRole('checkbox', { name: 'Show only the failed services (1)' }).uncheck();
    const batchId = (await result.locator('.meta .mono').first().textContent())!.trim();
    await screenshotsInEverySize(app, 'bulk-run-failed', () => scrollMainTo(result));
    await expectNoHorizontalOverflow(app);

    // An app restart on the same data dir: the screen offers the batch again; resume runs what failed.
    globexGateway.setFaults(undefined);
    restarted = await restartWebHost(host);
    await app.goto(restarted.url);
    await waitForAppShell(app);
    await openBulkScreen(app);
    const offered = app.getByRole('region', { name: 'Batches that did not finish' });
    await expect(offered.getByRole('listitem').filter({ hasText: batchId })).toBeVisible();
    await offered.getByRole('button', { name: 'Open Set CORS headers' }).click();
    const reopened = app.getByRole('region', { name: /^4\. Run: Set CORS headers/ });
    const resume = reopened.getByRole('button', { name: 'Resume (1 left)' });
    await expect(resume).toBeDisabled();
    await reopened.getByRole('checkbox', { name: /I confirm this batch/ }).check();
    await resume.click();
    await expect(reopened.getByText('Finished', { exact: true })).toBeVisible({ timeout: 60_000 });
    await expect(reopened.getByRole('list', { name: 'Results so far' })).toContainText('applied: 3');
    expect(globexGateway.store.corsOf(globexWww!.id)).toMatchObject({
      accessControlAllowOrigin: 'https://shop.example.com',
    });
    await expect(offered).toBeHidden();

    // Revert the batch as a whole: a plan again (one confirmation), then every service is back.
    await reopened.getByRole('button', { name: 'Plan a revert of the batch…' }).click();
    const revert = app.getByRole('region', { name: /^3\. Plan: Revert/ });
    await expect(revert).toBeVisible();
    await expect(revert.getByText(`reverts batch ${batchId}`)).toBeVisible();
    // Not now: back to the batch it reverts, then plan the revert again.
    await revert.getByRole('button', { name: 'Back to the batch' }).click();
    await expect(reopened.getByRole('button', { name: 'Plan a revert of the batch…' })).toBeVisible();
    await reopened.getByRole('button', { name: 'Plan a revert of the batch…' }).click();
    await revert.getByRole('checkbox', { name: /I confirm this batch/ }).check();
    await revert.getByRole('button', { name: /^Run the revert/ }).click();
    const reverted = app.getByRole('region', { name: /^4\. Run: Revert/ });
    await expect(reverted.getByText('Finished', { exact: true })).toBeVisible({ timeout: 60_000 });
    expect(acmeGateway.store.corsOf(acmeWww!.id)).toMatchObject(before);
    expect(acmeGateway.store.corsOf(acmeAssets!.id)).toMatchObject(before);
    expect(globexGateway.store.corsOf(globexWww!.id)).toMatchObject(before);
    await screenshotsInEverySize(app, 'bulk-reverted', () => scrollMainTo(reverted));

    // The journal, filtered by this batch in every account: the revert's three writes.
    const revertId = (await reverted.locator('.meta .mono').first().textContent())!.trim();
    await reverted.getByRole('button', { name: 'Show in the change journal' }).click();
    await expect(app.getByRole('heading', { level: 1, name: 'Change journal' })).toBeVisible();
    await expect(app.getByRole('textbox', { name: 'Batch' })).toHaveValue(revertId);
    const entries = app.getByRole('list', { name: 'Journal entries' }).getByRole('listitem');
    await expect(entries).toHaveCount(3);
    await expect(entries.filter({ hasText: GLOBEX.name })).toHaveCount(1);
  } finally {
    await restarted?.stop();
    await acmeGateway.stop();
    await globexGateway.stop();
  }
});

test('250+ targets: groups fold, counts say how many, rows come a page at a time', async ({ app, host }) => {
  test.setTimeout(180_000);
  const gateway = await startSandbox({ keys: CUSTOMER_KEYS });
  try {
    await addCustomerAccount(app, host, gateway, ACME, { production: false, makeCurrent: true });
    const { id: initechId } = await addCustomerAccount(app, host, gateway, CUSTOMERS[2], {
      production: false,
      makeCurrent: false,
    });
    // Services the account's list knows (recorded, as "add by ID" would): 260 of them.
    for (let i = 0; i < 260; i++) {
      await hostIpc(app, host, 'inventory.record', {
        accountId: initechId,
        serviceId: 5000 + i,
        domainName: `shop-${String(i).padStart(3, '0')}.initech.example`,
      });
    }
    await app.reload();
    await waitForAppShell(app);
    await openBulkScreen(app);
    const groups = app.getByRole('list', { name: 'Services by account' });
    const initech = groups.getByRole('listitem').filter({ hasText: CUSTOMERS[2].name }).first();
    await expect(initech.getByText('0 of 263 selected')).toBeVisible();
    // Folded: more than 200 services are in view.
    const show = initech.getByRole('button', { name: `Show services of ${CUSTOMERS[2].name}` });
    await expect(show).toHaveAttribute('aria-expanded', 'false');
    await expect(app.getByRole('list', { name: `Services of ${CUSTOMERS[2].name}` })).toHaveCount(0);
    await initech.getByRole('checkbox', { name: `Select every shown service of ${CUSTOMERS[2].name}` }).check();
    await expect(app.getByRole('status').filter({ hasText: /selected/ })).toContainText('263 services selected');
    await show.click();
    const rows = app.getByRole('list', { name: `Services of ${CUSTOMERS[2].name}` }).getByRole('listitem');
    await expect(rows).toHaveCount(100);
    await initech.getByRole('button', { name: `Show 100 more of 163 services of ${CUSTOMERS[2].name}` }).click();
    await expect(rows).toHaveCount(200);
    // A domain pattern narrows the view; the selection outside it stays.
    await app.getByLabel('Domain pattern').fill('shop-25*');
    await expect(initech.getByText('10 of 10 selected · 263 in the account')).toBeVisible();
    await initech.getByRole('checkbox', { name: `Select every shown service of ${CUSTOMERS[2].name}` }).uncheck();
    await expect(app.getByRole('status').filter({ hasText: /selected/ })).toContainText('253 services selected');
    await app.getByLabel('Domain pattern').fill('');
    await screenshotsInEverySize(app, 'bulk-many-targets', () =>
      scrollMainTo(app.getByRole('heading', { name: '2. Target services' })),
    );
    await expectNoHorizontalOverflow(app);
  } finally {
    await gateway.stop();
  }
});

test('an edit of a cache control policy by name: services without it are listed with the reason, the field rule in the unit chosen', async ({
  app,
  host,
}) => {
  await app.getByRole('button', { name: /^Use the sandbox account/ }).click();
  await openBulkScreen(app);
  const form = app.getByRole('form', { name: 'Bulk change' });
  await form.getByRole('radio', { name: 'Edit a cache control policy by name' }).check();
  await form.getByLabel('Cache control policy name').fill('Static assets');
  await form.getByLabel('TTL', { exact: true }).fill('1.5');
  await form.getByLabel('TTL unit').selectOption('h');
  await form.getByRole('checkbox', { name: 'Select every shown service of Sandbox' }).check();
  await form.getByRole('button', { name: 'Plan the change' }).click();
  await expect(form.getByText('TTL must be a whole number of hours').first()).toBeVisible();
  await expect(form.getByLabel('TTL', { exact: true })).toHaveValue('1.5');
  await form.getByLabel('TTL', { exact: true }).fill('2');
  await form.getByRole('button', { name: 'Plan the change' }).click();

  const plan = app.getByRole('region', { name: /^3\. Plan: Edit cache control policy “Static assets”/ });
  await expect(plan.getByText('5 to change, 1 cannot apply')).toBeVisible();
  const cannot = plan.getByRole('region', { name: 'Cannot apply (1)' });
  await expect(cannot.getByRole('listitem')).toContainText('#103 · Sandbox');
  await expect(cannot.getByRole('listitem')).toContainText('has no cache control policy named “Static assets”');
  await expect(plan.getByRole('button', { name: 'Run batch (5 changes)' })).toBeVisible();
  const item = plan
    .getByRole('list', { name: 'Services of Sandbox' })
    .getByRole('listitem')
    .filter({ hasText: 'www.example-shop.com' });
  await expect(item.getByRole('row', { name: /TTL/ })).toContainText('2 hours');
  await screenshotsInEverySize(app, 'bulk-plan-cannot', () => scrollMainTo(plan));
  await expectNoHorizontalOverflow(app);
  // Back to the change: what was planned is in the inputs again.
  await plan.getByRole('button', { name: 'Back to the change' }).click();
  await expect(form.getByLabel('Cache control policy name')).toHaveValue('Static assets');
  await expect(form.getByLabel('TTL', { exact: true })).toHaveValue('2');
  // The plan left without running it is not kept as a stored batch (review M9).
  await expect
    .poll(async () => (await hostIpc<{ batches: unknown[] }>(app, host, 'bulk.list', {})).batches)
    .toHaveLength(0);
});

test('cancel stops a running batch after the writes in flight; resume runs the rest', async ({
  app,
  host,
  sandbox,
}) => {
  test.setTimeout(120_000);
  const { id: accountId } = await addGatewayAccount(app, host, sandbox, 'Demo retail');
  const services = sandbox.store.servicesOf(sandbox.credentials.customerId);
  for (const s of services)
    await hostIpc(app, host, 'inventory.record', {
      accountId,
      serviceId: s.service.id,
      domainName: s.service.domainName,
    });
  // Slow CORS writes: the batch is still running when Cancel is pressed.
  sandbox.setFaults({ perOperation: { setCorsHeaders: { latencyMs: 3_000 } } });
  await app.reload();
  await waitForAppShell(app);
  await openBulkScreen(app);
  const form = app.getByRole('form', { name: 'Bulk change' });
  await form.getByLabel('Access-Control-Allow-Origin').fill('*');
  await form.getByRole('checkbox', { name: 'Select every shown service of Demo retail' }).check();
  await form.getByRole('button', { name: 'Plan the change' }).click();
  const plan = app.getByRole('region', { name: /^3\. Plan: Set CORS headers/ });
  await plan.getByRole('button', { name: `Run batch (${services.length} changes)` }).click();

  const run = app.getByRole('region', { name: /^4\. Run: Set CORS headers/ });
  await expect(run.getByText('Running', { exact: true })).toBeVisible();
  // Cancel while the first writes are in flight (a few per account at a time): the rest stays pending.
  await expect(run.getByRole('list', { name: 'Results so far' })).toContainText('writing…', { timeout: 30_000 });
  await run.getByRole('button', { name: 'Cancel batch' }).click();
  await expect(run.getByText(/^Cancelled — \d+ left$/)).toBeVisible({ timeout: 30_000 });
  const left = Number((await run.getByText(/^Cancelled — \d+ left$/).textContent())!.match(/(\d+) left/)![1]);
  expect(left).toBeGreaterThan(0);
  const applied = services.filter((s) => sandbox.store.corsOf(s.service.id)?.accessControlAllowOrigin === '*').length;
  expect(applied).toBe(services.length - left);

  sandbox.setFaults(undefined);
  await run.getByRole('button', { name: `Resume (${left} left)` }).click();
  await expect(run.getByText('Finished', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(run.getByRole('list', { name: 'Results so far' })).toContainText(`applied: ${services.length}`);
  for (const s of services) expect(sandbox.store.corsOf(s.service.id)).toMatchObject({ accessControlAllowOrigin: '*' });
});

test('a CORS set on services this app never set CORS on: the plan says the value now is unknown, not "not set", and warns that a revert cannot undo it', async ({
  app,
}) => {
  await app.getByRole('button', { name: /^Use the sandbox account/ }).click();
  await openBulkScreen(app);
  const form = app.getByRole('form', { name: 'Bulk change' });
  await form.getByRole('radio', { name: 'Set CORS headers' }).check();
  await form.getByLabel('Access-Control-Allow-Origin').fill('https://www.example.com');
  await form.getByRole('checkbox', { name: 'GET' }).check();
  await form.getByRole('checkbox', { name: 'Select every shown service of Sandbox' }).check();
  await form.getByRole('button', { name: 'Plan the change' }).click();

  const plan = app.getByRole('region', { name: /^3\. Plan: Set CORS headers/ });
  const item = plan
    .getByRole('list', { name: 'Services of Sandbox' })
    .getByRole('listitem')
    .filter({ hasText: 'www.example-shop.com' });
  const row = item.getByRole('row', { name: /Access-Control-Allow-Origin/ });
  await expect(row).toContainText('unknown — the API cannot read it back');
  await expect(row).toContainText('https://www.example.com');
  await expect(plan.getByText('not set', { exact: true })).toHaveCount(0);
  // Before the run, the plan says a revert could not undo it, naming the services; and again beside Run.
  const warning = plan.getByRole('region', { name: 'Not all of this batch can be reverted' });
  await expect(warning).toContainText(
    /A revert cannot undo these changes on \d+ services: the value there now is not known/,
  );
  const named = warning.getByRole('list', { name: 'Services a revert cannot put back' });
  await expect(named.getByText('www.example-shop.com')).toBeVisible();
  const toRun = await plan
    .getByRole('list', { name: 'Services of Sandbox' })
    .getByRole('listitem')
    .filter({ hasText: 'will update' })
    .count();
  await expect(named.getByRole('listitem')).toHaveCount(Math.min(toRun, 12));
  const run = plan.getByRole('button', { name: /^Run batch/ });
  await expect(run).toHaveAccessibleDescription(
    `Before you run it: ${toRun} of ${toRun} changes cannot be reverted afterwards (named at the top of the plan).`,
  );
  await screenshotsInEverySize(app, 'bulk-plan-unknown', () => scrollMainTo(plan));
  await expectNoHorizontalOverflow(app);
});
