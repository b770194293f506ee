// Where focus goes after the main bulk, configuration and journal actions (review S3), driven by
// the keyboard: it never falls to <body>. Run batch and Resume → the run's heading (above its
// progress); Back to the change and New bulk change → the compose form's first field;
// Configuration → Apply → Plan → the plan's heading; journal Export CSV… → the export button again
// after the save. Screenshots: e2e/screenshots/action-focus-*-<width>-<theme>.png.
import type { Locator, Page } from '@playwright/test';
import { test, expect, screenshotsInEverySize, scrollMainTo, waitForAppShell } from './fixtures.ts';
import { CUSTOMERS, CUSTOMER_KEYS, addCustomerAccount } from './helpers.ts';
import { startSandbox } from '#sandbox';

const [ACME, GLOBEX] = CUSTOMERS;

/** What has focus, described (tag, name); "body" when nothing does. */
async function focused(page: Page): Promise<string> {
  return page.evaluate<string>(`(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    return el.tagName.toLowerCase() + ' ' + (el.getAttribute('aria-label') || (el.textContent || '').trim().slice(0, 60));
  })()`);
}

/** Focus is on an element inside `container` (not on <body>). */
async function expectFocusWithin(page: Page, container: Locator, what: string): Promise<void> {
  await expect
    .poll(
      () =>
        container.evaluate(
          (el) =>
            el.contains(el.ownerDocument.activeElement) && el.ownerDocument.activeElement !== el.ownerDocument.body,
        ),
      { message: what },
    )
    .toBe(true);
}

/** Presses Enter on `button`, reached by focus (as Tab would), as a keyboard user does. */
async function pressEnterOn(page: Page, button: Locator): Promise<void> {
  await button.focus();
  await expect(button).toBeFocused();
  await page.keyboard.press('Enter');
}

test('focus after bulk run, resume, back, new change; config plan; journal export: never on <body>', async ({
  app,
  host,
}) => {
  test.setTimeout(180_000);
  const acmeGateway = await startSandbox({ keys: [CUSTOMER_KEYS[0]!] });
  const globexGateway = await startSandbox({ keys: [CUSTOMER_KEYS[1]!] });
  try {
    const acme = await addCustomerAccount(app, host, acmeGateway, ACME, { production: false, makeCurrent: true });
    const globex = await addCustomerAccount(app, host, globexGateway, GLOBEX, {
      production: false,
      makeCurrent: false,
    });
    // Globex's gateway fails every CORS write: its target fails, so the batch can be resumed.
    globexGateway.setFaults({ perOperation: { setCorsHeaders: { errorRate: 1 } } });
    await app.reload();
    await waitForAppShell(app);
    const nav = app.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Bulk changes' }).click();
    await expect(app.getByRole('heading', { level: 1, name: 'Bulk changes' })).toBeVisible();

    const form = app.getByRole('form', { name: 'Bulk change' });
    const origin = form.getByLabel('Access-Control-Allow-Origin');
    await origin.fill('https://shop.example.com');
    for (const name of [`Select every shown service of ${ACME.name}`, globex.services[0]!.domainName]) {
      await form.getByRole('checkbox', { name }).focus();
      await app.keyboard.press('Space');
    }
    const planButton = form.getByRole('button', { name: 'Plan the change' });
    await pressEnterOn(app, planButton);
    const plan = app.getByRole('region', { name: /^3\. Plan: Set CORS headers/ });
    await expect(plan.getByRole('heading', { level: 2 })).toBeFocused();

    await test.step('Back to the change → the compose form, what was typed kept', async () => {
      await pressEnterOn(app, plan.getByRole('button', { name: 'Back to the change' }));
      await expect(form).toBeVisible();
      await expectFocusWithin(app, form, 'focus in the compose form after Back to the change');
      expect(await focused(app)).not.toBe('body');
      await expect(origin).toHaveValue('https://shop.example.com');
    });

    await test.step('Run batch → the run heading, while running and after', async () => {
      await pressEnterOn(app, planButton);
      await expect(plan.getByRole('heading', { level: 2 })).toBeFocused();
      await pressEnterOn(app, plan.getByRole('button', { name: /^Run batch/ }));
      const run = app.getByRole('region', { name: /^4\. Run: Set CORS headers/ });
      await expect(run.getByRole('heading', { level: 2 })).toBeFocused();
      await expect(run.getByText('Finished with 1 failed')).toBeVisible({ timeout: 90_000 });
      await expect(run.getByRole('heading', { level: 2 })).toBeFocused();
      await screenshotsInEverySize(app, 'action-focus-bulk-run', () => scrollMainTo(run));
    });

    const run = app.getByRole('region', { name: /^4\. Run: Set CORS headers/ });
    await test.step('Resume → the run heading', async () => {
      globexGateway.setFaults(undefined);
      await pressEnterOn(app, run.getByRole('button', { name: 'Resume (1 left)' }));
      await expect(run.getByRole('heading', { level: 2 })).toBeFocused();
      await expect(run.getByText('Finished', { exact: true })).toBeVisible({ timeout: 60_000 });
      await expect(run.getByRole('heading', { level: 2 })).toBeFocused();
    });

    await test.step('New bulk change → the compose form', async () => {
      await pressEnterOn(app, run.getByRole('button', { name: 'New bulk change' }));
      await expect(form).toBeVisible();
      await expectFocusWithin(app, form, 'focus in the compose form after New bulk change');
      await screenshotsInEverySize(app, 'action-focus-bulk-new');
    });

    await test.step('Configuration → Apply → Plan → the plan heading', async () => {
      await nav.getByRole('button', { name: 'Configuration' }).click();
      await app.getByRole('tab', { name: 'Apply' }).click();
      const applyForm = app.getByRole('form', { name: 'Apply a configuration' });
      await applyForm.getByRole('group', { name: 'Source' }).getByRole('radio', { name: 'A service' }).check();
      await applyForm.getByLabel('Service (source)').selectOption(String(acme.services[0]!.id));
      await applyForm.getByLabel('Service (target)').selectOption(String(acme.services[1]!.id));
      await pressEnterOn(app, applyForm.getByRole('button', { name: 'Plan' }));
      await expect(app.getByRole('list', { name: 'Plan items' })).toBeVisible();
      await expect(app.getByRole('heading', { level: 2, name: 'Plan' })).toBeFocused();
      await screenshotsInEverySize(app, 'action-focus-config-plan');
    });

    await test.step('journal Export CSV… → the export button again after the save', async () => {
      await nav.getByRole('button', { name: 'Change journal' }).click();
      await expect(app.getByRole('heading', { level: 1, name: 'Change journal' })).toBeVisible();
      const exportCsv = app.getByRole('group', { name: 'More filters' }).getByRole('button', { name: 'Export CSV…' });
      await exportCsv.focus();
      await Promise.all([app.waitForEvent('download'), app.keyboard.press('Enter')]);
      await expect(app.getByText(/^Exported \d+ journal entr/)).toBeVisible();
      await expect(exportCsv).toBeFocused();
      await screenshotsInEverySize(app, 'action-focus-journal');
    });
  } finally {
    await acmeGateway.stop();
    await globexGateway.stop();
  }
});
