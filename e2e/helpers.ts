// UI steps shared by several e2e specs (the fixtures themselves are in fixtures.ts).
import type { Locator, Page } from '@playwright/test';
import { expect, type E2eHost } from './fixtures.ts';
import type { SandboxHandle } from '#sandbox';

export type AccountProfile = {
  name: string;
  url: string;
  accessKeyId: string;
  secret: string;
  customerId: number;
  production?: boolean;
};

/** A profile with the fixture gateway's own credentials. */
export function gatewayProfile(sandbox: SandboxHandle, name: string): AccountProfile {
  const { accessKeyId, accessKeySecret, customerId } = sandbox.credentials;
  return { name, url: sandbox.url, accessKeyId, secret: accessKeySecret, customerId };
}

/** Picks the sandbox account on the welcome screen, unless the app already shows its navigation. */
export async function useSandbox(app: Page): Promise<void> {
  const welcome = app.getByRole('button', { name: /Use the sandbox account/ });
  const nav = app.getByRole('navigation', { name: 'Main' });
  await expect(welcome.or(nav)).toBeVisible();
  if (await welcome.isVisible()) await welcome.click();
  await expect(nav).toBeVisible();
}

/** Opens a tab of the first demo service (www.example-shop.com, #101), on the sandbox account. */
export async function openServiceTab(app: Page, tab: string): Promise<void> {
  await useSandbox(app);
  await app.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /#101$/ }).click();
  await app.getByRole('tab', { name: tab }).click();
}

