// Change impact on traffic: a change applied against a sandbox gateway shows as a marker on the
// traffic charts (hover and focus say what changed); Enter on the marker opens its journal entry,
// which carries the impact line. Screenshots of both screens in every size and theme.
import { test, expect, screenshotsInEverySize } from './fixtures.ts';
import { addGatewayAccount, hostIpc } from './helpers.ts';

test('a chart marker of an applied change opens its journal entry', async ({ app, host, sandbox }) => {
  test.setTimeout(120_000);
  const [shop, media] = sandbox.services;
  const account = await addGatewayAccount(app, host, sandbox, 'Impact e2e');
  for (const s of [shop, media])
    await hostIpc(app, host, 'inventory.record', { accountId: account.id, serviceId: s.id, domainName: s.domainName });
  // The change goes through the app's guarded write path to the gateway, so the journal records it.
  await hostIpc(app, host, 'changes.apply', {
    accountId: account.id,
    operationId: 'setCorsHeaders',
    input: { params: { serviceId: shop.id }, body: { accessControlAllowOrigin: 'https://shop.example' } },
  });
  await app.reload();

  await app.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Traffic', exact: true }).click();
  await expect(app.getByRole('img', { name: 'Requests chart, 2 services', exact: true })).toBeVisible({
    timeout: 20_000,
  });

  const markers = app.getByRole('group', { name: 'Changes from the journal on the Requests chart' });
  const marker = markers.getByRole('button', { name: /^Change: .*CORS.*Open it in the change journal\.$/ });
  await expect(marker).toHaveCount(1);
  await expect(marker).toHaveAccessibleName(new RegExp(shop.domainName.replace(/\./g, '\\.')));

  await test.step('hover shows what changed and where', async () => {
    await marker.hover();
    const tip = app.getByRole('tooltip');
    await expect(tip).toBeVisible();
    await expect(tip).toContainText(shop.domainName);
    await expect(tip).toContainText(/CORS/);
    await expect(tip).toContainText('Click or press Enter to open it in the change journal.');
    // Escape dismisses it (WCAG 1.4.13).
    await marker.focus();
    await app.keyboard.press('Escape');
    await expect(tip).toHaveCount(0);
    await marker.blur();
    await app.mouse.move(0, 0);
    await marker.hover();
    await expect(app.getByRole('tooltip')).toBeVisible();
    await app.getByRole('img', { name: 'Requests chart, 2 services', exact: true }).scrollIntoViewIfNeeded();
    await screenshotsInEverySize(app, 'traffic-change-marker', async () => {
      await app.mouse.move(0, 0);
      await marker.scrollIntoViewIfNeeded();
      await marker.hover();
      await expect(app.getByRole('tooltip')).toBeVisible();
    });
    await app.mouse.move(0, 0);
  });

  await test.step('the marker is reached with the keyboard and Enter opens the journal entry', async () => {
    await marker.focus();
    await expect(app.getByRole('tooltip')).toContainText(shop.domainName);
    await app.keyboard.press('Enter');
    await expect(app.getByRole('heading', { level: 1, name: 'Change journal' })).toBeVisible();
    const opened = app.getByRole('listitem', { name: /opened from the traffic chart/ });
    await expect(opened).toBeFocused();
    await expect(opened).toContainText(`${shop.domainName} (#${shop.id})`);
    // Its details are open; one quiet badge says when its impact can be compared, and why in words
    // beside it (a title would be out of the keyboard's reach).
    await expect(opened.getByRole('button', { name: 'Hide details' })).toBeVisible();
    await expect(opened.getByText(/^Impact from /)).toBeVisible();
    await expect(opened.getByText('when the 6 hours after the change are over and final')).toBeVisible();
    await expect(opened).not.toContainText('not yet');
    await screenshotsInEverySize(app, 'journal-opened-from-marker');
  });

  await test.step('the impact export has a row for the change', async () => {
    const file = await hostIpc<{ content: string }>(app, host, 'impact.export', {
      accountId: account.id,
      hours: 6,
      format: 'csv',
    });
    const rows = file.content.trim().split('\r\n');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain(shop.domainName);
    expect(rows[1]).toContain(',pending,');
  });
});

test('changes close together share one marker that lists them; Escape closes the list', async ({
  app,
  host,
  sandbox,
}) => {
  test.setTimeout(120_000);
  const [shop] = sandbox.services;
  const account = await addGatewayAccount(app, host, sandbox, 'Impact e2e');
  await hostIpc(app, host, 'inventory.record', {
    accountId: account.id,
    serviceId: shop.id,
    domainName: shop.domainName,
  });
  for (const origin of ['https://one.example', 'https://two.example']) {
    await hostIpc(app, host, 'changes.apply', {
      accountId: account.id,
      operationId: 'setCorsHeaders',
      input: { params: { serviceId: shop.id }, body: { accessControlAllowOrigin: origin } },
    });
  }
  await app.reload();
  await app.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Traffic', exact: true }).click();
  await expect(app.getByRole('img', { name: 'Requests chart, 1 service', exact: true })).toBeVisible({
    timeout: 20_000,
  });

  const group = app.getByRole('group', { name: 'Changes from the journal on the Requests chart' });
  const shared = group.getByRole('button', { name: /^2 changes, .* Show them\.$/ });
  await expect(shared).toHaveText('2');
  await shared.focus();
  await app.keyboard.press('Enter');
  await expect(shared).toHaveAttribute('aria-expanded', 'true');
  const list = group.getByRole('group', { name: '2 changes' });
  await expect(list.getByRole('button', { name: /Set CORS headers/ })).toHaveCount(2);
  await screenshotsInEverySize(app, 'traffic-change-marker-list', async () => {
    await shared.scrollIntoViewIfNeeded();
  });
  await app.keyboard.press('Escape');
  await expect(list).toHaveCount(0);
  await expect(shared).toBeFocused();

  // Open the list again and pick the older change: the journal opens on that entry.
  await app.keyboard.press('Enter');
  const { entries } = await hostIpc<{ entries: { id: string }[] }>(app, host, 'journal.list', {
    accountId: account.id,
  });
  const older = entries[1].id;
  await list
    .getByRole('button', { name: /Set CORS headers/ })
    .first()
    .click();
  await expect(app.getByRole('heading', { level: 1, name: 'Change journal' })).toBeVisible();
  await expect(app.locator(`#journal-entry-${older}`)).toBeFocused();
  await expect(app.locator(`#journal-entry-${older}`)).toContainText('https://one.example');
});
