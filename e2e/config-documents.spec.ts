// The Configuration screen for a consultant with three customers on one gateway
// (each its own key; Globex flagged production): export a service of Acme as a document, compare
// it with Globex's service, apply the plan to Globex (production confirmation, per-item results,
// journal entries); clone a service onto a new domain from its service screen, keyboard only.
// Screenshots: e2e/screenshots/config-*-<size>-<theme>.png.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, screenshotsInEverySize, scrollMainTo } from './fixtures.ts';
import { addCustomerAccounts, CUSTOMERS, CUSTOMER_KEYS, hostIpc, switchAccount } from './helpers.ts';
import { startSandbox, type SandboxHandle } from '#sandbox';

const [ACME, GLOBEX] = CUSTOMERS;
const nav = (app: Page) => app.getByRole('navigation', { name: 'Main' });

async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    '(() => { const m = document.querySelector("main"); return [document.documentElement.scrollWidth - document.documentElement.clientWidth, m ? m.scrollWidth - m.clientWidth : 0]; })()',
  );
  expect(overflow).toEqual([0, 0]);
}

/** Acme's www service differs from Globex's: a longer TTL on "Static assets", CORS headers applied from this app. */
async function prepareAcme(
  app: Page,
  host: Parameters<typeof hostIpc>[1],
  gateway: SandboxHandle,
  acmeId: string,
): Promise<{ acmeWww: number; globexWww: number }> {
  const acmeWww = gateway.store.servicesOf(ACME.customerId).find((s) => s.service.domainName.startsWith('www.'))!;
  const globexWww = gateway.store.servicesOf(GLOBEX.customerId).find((s) => s.service.domainName.startsWith('www.'))!;
  gateway.store.mutate(() => {
    acmeWww.cacheControl = acmeWww.cacheControl.map((p) =>
      p.policyName === 'Static assets' ? { ...p, ttl: 86_400 } : p,
    );
  });
  await hostIpc(app, host, 'changes.apply', {
    accountId: acmeId,
    operationId: 'setCorsHeaders',
    input: {
      params: { serviceId: acmeWww.service.id },
      body: { accessControlAllowOrigin: 'https://www.acme.example', accessControlMaxAge: 600 },
    },
  });
  return { acmeWww: acmeWww.service.id, globexWww: globexWww.service.id };
}

