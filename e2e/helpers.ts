// UI steps shared by several e2e specs (the fixtures themselves are in fixtures.ts).
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import type { SandboxHandle } from '../src/sandbox/index.ts';

export type AccountProfile = { name: string; url: string; accessKeyId: string; secret: string; customerId: number; production?: boolean };

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
