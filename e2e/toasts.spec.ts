// Toasts never lie over a page's controls: on several screens, at 1024×700 and 1280×800, the
// bounding box of every toast is checked against every visible button, link and field (the part
// of each that its scrolling containers leave visible); the buttons the trial found covered are
// clicked through; the band lies under the screen's column, not the sidebar. An error toast belongs to its screen and leaves when the user moves on.
// Screenshots: e2e/screenshots/toasts-*.png.
import type { Page } from '@playwright/test';
import { test, expect, screenshot } from './fixtures.ts';
import { addGatewayAccount, hostIpc, useSandbox } from './helpers.ts';

const sizes = [
  { width: 1024, height: 700 },
  { width: 1280, height: 800 },
] as const;

/**
 * "control ↔ toast" for each visible control a toast overlaps (string code: no DOM types in e2e
 * code). A control's box is cut to what its scrolling ancestors show: a button scrolled out of
 * the main area is not under the toast band even when its box says so.
 */
async function controlsUnderToasts(app: Page): Promise<{ toasts: number; controls: number; overlaps: string[] }> {
  return app.evaluate(`(() => {
    const toasts = [...document.querySelectorAll('.toast-region .toast')].map((el) => el.getBoundingClientRect());
    const selector = 'button, a[href], input, select, textarea, summary, [role="button"], [role="link"], [role="tab"], [role="checkbox"]';
    const visibleBox = (el) => {
      let r = el.getBoundingClientRect();
      let box = { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
      for (let p = el.parentElement; p; p = p.parentElement) {
        const style = getComputedStyle(p);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const c = p.getBoundingClientRect();
        box = { left: Math.max(box.left, c.left), top: Math.max(box.top, c.top), right: Math.min(box.right, c.right), bottom: Math.min(box.bottom, c.bottom) };
      }
      box = { left: Math.max(box.left, 0), top: Math.max(box.top, 0), right: Math.min(box.right, innerWidth), bottom: Math.min(box.bottom, innerHeight) };
      return box.right - box.left > 0.5 && box.bottom - box.top > 0.5 ? box : null;
    };
    const name = (el) => el.tagName.toLowerCase() + ' "' + (el.getAttribute('aria-label') || el.textContent || el.getAttribute('name') || '').trim().replace(/\\s+/g, ' ').slice(0, 50) + '"';
    const overlaps = [];
    let controls = 0;
    for (const el of document.querySelectorAll(selector)) {
      if (el.closest('.toast-region') || !el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      const box = visibleBox(el);
      if (!box) continue;
      controls++;
      for (const t of toasts) {
        if (box.left < t.right && box.right > t.left && box.top < t.bottom && box.bottom > t.top) overlaps.push(name(el) + ' under a toast');
      }
    }
    return { toasts: toasts.length, controls, overlaps };
  })()`);
}

/** At both sizes: the toasts shown cover no control; a screenshot of each. */
async function expectToastsBesideControls(app: Page, where: string): Promise<void> {
  for (const size of sizes) {
    await app.setViewportSize(size);
    const found = await controlsUnderToasts(app);
    expect(found.toasts, `${where} ${size.width}: a toast is shown`).toBeGreaterThan(0);
    expect(found.controls, `${where} ${size.width}: controls were found`).toBeGreaterThan(5);
    expect(found.overlaps, `${where} ${size.width}`).toEqual([]);
    // The band lies under the screen's column: the sidebar keeps the window's full height beside it.
    const band = await app.evaluate<{
      bandLeft: number;
      mainLeft: number;
      mainBottom: number;
      bandTop: number;
      sidebarBottom: number;
      height: number;
    }>(`(() => {
      const band = document.querySelector('.toast-region').getBoundingClientRect();
      const main = document.querySelector('main').getBoundingClientRect();
      const sidebar = document.querySelector('nav.sidebar').getBoundingClientRect();
      return { bandLeft: band.left, mainLeft: main.left, mainBottom: main.bottom, bandTop: band.top, sidebarBottom: sidebar.bottom, height: innerHeight };
    })()`);
    expect(band.bandLeft, `${where} ${size.width}: band beside the sidebar`).toBeGreaterThanOrEqual(
      band.mainLeft - 0.5,
    );
    expect(band.mainBottom, `${where} ${size.width}: main ends where the band starts`).toBeLessThanOrEqual(
      band.bandTop + 0.5,
    );
    expect(band.sidebarBottom, `${where} ${size.width}: sidebar full height`).toBeGreaterThanOrEqual(band.height - 0.5);
    await screenshot(app, `toasts-${where}-${size.width}-light`);
  }
  await app.setViewportSize(sizes[1]);
}

