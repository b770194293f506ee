// Services through the browser host against the built-in sandbox: create a service with every
// kind of field (the cName and DNS hint are shown), server errors land on their field with nothing
// lost, add existing services by an ID range (not-found ones reported), and the details view.
import { test, expect } from './fixtures.ts';
import type { Locator, Page } from '@playwright/test';
import { addAccount, gatewayProfile, shootBothThemes } from './helpers.ts';

async function useSandbox(app: Page): Promise<void> {
  await app.getByRole('button', { name: /^Use the sandbox account/ }).click();
  await expect(app.getByRole('navigation', { name: 'Main' })).toBeVisible();
}

/** Light and dark screenshots at 1280 × height. */
async function shoot(app: Page, name: string, target?: Locator, height = 800): Promise<void> {
  const size = app.viewportSize();
  await app.setViewportSize({ width: 1280, height });
  await shootBothThemes(app, name, target);
  if (size) await app.setViewportSize(size);
}

const originUrl = (app: Page, n: number) => app.getByRole('textbox', { name: `Origin URL of origin ${n}` });

test('create a service: validation as you type, reorder origins, cName and DNS hint, details with a revealed secret', async ({
  app,
}) => {
  await useSandbox(app);
  const nav = app.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: /New service/ }).click();
  await expect(app.getByRole('heading', { level: 1, name: 'New service' })).toBeVisible();

  // Validation as you type names the field and the rule.
  const domain = app.getByLabel('Domain name', { exact: true });
  await domain.fill('shop e2e');
  await expect(app.getByText(/^Domain name must be a domain name such as www\.example\.com/)).toBeVisible();
  await domain.fill('shop-e2e.example.com');
  await expect(domain).not.toHaveAttribute('aria-invalid', 'true');
  await app.getByLabel('Alternate domain names').fill('cdn-e2e.example.com, img-e2e.example.com');

  await originUrl(app, 1).fill('ftp://origin e2e');
  await expect(app.getByText(/^Origin URL must look like/)).toBeVisible();
  await originUrl(app, 1).fill('https://origin-e2e.example.com');
  await app.getByRole('button', { name: '+ Add origin' }).click();
  await expect(originUrl(app, 2)).toBeFocused();
  await originUrl(app, 2).fill('backup-e2e.example.com:8080/static');
  // The fallback becomes the primary.
  await app.getByRole('button', { name: 'Move origin 2 up' }).click();
  await expect(originUrl(app, 1)).toHaveValue('backup-e2e.example.com:8080/static');
  await expect(originUrl(app, 2)).toHaveValue('https://origin-e2e.example.com');
  // Keyboard: Alt+ArrowDown moves the focused origin down again, and back up.
  await originUrl(app, 1).press('Alt+ArrowDown');
  await expect(originUrl(app, 2)).toHaveValue('backup-e2e.example.com:8080/static');
  await originUrl(app, 2).press('Alt+ArrowUp');
  await expect(originUrl(app, 1)).toHaveValue('backup-e2e.example.com:8080/static');

  await app.getByRole('textbox', { name: 'SNI of origin 2' }).fill('origin-e2e.example.com');
  const originTwo = app.getByRole('listitem', { name: 'Origin 2 (fallback)' });
  await originTwo.getByRole('button', { name: '+ Add header' }).click();
  await app.getByRole('textbox', { name: 'Header name 1 of origin 2' }).fill('X-E2E-Token');
  await app.getByRole('textbox', { name: 'Value of header 1, origin 2' }).fill('hello');
  const originOne = app.getByRole('listitem', { name: 'Origin 1 (primary)' });
  await originOne.getByRole('checkbox', { name: /S3-compatible storage/ }).check();
  await app.getByRole('textbox', { name: 'S3 access key of origin 1' }).fill('AKIAE2E');
  const s3Secret = app.getByLabel('S3 access secret of origin 1').and(app.locator('input'));
  await s3Secret.fill('s3-e2e-secret-value');
  await expect(s3Secret).toHaveAttribute('type', 'password');
  await app.getByRole('textbox', { name: 'S3 region of origin 1' }).fill('eu-west-1');
  await app.getByRole('radio', { name: /^preserve/ }).check();
  await app.getByLabel('TLS profile').selectOption('modern');
  await app.getByRole('checkbox', { name: 'HTTP/3' }).check();
  await app.getByRole('checkbox', { name: 'Redirect HTTP to HTTPS' }).check();
  await shoot(app, 'create-service', undefined, 1500);

  await app.getByRole('button', { name: 'Create service' }).click();
  const created = app.getByRole('status').filter({ hasText: 'Service created' });
  await expect(created.getByRole('heading', { name: /Service created: shop-e2e\.example\.com/ })).toBeVisible();
  const cName = (await created.getByLabel('Edge CNAME').textContent())?.trim() ?? '';
  expect(cName).not.toBe('');
  await expect(created.getByRole('button', { name: 'Copy CNAME' })).toBeVisible();
  await expect(created).toContainText(`shop-e2e.example.com. CNAME ${cName.replace(/\.$/, '')}.`);
  await shoot(app, 'service-created');

  // It is in the inventory, and the details show every field; the S3 secret is masked until revealed.
  await expect(nav.getByRole('button', { name: /^shop-e2e\.example\.com/ })).toBeVisible();
  await created.getByRole('button', { name: 'Open service' }).click();
  await expect(app.getByRole('heading', { level: 1, name: 'shop-e2e.example.com' })).toBeVisible();
  const details = app.getByRole('tabpanel');
  await expect(details.getByText('backup-e2e.example.com:8080/static')).toBeVisible();
  await expect(details.getByText('cdn-e2e.example.com')).toBeVisible();
  await expect(details.getByText('X-E2E-Token')).toBeVisible();
  await expect(details).toContainText('modern — TLS 1.3 only');
  // A switch the gateway left out reads like the others: On / Off, marked as the default.
  await expect(
    details.locator('dt', { hasText: 'Drop query string' }).locator('xpath=following-sibling::dd[1]'),
  ).toHaveText('Off (default)');
  await expect(details).not.toContainText(/Drop query string\s*—/);
  await expect(details).not.toContainText('s3-e2e-secret-value');
  await details.getByRole('button', { name: 'Reveal S3 access secret of origin 1' }).click();
  await expect(details.getByText('s3-e2e-secret-value')).toBeVisible();
  await details.getByRole('button', { name: 'Hide S3 access secret of origin 1' }).click();
  await expect(details).not.toContainText('s3-e2e-secret-value');
  await shoot(app, 'service-details', undefined, 1400);

  // The same domain again: the server's 409 lands on the Domain name field, nothing typed is lost.
  await nav.getByRole('button', { name: /New service/ }).click();
  await app.getByLabel('Domain name', { exact: true }).fill('shop-e2e.example.com');
  await originUrl(app, 1).fill('origin-two.example.com');
  await app.getByRole('button', { name: 'Create service' }).click();
  await expect(app.getByLabel('Domain name', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(app.getByText(/InvalidService\.DomainName/)).toBeVisible();
  await expect(originUrl(app, 1)).toHaveValue('origin-two.example.com');
  await expect(app.getByLabel('Domain name', { exact: true })).toHaveValue('shop-e2e.example.com');
  await shoot(app, 'create-service-server-error');

  // Both attempts are in the change journal: the creation under the new service's ID (its
  // settings as created, the S3 secret not recorded), then the refused second one.
  const serviceId = /#(\d+)$/.exec(
    (await nav.getByRole('button', { name: /^shop-e2e\.example\.com/ }).textContent())?.trim() ?? '',
  )?.[1];
  expect(serviceId).toBeTruthy();
  await nav.getByRole('button', { name: 'Change journal' }).click();
  const entries = app.getByRole('list', { name: 'Journal entries' });
  const creation = entries
    .getByRole('listitem')
    .filter({ hasText: `Create service ${serviceId} “shop-e2e.example.com”` });
  await expect(creation).toContainText(`shop-e2e.example.com (#${serviceId}) · new service`);
  await expect(creation).toContainText('applied');
  await expect(creation.getByRole('button', { name: 'Apply previous version again' })).toHaveCount(0);
  await creation.getByRole('button', { name: 'Details' }).click();
  await expect(creation).toContainText('The service as the gateway created it');
  await expect(creation).toContainText(cName.replace(/\.$/, ''));
  await expect(creation).toContainText('backup-e2e.example.com:8080/static');
  await expect(creation).not.toContainText('s3-e2e-secret-value');
  await expect(entries.getByRole('listitem').first()).toContainText('Create service “shop-e2e.example.com”');
  await expect(entries.getByRole('listitem').first()).toContainText(/failed: InvalidService\.DomainName/);
  await shoot(app, 'journal-service-created');
});

