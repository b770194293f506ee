// The fleet overview in the browser host: three sandbox customers, each with its own key, one
// service of the second with an injected drop in requests and a change applied just before it.
// The core and the gateway share one injected clock (Wednesday 2026-11-18 10:20 UTC; the gateway
// serves the 90 days before it), with the host's background watching allowed, as the desktop app
// has it. The overview starts honest (no data, never ok), a refresh flags exactly that service,
// the change shows as a marker, watching raises its alert once as a Web Notification (captured by
// an init script), a click on the notification opens the service, snooze holds it, the service
// opens on its customer's Traffic screen over the same hours, and offline the saved rows stay.
// Permission is asked for only on a click. Keyboard only, axe and screenshots (both sizes and
// themes): e2e/screenshots/fleet-overview-*.png.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { test as base, expect, clearKeychainService, screenshot, scrollMainTo, waitForAppShell } from './fixtures.ts';
import { startSandbox, type SandboxHandle } from '#sandbox';
import { startWebHost, type WebHost } from '#web/server.ts';
import { createCore, type Core } from '#core/app-core.ts';
import { createFakeClock, type FakeClock } from '#core/test-support/fake-clock.ts';
import type { IpcResult } from '#shared/ipc/result.ts';

const at = (hhmm: string, day = 18): number => Date.parse(`2026-11-${day}T${hhmm}:00Z`);

type Customer = { id: string; name: string; services: Array<{ id: number; domainName: string }> };
type Fleet = {
  sandbox: SandboxHandle;
  host: WebHost;
  core: Core;
  clock: FakeClock;
  customers: Customer[];
  dropped: { accountId: string; accountName: string; serviceId: number; domainName: string };
};

function data<T>(result: IpcResult<T>): T {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.data;
}

const test = base.extend<{ fleet: Fleet }>({
  fleet: async ({ rendererBuild }, use) => {
    const clock = createFakeClock(at('10:20'));
    const sandbox = await startSandbox({ port: 0, customers: 3, rateLimit: false, now: () => clock.nowMs() });
    const dataDir = await mkdtemp(join(tmpdir(), 'accel-e2e-overview-'));
    const keychainService = `accel-e2e-${randomBytes(6).toString('hex')}`;
    // The host's core as the browser host makes it, with the one clock and background watching allowed.
    const core = createCore({
      dataDir,
      keychainService,
      clock,
      backgroundWatch: true,
      sandboxOptions: { statePath: null },
      clientOptions: { timeoutMs: 10_000, budget: { perMinute: 10_000, perHour: 100_000 } },
    });
    const host = await startWebHost({
      port: 0,
      dataDir,
      rendererDir: rendererBuild,
      core: {
        invoke: (channel, input, options) => core.invoke(channel, input, options),
        dispose: () => core.dispose(),
        subscribe: (listener) => core.onAny(listener),
      },
    });
    try {
      const customers: Customer[] = [];
      for (const [index, customer] of sandbox.customers.entries()) {
        const { credentials } = customer;
        const { account } = data(
          await core.invoke('accounts.add', {
            name: customer.name,
            baseUrl: sandbox.url,
            accessKeyId: credentials.accessKeyId,
            customerId: credentials.customerId,
            secret: credentials.accessKeySecret,
            verify: false,
            makeCurrent: index === 0,
            production: index === 2,
            tags: index < 2 ? ['retail'] : [],
          }),
        );
        for (const s of customer.services)
          data(
            await core.invoke('inventory.record', { accountId: account.id, serviceId: s.id, domainName: s.domainName }),
          );
        customers.push({ id: account.id, name: customer.name, services: customer.services });
      }
      const second = customers[1];
      const www = second.services.find((s) => s.domainName.startsWith('www.')) ?? second.services[0];
      const dropped = { accountId: second.id, accountName: second.name, serviceId: www.id, domainName: www.domainName };
      // Requests down to 20 % from 06:00: the compared hours at 10:20 (06:00–09:00) are all in it.
      sandbox.setAnomalies([{ serviceId: www.id, from: at('06:00'), metric: 'requests', factor: 0.2 }]);
      // A change to that service at 05:40, just before the drop: its marker comes with the rows.
      clock.set(at('05:40'));
      data(
        await core.invoke('changes.apply', {
          accountId: dropped.accountId,
          operationId: 'setCorsHeaders',
          input: { params: { serviceId: www.id }, body: { accessControlAllowOrigin: 'https://shop.example' } },
        }),
      );
      clock.set(at('10:20'));
      await use({ sandbox, host, core, clock, customers, dropped });
    } finally {
      await host.stop();
      await core.dispose();
      await sandbox.stop();
      await clearKeychainService(keychainService);
      await rm(dataDir, { recursive: true, force: true });
    }
  },
});

