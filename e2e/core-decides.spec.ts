// The core decides, the app asks: a production flag set by another instance (the CLI, another
// app) makes the core refuse a create this window thought unguarded, and the New service screen
// asks then; rule tests that start failing after the review opened make the core refuse the save,
// and the review opens again showing them; a journal re-apply that would make rule tests fail is
// refused until the user accepts it in the dialog.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { createCore } from '#core/app-core.ts';
import { test, expect, screenshot, screenshotsInEverySize, type E2eHost } from './fixtures.ts';
import { addAccount, gatewayProfile, hostIpc, openServiceTab, useSandbox } from './helpers.ts';
import type { Expectation } from '#shared/suites/schema.ts';

type Account = { id: string; name: string; kind: string };

async function accountsOf(app: Page, host: E2eHost): Promise<Account[]> {
  return (await hostIpc<{ accounts: Account[] }>(app, host, 'accounts.list', {})).accounts;
}

/** Both sizes and themes as screenshotsInEverySize, without dismissing toasts first (behind an open modal they cannot be clicked). */
async function shootWithToast(app: Page, name: string): Promise<void> {
  for (const size of [
    { width: 1024, height: 700 },
    { width: 1280, height: 800 },
  ]) {
    await app.setViewportSize(size);
    for (const theme of ['light', 'dark'] as const) {
      await app.emulateMedia({ colorScheme: theme });
      await expect(app.locator('html')).toHaveAttribute('data-theme', theme);
      await screenshot(app, `${name}-${size.width}-${theme}`);
    }
  }
  await app.emulateMedia({ colorScheme: 'light' });
}

