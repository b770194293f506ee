// Rule test suites: requests saved from the rule tester with their expected outcome (keyboard
// only), the suite view runs them, a draft that flips one is shown in the review dialog, and
// applying anyway is recorded in the change journal.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect, screenshotsInEverySize, scrollMainTo } from './fixtures.ts';
import { openServiceTab } from './helpers.ts';

/** Serious or critical axe violations (WCAG 2.2 A/AA) in the light and the dark theme: the dialogs not on the every-screen walk. */
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

/** Types a request into the tester, waits for its verdict, and opens "Save as expectation" by keyboard. */
async function saveFromTester(app: Page, url: string, clientIp: string, verdictText: RegExp): Promise<string> {
  const request = app.getByRole('form', { name: 'Test request' });
  await request.getByLabel('Request URL').fill(url);
  await request.getByLabel('Client IP').fill(clientIp);
  const verdict = app.getByRole('region', { name: 'Verdict for this request' });
  // The prefill is the verdict shown: wait until it is the one for the whole request.
  await expect(verdict.getByRole('status')).toHaveText(verdictText);
  const save = verdict.getByRole('button', { name: 'Save as expectation' });
  await save.focus();
  await app.keyboard.press('Enter');
  const dialog = app.getByRole('dialog', { name: 'Save as expectation' });
  await expect(dialog).toBeVisible();
  const name = await dialog.getByLabel('Name').inputValue();
  return name;
}

