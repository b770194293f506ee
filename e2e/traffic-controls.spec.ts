// Traffic controls behave one way: every change of the selection waits for
// "Show traffic" and is marked while the charts show the previous one; a fetch above 100 calls
// states its cost and asks first; at 1024×700 the selection folds so the first chart is in view.
import type { Page } from '@playwright/test';
import { test, expect, screenshot } from './fixtures.ts';
import { addCustomerAccounts, CUSTOMER_KEYS } from './helpers.ts';
import { startSandbox, type SandboxHandle } from '#sandbox';

async function openTraffic(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Traffic', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Traffic' })).toBeVisible();
}

let gateway: SandboxHandle;
test.beforeEach(async () => {
  gateway = await startSandbox({ keys: CUSTOMER_KEYS });
});
test.afterEach(async () => {
  await gateway.stop();
});

test('selection changes wait for Show traffic, are marked, and a long fetch asks first', async ({ app, host }) => {
  await addCustomerAccounts(app, host, gateway);
  await openTraffic(app);
  const volume = app.getByRole('img', { name: /^Data volume chart/ });
  await expect(volume).toBeVisible({ timeout: 20_000 });
  const progress = app.getByRole('progressbar', { name: 'Fetching traffic data' });
  const pending = app.getByText('Selection changed.');
  await expect(pending).toHaveCount(0);

  // A range preset, like every other control, only changes the selection.
  await app.getByRole('radio', { name: '7 d' }).click();
  await expect(pending).toBeVisible();
  await expect(progress).toHaveCount(0);
  await app.getByRole('checkbox', { name: 'Requests', exact: true }).uncheck();
  await expect(app.getByRole('img', { name: /^Requests chart/ })).toBeVisible();
  await screenshot(app, 'traffic-pending-1280');

  await app.getByRole('button', { name: 'Show traffic' }).click();
  await expect(pending).toHaveCount(0, { timeout: 20_000 });
  await expect(app.getByRole('img', { name: /^Requests chart/ })).toHaveCount(0);

  // Display options need no fetch: they apply at once and mark nothing.
  await app.getByRole('checkbox', { name: 'Stacked areas' }).check();
  await expect(pending).toHaveCount(0);

  // 90 days of 5-minute points: the estimate is shown and the fetch asks before it starts.
  await app.getByRole('radio', { name: '90 d' }).click();
  await app.getByLabel('Interval').selectOption('minute');
  await expect(progress).toHaveCount(0);
  await app.getByRole('button', { name: 'Show traffic' }).click();
  const ask = app.getByRole('alertdialog', { name: 'Start a long fetch?' });
  await expect(ask).toContainText(/needs up to \d{3,} API calls/);
  await expect(ask).toContainText(/takes about \d+ minutes/);
  await screenshot(app, 'traffic-ask-long-fetch-1280');
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();
  await expect(progress).toHaveCount(0);
  await expect(pending).toBeVisible();

  await app.getByRole('button', { name: 'Show traffic' }).click();
  await ask.getByRole('button', { name: /^Fetch \(\d+ calls\)$/ }).click();
  await expect(progress).toBeVisible();
  await app.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(progress).toHaveCount(0, { timeout: 20_000 });
});

test.describe('at 1024×700', () => {
  test.use({ viewport: { width: 1024, height: 700 } });

  test('the selection folds after a fetch so the first chart is in view', async ({ app, host }) => {
    await addCustomerAccounts(app, host, gateway);
    await openTraffic(app);
    const volume = app.getByRole('img', { name: /^Data volume chart/ });
    await expect(volume).toBeVisible({ timeout: 20_000 });
    await expect(volume).toBeInViewport();
    const change = app.getByRole('button', { name: 'Change selection' });
    await expect(app.getByRole('region', { name: 'Selection' })).toContainText('All services (3)');
    for (const theme of ['light', 'dark'] as const) {
      await app.emulateMedia({ colorScheme: theme });
      await app.waitForTimeout(150);
      await screenshot(app, `traffic-folded-1024-${theme}`);
    }
    await app.emulateMedia({ colorScheme: 'light' });

    // Keyboard: the selection opens again, a change is applied, and it folds with focus kept.
    await change.focus();
    await app.keyboard.press('Enter');
    const form = app.getByRole('form', { name: 'Traffic selection' });
    await expect(form).toBeVisible();
    await form.getByRole('radio', { name: '6 h' }).click();
    await form.getByRole('button', { name: 'Show traffic' }).focus();
    await app.keyboard.press('Enter');
    await expect(form).toBeHidden({ timeout: 20_000 });
    await expect(change).toBeFocused();
    await expect(app.getByRole('region', { name: 'Selection' })).toContainText('6 h');
    await expect(volume).toBeInViewport();
  });
});