test('export from one account → compare with another account’s service → apply to it through the plan', async ({
  app,
  host,
}) => {
  test.setTimeout(240_000);
  const gateway = await startSandbox({ keys: CUSTOMER_KEYS });
  try {
    const [acme, globex] = await addCustomerAccounts(app, host, gateway);
    await hostIpc(app, host, 'accounts.update', { accountId: globex!.id, patch: { production: true } });
    // A service in Acme's list that the gateway no longer has: a whole-account export names it.
    await hostIpc(app, host, 'inventory.record', {
      accountId: acme!.id,
      serviceId: 999_999,
      domainName: 'gone.customer-5101.example.org',
    });
    const { globexWww } = await prepareAcme(app, host, gateway, acme!.id);
    await app.reload();
    const acmeDomain = acme!.services.find((s) => s.domainName.startsWith('www.'))!.domainName;
    const globexDomain = globex!.services.find((s) => s.domainName.startsWith('www.'))!.domainName;
    const folder = await mkdtemp(join(tmpdir(), 'accel-config-'));

    // Export one service of Acme with secrets: the same passphrase twice, then only encrypted.
    await nav(app).getByRole('button', { name: 'Configuration' }).click();
    await expect(app.getByRole('heading', { level: 1, name: 'Configuration' })).toBeVisible();
    const exportForm = app.getByRole('form', { name: 'Export a configuration' });
    await expect(exportForm.getByLabel('Account', { exact: true })).toHaveValue(acme!.id);
    await exportForm.getByRole('radio', { name: 'Only the services ticked below' }).check();
    await exportForm.getByRole('checkbox', { name: new RegExp(acmeDomain.replace(/\./g, '\\.')) }).check();
    await exportForm.getByRole('checkbox', { name: /Include secrets/ }).check();
    await exportForm.getByLabel('Passphrase', { exact: true }).fill('two customers');
    const again = exportForm.getByLabel('Passphrase again', { exact: true });
    await again.fill('two customerz');
    await exportForm.getByRole('button', { name: 'Export…' }).click();
    await expect(exportForm.getByText('The two passphrases differ: type the same passphrase twice.')).toBeVisible();
    await expect(again).toHaveAttribute('aria-invalid', 'true');
    await expect(again).toBeFocused();
    await screenshotsInEverySize(app, 'config-export-passphrase');
    await again.fill('two customers');
    const encryptedPath = join(folder, 'acme-secret.json');
    const [encrypted] = await Promise.all([
      app.waitForEvent('download'),
      exportForm.getByRole('button', { name: 'Export…' }).click(),
    ]);
    expect(encrypted.suggestedFilename()).toMatch(/\.encrypted\.json$/);
    await encrypted.saveAs(encryptedPath);
    await expect(app.getByText('encrypted, with secrets')).toBeVisible();

    await exportForm.getByRole('checkbox', { name: /Include secrets/ }).uncheck();
    const documentPath = join(folder, 'acme.json');
    const [download] = await Promise.all([
      app.waitForEvent('download'),
      exportForm.getByRole('button', { name: 'Export…' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^config-acme-${acmeDomain.replace(/\./g, '\\.')}-\\d{4}-\\d{2}-\\d{2}\\.json$`),
    );
    await download.saveAs(documentPath);
    await expect(app.getByRole('heading', { name: 'Exported: 1 service of Acme' })).toBeVisible();
    await expect(app.getByText('secrets left out', { exact: false })).toBeVisible();

    // The whole account: the service the gateway does not have is listed with the reason.
    await exportForm.getByRole('radio', { name: 'Every service of the account (4)' }).check();
    const [whole] = await Promise.all([
      app.waitForEvent('download'),
      exportForm.getByRole('button', { name: 'Export…' }).click(),
    ]);
    expect(whole.suggestedFilename()).toMatch(/^config-acme-3-services-/);
    await expect(app.getByRole('heading', { name: 'Exported: 3 services of Acme' })).toBeVisible();
    await expect(app.getByRole('status').filter({ hasText: '1 service could not be read' })).toContainText(
      /#999999 \(InvalidService\.\w+\)/,
    );
    await expectNoHorizontalOverflow(app);
    await screenshotsInEverySize(app, 'config-export', () =>
      scrollMainTo(app.getByRole('heading', { name: 'Exported: 3 services of Acme' })),
    );

    // The encrypted document against Acme's own service: a wrong passphrase is said under its field.
    await app.getByRole('tab', { name: 'Compare' }).click();
    const compareForm = app.getByRole('form', { name: 'Compare two configurations' });
    const left = compareForm.getByRole('group', { name: 'Left' });
    await left.getByRole('radio', { name: 'A document file' }).check();
    const [secretChooser] = await Promise.all([
      app.waitForEvent('filechooser'),
      left.getByRole('button', { name: 'Open document…' }).click(),
    ]);
    await secretChooser.setFiles(encryptedPath);
    await expect(left.getByText('encrypted, with secrets')).toBeVisible();
    const passphrase = left.getByLabel('Passphrase of acme-secret.json');
    await passphrase.fill('three customers');
    await compareForm
      .getByLabel('Service (right)')
      .selectOption(
        String(gateway.store.servicesOf(ACME.customerId).find((s) => s.service.domainName === acmeDomain)!.service.id),
      );
    await compareForm.getByRole('button', { name: 'Compare' }).click();
    await expect(left.getByText('Wrong passphrase.')).toBeVisible();
    await expect(passphrase).toHaveAttribute('aria-invalid', 'true');
    await passphrase.fill('two customers');
    await compareForm.getByRole('button', { name: 'Compare' }).click();
    await expect(app.getByRole('heading', { name: 'The configurations are the same' })).toBeVisible();

    // The plain document against Globex's service.
    const compare = compareForm;
    const leftGroup = left;
    const [chooser] = await Promise.all([
      app.waitForEvent('filechooser'),
      leftGroup.getByRole('button', { name: 'Open another document…' }).click(),
    ]);
    await chooser.setFiles(documentPath);
    await expect(leftGroup.getByText('acme.json', { exact: true })).toBeVisible();
    const rightGroup = compare.getByRole('group', { name: 'Right' });
    await rightGroup.getByLabel('Account (right)').selectOption(globex!.id);
    await rightGroup.getByLabel('Service (right)').selectOption(String(globexWww));
    await compare.getByRole('button', { name: 'Compare' }).click();
    const result = app.getByRole('region', { name: /differences?$/ });
    await expect(result).toBeVisible();
    await expect(result.getByText(`${globexDomain} (Globex, service ${globexWww})`)).toBeVisible();
    const cache = result.getByRole('region', { name: 'Cache control' });
    const staticAssets = cache.getByRole('listitem').filter({ hasText: 'Static assets' });
    await expect(staticAssets.getByText('Changed')).toBeVisible();
    await expect(staticAssets.getByRole('row', { name: /TTL 1 day 7 days/ })).toBeVisible();
    await expect(result.getByRole('region', { name: 'CORS' }).getByText('Not known', { exact: true })).toBeVisible();
    // Only real differences are counted; the parts not known are said apart (review M1).
    await expect(
      result.getByText('CORS headers and rate limit not known: the API cannot read them back.'),
    ).toBeVisible();
    await expectNoHorizontalOverflow(app);
    await screenshotsInEverySize(app, 'config-compare', () => scrollMainTo(result));

    // Apply the document to Globex's service: plan, untick one item, confirm production, apply.
    await app.getByRole('tab', { name: 'Apply' }).click();
    const applyForm = app.getByRole('form', { name: 'Apply a configuration' });
    const sourceGroup = applyForm.getByRole('group', { name: 'Source' });
    const [chooser2] = await Promise.all([
      app.waitForEvent('filechooser'),
      sourceGroup.getByRole('button', { name: 'Open document…' }).click(),
    ]);
    await chooser2.setFiles(documentPath);
    await applyForm.getByLabel('Account (target)').selectOption(globex!.id);
    await applyForm.getByRole('button', { name: 'Plan' }).click();
    await expect(applyForm.getByText('Choose the target service.')).toBeVisible();
    await applyForm.getByLabel('Service (target)').selectOption(String(globexWww));
    await applyForm.getByRole('button', { name: 'Plan' }).click();
    const items = app.getByRole('list', { name: 'Plan items' });
    await expect(items).toBeVisible();
    const item = (title: string) => items.getByRole('listitem').filter({ hasText: title });
    await expect(item('Cache control policy “Static assets”').getByRole('checkbox')).toBeChecked();
    await expect(item('Cache control policy “Static assets”').getByText('Update', { exact: true })).toBeVisible();
    await expect(item('Cache control policy “Default”').getByText('Unchanged', { exact: true })).toBeVisible();
    await expect(item('CORS headers').getByRole('checkbox')).toBeChecked();
    // Globex's CORS headers were never applied from this app: unknown, not "not set" (review S2).
    await expect(item('CORS headers').getByRole('row', { name: /Access-Control-Allow-Origin/ })).toContainText(
      'unknown — the API cannot read it back',
    );
    await expect(item('Rate limit').getByText(/No rate limit was set or deleted on .* from this app/)).toBeVisible();
    // Its destination names Acme's domain: flagged and not ticked (review M6).
    const placeholder = item('Redirection policy “Placeholder redirect (edit me)”');
    await expect(placeholder.getByRole('checkbox')).not.toBeChecked();
    await expect(placeholder.getByRole('checkbox')).toHaveAccessibleDescription(
      `Redirect destination points at the source's domain ${acmeDomain}; check before applying (not ticked by default).`,
    );
    const apply = app.getByRole('button', { name: 'Apply 2 ticked items' });
    await expect(apply).toBeDisabled();
    await app.getByRole('checkbox', { name: /I confirm this change to the production account “Globex”/ }).check();
    await expectNoHorizontalOverflow(app);
    await screenshotsInEverySize(app, 'config-plan', () => scrollMainTo(app.getByRole('heading', { name: 'Plan' })));
    await apply.click();
    const results = app.getByRole('region', { name: 'Every ticked item applied' });
    await expect(results).toBeVisible();
    await expect(results.getByRole('row', { name: /Cache control policy “Static assets” Applied/ })).toBeVisible();
    await expect(results.getByRole('row', { name: /CORS headers Applied/ })).toBeVisible();
    await expect(results.getByRole('row', { name: /Placeholder redirect \(edit me\)” Not ticked/ })).toBeVisible();
    await screenshotsInEverySize(app, 'config-apply-results', () => scrollMainTo(results));

    // The gateway has the document's values; the placeholder redirect was left alone.
    const target = gateway.store.serviceById(globexWww)!;
    expect(target.cacheControl.find((p) => p.policyName === 'Static assets')?.ttl).toBe(86_400);
    expect(gateway.store.corsOf(globexWww)).toMatchObject({
      accessControlAllowOrigin: 'https://www.acme.example',
      accessControlMaxAge: 600,
    });
    expect(target.redirections.find((p) => p.policyName.startsWith('Placeholder'))?.redirectDestination).toBe(
      `https://${globexDomain}/`,
    );

    // The journal of Globex records both writes.
    await results.getByRole('button', { name: 'Open the change journal' }).click();
    await expect(app.getByRole('button', { name: /^Account: / })).toHaveAccessibleName('Account: Globex (production)');
    const entries = app.getByRole('list', { name: 'Journal entries' });
    await expect(
      entries.getByRole('listitem').filter({ hasText: /Edit cache control policy \d+ “Static assets”/ }),
    ).toHaveCount(1);
    await expect(entries.getByRole('listitem').filter({ hasText: 'Set CORS headers' })).toHaveCount(1);
    const journal = await hostIpc<{ entries: Array<{ serviceId: number; result: { ok: boolean } }> }>(
      app,
      host,
      'journal.list',
      { accountId: globex!.id },
    );
    expect(journal.entries).toHaveLength(2);
    expect(journal.entries.every((e) => e.serviceId === globexWww && e.result.ok)).toBe(true);
  } finally {
    await gateway.stop();
  }
});

test('clone a service onto a new domain from its screen, keyboard only', async ({ app, host }) => {
  test.setTimeout(180_000);
  const gateway = await startSandbox({ keys: CUSTOMER_KEYS });
  try {
    const [acme] = await addCustomerAccounts(app, host, gateway);
    const { acmeWww } = await prepareAcme(app, host, gateway, acme!.id);
    await app.reload();
    const source = gateway.store.serviceById(acmeWww)!.service;

    await nav(app)
      .getByRole('button', { name: new RegExp(`#${acmeWww}$`) })
      .click();
    await expect(app.getByRole('heading', { level: 1, name: source.domainName })).toBeVisible();
    const cloneButton = app
      .getByRole('group', { name: 'Configuration of this service' })
      .getByRole('button', { name: 'Clone' });
    await cloneButton.focus();
    await app.keyboard.press('Enter');
    await expect(app.getByRole('tab', { name: 'Clone' })).toHaveAttribute('aria-selected', 'true');
    const form = app.getByRole('form', { name: 'Clone a service' });
    await expect(form.getByLabel('Service (source)')).toHaveValue(String(acmeWww));

    // A malformed domain, then the source's own: each named under the field, nothing created.
    const domain = form.getByLabel('Domain name', { exact: true });
    await domain.focus();
    await app.keyboard.type('shop copy');
    await app.keyboard.press('Enter');
    await expect(form.getByText(/^Domain name must be a domain name/)).toBeVisible();
    await expect(domain).toHaveAttribute('aria-invalid', 'true');
    await domain.fill('');
    await app.keyboard.type(source.domainName);
    await app.keyboard.press('Enter');
    await expect(form.getByText(/Domain name must differ from the source's/)).toBeVisible();
    await expect(domain).toHaveValue(source.domainName);
    expect(gateway.store.servicesOf(ACME.customerId)).toHaveLength(3);
    await screenshotsInEverySize(app, 'config-clone-form');

    await domain.fill('');
    await app.keyboard.type('shop-copy.customer-5101.example.org');
    await app.keyboard.press('Enter');
    const created = app.getByRole('region', { name: /^Created shop-copy\.customer-5101\.example\.org/ });
    await expect(created).toBeVisible();
    await expect(created.getByRole('heading')).toBeFocused();
    const items = app.getByRole('list', { name: 'Plan items' });
    const staticAssets = items.getByRole('listitem').filter({ hasText: 'Cache control policy “Static assets”' });
    await expect(staticAssets.getByText('Update', { exact: true })).toBeVisible();
    await expect(staticAssets.getByRole('row', { name: /TTL 7 days 1 day/ })).toBeVisible();
    await expect(items.getByRole('listitem').filter({ hasText: 'Service settings' })).toHaveCount(0);
    // The redirection's destination is the source's domain: flagged, left unticked (review M6).
    const redirect = items.getByRole('listitem').filter({ hasText: 'Redirection policy' });
    await expect(
      redirect.getByText(
        `Redirect destination points at the source's domain ${source.domainName}; check before applying`,
        { exact: false },
      ),
    ).toBeVisible();
    await expect(redirect.getByRole('checkbox')).not.toBeChecked();
    await expectNoHorizontalOverflow(app);
    await screenshotsInEverySize(app, 'config-clone-plan');
    await screenshotsInEverySize(app, 'config-clone-plan-caution', () => scrollMainTo(redirect));
    // Ticked on purpose, with the keyboard.
    await redirect.getByRole('checkbox').focus();
    await app.keyboard.press('Space');
    await expect(redirect.getByRole('checkbox')).toBeChecked();

    const apply = app.getByRole('button', { name: /^Apply \d+ ticked items?$/ });
    await apply.focus();
    await app.keyboard.press('Enter');
    await expect(app.getByRole('region', { name: 'Every ticked item applied' })).toBeVisible();
    const clone = gateway.store
      .servicesOf(ACME.customerId)
      .find((s) => s.service.domainName === 'shop-copy.customer-5101.example.org');
    expect(clone?.service.origins).toEqual(source.origins);
    expect(clone?.cacheControl.find((p) => p.policyName === 'Static assets')?.ttl).toBe(86_400);
    expect(gateway.store.corsOf(clone!.service.id)).toMatchObject({
      accessControlAllowOrigin: 'https://www.acme.example',
    });
    // The new service is in the account's list, and the journal has its creation and the applied items.
    await expect(nav(app).getByRole('button', { name: new RegExp(`#${clone!.service.id}$`) })).toBeVisible();
    const journal = await hostIpc<{ entries: Array<{ operationId: string; serviceId: number }> }>(
      app,
      host,
      'journal.list',
      { accountId: acme!.id },
    );
    expect(
      journal.entries
        .filter((e) => e.serviceId === clone!.service.id)
        .map((e) => e.operationId)
        .sort(),
    ).toEqual(['createService', 'setCorsHeaders', 'updateCacheControlPolicyV2', 'updateRedirectionPolicy']);
    await switchAccount(app, 'Acme');
  } finally {
    await gateway.stop();
  }
});