/** Adds a standard account through the switcher's "Add account…" dialog (verified against the gateway). */
export async function addAccount(app: Page, account: AccountProfile): Promise<void> {
  await app.getByRole('button', { name: /^Account: / }).click();
  await app.getByRole('menuitem', { name: 'Add account…' }).click();
  const dialog = app.getByRole('dialog', { name: 'Add account' });
  await dialog.getByLabel('Display name').fill(account.name);
  await dialog.getByLabel('Customer ID').fill(String(account.customerId));
  await dialog.getByLabel('API base URL').fill(account.url);
  await dialog.getByLabel('Access key ID').fill(account.accessKeyId);
  await dialog.getByLabel('Access key secret', { exact: true }).fill(account.secret);
  if (account.production) await dialog.getByRole('checkbox', { name: /Production account/ }).check();
  await dialog.getByRole('button', { name: 'Add account', exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** Makes the named account current through the switcher menu. */
export async function switchAccount(app: Page, name: string): Promise<void> {
  const pattern = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const switcher = app.getByRole('button', { name: /^Account: / });
  await switcher.click();
  await app.getByRole('menuitemradio', { name: new RegExp(pattern) }).click();
  await expect(switcher).toHaveAccessibleName(new RegExp(`Account: ${pattern}`));
}

/** Adds services to the current account's list by ID; returns the dialog (it lists what was added). */
export async function addServicesById(app: Page, ids: string): Promise<Locator> {
  await app.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Add by ID' }).click();
  const dialog = app.getByRole('dialog', { name: 'Add services by ID' });
  await dialog.getByLabel('Service IDs').fill(ids);
  await dialog.getByRole('button', { name: 'Add services' }).click();
  return dialog;
}

/** Light and dark screenshots through the OS theme (the app follows prefers-color-scheme by default). */
export async function shootBothThemes(app: Page, name: string, target?: Locator): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    await app.emulateMedia({ colorScheme: theme });
    await expect(app.locator('html')).toHaveAttribute('data-theme', theme);
    const path = `e2e/screenshots/${name}-${theme}.png`;
    if (target) await target.screenshot({ path });
    else await app.screenshot({ path });
  }
  await app.emulateMedia({ colorScheme: 'light' });
}

/** The keys of the second gateway in the accounts flow (a customer of its own, not the demo one). */
export const SECOND_KEY = {
  accessKeyId: 'E2ESECONDKEY01',
  accessKeySecret: 'e2e-second-customer-secret-0123456789',
  customerId: 4242,
};

export type TwoAccountsFlowOptions = {
  /** A second sandbox gateway started with `startSandbox({ keys: [secondKey] })`. */
  secondGateway: SandboxHandle;
  secondKey?: typeof SECOND_KEY;
  /** Called at the screens worth a screenshot (the browser-host spec shoots them in both themes). */
  onScreen?: (name: 'welcome' | 'account-switcher' | 'account-form', target?: Locator) => Promise<void>;
};

/**
 * The accounts flow both hosts run (browser host: accounts.spec.ts, Electron: electron.spec.ts):
 * first start offers the sandbox account; a service is read on it; a second account on another
 * gateway (its own keys) is checked (a wrong secret first), added and switched to; a service is
 * read on it; back to the sandbox. Ends on the sandbox account with a sandbox service open.
 */
export async function firstStartAndTwoAccountsFlow(app: Page, options: TwoAccountsFlowOptions): Promise<void> {
  const { secondGateway: second, secondKey = SECOND_KEY, onScreen = async () => undefined } = options;
  // First start: no accounts yet, the sandbox account is the prominent choice.
  await expect(app.getByRole('heading', { name: 'Welcome to Acceleration Console' })).toBeVisible();
  const useSandboxButton = app.getByRole('button', { name: /^Use the sandbox account/ });
  await expect(useSandboxButton).toBeVisible();
  await expect(app.getByRole('button', { name: /^Add account/ })).toBeVisible();
  await onScreen('welcome');

  await useSandboxButton.click();
  const switcher = app.getByRole('button', { name: /^Account: / });
  await expect(switcher).toHaveAccessibleName('Account: Sandbox');

  // Read a seeded service on the sandbox account.
  const nav = app.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: /#101$/ }).click();
  await expect(app.getByRole('heading', { level: 1, name: 'www.example-shop.com' })).toBeVisible();
  await expect(app.getByText(/Read from the gateway at/)).toBeVisible();

  // Add the second account from the switcher menu.
  await switcher.click();
  await expect(app.getByRole('menuitemradio', { name: /Sandbox/ })).toHaveAttribute('aria-checked', 'true');
  await onScreen('account-switcher');
  await app.getByRole('menuitem', { name: 'Add account…' }).click();
  const dialog = app.getByRole('dialog', { name: 'Add account' });
  await expect(dialog).toBeVisible();

  // Validation as you type: the contract's rule for the base URL.
  const baseUrl = dialog.getByLabel('API base URL');
  await baseUrl.fill('not a url');
  await baseUrl.blur();
  await expect(dialog.getByText('Enter an http(s) URL, for example https://api.example.net')).toBeVisible();
  await expect(baseUrl).toHaveAttribute('aria-invalid', 'true');

  await dialog.getByLabel('Display name').fill('Second customer');
  await dialog.getByLabel('Customer ID').fill(String(secondKey.customerId));
  await baseUrl.fill(second.url);
  await dialog.getByLabel('Access key ID').fill(secondKey.accessKeyId);
  const secret = dialog.getByLabel('Access key secret', { exact: true });
  await secret.fill('a-wrong-secret');
  await expect(secret).toHaveAttribute('type', 'password');
  await dialog.getByRole('button', { name: 'Show access key secret' }).click();
  await expect(secret).toHaveAttribute('type', 'text');
  await dialog.getByRole('button', { name: 'Hide access key secret' }).click();

  // A wrong secret is reported in plain words before anything is saved.
  await dialog.getByRole('button', { name: 'Test connection' }).click();
  await expect(dialog.getByText('Could not verify these credentials.')).toBeVisible();
  await secret.fill(secondKey.accessKeySecret);
  await dialog.getByRole('button', { name: 'Test connection' }).click();
  await expect(dialog.getByText('Connected.')).toBeVisible();
  await dialog.getByRole('radio', { name: 'Purple' }).check({ force: true });
  await dialog.getByRole('checkbox', { name: /Production account/ }).check();
  await onScreen('account-form', dialog);
  await dialog.getByRole('button', { name: 'Add account', exact: true }).click();
  await expect(dialog).toBeHidden();

  // Adding does not switch; the switcher does.
  await expect(switcher).toHaveAccessibleName('Account: Sandbox');
  await switcher.click();
  await app.getByRole('menuitemradio', { name: /Second customer/ }).click();
  await expect(switcher).toHaveAccessibleName('Account: Second customer (production)');
  await expect(app.getByRole('banner').getByText('PROD', { exact: true })).toBeVisible();

  // The second account knows no services yet: add its seeded one by ID and read it.
  const [secondService] = second.store.servicesOf(secondKey.customerId);
  expect(secondService).toBeDefined();
  const { id, domainName } = secondService!.service;
  await expect(nav.getByText(/No services yet/)).toBeVisible();
  const addDialog = await addServicesById(app, String(id));
  await expect(addDialog.getByText(`Added 1:`)).toBeVisible();
  await addDialog.getByRole('button', { name: `Open ${domainName}` }).click();
  await expect(app.getByRole('heading', { level: 1, name: domainName })).toBeVisible();
  await expect(app.getByText(/Read from the gateway at/)).toBeVisible();

  // The sandbox's service of the same ID is not visible from this account.
  await expect(nav.getByRole('button', { name: /#101$/ })).toHaveCount(id === 101 ? 1 : 0);

  // Back to the sandbox: its own list and services.
  await switcher.click();
  await app.getByRole('menuitemradio', { name: /Sandbox/ }).click();
  await expect(switcher).toHaveAccessibleName('Account: Sandbox');
  await expect(nav.getByRole('button', { name: /#101$/ })).toBeVisible();
  await nav.getByRole('button', { name: /#102$/ }).click();
  await expect(app.getByRole('heading', { level: 1, name: 'static.example-media.net' })).toBeVisible();
}

/** A consultant's three customers, each with its own key on one gateway (start it with `keys: CUSTOMER_KEYS`). */
export const CUSTOMERS = [
  {
    name: 'Acme',
    accessKeyId: 'E2EACMEKEY0001',
    accessKeySecret: 'e2e-acme-customer-secret-0123456789',
    customerId: 5101,
  },
  {
    name: 'Globex',
    accessKeyId: 'E2EGLOBEXKEY01',
    accessKeySecret: 'e2e-globex-customer-secret-012345678',
    customerId: 5102,
  },
  {
    name: 'Initech',
    accessKeyId: 'E2EINITECHKEY1',
    accessKeySecret: 'e2e-initech-customer-secret-01234567',
    customerId: 5103,
  },
] as const;
export const CUSTOMER_KEYS = CUSTOMERS.map(({ accessKeyId, accessKeySecret, customerId }) => ({
  accessKeyId,
  accessKeySecret,
  customerId,
}));

/** One IPC call through the browser host, as the renderer makes it (setup steps that are not under test). */
export async function hostIpc<T>(page: Page, host: E2eHost, channel: string, input: unknown): Promise<T> {
  const response = await page.request.post(`${host.origin}/ipc/${channel}`, {
    data: input,
    headers: { Origin: host.origin },
  });
  const body = (await response.json()) as { ok: boolean; data?: T; error?: { code: string; message: string } };
  if (!body.ok) throw new Error(`${channel}: ${body.error?.code} ${body.error?.message}`);
  return body.data as T;
}

export type CustomerAccount = { id: string; name: string; services: { id: number; domainName: string }[] };

/**
 * One customer's account on `gateway` (started with `keys: CUSTOMER_KEYS`), with the customer's
 * seeded services listed in its inventory (through IPC, not the UI).
 */
export async function addCustomerAccount(
  page: Page,
  host: E2eHost,
  gateway: SandboxHandle,
  customer: (typeof CUSTOMERS)[number],
  options: { production?: boolean; verify?: boolean; makeCurrent?: boolean } = {},
): Promise<CustomerAccount> {
  const { account } = await hostIpc<{ account: { id: string } }>(page, host, 'accounts.add', {
    name: customer.name,
    baseUrl: gateway.url,
    accessKeyId: customer.accessKeyId,
    customerId: customer.customerId,
    secret: customer.accessKeySecret,
    ...(options.production === undefined ? {} : { production: options.production }),
    verify: options.verify ?? false,
    makeCurrent: options.makeCurrent ?? false,
  });
  const services = gateway.store
    .servicesOf(customer.customerId)
    .map((s) => ({ id: s.service.id, domainName: s.service.domainName }));
  for (const s of services)
    await hostIpc(page, host, 'inventory.record', { accountId: account.id, serviceId: s.id, domainName: s.domainName });
  return { id: account.id, name: customer.name, services };
}

/**
 * The three customer accounts on `gateway` (started with `keys: CUSTOMER_KEYS`), each with its
 * seeded services listed, and the first one current; the page is reloaded to show them.
 */
export async function addCustomerAccounts(
  page: Page,
  host: E2eHost,
  gateway: SandboxHandle,
): Promise<CustomerAccount[]> {
  const added: CustomerAccount[] = [];
  for (const customer of CUSTOMERS) {
    added.push(
      await addCustomerAccount(page, host, gateway, customer, { verify: true, makeCurrent: added.length === 0 }),
    );
  }
  await page.reload();
  await expect(page.getByRole('button', { name: /^Account: / })).toHaveAccessibleName(`Account: ${CUSTOMERS[0].name}`);
  return added;
}

/** An unverified account on the fixture gateway, made current (through IPC, not the UI). */
export async function addGatewayAccount(
  page: Page,
  host: E2eHost,
  sandbox: SandboxHandle,
  name: string,
): Promise<{ id: string }> {
  const { account } = await hostIpc<{ account: { id: string } }>(page, host, 'accounts.add', {
    name,
    baseUrl: sandbox.url,
    accessKeyId: sandbox.credentials.accessKeyId,
    customerId: sandbox.credentials.customerId,
    secret: sandbox.credentials.accessKeySecret,
    verify: false,
    makeCurrent: true,
  });
  return account;
}

/**
 * Starts a gateway whose customers (default 5; with the default seed the first is the demo
 * customer 1024) each serve a service on one domain (default www.example-shop.com), and adds one
 * verified account per customer (through IPC, named after the customer) with its services listed;
 * the first account is current and the page is reloaded. The caller stops `gateway.sandbox`.
 */
export async function addSharedDomainAccounts(
  page: Page,
  host: E2eHost,
  options: { customers?: number; domainName?: string; seed?: number | string } = {},
): Promise<{
  gateway: import('#sandbox/test-support/shared-domain.ts').SharedDomainSandbox;
  accounts: Array<{
    id: string;
    name: string;
    customerId: number;
    sharedServiceId: number;
    services: { id: number; domainName: string }[];
  }>;
}> {
  const { startSharedDomainSandbox } = await import('#sandbox/test-support/shared-domain.ts');
  const gateway = await startSharedDomainSandbox(options);
  const accounts = [];
  try {
    for (const [index, customer] of gateway.customers.entries()) {
      const { account } = await hostIpc<{ account: { id: string } }>(page, host, 'accounts.add', {
        name: customer.name,
        baseUrl: gateway.sandbox.url,
        accessKeyId: customer.credentials.accessKeyId,
        customerId: customer.customerId,
        secret: customer.credentials.accessKeySecret,
        verify: true,
        makeCurrent: index === 0,
      });
      for (const s of customer.services)
        await hostIpc(page, host, 'inventory.record', {
          accountId: account.id,
          serviceId: s.id,
          domainName: s.domainName,
        });
      accounts.push({
        id: account.id,
        name: customer.name,
        customerId: customer.customerId,
        sharedServiceId: customer.sharedService.id,
        services: customer.services,
      });
    }
    await page.reload();
    await expect(page.getByRole('button', { name: /^Account: / })).toHaveAccessibleName(
      `Account: ${gateway.customers[0]!.name}`,
    );
  } catch (error) {
    await gateway.sandbox.stop();
    throw error;
  }
  return { gateway, accounts };
}
