// A walk through every screen of the app, on the sandbox account, for the checks that apply to
// all of them (layout.spec.ts: no sideways overflow; accessibility.spec.ts: axe-core in both
// themes and a clean console). At each screen the walk calls `visit(name)` with the screen in
// its typical state: editors open on a sample policy, the traffic charts drawn, a journal entry
// expanded, the dialogs open.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, type E2eHost } from './fixtures.ts';
import type { SandboxHandle } from '#sandbox';

export const everyScreen = [
  'welcome',
  'services',
  'palette',
  'create-service',
  'details',
  'cache-editor',
  'review-diff',
  'access-editor',
  'redirection-editor',
  'cors-editor',
  'rate-limit-editor',
  'rule-tester',
  'expectation-dialog',
  'rule-tests',
  'traffic',
  'traffic-change-marker',
  'overview',
  'journal',
  'confirm-dialog',
  'bulk',
  'bulk-plan',
  'config-export',
  'config-compare',
  'config-apply',
  'config-clone',
  'baseline-editor',
  'baselines',
  'accounts',
  'profile-export',
  'review-mode',
] as const;
export type ScreenName = (typeof everyScreen)[number];

export type VisitScreen = (name: ScreenName) => Promise<void>;

const mainNav = (app: Page) => app.getByRole('navigation', { name: 'Main' });

/** Configuration screen: compares the sandbox's #101 with #102 and waits for the result. */
export async function showConfigCompare(app: Page): Promise<void> {
  await app.getByRole('tab', { name: 'Compare' }).click();
  const compare = app.getByRole('form', { name: 'Compare two configurations' });
  await compare.getByLabel('Service (left)').selectOption('101');
  await compare.getByLabel('Service (right)').selectOption('102');
  await compare.getByRole('button', { name: 'Compare' }).click();
  await expect(app.getByRole('region', { name: /differences?$/ })).toBeVisible();
}

/** Configuration screen: plans applying #101's configuration to #102 and waits for the plan. */
export async function showConfigApplyPlan(app: Page): Promise<void> {
  await app.getByRole('tab', { name: 'Apply' }).click();
  const applyForm = app.getByRole('form', { name: 'Apply a configuration' });
  await applyForm.getByRole('group', { name: 'Source' }).getByRole('radio', { name: 'A service' }).check();
  await applyForm.getByLabel('Service (source)').selectOption('101');
  await applyForm.getByLabel('Service (target)').selectOption('102');
  await applyForm.getByRole('button', { name: 'Plan' }).click();
  await expect(app.getByRole('list', { name: 'Plan items' })).toBeVisible();
}

