// The right customer (a consultant's trial: a change meant for one customer landed on another).
// Three customers on three gateways, each with the same domain www.example-shop.com as #101; the
// current one is Umbrella Corp (production). A palette query naming Acme opens *Acme's* service,
// the review dialog names Acme and the service before anything is sent, and the write reaches
// Acme's gateway only. Configuration apply and clone name their target the same way.
// Screenshots: e2e/screenshots/right-customer-*-<width>-<theme>.png.
import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { test, expect, screenshotsInEverySize, waitForAppShell, type E2eHost } from './fixtures.ts';
import { hostIpc } from './helpers.ts';
import { startSandbox, type SandboxHandle } from '#sandbox';

const DOMAIN = 'www.example-shop.com';

/** An account on `gateway` (its own demo customer), with the gateway's services in its list. */
async function addCustomer(
  app: Page,
  host: E2eHost,
  gateway: SandboxHandle,
  name: string,
  options: { production?: boolean; makeCurrent?: boolean } = {},
): Promise<string> {
  const { accessKeyId, accessKeySecret, customerId } = gateway.credentials;
  const { account } = await hostIpc<{ account: { id: string } }>(app, host, 'accounts.add', {
    name,
    baseUrl: gateway.url,
    accessKeyId,
    customerId,
    secret: accessKeySecret,
    production: options.production ?? false,
    verify: false,
    makeCurrent: options.makeCurrent ?? false,
  });
  for (const { service } of gateway.store.servicesOf(customerId)) {
    await hostIpc(app, host, 'inventory.record', {
      accountId: account.id,
      serviceId: service.id,
      domainName: service.domainName,
    });
  }
  return account.id;
}

/** No serious or critical axe violation (WCAG 2.2 A/AA) inside the open dialog (or `scope`), light and dark. */
async function expectNoSeriousAxe(app: Page, scope = 'dialog[open]'): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    await app.emulateMedia({ colorScheme: theme });
    await expect(app.locator('html')).toHaveAttribute('data-theme', theme);
    const results = await new AxeBuilder({ page: app })
      .include(scope)
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(
      results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${theme}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  }
  await app.emulateMedia({ colorScheme: 'light' });
}

/** The TTL of the demo service's "Static assets" cache policy on `gateway`. */
function staticAssetsTtl(gateway: SandboxHandle): number | undefined {
  const record = gateway.store.service(gateway.credentials.customerId, 101);
  return record?.cacheControl.find((policy) => policy.policyName === 'Static assets')?.ttl;
}

async function openPalette(app: Page): Promise<{ palette: Locator; search: Locator }> {
  await app.keyboard.press('Control+k');
  const palette = app.getByRole('dialog', { name: 'Command palette' });
  const search = palette.getByRole('combobox', { name: 'Search services, screens and accounts' });
  await expect(search).toBeFocused();
  return { palette, search };
}