// Times on the page in UTC, so the expected texts below do not depend on the machine's zone.
test.use({ timezoneId: 'UTC', locale: 'en-GB' });

/** Records every Web Notification and permission request the page makes. */
const recordNotifications = `(() => {
  const Original = window.Notification;
  window.__notifications = [];
  window.__permissionRequests = 0;
  class RecordingNotification {
    constructor(title, options = {}) {
      this.title = title;
      this.body = options.body;
      this.tag = options.tag;
      this.onclick = null;
      this.closed = false;
      window.__notifications.push(this);
      try { new Original(title, options); } catch {}
    }
    close() { this.closed = true; }
    static get permission() { return window.__permissionOverride ?? Original.permission; }
    static requestPermission() {
      window.__permissionRequests += 1;
      // Headless Chromium shows no prompt: with an override set, the user is taken to press "Allow".
      if (window.__permissionOverride !== undefined) {
        window.__permissionOverride = 'granted';
        return Promise.resolve('granted');
      }
      return Original.requestPermission();
    }
  }
  window.Notification = RecordingNotification;
})()`;

const notifications = (page: Page): Promise<Array<{ title: string; body: string; closed: boolean }>> =>
  page.evaluate('window.__notifications.map((n) => ({ title: n.title, body: n.body, closed: n.closed }))');

async function openOverview(page: Page, fleet: Fleet): Promise<void> {
  await page.addInitScript(recordNotifications);
  await page.goto(fleet.host.url);
  await waitForAppShell(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Overview' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
}

const accountRow = (page: Page, name: string): Locator =>
  page
    .getByRole('list', { name: 'Customers' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name: new RegExp(name) }) });

async function refresh(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Refresh', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Refresh', exact: true })).toBeEnabled({ timeout: 60_000 });
}

/** Presses Tab until `target` has the focus (keyboard only); fails after `max` presses. */
async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === el.ownerDocument.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