test('add services by ID range: added, already known and not found are reported; removing is local only', async ({
  app,
}) => {
  await useSandbox(app);
  const nav = app.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('button', { name: /#102$/ })).toBeVisible();

  // Forget #102 locally (the service stays on the gateway).
  await nav.getByRole('button', { name: 'All services' }).click();
  await app.getByRole('button', { name: 'Remove static.example-media.net from the list' }).click();
  const confirm = app.getByRole('alertdialog', { name: 'Remove from the list' });
  await expect(confirm).toContainText('only forgets it on this computer');
  await confirm.getByRole('button', { name: 'Remove from list' }).click();
  await expect(nav.getByRole('button', { name: /#102$/ })).toHaveCount(0);
  await shoot(app, 'services-overview');

  await app.getByRole('main').getByRole('button', { name: 'Add by ID' }).click();
  const dialog = app.getByRole('dialog', { name: 'Add services by ID' });
  const ids = dialog.getByLabel('Service IDs');
  await ids.fill('110-100');
  await ids.blur();
  await expect(dialog.getByText('The range “110-100” runs backwards; write it as 100-110')).toBeVisible();
  await ids.fill('102-103, 99999');
  await expect(dialog.getByText('Reads 3 services.')).toBeVisible();
  await shoot(app, 'add-by-id', dialog);
  await dialog.getByRole('button', { name: 'Add services' }).click();
  await expect(dialog.getByText('Added 1:')).toBeVisible();
  await expect(dialog).toContainText('static.example-media.net (#102)');
  await expect(dialog).toContainText('Already in the list, refreshed 1:');
  await expect(dialog).toContainText('Not found (1): #99999');
  await shoot(app, 'add-by-id-result', dialog);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(nav.getByRole('button', { name: /#102$/ })).toBeVisible();

  // Details of a sandbox service read from the gateway.
  await nav.getByRole('button', { name: /#103$/ }).click();
  await expect(app.getByRole('tab', { name: 'Details' })).toHaveAttribute('aria-selected', 'true');
  await expect(app.getByRole('heading', { name: 'Edge CNAME' })).toBeVisible();
  await expect(app.getByRole('heading', { name: 'Origins' })).toBeVisible();
});

test('theme: follows the OS, a manual choice overrides it and survives a reload', async ({ app }) => {
  await useSandbox(app);
  const html = app.locator('html');
  const themes = app.getByRole('group', { name: 'Theme' });
  await app.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await themes.getByRole('button', { name: 'Light', exact: true }).click();
  await expect(themes.getByRole('button', { name: 'Light', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(html).toHaveAttribute('data-theme', 'light');
  await app.reload();
  await expect(html).toHaveAttribute('data-theme', 'light');
  await themes.getByRole('button', { name: 'System', exact: true }).click();
  await expect(html).toHaveAttribute('data-theme', 'dark');
});

test('a production account asks for confirmation before creating; cancelling keeps the form', async ({
  app,
  sandbox,
}) => {
  await useSandbox(app);
  // A production profile on the fixture gateway.
  await addAccount(app, { ...gatewayProfile(sandbox, 'Live shop'), production: true });
  await app.getByRole('button', { name: /^Account: / }).click();
  await app.getByRole('menuitemradio', { name: /Live shop/ }).click();
  await expect(app.getByRole('button', { name: /^Account: / })).toHaveAccessibleName('Account: Live shop (production)');

  await app
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: /New service/ })
    .click();
  await app.getByLabel('Domain name', { exact: true }).fill('live-e2e.example.com');
  await originUrl(app, 1).fill('origin-live.example.com');
  await app.getByRole('button', { name: 'Create service' }).click();
  const confirm = app.getByRole('alertdialog', { name: 'Create on a production account?' });
  await expect(confirm).toContainText('“Live shop” is a production account');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(app.getByLabel('Domain name', { exact: true })).toHaveValue('live-e2e.example.com');

  await app.getByRole('button', { name: 'Create service' }).click();
  // Like every production change: whose account it lands in, and a box to tick before it goes.
  await expect(confirm.getByRole('group', { name: 'Creates in' })).toContainText('Live shop');
  await expect(confirm.getByRole('group', { name: 'Creates in' })).toContainText('live-e2e.example.com');
  await expect(confirm.getByRole('button', { name: 'Create service' })).toBeDisabled();
  // From the keyboard: Shift+Tab from Cancel reaches the box, Space ticks it (its focus ring shows).
  const box = confirm.getByLabel('I confirm this change to the production account “Live shop”');
  await confirm.getByRole('button', { name: 'Cancel' }).focus();
  await app.keyboard.press('Shift+Tab');
  await expect(box).toBeFocused();
  await app.keyboard.press('Space');
  await expect(box).toBeChecked();
  await shootBothThemes(app, 'services-production-create-confirm', confirm);
  await confirm.getByRole('button', { name: 'Create service' }).click();
  await expect(app.getByRole('heading', { name: /Service created: live-e2e\.example\.com/ })).toBeVisible();
});