test('two customers sharing a domain: the palette opens the named customer’s service, the review names it, the write lands there', async ({
  app,
  host,
}) => {
  test.setTimeout(180_000);
  const acmeGateway = await startSandbox({ port: 0 });
  const umbrellaGateway = await startSandbox({ port: 0 });
  const retailGateway = await startSandbox({ port: 0 });
  try {
    await addCustomer(app, host, acmeGateway, 'Acme Retail');
    await addCustomer(app, host, retailGateway, 'Retail standard');
    await addCustomer(app, host, umbrellaGateway, 'Umbrella Corp', { production: true, makeCurrent: true });
    await app.reload();
    await waitForAppShell(app);
    const switcher = app.getByRole('button', { name: /^Account: / });
    await expect(switcher).toHaveAccessibleName('Account: Umbrella Corp (production)');
    const ttlBefore = {
      acme: staticAssetsTtl(acmeGateway),
      umbrella: staticAssetsTtl(umbrellaGateway),
      retail: staticAssetsTtl(retailGateway),
    };

    await test.step('palette: "acme www rule tester" and "acme www cache" rank Acme’s entries first; every entry names its account', async () => {
      const { palette, search } = await openPalette(app);
      await app.keyboard.type('acme www rule tester');
      const first = palette.getByRole('option').first();
      await expect(first).toContainText(`${DOMAIN} › Rule tester`);
      await expect(first).toContainText('Acme Retail');
      await search.fill('');
      await app.keyboard.type('acme www cache');
      await expect(first).toContainText(`${DOMAIN} › Cache control`);
      await expect(first).toContainText('Acme Retail');
      // The current account's entries carry its name too (they used not to).
      const options = palette.getByRole('option');
      const texts = await options.allTextContents();
      expect(texts.length).toBeGreaterThan(1);
      for (const text of texts) expect(text).toMatch(/Acme Retail|Umbrella Corp|Retail standard/);
      expect(texts.some((text) => text.includes('Umbrella Corp'))).toBe(true);
      await screenshotsInEverySize(app, 'right-customer-palette');
      await expectNoSeriousAxe(app);
      await search.press('Enter');
      await expect(palette).toBeHidden();
    });

    await test.step('the palette switched to Acme and opened its service on Cache control', async () => {
      await expect(switcher).toHaveAccessibleName('Account: Acme Retail');
      await expect(app.getByRole('heading', { level: 1, name: DOMAIN })).toBeVisible();
      await expect(app.getByRole('tab', { name: 'Cache control' })).toHaveAttribute('aria-selected', 'true');
    });

    await test.step('the review dialog names Acme Retail and www.example-shop.com #101; applying writes to Acme’s gateway only', async () => {
      await app.getByRole('button', { name: 'Edit cache control policy Static assets' }).click();
      const editor = app.getByRole('form', { name: /Edit cache control policy/ });
      await editor.getByLabel('TTL', { exact: true }).fill('2');
      await editor.getByLabel('TTL unit').selectOption('h');
      await editor.getByRole('button', { name: 'Review and save' }).click();
      const dialog = app.getByRole('dialog', { name: 'Review the change' });
      const target = dialog.getByRole('group', { name: 'Changes' });
      await expect(target).toContainText('Acme Retail');
      await expect(target).toContainText(/www\.example-shop\.com\s*#101/);
      await expect(target).not.toContainText('PROD');
      await screenshotsInEverySize(app, 'right-customer-review');
      await expectNoSeriousAxe(app);
      await dialog.getByRole('button', { name: 'Apply change' }).click();
      await expect(dialog).toBeHidden();
      await expect.poll(() => staticAssetsTtl(acmeGateway)).toBe(7200);
      expect(staticAssetsTtl(umbrellaGateway)).toBe(ttlBefore.umbrella);
      expect(staticAssetsTtl(retailGateway)).toBe(ttlBefore.retail);
      expect(ttlBefore.acme).not.toBe(7200);
    });

    await test.step('configuration apply names its target: Umbrella Corp, PROD, www.example-shop.com #101', async () => {
      await app.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Configuration' }).click();
      await app.getByRole('tab', { name: 'Apply' }).click();
      const applyForm = app.getByRole('form', { name: 'Apply a configuration' });
      await applyForm
        .getByRole('radiogroup', { name: 'Source: kind' })
        .getByRole('radio', { name: 'A service' })
        .check();
      await applyForm.getByLabel('Account (source)').selectOption({ label: 'Acme Retail' });
      await applyForm.getByLabel('Service (source)').selectOption('101');
      await applyForm.getByLabel('Account (target)').selectOption({ label: 'Umbrella Corp (production)' });
      await applyForm.getByLabel('Service (target)').selectOption('101');
      await applyForm.getByRole('button', { name: 'Plan' }).click();
      const target = app.getByRole('group', { name: 'Applies to' });
      await expect(target).toContainText('Umbrella Corp');
      await expect(target).toContainText('PROD');
      await expect(target).toContainText(/www\.example-shop\.com\s*#101/);
      await screenshotsInEverySize(app, 'right-customer-config-apply', () =>
        target.evaluate((el) => el.scrollIntoView({ block: 'center' })),
      );
      await expectNoSeriousAxe(app, 'main');
    });

    await test.step('clone names the account the new service is created in, and its domain', async () => {
      await app.getByRole('tab', { name: 'Clone' }).click();
      const cloneForm = app.getByRole('form', { name: 'Clone a service' });
      await cloneForm.getByLabel('Create in account').selectOption({ label: 'Retail standard' });
      await cloneForm.getByLabel('Domain name', { exact: true }).fill('shop-copy.example.net');
      const target = cloneForm.getByRole('group', { name: 'Creates in' });
      await expect(target).toContainText('Retail standard');
      await expect(target).toContainText('shop-copy.example.net');
      await screenshotsInEverySize(app, 'right-customer-clone', () =>
        target.evaluate((el) => el.scrollIntoView({ block: 'center' })),
      );
    });
  } finally {
    await acmeGateway.stop();
    await umbrellaGateway.stop();
    await retailGateway.stop();
  }
});