const nav = (app: Page) => app.getByRole('navigation', { name: 'Main' });

test('toasts never lie over a page’s controls (1024×700, 1280×800); an error toast leaves with its screen', async ({
  app,
  host,
  sandbox,
}) => {
  test.setTimeout(180_000);
  const notifications = app.getByRole('region', { name: 'Notifications' });

  // Services: the welcome confirmation.
  await useSandbox(app);
  await expect(notifications.getByText('“Sandbox” is ready')).toBeVisible();
  await expectToastsBesideControls(app, 'services');

  // Traffic: the export confirmation beside "Export bundle", which stays clickable.
  await nav(app).getByRole('button', { name: 'Traffic', exact: true }).click();
  await expect(app.getByRole('img', { name: /^Bandwidth chart/ })).toBeVisible({ timeout: 30_000 });
  const exportBundle = app.getByRole('button', { name: 'Export bundle' });
  await Promise.all([app.waitForEvent('download'), exportBundle.click()]);
  await expect(notifications.getByText('Bundle exported')).toBeVisible();
  await expectToastsBesideControls(app, 'traffic');
  for (const size of sizes) {
    await app.setViewportSize(size);
    await exportBundle.click({ trial: true, timeout: 2_000 });
  }

  // Baselines: the save confirmation and the screen's buttons.
  await nav(app).getByRole('button', { name: 'Baselines' }).click();
  await app.getByRole('button', { name: 'Create a baseline' }).click();
  const editor = app.getByRole('dialog', { name: 'New baseline' });
  await editor.getByLabel('Name').fill('Toasts');
  await editor.getByRole('button', { name: 'Save baseline' }).click();
  await expect(editor).toBeHidden();
  await expect(notifications.getByText('Saved baseline “Toasts”')).toBeVisible();
  await expectToastsBesideControls(app, 'baselines');
  for (const size of sizes) {
    await app.setViewportSize(size);
    for (const name of ['New baseline', 'Import…', 'Export…', 'Refresh snapshots'])
      await app.getByRole('button', { name, exact: true }).click({ trial: true, timeout: 2_000 });
  }

  // A service whose gateway fails: the error toast, then another screen without it.
  const failing = await addGatewayAccount(app, host, sandbox, 'Failing Inc');
  await hostIpc(app, host, 'inventory.record', {
    accountId: failing.id,
    serviceId: 101,
    domainName: 'www.example-shop.com',
  });
  await app.reload();
  await expect(app.getByRole('button', { name: /^Account: / })).toHaveAccessibleName(/Account: Failing Inc/);
  sandbox.setFaults({ errorRate: 1, errorStatus: 500 });
  await nav(app).getByRole('button', { name: /#101$/ }).click();
  const failure = notifications.getByRole('alert').filter({ hasText: 'Could not read service #101' });
  await expect(failure).toBeVisible({ timeout: 30_000 });
  await expectToastsBesideControls(app, 'service-error');
  sandbox.setFaults({});
  await nav(app).getByRole('button', { name: 'Accounts' }).click();
  await expect(app.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
  await expect(notifications.getByRole('alert')).toHaveCount(0);
  await app.getByRole('button', { name: 'Export profiles…' }).click({ trial: true, timeout: 2_000 });
});