/** Serious or critical axe violations (WCAG 2.2 A/AA) in the light and the dark theme. */
async function axeInBothThemes(app: Page): Promise<string[]> {
  const out: string[] = [];
  for (const theme of ['light', 'dark'] as const) {
    await app.emulateMedia({ colorScheme: theme });
    await expect(app.locator('html')).toHaveAttribute('data-theme', theme);
    const results = await new AxeBuilder({ page: app })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    for (const v of results.violations)
      if (v.impact === 'serious' || v.impact === 'critical')
        out.push(`${theme}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }
  await app.emulateMedia({ colorScheme: 'light' });
  return out;
}

const blockedFromOutside: Expectation = {
  name: 'Admin blocked from outside',
  request: { url: '/admin/users', clientIp: '10.0.0.1' },
  expect: { status: 'denied', rule: 'Block admin from outside' },
};
const openToTheOffice: Expectation = {
  name: 'Admin open to the office',
  request: { url: '/admin/users', clientIp: '10.0.0.1' },
  expect: { status: 'served' },
};

test('a production flag set by another instance: the core refuses the create, the screen asks, the service is listed', async ({
  app,
  host,
  sandbox,
}) => {
  await useSandbox(app);
  await addAccount(app, gatewayProfile(sandbox, 'Shop'));
  await app.getByRole('button', { name: /^Account: / }).click();
  await app.getByRole('menuitemradio', { name: /Shop/ }).click();
  await expect(app.getByRole('button', { name: /^Account: / })).toHaveAccessibleName('Account: Shop');
  await app
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: /New service/ })
    .click();
  await app.getByLabel('Domain name', { exact: true }).fill('flagged-e2e.example.com');
  await app.getByRole('textbox', { name: 'Origin URL of origin 1' }).fill('https://origin-flagged.example.com');

  // Another core on the same data directory (as `accel accounts update --production` would be): no event reaches this window.
  const shop = (await accountsOf(app, host)).find((a) => a.name === 'Shop')!;
  const other = createCore({ dataDir: host.dataDir, keychainService: host.keychainService });
  try {
    const updated = await other.invoke('accounts.update', { accountId: shop.id, patch: { production: true } });
    expect(updated.ok).toBe(true);
  } finally {
    await other.dispose();
  }

  await app.getByRole('button', { name: 'Create service' }).click();
  const confirm = app.getByRole('alertdialog', { name: 'Create on a production account?' });
  await expect(confirm).toContainText('“Shop” is a production account');
  expect(
    sandbox.store
      .servicesOf(sandbox.credentials.customerId)
      .some((s) => s.service.domainName === 'flagged-e2e.example.com'),
  ).toBe(false);
  // The window learnt the flag from the refusal.
  await expect(app.getByRole('button', { name: /^Account: / })).toHaveAccessibleName('Account: Shop (production)');
  await confirm.getByLabel('I confirm this change to the production account “Shop”').check();
  await screenshotsInEverySize(app, 'core-decides-production-create');
  await confirm.getByRole('button', { name: 'Create service' }).click();
  await expect(app.getByRole('heading', { name: /Service created: flagged-e2e\.example\.com/ })).toBeVisible();
  const listed = await hostIpc<{ services: Array<{ domainName: string; source: string }> }>(
    app,
    host,
    'inventory.list',
    { accountId: shop.id },
  );
  expect(listed.services).toEqual([
    expect.objectContaining({ domainName: 'flagged-e2e.example.com', source: 'created' }),
  ]);
});

test('rule tests that fail only after the review opened: the core refuses, the review opens again with them; a re-apply waits for acceptance', async ({
  app,
  host,
}) => {
  await openServiceTab(app, 'Access control');
  const sandboxAccount = (await accountsOf(app, host)).find((a) => a.kind === 'sandbox')!;
  const key = { accountId: sandboxAccount.id, serviceId: 101 };

  // Let 10.0.0.0/8 through "Block admin from outside"; the service has no suite while the review opens.
  await app.getByRole('button', { name: 'Edit access control policy Block admin from outside' }).click();
  const editor = app.getByRole('form', { name: /Edit access control policy/ });
  await editor.getByRole('textbox', { name: 'IP restriction' }).fill('10.0.0.0/8');
  await editor.getByRole('textbox', { name: 'IP restriction' }).press('Enter');
  await editor.getByRole('button', { name: 'Review and save' }).click();
  const review = app.getByRole('dialog', { name: 'Review the change' });
  await expect(review).toBeVisible();
  await expect(review.getByRole('region', { name: /This change flips/ })).toHaveCount(0);

  // Meanwhile an expectation the change breaks is saved (another window, the CLI).
  await hostIpc(app, host, 'suites.save', { ...key, expectation: blockedFromOutside });
  await review.getByRole('button', { name: 'Apply change' }).click();
  const flips = review.getByRole('region', { name: /This change flips 1 of 1 rule test/ });
  await expect(flips).toContainText('Admin blocked from outside — expected 403 by “Block admin from outside”');
  await expect(review.getByRole('alert')).toHaveText(
    'Nothing was sent: the service’s rule tests changed since this review opened. Check them below, then apply again.',
  );
  const journal = () =>
    hostIpc<{ entries: Array<{ id: string; flippedExpectations?: string[] }> }>(app, host, 'journal.list', {
      accountId: sandboxAccount.id,
    });
  expect((await journal()).entries).toEqual([]);
  await shootWithToast(app, 'core-decides-review-again');
  expect(await axeInBothThemes(app)).toEqual([]);
  await review.getByRole('button', { name: 'Apply change' }).click();
  await expect(review).toBeHidden();
  const [applied] = (await journal()).entries;
  expect(applied?.flippedExpectations).toEqual([blockedFromOutside.name]);

  // Undoing it would now break another expectation: the dialog says which and waits for acceptance.
  await hostIpc(app, host, 'suites.save', { ...key, expectation: openToTheOffice });
  await app.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Change journal' }).click();
  const entry = app
    .getByRole('list', { name: 'Journal entries' })
    .getByRole('listitem')
    .filter({ hasText: /Edit access control policy \d+ “Block admin from outside”/ });
  await entry.getByRole('button', { name: 'Apply previous version again' }).click();
  const dialog = app.getByRole('alertdialog', { name: 'Apply the previous version again?' });
  await dialog.getByRole('button', { name: 'Apply again' }).click();
  await expect(dialog.getByRole('alert')).toContainText('“Admin open to the office”');
  const accept = dialog.getByRole('checkbox', { name: 'Apply it although these rule tests fail' });
  await expect(dialog.getByRole('button', { name: 'Apply again' })).toBeDisabled();
  expect((await journal()).entries).toHaveLength(1);
  await shootWithToast(app, 'core-decides-reapply-refused');
  expect(await axeInBothThemes(app)).toEqual([]);
  await accept.check();
  await dialog.getByRole('button', { name: 'Apply again' }).click();
  await expect(dialog).toBeHidden();
  const [reapplied] = (await journal()).entries;
  expect(reapplied?.flippedExpectations).toEqual([openToTheOffice.name]);
  await expect(app.getByRole('list', { name: 'Journal entries' }).getByRole('listitem').first()).toContainText(
    'Applied although it flips rule test: “Admin open to the office”',
  );
});