test('saves expectations from the rule tester and runs them in the suite view (keyboard only)', async ({ app }) => {
  await openServiceTab(app, 'Rule tester');
  const name = await saveFromTester(app, 'https://www.example-shop.com/admin/users', '10.0.0.1', /^403 — denied/);
  expect(name).toBe('/admin/users from 10.0.0.1');
  const dialog = app.getByRole('dialog', { name: 'Save as expectation' });
  // The current verdict is prefilled: 403 by the deciding access rule.
  await expect(dialog.getByLabel('Status')).toHaveValue('denied');
  await expect(dialog.getByLabel('By access rule')).toHaveValue('Block admin from outside');
  await expect(dialog.getByLabel('Name')).toBeFocused();
  await screenshotsInEverySize(app, 'rule-suites-save-dialog');
  // A bad name is refused with the field named; what was typed stays.
  await dialog.getByLabel('Name').fill('');
  await app.keyboard.press('Enter');
  await expect(dialog.getByText('Name is required, e.g. “Admin blocked from outside”.')).toBeVisible();
  await expect(dialog.getByLabel('By access rule')).toHaveValue('Block admin from outside');
  await dialog.getByLabel('Name').fill('Admin blocked from outside');
  await app.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  const verdict = app.getByRole('region', { name: 'Verdict for this request' });
  await expect(verdict.getByText('Saved “Admin blocked from outside”.')).toBeVisible();

  await saveFromTester(app, '/media/a.css', '', /^Served — cached 30 days/);
  await expect(dialog.getByLabel('Caching')).toHaveValue('cached');
  await expect(dialog.getByLabel('TTL', { exact: true })).toHaveValue('2592000');
  await expect(dialog.getByText('Seconds (30 days).')).toBeVisible();
  await dialog.getByLabel('Name').fill('CSS cached 30 days');
  await app.keyboard.press('Enter');
  await expect(dialog).toBeHidden();

  // The suite view: list, run, edit, delete — by keyboard.
  await verdict.getByRole('button', { name: 'Show rule tests' }).focus();
  await app.keyboard.press('Enter');
  await expect(app.getByRole('tab', { name: 'Rule tests' })).toHaveAttribute('aria-selected', 'true');
  const table = app.getByRole('table', { name: 'Expectations' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await app.getByRole('button', { name: 'Run tests' }).focus();
  await app.keyboard.press('Enter');
  await expect(app.getByRole('status').filter({ hasText: '2 passed, 0 failed, 0 cannot tell.' })).toBeVisible();
  await screenshotsInEverySize(app, 'rule-suites-view');

  await table.getByRole('button', { name: 'Edit “CSS cached 30 days”' }).focus();
  await app.keyboard.press('Enter');
  const edit = app.getByRole('dialog', { name: 'Edit expectation' });
  await edit.getByLabel('TTL', { exact: true }).fill('3600');
  await app.keyboard.press('Enter');
  await expect(edit).toBeHidden();
  await app.getByRole('button', { name: 'Run tests' }).focus();
  await app.keyboard.press('Enter');
  const cssRow = table.getByRole('row').filter({ hasText: 'CSS cached 30 days' });
  await expect(cssRow).toContainText('fails');
  await expect(cssRow).toContainText('Expected a TTL of 1 hour, got served, cached 30 days by “Static assets”.');
  await screenshotsInEverySize(app, 'rule-suites-failing', () => scrollMainTo(table));

  // The same suite on another service of the account: chosen in a dialog, results per service.
  await app.getByRole('button', { name: 'Run on other services…' }).focus();
  await app.keyboard.press('Enter');
  const chooser = app.getByRole('dialog', { name: 'Run on other services' });
  await chooser.getByRole('checkbox', { name: 'api.example-shop.com — Sandbox' }).focus();
  await app.keyboard.press('Space');
  await screenshotsInEverySize(app, 'rule-suites-run-on');
  expect(await axeInBothThemes(app)).toEqual([]);
  await chooser.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(chooser).toBeHidden();
  const others = app.getByRole('table', { name: 'Results on other services' });
  const apiRow = others.getByRole('row').filter({ hasText: 'api.example-shop.com' });
  await expect(apiRow).toContainText('Admin blocked from outside, CSS cached 30 days');
  await screenshotsInEverySize(app, 'rule-suites-other-services', () => scrollMainTo(others));

  await table.getByRole('button', { name: 'Delete “CSS cached 30 days”' }).focus();
  await app.keyboard.press('Enter');
  const confirm = app.getByRole('alertdialog', { name: 'Delete the expectation?' });
  await confirm.getByRole('button', { name: 'Delete' }).focus();
  await app.keyboard.press('Enter');
  await expect(table.getByRole('row')).toHaveCount(2);
  // Escape closes a dialog without saving.
  await table.getByRole('button', { name: 'Edit “Admin blocked from outside”' }).focus();
  await app.keyboard.press('Enter');
  await expect(edit).toBeVisible();
  await app.keyboard.press('Escape');
  await expect(edit).toBeHidden();
  await expect(table.getByRole('button', { name: 'Edit “Admin blocked from outside”' })).toBeFocused();
});

test('a draft that flips a saved expectation is shown in the review dialog; applying anyway is journaled', async ({
  app,
}) => {
  await openServiceTab(app, 'Rule tester');
  await saveFromTester(app, '/admin/users', '10.0.0.1', /^403 — denied/);
  const dialog = app.getByRole('dialog', { name: 'Save as expectation' });
  await expect(dialog.getByLabel('Status')).toHaveValue('denied');
  await dialog.getByLabel('Name').fill('Admin blocked from outside');
  await app.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await saveFromTester(app, '/checkout/pay', '', /^Cannot tell — access rule “EU checkout only”/);
  await app.keyboard.press('Enter');
  await expect(dialog).toBeHidden();

  // Let the 10.0.0.0/8 network through "Block admin from outside".
  await app.getByRole('tab', { name: 'Access control' }).click();
  await app.getByRole('button', { name: 'Edit access control policy Block admin from outside' }).click();
  const editor = app.getByRole('form', { name: /Edit access control policy/ });
  await editor.getByRole('textbox', { name: 'IP restriction' }).fill('10.0.0.0/8');
  await editor.getByRole('textbox', { name: 'IP restriction' }).press('Enter');
  await editor.getByRole('button', { name: 'Review and save' }).click();

  const review = app.getByRole('dialog', { name: 'Review the change' });
  const flips = review.getByRole('region', { name: /This change flips 1 of 2 rule tests/ });
  await expect(flips).toBeVisible();
  await expect(flips).toContainText('Admin blocked from outside — expected 403 by “Block admin from outside”');
  await expect(flips.getByRole('definition').first()).toHaveText(
    /^403 — denied by access rule “Block admin from outside”/,
  );
  await expect(flips.getByRole('definition').nth(1)).toHaveText(/^Served — /);
  await expect(flips).toContainText('You can still apply it; the change journal records that you did.');
  await screenshotsInEverySize(app, 'rule-suites-review-flips');
  expect(await axeInBothThemes(app)).toEqual([]);
  await review.getByRole('button', { name: 'Apply change' }).click();
  await expect(review).toBeHidden();

  await app.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Change journal' }).click();
  const entry = app
    .getByRole('list', { name: 'Journal entries' })
    .getByRole('listitem')
    .filter({ hasText: /Edit access control policy \d+ “Block admin from outside”/ });
  await expect(entry).toContainText('Applied although it flips rule test: “Admin blocked from outside”');
  await screenshotsInEverySize(app, 'rule-suites-journal');

  // The same kind of edit that keeps every expectation says so.
  await openServiceTab(app, 'Access control');
  await app.getByRole('button', { name: 'Edit access control policy Block admin from outside' }).click();
  await editor.getByLabel('Priority').fill('41');
  await editor.getByRole('button', { name: 'Review and save' }).click();
  await expect(review.getByText('All 2 rule tests of this service keep their result.')).toBeVisible();
});