async function seriousAxe(page: Page): Promise<string[]> {
  const out: string[] = [];
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  for (const v of results.violations)
    if (v.impact === 'serious' || v.impact === 'critical')
      out.push(`${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  return out;
}

/** What spills sideways in the main area (the layout spec's rule, on this screen). */
async function sidewaysSpill(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(`(() => {
    const problems = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth) problems.push('page ' + doc.scrollWidth + ' > ' + doc.clientWidth);
    for (const el of document.querySelectorAll('main *')) {
      if (!(el instanceof HTMLElement) || ['INPUT', 'SELECT', 'OPTION'].includes(el.tagName)) continue;
      if (el.closest('.visually-hidden, [aria-hidden="true"]')) continue;
      const style = getComputedStyle(el);
      if (style.display === 'inline' || style.display === 'none' || !el.checkVisibility() || el.clientWidth === 0) continue;
      if (el.scrollWidth - el.clientWidth <= 1) continue;
      const text = (el.textContent || '').trim();
      if (style.textOverflow === 'ellipsis' || style.webkitLineClamp !== 'none') {
        const title = el.closest('[title]')?.getAttribute('title') || '';
        if (!title.includes(text)) problems.push('cut without a title: ' + text.slice(0, 60));
        continue;
      }
      problems.push(el.tagName + '.' + el.className + ' "' + text.slice(0, 40) + '" spills ' + (el.scrollWidth - el.clientWidth) + 'px');
    }
    return problems;
  })()`);
}

/** Both window sizes and themes: screenshots, no sideways spill, no serious axe violation. */
async function checkEverySize(page: Page, name: string, prepare?: () => Promise<void>): Promise<void> {
  const problems: string[] = [];
  for (const size of [
    { width: 1024, height: 700 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(size);
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await prepare?.();
      await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
      await screenshot(page, `${name}-${size.width}-${theme}`);
      problems.push(...(await sidewaysSpill(page)).map((p) => `${size.width} ${theme}: ${p}`));
      problems.push(...(await seriousAxe(page)).map((p) => `${size.width} ${theme}: ${p}`));
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
  expect(problems, problems.join('\n')).toEqual([]);
}

test.describe('with notifications allowed', () => {
  test.use({ permissions: ['notifications'] });

  test('flags exactly the dropped service, alerts once, snoozes, and opens its Traffic screen on the same hours', async ({
    page,
    fleet,
  }) => {
    test.setTimeout(240_000);
    const { dropped, customers } = fleet;
    await openOverview(page, fleet);

    // Nothing saved yet: every customer says "No data", none is ok.
    const rows = page.getByRole('list', { name: 'Customers' }).getByRole('listitem');
    await expect(rows).toHaveCount(3);
    for (const customer of customers)
      await expect(accountRow(page, customer.name).getByText('No data', { exact: true })).toBeVisible();
    await expect(page.locator('[data-status-tone="success"]')).toHaveCount(0);

    await refresh(page);
    await expect(page.getByRole('status').filter({ hasText: /Refreshed: \d+ API calls/ })).toBeVisible();
    // Exactly one customer needs attention, with exactly one service.
    await expect(page.locator('[data-overview-account][data-status="attention"]')).toHaveCount(1);
    const droppedRow = accountRow(page, dropped.accountName);
    await expect(droppedRow).toHaveAttribute('data-status', 'attention');
    await expect(droppedRow.locator('[data-attention-count]')).toHaveText(/^1 of \d+ services needs attention$/);
    await expect(droppedRow.getByText('data just refreshed')).toBeVisible();
    for (const other of customers.filter((c) => c.id !== dropped.accountId))
      await expect(accountRow(page, other.name)).toHaveAttribute('data-status', 'ok');
    await expect(accountRow(page, customers[2].name).getByText('PROD')).toBeVisible();

    // Expanded with the keyboard: its services, the dropped one first, with what departed and the change before it.
    const disclosure = droppedRow.getByRole('button', { name: new RegExp(dropped.accountName) });
    await expect(disclosure).toHaveAttribute('aria-expanded', 'false');
    await disclosure.focus();
    await page.keyboard.press('Enter');
    await expect(disclosure).toHaveAttribute('aria-expanded', 'true');
    const table = page.getByRole('table', { name: `Services of ${dropped.accountName}` });
    const first = table.getByRole('row').nth(1);
    await expect(first.getByRole('button', { name: dropped.domainName, exact: true })).toBeVisible();
    await expect(first.getByText('Needs attention', { exact: true })).toBeVisible();
    await expect(
      first.getByText(/requests −[6-9]\d % vs usual \(z −\d+\.\d\) · after ‘Set CORS headers’ at 0?5:40/),
    ).toBeVisible();
    await expect(first.locator('svg[data-markers="1"]')).toHaveCount(3);
    // Each figure says its baseline: the 24 h against a week earlier; what departed, the last 3 h against usual.
    await expect(first.getByText(/^Last 3 h: requests −[6-9]\d % vs usual/)).toBeVisible();
    await expect(first.getByText(/^24\sh vs week earlier /)).toHaveCount(3);
    await expect(page.locator('[data-baselines]')).toContainText(
      '“vs usual” (what alerts use): the last 3 settled hours',
    );
    await expect(table.locator('[data-service-status="attention"]')).toHaveCount(1);
    await page.keyboard.press('Space');
    await expect(disclosure).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Space');
    await expect(disclosure).toHaveAttribute('aria-expanded', 'true');
    await checkEverySize(page, 'fleet-overview-expanded');

    // The tag filter: only the accounts tagged "retail".
    await page.getByRole('combobox', { name: 'Customers shown' }).selectOption('retail');
    await expect(rows).toHaveCount(2);
    await page.getByRole('combobox', { name: 'Customers shown' }).selectOption('');
    await expect(rows).toHaveCount(3);

    // Watching that customer: the first round (10 s after it starts) raises its alert, once.
    const watch = page.getByRole('region', { name: 'Watching in the background' });
    await expect(watch.getByText('This app runs background work')).toBeVisible();
    await expect(watch.getByRole('status')).toHaveText('Off: nothing is watched.');
    await watch.getByRole('checkbox', { name: new RegExp(dropped.accountName) }).check();
    await expect(watch.getByRole('status')).toHaveText(/^Watching 1 account\./);
    await expect.poll(() => notifications(page), { timeout: 30_000 }).toHaveLength(1);
    const [shown] = await notifications(page);
    expect(shown.title).toBe(`${dropped.accountName}: traffic needs attention`);
    expect(shown.body).toMatch(
      new RegExp(`^${dropped.domainName.replace(/\./g, '\\.')}: requests −[6-9]\\d % vs usual \\(z −\\d+\\.\\d\\)$`),
    );
    const history = page.getByRole('list', { name: 'Alerts, newest first' }).getByRole('listitem');
    await expect(history).toHaveCount(1);
    await expect(history.first()).toContainText(dropped.accountName);
    await expect(history.first()).toContainText(shown.body);
    await checkEverySize(page, 'fleet-overview-alerts', () =>
      scrollMainTo(page.getByRole('heading', { level: 2, name: 'Alerts' })),
    );
    // Another round (watching off and on again): the service still needs attention, no second alert.
    const lastRound = data(await fleet.core.invoke('overview.watchStatus', undefined)).lastRoundAt;
    await watch.getByRole('checkbox', { name: new RegExp(dropped.accountName) }).uncheck();
    await expect(watch.getByRole('status')).toHaveText('Off: nothing is watched.');
    fleet.clock.set(at('10:25'));
    await watch.getByRole('checkbox', { name: new RegExp(dropped.accountName) }).check();
    await expect
      .poll(async () => data(await fleet.core.invoke('overview.watchStatus', undefined)).lastRoundAt, {
        timeout: 30_000,
      })
      .not.toBe(lastRound);
    expect(await notifications(page)).toHaveLength(1);
    await expect(history).toHaveCount(1);

    // A click on the notification, from another screen: the overview, that service in view with the focus.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Change journal' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Change journal' })).toBeVisible();
    await page.evaluate('window.__notifications[0].onclick(new Event("click"))');
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    await expect(page.locator(':focus')).toHaveAttribute('data-row-index', '0');
    await expect(page.locator(':focus')).toContainText(dropped.domainName);
    expect((await notifications(page))[0].closed).toBe(true);

    // Snooze for 7 days: still shown, marked snoozed; the customer's status says so; Unsnooze ends it.
    // Keyboard: Tab from the row to its Snooze… button, Enter; Enter on Snooze in the dialog.
    await expect(page.locator(':focus')).toHaveAttribute('data-row-index', '0');
    await page.keyboard.press('Tab');
    await expect(first.getByRole('button', { name: `Snooze alerts of ${dropped.domainName}` })).toBeFocused();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Snooze alerts' });
    await expect(dialog.getByRole('group', { name: 'Snoozes the alerts of' })).toContainText(dropped.accountName);
    await expect(dialog.getByRole('group', { name: 'Snoozes the alerts of' })).toContainText(dropped.domainName);
    await dialog.getByRole('radio', { name: '7 days' }).check();
    await screenshot(page, 'fleet-overview-snooze-dialog');
    await dialog.getByRole('button', { name: 'Snooze', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    // The focus goes back to the row, onto the Unsnooze that replaced Snooze…, in view below the sticky header.
    const unsnooze = first.getByRole('button', { name: `Unsnooze ${dropped.domainName}` });
    await expect(unsnooze).toBeFocused();
    await expect(unsnooze).toBeInViewport({ ratio: 1 });
    const below = await first.evaluate(
      (row) =>
        row.getBoundingClientRect().top -
        (row.closest('[role="table"]')?.querySelector('.head')?.getBoundingClientRect().bottom ?? 0),
    );
    expect(below, 'row not under the sticky header').toBeGreaterThanOrEqual(-1);
    await expect(first.getByText('Needs attention · snoozed')).toBeVisible();
    // The "z" symbol is not read as a letter; the status badge stays inside its cell at 1024 px.
    await expect(disclosure).toHaveAccessibleDescription(/^Snoozed ?: 1 service needs attention/);
    await page.setViewportSize({ width: 1024, height: 700 });
    const inside = await first.locator('[data-service-status]').evaluate((cell) => {
      const badge = cell.querySelector('.badge')!.getBoundingClientRect();
      const box = cell.getBoundingClientRect();
      return badge.right <= box.right + 0.5 && cell.scrollWidth <= cell.clientWidth;
    });
    expect(inside, 'snoozed badge inside the Service cell').toBe(true);
    // Customer names are whole at 1024 px (wrapped, not cut).
    for (const customer of customers) {
      const name = accountRow(page, customer.name).locator('.name');
      await expect(name).toHaveText(customer.name);
      expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth), `${customer.name} whole`).toBe(true);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await checkEverySize(page, 'fleet-overview-snoozed', async () => {
      await unsnooze.evaluate((el) => el.scrollIntoView({ block: 'nearest' }));
    });
    await expect(first.getByText(/^Snoozed until 25 Nov 2026/)).toBeVisible();
    await expect(droppedRow).toHaveAttribute('data-status', 'snoozed');
    await expect(history.first().getByText(/Snoozed until 25 Nov 2026/)).toBeVisible();
    expect(
      data(await fleet.core.invoke('overview.services', { accountId: dropped.accountId })).services[0].snoozedUntil,
    ).toBe(at('10:25') + 7 * 24 * 3_600_000);
    await first.getByRole('button', { name: `Unsnooze ${dropped.domainName}` }).click();
    await expect(first.getByText('Needs attention', { exact: true })).toBeVisible();
    await expect(droppedRow).toHaveAttribute('data-status', 'attention');

    // The service's Traffic screen, its customer current, on the same 24 hours.
    const { range } = data(await fleet.core.invoke('overview.services', { accountId: dropped.accountId }));
    expect(range).not.toBeNull();
    await first.getByRole('button', { name: dropped.domainName, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Traffic' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Account: / })).toHaveAccessibleName(
      `Account: ${dropped.accountName}`,
    );
    const form = page.getByRole('form', { name: 'Traffic selection' });
    await expect(form.getByRole('textbox', { name: 'From', exact: true })).toHaveValue(
      new Date(range!.from).toISOString().slice(0, 16),
    );
    await expect(form.getByRole('textbox', { name: 'To', exact: true })).toHaveValue(
      new Date(range!.to).toISOString().slice(0, 16),
    );
    await expect(form.getByRole('checkbox', { name: dropped.domainName })).toBeChecked();
    await expect(form.getByRole('radio', { name: /^All services/ })).not.toBeChecked();
    // The charts are those of that service over the same hours.
    await expect(page.locator('.chart-frame canvas').first()).toBeVisible({ timeout: 30_000 });
    await screenshot(page, 'fleet-overview-traffic-click-through');
  });

  test('keyboard only: to the overview, refresh, expand a customer, open a service on Traffic', async ({
    page,
    fleet,
  }) => {
    test.setTimeout(180_000);
    const { dropped } = fleet;
    await page.addInitScript(recordNotifications);
    await page.goto(fleet.host.url);
    await waitForAppShell(page);
    await page.locator('body').focus();
    await tabTo(page, page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Overview' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    const refreshButton = page.getByRole('button', { name: 'Refresh', exact: true });
    await tabTo(page, refreshButton);
    await page.keyboard.press('Enter');
    await expect(accountRow(page, dropped.accountName)).toHaveAttribute('data-status', 'attention', {
      timeout: 60_000,
    });
    const disclosure = accountRow(page, dropped.accountName).getByRole('button', {
      name: new RegExp(dropped.accountName),
    });
    await tabTo(page, disclosure);
    await page.keyboard.press('Enter');
    const table = page.getByRole('table', { name: `Services of ${dropped.accountName}` });
    const firstRow = table.locator('[data-row-index="0"]');
    await tabTo(page, firstRow);
    await expect(firstRow).toBeFocused();
    // The customer's last service: far down the Traffic screen's list of services.
    const customer = fleet.customers.find((c) => c.id === dropped.accountId)!;
    const last = customer.services.at(-1)!.domainName;
    // The rows take one Tab stop; the arrow keys move along them.
    for (let i = 0; i < 10 && !(await page.locator(':focus').textContent())?.includes(last); i++)
      await page.keyboard.press('ArrowDown');
    await expect(page.locator(':focus')).toContainText(last);
    // The row's own button (Snooze) is one Tab further; Enter on the row opens its Traffic screen.
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Traffic' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Account: / })).toHaveAccessibleName(
      `Account: ${dropped.accountName}`,
    );
    // Which service the charts show is in sight: said above the list, its ticked box scrolled into the list's view.
    const form = page.getByRole('form', { name: 'Traffic selection' });
    await expect(form.locator('[data-chosen-services]')).toHaveText(`Chosen: ${last}`);
    const box = form.getByRole('checkbox', { name: last });
    await expect(box).toBeChecked();
    await expect(box).toBeInViewport({ ratio: 1 });
    await expect(page.locator('.chart-frame canvas').first()).toBeVisible({ timeout: 30_000 });
    await checkEverySize(page, 'fleet-overview-traffic-last-service');
  });
});

test('asks for notification permission only when "Allow desktop notifications" is pressed', async ({ page, fleet }) => {
  // The permission not decided yet, as in a browser that never asked.
  await page.addInitScript('window.__permissionOverride = "default"');
  await openOverview(page, fleet);
  await expect(page.getByRole('heading', { level: 2, name: 'Alerts' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate('window.__permissionRequests')).toBe(0);
  const allow = page.getByRole('button', { name: 'Allow desktop notifications' });
  await expect(allow).toBeVisible();
  await allow.click();
  expect(await page.evaluate('window.__permissionRequests')).toBe(1);
  await expect(page.getByText(/^Desktop notifications are on in this browser/)).toBeVisible();
  await expect(allow).toBeHidden();
});

test('offline: the refresh says so and the saved rows stay with their age', async ({ page, fleet }) => {
  test.setTimeout(120_000);
  await openOverview(page, fleet);
  await refresh(page);
  const droppedRow = accountRow(page, fleet.dropped.accountName);
  await expect(droppedRow).toHaveAttribute('data-status', 'attention');
  // An hour later the gateway is gone: nothing new can be fetched.
  await fleet.sandbox.stop();
  fleet.clock.set(at('11:20'));
  await refresh(page);
  await expect(page.getByRole('alert').filter({ hasText: 'Offline: the API could not be reached' })).toBeVisible();
  await expect(droppedRow).toHaveAttribute('data-status', 'attention');
  await expect(droppedRow.locator('[data-age]')).toHaveText('data from 1 h ago');
  await expect(droppedRow.getByText(/Last refresh failed/)).toBeVisible();
  await screenshot(page, 'fleet-overview-offline-1280-light');
});