test('a service keeps its colour whatever else is selected', async ({ app, host }) => {
  const [acme] = await addCustomerAccounts(app, host, gateway);
  await openTraffic(app);
  await expect(app.getByRole('img', { name: /^Data volume chart/ })).toBeVisible({ timeout: 20_000 });
  const assets = acme!.services.find((s) => s.domainName.startsWith('assets.'))!.domainName;
  const legend = app.getByRole('group', { name: 'Data volume series' });
  const swatch = legend.getByRole('button', { name: assets }).locator('.swatch');
  const colourWithAll = await swatch.evaluate(
    (el) => el.ownerDocument.defaultView?.getComputedStyle(el).backgroundColor ?? '',
  );
  // Only this service: it was not the first of the list, yet its colour stays.
  await app.getByRole('radio', { name: 'Choose services' }).check();
  await app.getByRole('checkbox', { name: assets }).check();
  await app.getByRole('button', { name: 'Show traffic' }).click();
  await expect(app.getByRole('img', { name: 'Data volume chart, 1 service' })).toBeVisible({ timeout: 20_000 });
  await expect(swatch).toHaveCSS('background-color', colourWithAll);
});

/** The first chart's frame and canvas sizes: CSS pixels of both, device pixels of the canvas. */
async function chartSizes(app: Page): Promise<{ frame: number; css: number; pixels: number; ratio: number }> {
  return app
    .locator('.chart-frame')
    .first()
    .evaluate((frame) => {
      const canvas = frame.querySelector('canvas');
      return {
        frame: frame.clientWidth,
        css: canvas?.getBoundingClientRect().width ?? 0,
        pixels: canvas?.width ?? 0,
        ratio: frame.ownerDocument.defaultView?.devicePixelRatio ?? 1,
      };
    });
}

test('charts follow the window size', async ({ app, host }) => {
  await addCustomerAccounts(app, host, gateway);
  await openTraffic(app);
  await expect(app.getByRole('img', { name: /^Data volume chart/ })).toBeVisible({ timeout: 20_000 });
  const wide = await chartSizes(app);
  expect(Math.abs(wide.css - wide.frame)).toBeLessThanOrEqual(1);
  await app.setViewportSize({ width: 1024, height: 700 });
  // Sized by the app (not Chart.js's responsive mode): the canvas must still shrink with its frame.
  await expect
    .poll(async () => {
      const narrow = await chartSizes(app);
      return (
        narrow.frame < wide.frame &&
        Math.abs(narrow.css - narrow.frame) <= 1 &&
        narrow.pixels === Math.round(narrow.css * narrow.ratio)
      );
    })
    .toBe(true);
});

test.describe('on a screen of two device pixels per CSS pixel', () => {
  test.use({ deviceScaleFactor: 2 });

  test("charts are drawn at the screen's density, not blurred", async ({ app, host }) => {
    await addCustomerAccounts(app, host, gateway);
    await openTraffic(app);
    await expect(app.getByRole('img', { name: /^Data volume chart/ })).toBeVisible({ timeout: 20_000 });
    const sizes = await chartSizes(app);
    expect(sizes.ratio).toBe(2);
    expect(sizes.pixels).toBe(Math.round(sizes.css * 2));
  });
});