async function openTab(app: Page, tab: string): Promise<void> {
  await mainNav(app).getByRole('button', { name: /#101$/ }).click();
  await app.getByRole('tab', { name: tab }).click();
  await expect(app.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
}

/**
 * A second account with a long name, production, on the fixture gateway: the Accounts table
 * then has rows with every action (Switch, Edit, Rotate secret, Remove) and long text.
 */
async function addLongNamedAccount(app: Page, host: E2eHost, sandbox: SandboxHandle): Promise<void> {
  const response = await app.request.post(`${host.origin}/ipc/accounts.add`, {
    headers: { Origin: host.origin },
    data: {
      name: 'Globex Corporation — EU production (managed by Initech)',
      baseUrl: sandbox.url,
      accessKeyId: sandbox.credentials.accessKeyId,
      customerId: sandbox.credentials.customerId,
      secret: sandbox.credentials.accessKeySecret,
      production: true,
      verify: false,
      makeCurrent: false,
    },
  });
  expect(((await response.json()) as { ok: boolean }).ok).toBe(true);
}

/** Starts on the welcome screen of a fresh app (the `app` fixture) and ends on review mode. */
export async function visitEveryScreen(
  app: Page,
  host: E2eHost,
  sandbox: SandboxHandle,
  visit: VisitScreen,
): Promise<void> {
  await expect(app.getByRole('heading', { name: 'Welcome to Acceleration Console' })).toBeVisible();
  await visit('welcome');

  await app.getByRole('button', { name: /^Use the sandbox account/ }).click();
  await expect(app.getByRole('heading', { level: 1, name: 'Services' })).toBeVisible();
  await addLongNamedAccount(app, host, sandbox);
  await app.reload();
  await mainNav(app).getByRole('button', { name: 'All services' }).click();
  await expect(app.getByRole('heading', { level: 1, name: 'Services' })).toBeVisible();
  await expect(app.getByRole('button', { name: /^Remove .+ from the list$/ }).first()).toBeVisible();
  // The welcome toast would cover part of the screens that follow.
  await expect(app.getByText('“Sandbox” is ready')).toBeHidden({ timeout: 10_000 });
  await visit('services');

  const palette = app.getByRole('dialog', { name: 'Command palette' });
  await app.getByRole('button', { name: /Search or jump to/ }).click();
  await expect(palette).toBeVisible();
  await palette.getByRole('combobox').fill('shop');
  await visit('palette');
  await app.keyboard.press('Escape');
  await expect(palette).toBeHidden();

  await mainNav(app).getByRole('button', { name: 'New service' }).click();
  await expect(app.getByRole('heading', { level: 1, name: 'New service' })).toBeVisible();
  await visit('create-service');

  await mainNav(app).getByRole('button', { name: /#101$/ }).click();
  await expect(app.getByRole('heading', { level: 1, name: 'www.example-shop.com' })).toBeVisible();
  await expect(app.getByText(/Read from the gateway at/)).toBeVisible();
  await visit('details');

  await openTab(app, 'Cache control');
  await app.getByRole('button', { name: 'Edit cache control policy Static assets' }).click();
  const cacheEditor = app.getByRole('form', { name: /Edit cache control policy/ });
  await expect(cacheEditor).toBeVisible();
  await visit('cache-editor');
  await cacheEditor.getByLabel('TTL', { exact: true }).fill('1');
  await cacheEditor.getByLabel('TTL unit').selectOption('d');
  await cacheEditor.getByRole('button', { name: 'Review and save' }).click();
  const review = app.getByRole('dialog', { name: 'Review the change' });
  await expect(review).toBeVisible();
  await visit('review-diff');
  await review.getByRole('button', { name: 'Apply change' }).click();
  await expect(review).toBeHidden();

  await openTab(app, 'Access control');
  await app.getByRole('button', { name: 'Edit access control policy Block admin from outside' }).click();
  await expect(app.getByRole('form', { name: /Edit access control policy/ })).toBeVisible();
  await visit('access-editor');

  await openTab(app, 'Redirection');
  await app.getByRole('button', { name: 'Edit redirection Campaign landing' }).click();
  await expect(app.getByRole('form', { name: /Edit redirection/ })).toBeVisible();
  await visit('redirection-editor');

  await openTab(app, 'CORS');
  await expect(app.getByRole('form', { name: 'CORS headers' })).toBeVisible();
  await visit('cors-editor');

  await openTab(app, 'Rate limit');
  await expect(app.getByRole('form', { name: 'Rate limit' })).toBeVisible();
  await visit('rate-limit-editor');

  await openTab(app, 'Rule tester');
  await expect(app.getByRole('form', { name: 'Test request' })).toBeVisible();
  await visit('rule-tester');

  // Rule tests: the "Save as expectation" dialog over a verdict, then the suite view after a run.
  await app.getByRole('form', { name: 'Test request' }).getByLabel('Request URL').fill('/admin');
  await app.getByRole('form', { name: 'Test request' }).getByLabel('Client IP').fill('10.0.0.1');
  await expect(app.getByRole('region', { name: 'Verdict for this request' }).getByRole('status')).toHaveText(
    /^403 — denied/,
  );
  await app.getByRole('button', { name: 'Save as expectation' }).click();
  const expectation = app.getByRole('dialog', { name: 'Save as expectation' });
  await expect(expectation.getByLabel('By access rule')).toHaveValue('Block admin from outside');
  await visit('expectation-dialog');
  await expectation.getByRole('button', { name: 'Save expectation' }).click();
  await expect(expectation).toBeHidden();
  await openTab(app, 'Rule tests');
  await app.getByRole('button', { name: 'Run tests' }).click();
  await expect(app.getByRole('status').filter({ hasText: '1 passed, 0 failed, 0 cannot tell.' })).toBeVisible();
  await visit('rule-tests');

  await mainNav(app).getByRole('button', { name: 'Traffic', exact: true }).click();
  await expect(app.getByRole('img', { name: /^Bandwidth chart, \d+ services?$/ })).toBeVisible({ timeout: 30_000 });
  await expect(app.locator('[data-render-count]').first()).not.toHaveAttribute('data-render-count', '0');
  await visit('traffic');
  // The change applied earlier in the walk is a marker on the charts; focus shows its tooltip.
  const marker = app
    .getByRole('group', { name: 'Changes from the journal on the Requests chart' })
    .getByRole('button')
    .first();
  await marker.focus();
  await expect(app.getByRole('tooltip')).toBeVisible();
  await visit('traffic-change-marker');
  await app.keyboard.press('Escape');
  await expect(app.getByRole('tooltip')).toHaveCount(0);
  const bundlePath = join(await mkdtemp(join(tmpdir(), 'accel-screens-')), 'bundle.json');
  const [download] = await Promise.all([
    app.waitForEvent('download'),
    app.getByRole('button', { name: 'Export bundle' }).click(),
  ]);
  await download.saveAs(bundlePath);

  // The fleet overview before any refresh (every customer "No data"), one customer expanded.
  await mainNav(app).getByRole('button', { name: 'Overview', exact: true }).click();
  await expect(app.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  const firstCustomer = app.getByRole('list', { name: 'Customers' }).getByRole('listitem').first();
  await firstCustomer.getByRole('button', { expanded: false }).first().click();
  await expect(firstCustomer.getByRole('table')).toBeVisible();
  await visit('overview');

  await mainNav(app).getByRole('button', { name: 'Change journal' }).click();
  const entries = app.getByRole('list', { name: 'Journal entries' });
  const entry = entries.getByRole('listitem').filter({ hasText: 'Edit cache control policy' }).first();
  await entry.getByRole('button', { name: 'Details' }).click();
  await expect(entry.getByRole('table')).toBeVisible();
  await visit('journal');
  await entry.getByRole('button', { name: 'Apply previous version again' }).click();
  const confirm = app.getByRole('alertdialog', { name: 'Apply the previous version again?' });
  await expect(confirm).toBeVisible();
  await visit('confirm-dialog');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();

  await mainNav(app).getByRole('button', { name: 'Bulk changes' }).click();
  await expect(app.getByRole('heading', { level: 1, name: 'Bulk changes' })).toBeVisible();
  const bulkForm = app.getByRole('form', { name: 'Bulk change' });
  await bulkForm.getByRole('radio', { name: 'Edit a cache control policy by name' }).check();
  await bulkForm.getByLabel('Cache control policy name').fill('Static assets');
  await bulkForm.getByLabel('TTL', { exact: true }).fill('2');
  await bulkForm.getByLabel('TTL unit').selectOption('d');
  await bulkForm.getByRole('checkbox', { name: 'Select every shown service of Sandbox' }).check();
  await visit('bulk');
  await bulkForm.getByRole('button', { name: 'Plan the change' }).click();
  await expect(app.getByRole('heading', { level: 2, name: /^3\. Plan/ })).toBeVisible();
  await visit('bulk-plan');
  await app.getByRole('button', { name: 'Back to the change' }).click();
  await expect(bulkForm).toBeVisible();
  await mainNav(app).getByRole('button', { name: 'Configuration' }).click();
  await expect(app.getByRole('heading', { level: 1, name: 'Configuration' })).toBeVisible();
  const exportForm = app.getByRole('form', { name: 'Export a configuration' });
  await exportForm.getByRole('radio', { name: 'Only the services ticked below' }).check();
  await exportForm.getByRole('checkbox', { name: /www\.example-shop\.com/ }).check();
  await exportForm.getByRole('checkbox', { name: /Include secrets/ }).check();
  await visit('config-export');

  await showConfigCompare(app);
  await visit('config-compare');

  await showConfigApplyPlan(app);
  await visit('config-apply');

  await app.getByRole('tab', { name: 'Clone' }).click();
  const cloneForm = app.getByRole('form', { name: 'Clone a service' });
  await cloneForm.getByLabel('Service (source)').selectOption('101');
  await cloneForm.getByLabel('Domain name', { exact: true }).fill('shop copy');
  await cloneForm.getByRole('button', { name: 'Create the clone' }).click();
  await expect(cloneForm.getByText(/^Domain name must be a domain name/)).toBeVisible();
  await visit('config-clone');
  // Baselines: every built-in check over the sandbox's snapshots, a failing cell opened.
  await mainNav(app).getByRole('button', { name: 'Baselines' }).click();
  await app.getByRole('button', { name: 'Create a baseline' }).click();
  const editor = app.getByRole('dialog', { name: 'New baseline' });
  await editor.getByLabel('Name').fill('Recommended');
  await visit('baseline-editor');
  await editor.getByRole('button', { name: 'Save baseline' }).click();
  await expect(editor).toBeHidden();
  await app.getByRole('button', { name: 'Refresh snapshots' }).click();
  const redirectCell = app.getByRole('button', { name: /^HTTP→HTTPS redirect on, Sandbox: 1 failing/ });
  await redirectCell.click();
  await expect(app.getByRole('heading', { name: 'HTTP→HTTPS redirect on — Sandbox' })).toBeFocused();
  await visit('baselines');

  await mainNav(app).getByRole('button', { name: 'Accounts' }).click();
  await expect(app.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
  await expect(app.getByRole('button', { name: /^Remove Globex Corporation/ })).toBeVisible();
  await visit('accounts');
  await app.getByRole('button', { name: 'Export profiles…' }).click();
  const exportDialog = app.getByRole('dialog', { name: 'Export profiles' });
  await exportDialog.getByRole('checkbox', { name: /Include the access key secrets/ }).check();
  await visit('profile-export');
  await app.keyboard.press('Escape');
  await expect(exportDialog).toBeHidden();

  await mainNav(app).getByRole('button', { name: 'Open stats bundle' }).click();
  const [chooser] = await Promise.all([
    app.waitForEvent('filechooser'),
    app.getByRole('button', { name: 'Open bundle…' }).click(),
  ]);
  await chooser.setFiles(bundlePath);
  await expect(app.getByText('Checksum verified')).toBeVisible();
  await expect(app.getByRole('img', { name: /^Bandwidth chart/ })).toBeVisible();
  await visit('review-mode');
}
