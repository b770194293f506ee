// Layout at the supported window sizes. Every screen (e2e/screens.ts) at 1024×700 and 1280×800:
// neither the page nor any element scrolls or spills sideways, and no text is cut off without a
// way to read it in full; the values the review found cut (a regex condition, the Edge CNAME,
// the Accounts actions) are shown whole. At 1024×700, light and dark: the shell of a production
// account, the services overview, the traffic dashboard and a policy section keep their controls
// reachable; the chart tooltip lists each series once, all at one timestamp; closing the command
// palette gives focus back to what opened it. With long lists (48 services, 21 accounts) the
// document stays exactly the window's size on every screen that shows them (review S1).
// Screenshots: e2e/screenshots/layout-*.png.
import type { Page } from '@playwright/test';
import { test, expect, screenshot, screenshotsInEverySize, type E2eHost } from './fixtures.ts';
import { hostIpc, useSandbox } from './helpers.ts';
import { everyScreen, showConfigApplyPlan, showConfigCompare, visitEveryScreen, type ScreenName } from './screens.ts';
import type { SandboxHandle } from '#sandbox';

test.use({ viewport: { width: 1024, height: 700 } });

const themes = ['light', 'dark'] as const;

/**
 * What spills sideways on the page: the document wider than the window; any element whose
 * content is wider than its box (scrolling, clipped or spilling), innermost only; text cut with
 * an ellipsis that carries no title with the full text. Form controls and canvases are left out
 * (an input scrolls its own text by design).
 */
async function sidewaysProblems(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(`(() => {
    const problems = [];
    const doc = document.documentElement;
    // clientWidth/clientHeight: the window without its scrollbars (innerWidth includes them, so a
    // sideways spill as wide as the vertical scrollbar went unseen).
    if (doc.scrollWidth > doc.clientWidth) problems.push('page: ' + doc.scrollWidth + 'px wide in a ' + doc.clientWidth + 'px window');
    if (doc.scrollHeight > doc.clientHeight) problems.push('page: ' + doc.scrollHeight + 'px tall in a ' + doc.clientHeight + 'px window (only main and the sidebar list may scroll)');
    const describe = (el) => {
      const label = el.getAttribute('aria-label') || el.getAttribute('title') || (el.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 60);
      return el.tagName.toLowerCase() + (el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\\s+/).filter((c) => !c.startsWith('svelte-')).join('.') : '') + ' "' + label + '"';
    };
    const spilling = [];
    for (const el of document.body.querySelectorAll('*')) {
      if (!(el instanceof HTMLElement)) continue;
      if (['INPUT', 'SELECT', 'TEXTAREA', 'CANVAS', 'OPTION'].includes(el.tagName)) continue;
      if (el.closest('.visually-hidden, [aria-hidden="true"]')) continue;
      const style = getComputedStyle(el);
      if (style.display === 'inline' || style.display === 'contents' || style.display === 'none') continue;
      if (!el.checkVisibility() || el.clientWidth === 0) continue;
      // Text for screen readers only (a clipped 1×1 box, as narrow windows make of a long label).
      if (el.clientWidth <= 1 && el.clientHeight <= 1 && style.position === 'absolute') continue;
      const excess = el.scrollWidth - el.clientWidth;
      if (excess <= 1) continue;
      if (style.textOverflow === 'ellipsis') {
        const full = (el.textContent || '').trim();
        const title = el.closest('[title]')?.getAttribute('title') || '';
        if (!title.includes(full)) problems.push('cut off, no title with the full text: ' + describe(el));
        continue;
      }
      spilling.push([el, describe(el) + ' is ' + excess + 'px too narrow (overflow-x: ' + style.overflowX + ')']);
    }
    for (const [el, text] of spilling) if (!spilling.some(([other]) => other !== el && el.contains(other))) problems.push(text);
    return problems;
  })()`);
}

/** The values the review found cut off at 1024 px are shown in full (wrapped, not clipped). */
async function expectKnownLongValuesWhole(page: Page, screen: ScreenName): Promise<void> {
  const whole = async (selector: string, what: string) => {
    const cut = await page
      .locator(selector)
      .evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent));
    expect(cut, what + ' shown whole').toEqual([]);
    expect(await page.locator(selector).count(), what + ' present').toBeGreaterThan(0);
  };
  if (screen === 'services') await whole('.cname', 'Edge CNAME');
  if (screen === 'cache-editor') {
    const regex = page
      .getByRole('group', { name: 'Condition 1' })
      .getByText('\\.(css|js|png|jpe?g|webp|svg|woff2)$', { exact: true });
    await expect(regex).toBeVisible();
    const box = await regex.boundingBox();
    const group = await page.getByRole('group', { name: 'Condition 1' }).boundingBox();
    expect(box && group && box.x + box.width <= group.x + group.width, 'regex value inside its condition').toBe(true);
    expect(await regex.evaluate((el) => el.scrollWidth <= el.clientWidth + 1), 'regex value not clipped').toBe(true);
  }
  if (screen === 'accounts') {
    for (const button of await page.getByRole('table').getByRole('button').all())
      await expect(button).toBeInViewport({ ratio: 1 });
  }
}

for (const viewport of [
  { width: 1024, height: 700 },
  { width: 1280, height: 800 },
]) {
  test.describe(`${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });
    test(`every screen fits ${viewport.width}×${viewport.height}: nothing spills sideways, no text cut off unreadably`, async ({
      app,
      host,
      sandbox,
    }) => {
      test.setTimeout(180_000);
      const problems: string[] = [];
      const visited: ScreenName[] = [];
      await visitEveryScreen(app, host, sandbox, async (name) => {
        visited.push(name);
        for (const theme of themes) {
          await app.locator('html').evaluate((html, t) => html.setAttribute('data-theme', t), theme);
          await screenshot(app, `layout-${name}-${viewport.width}-${theme}`);
        }
        await app.locator('html').evaluate((html) => html.setAttribute('data-theme', 'light'));
        problems.push(...(await sidewaysProblems(app)).map((p) => `${name}: ${p}`));
        await expectKnownLongValuesWhole(app, name);
      });
      expect(visited).toEqual([...everyScreen]);
      expect(problems, problems.join('\n')).toEqual([]);
    });
  });
}

/** A production account on the fixture gateway with three listed services, made current. */
async function addProductionAccount(page: Page, host: E2eHost, sandbox: SandboxHandle): Promise<string[]> {
  const { account } = await hostIpc<{ account: { id: string } }>(page, host, 'accounts.add', {
    name: 'Acme Production Retail',
    baseUrl: sandbox.url,
    accessKeyId: sandbox.credentials.accessKeyId,
    customerId: sandbox.credentials.customerId,
    secret: sandbox.credentials.accessKeySecret,
    production: true,
    verify: false,
    makeCurrent: true,
  });
  const services = sandbox.services.slice(0, 3);
  for (const s of services)
    await hostIpc(page, host, 'inventory.record', { accountId: account.id, serviceId: s.id, domainName: s.domainName });
  await page.reload();
  return services.map((s) => s.domainName);
}

async function setTheme(page: Page, theme: (typeof themes)[number]): Promise<void> {
  await page
    .getByRole('group', { name: 'Theme' })
    .getByRole('button', { name: theme === 'light' ? 'Light' : 'Dark', exact: true })
    .click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}

/** Neither the document nor the main region scrolls sideways; the header fits its width. */
async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const sizes = await page.evaluate<{
    doc: number;
    inner: number;
    main: number;
    mainClient: number;
    header: number;
    headerClient: number;
  }>(`(() => {
    const main = document.querySelector('main');
    const header = document.querySelector('header.app-header');
    return {
      doc: document.documentElement.scrollWidth,
      inner: window.innerWidth,
      main: main ? main.scrollWidth : 0,
      mainClient: main ? main.clientWidth : 0,
      header: header ? header.scrollWidth : 0,
      headerClient: header ? header.clientWidth : 0,
    };
  })()`);
  expect(sizes.doc, 'document width').toBeLessThanOrEqual(sizes.inner);
  expect(sizes.main, 'main region width').toBeLessThanOrEqual(sizes.mainClient);
  expect(sizes.header, 'header width').toBeLessThanOrEqual(sizes.headerClient);
}

/** The header's controls are all on screen: account switcher, search, every theme button. */
async function expectHeaderControls(page: Page): Promise<void> {
  await expect(page.getByRole('button', { name: /^Account: / })).toBeInViewport({ ratio: 1 });
  const search = page.getByRole('button', { name: /Search or jump to/ });
  await expect(search).toBeInViewport({ ratio: 1 });
  expect((await search.boundingBox())?.height ?? 99, 'search button on one line').toBeLessThanOrEqual(34);
  for (const name of ['System', 'Light', 'Dark'])
    await expect(page.getByRole('group', { name: 'Theme' }).getByRole('button', { name, exact: true })).toBeInViewport({
      ratio: 1,
    });
}

async function scrollMainToTop(page: Page): Promise<void> {
  await page.evaluate("document.querySelector('main')?.scrollTo(0, 0)");
}

test('sandbox account: services overview and a policy section fit 1024×700; the palette returns focus', async ({
  app,
  sandbox,
}) => {
  await app.getByRole('button', { name: /^Use the sandbox account/ }).click();
  await expect(app.getByRole('heading', { level: 1, name: 'Services' })).toBeVisible();
  const removeButtons = app.getByRole('button', { name: /^Remove .+ from the list$/ });
  await expect(removeButtons).toHaveCount(sandbox.services.length);

  for (const theme of themes) {
    await setTheme(app, theme);
    await scrollMainToTop(app);
    await expectNoHorizontalOverflow(app);
    await expectHeaderControls(app);
    // Domain names stay on one line (ellipsis, full name in the title), not one letter per line.
    for (const { domainName } of sandbox.services) {
      const link = app.getByRole('button', { name: domainName, exact: true });
      expect((await link.boundingBox())?.height ?? 99, `${domainName} on one line`).toBeLessThanOrEqual(24);
    }
    await screenshot(app, `layout-services-1024-${theme}`);
    for (const button of await removeButtons.all()) {
      await button.scrollIntoViewIfNeeded();
      await expect(button).toBeInViewport({ ratio: 1 });
    }
  }
  await expect(app.getByText(/services added by ID and the sandbox’s sample services\./)).toBeVisible();
  // The welcome toast goes away by itself (success toasts last about 6 s).
  await expect(app.getByText('“Sandbox” is ready')).toBeHidden({ timeout: 10_000 });

  // Closing the palette puts focus back on what opened it: the search button, or a focused tab.
  const palette = app.getByRole('dialog', { name: 'Command palette' });
  const search = app.getByRole('button', { name: /Search or jump to/ });
  await search.click();
  await expect(palette).toBeVisible();
  await app.keyboard.press('Escape');
  await expect(palette).toBeHidden();
  await expect(search).toBeFocused();

  await app.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /#101$/ }).click();
  const cacheTab = app.getByRole('tab', { name: 'Cache control' });
  await cacheTab.click();
  await cacheTab.focus();
  await app.keyboard.press('Control+k');
  await expect(palette).toBeVisible();
  await app.keyboard.press('Escape');
  await expect(palette).toBeHidden();
  await expect(cacheTab).toBeFocused();

  for (const theme of themes) {
    await setTheme(app, theme);
    await scrollMainToTop(app);
    await expect(cacheTab).toHaveAttribute('aria-selected', 'true');
    await expectNoHorizontalOverflow(app);
    await expectHeaderControls(app);
    await screenshot(app, `layout-policy-cache-1024-${theme}`);
  }
});

test('production account: shell and traffic fit 1024×700; the tooltip lists each series once at one time', async ({
  app,
  host,
  sandbox,
}) => {
  test.setTimeout(90_000);
  const names = await addProductionAccount(app, host, sandbox);
  await expect(app.getByRole('button', { name: /^Account: / })).toHaveAccessibleName(/Acme Prod/);
  const note = app.getByRole('note').filter({ hasText: 'Production account — changes affect live traffic' });
  await expect(note).toHaveCount(1);
  await expect(app.getByText('PROD', { exact: true }).first()).toBeVisible();

  for (const theme of themes) {
    await setTheme(app, theme);
    await expectNoHorizontalOverflow(app);
    await expectHeaderControls(app);
    // The short production note is read whole beside a long account name, never cut to "Live tra…".
    const short = app.locator('.prod-note .short');
    await expect(short).toHaveText('Live traffic');
    await expect(short).toBeInViewport({ ratio: 1 });
    expect(
      await app.locator('.prod-note').evaluate((el) => el.scrollWidth <= el.clientWidth),
      'production note not cut',
    ).toBe(true);
    // The search button gives the room, with a short label shown whole (its name stays the full one).
    expect(
      await app.locator('.search-label').evaluate((el) => el.scrollWidth <= el.clientWidth),
      'search label not cut',
    ).toBe(true);
    await screenshot(app, `layout-shell-production-1024-${theme}`);
  }

  // A stats bundle's review changes nothing: the header says so instead of warning of live traffic.
  await app.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Open stats bundle' }).click();
  await expect(app.getByRole('note').filter({ hasText: 'Read-only review' })).toBeInViewport({ ratio: 1 });
  await expect(note).toHaveCount(0);
  await expect(app.locator('.shell')).not.toHaveClass(/production/);
  await expectNoHorizontalOverflow(app);
  await expectHeaderControls(app);
  await screenshot(app, 'layout-shell-production-review-1024-dark');

  await app.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Traffic', exact: true }).click();
  await expect(note).toHaveCount(1);
  const bandwidth = app.getByRole('img', { name: 'Bandwidth chart, 3 services', exact: true });
  await expect(bandwidth).toBeVisible({ timeout: 20_000 });
  await expect(app.locator('[data-render-count]')).not.toHaveAttribute('data-render-count', '0');

  for (const theme of themes) {
    await setTheme(app, theme);
    // Charts pick up the theme's colours on the next frame.
    await app.waitForTimeout(150);
    await scrollMainToTop(app);
    await expectNoHorizontalOverflow(app);
    await expectHeaderControls(app);
    await screenshot(app, `layout-traffic-1024-${theme}`);
    // After a fetch the selection is folded at this height (the first chart is in view); it opens again.
    const change = app.getByRole('button', { name: 'Change selection' });
    if (await change.isVisible()) await change.click();
    const form = app.getByRole('form', { name: 'Traffic selection' });
    for (const name of ['Compare with previous period', 'Stacked areas', 'Show times in UTC']) {
      const box = form.getByRole('checkbox', { name });
      await box.scrollIntoViewIfNeeded();
      await expect(box).toBeInViewport({ ratio: 1 });
    }
    await expect(form.getByRole('radio', { name: 'Custom' })).toBeInViewport({ ratio: 1 });
  }

  // The previous period is drawn (dashed), and the tooltip shows one value per series, all at
  // the hovered timestamp: each service once and its previous period once.
  await bandwidth.scrollIntoViewIfNeeded();
  await expect(app.getByText('Dashed: previous period').first()).toBeVisible();
  const box = await bandwidth.boundingBox();
  if (!box) throw new Error('no chart box');
  for (const fraction of [0.45, 0.7]) {
    await app.mouse.move(box.x + box.width * fraction, box.y + box.height * 0.5);
    await expect(bandwidth).toHaveAttribute('data-tooltip', /points/);
    const tooltip = JSON.parse((await bandwidth.getAttribute('data-tooltip')) ?? '{}') as {
      title: string[];
      lines: string[];
      points: { label: string; x: number; y: number }[];
    };
    const labels = tooltip.points.map((p) => p.label);
    expect([...labels].sort()).toEqual([...names, ...names.map((n) => `${n} (previous period)`)].sort());
    expect(new Set(tooltip.points.map((p) => p.x)).size, 'one timestamp').toBe(1);
    for (const name of names) expect(tooltip.lines.filter((line) => line.startsWith(`${name}: `))).toHaveLength(1);
    await app.mouse.move(0, 0);
    await app.evaluate("document.querySelectorAll('[data-tooltip]').forEach((e) => e.removeAttribute('data-tooltip'))");
  }
  await setTheme(app, 'light');
  await app.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.5);
  await expect(bandwidth).toHaveAttribute('data-tooltip', /points/);
  // Past the tooltip's fade-in.
  await app.waitForTimeout(400);
  await bandwidth.screenshot({ path: 'e2e/screenshots/layout-traffic-tooltip-1024-light.png' });
});

/** How many lines the text of each element matching `selector` takes, keyed by its text. */
async function lineCounts(page: Page, selector: string): Promise<Record<string, number>> {
  return page.evaluate<Record<string, number>>(`(() => {
    const counts = {};
    for (const el of document.querySelectorAll(${JSON.stringify(selector)})) {
      const range = document.createRange();
      range.selectNodeContents(el);
      const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      counts[(el.textContent || '').trim()] = tops.size;
    }
    return counts;
  })()`);
}

for (const viewport of [
  { width: 1024, height: 700 },
  { width: 1280, height: 800 },
]) {
  test(`accounts at ${viewport.width}×${viewport.height}: a short name and a base URL stay on one line; long values do not spill`, async ({
    app,
    host,
    sandbox,
  }) => {
    await app.setViewportSize(viewport);
    // Three short-named accounts, as an administrator has them (QA saw "Glo/bex" and ":367/91"),
    // all on the same gateway under other host names (accounts are unique by URL). Long names are
    // covered by the every-screen test above.
    const baseUrl = sandbox.url.replace(/\/$/, '');
    const longUrl = baseUrl.replace('127.0.0.1', 'localhost');
    const accounts = [
      ['Acme', baseUrl, false],
      ['Globex', longUrl, true],
      ['Initech', baseUrl.replace('127.0.0.1', '127.0.0.2'), false],
    ] as const;
    for (const [name, url, production] of accounts) {
      await hostIpc(app, host, 'accounts.add', {
        name,
        baseUrl: url,
        accessKeyId: sandbox.credentials.accessKeyId,
        customerId: sandbox.credentials.customerId,
        secret: sandbox.credentials.accessKeySecret,
        production,
        // Verified accounts show the customer's name and check date, as after Test connection.
        verify: !url.includes('127.0.0.2'),
        makeCurrent: name === 'Acme',
      });
    }
    await app.reload();
    await app.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Accounts' }).click();
    await expect(app.getByRole('button', { name: 'Remove Globex', exact: true })).toBeVisible();
    await screenshot(app, `layout-accounts-short-names-${viewport.width}`);
    const names = await lineCounts(app, '.account-cell .name');
    const urls = await lineCounts(app, 'td .mono.small');
    for (const [name, url] of accounts) {
      expect(names[name], `${name} on one line`).toBe(1);
      expect(urls[url], `${url} on one line`).toBe(1);
    }
    expect(await sidewaysProblems(app)).toEqual([]);
    for (const button of await app.getByRole('table').getByRole('button').all())
      await expect(button).toBeInViewport({ ratio: 1 });
  });
}

/**
 * The document is exactly the window: neither wider nor taller (only `main` and the sidebar's
 * service list scroll). Measured against clientWidth/clientHeight, which leave out scrollbars.
 */
async function documentOverflow(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(`(() => {
    const doc = document.documentElement;
    const problems = [];
    if (doc.scrollWidth > doc.clientWidth) problems.push('document ' + doc.scrollWidth + 'px wide in a ' + doc.clientWidth + 'px window');
    if (doc.scrollHeight > doc.clientHeight) problems.push('document ' + doc.scrollHeight + 'px tall in a ' + doc.clientHeight + 'px window');
    return problems;
  })()`);
}

// S1 of the review: with long lists (48 services in the sidebar, 21 accounts in Bulk changes'
// target list) hidden text deep inside the scrolling lists stretched the document, so the whole
// window scrolled and spilled sideways at 1024 px. Each screen is checked in both sizes.
test('long lists: the document never grows past the window on any screen with a long list', async ({
  app,
  host,
  sandbox,
}) => {
  test.setTimeout(180_000);
  await useSandbox(app);
  const { currentAccountId } = await hostIpc<{ currentAccountId: string }>(app, host, 'accounts.list', {});
  for (let i = 0; i < 45; i++) {
    await hostIpc(app, host, 'inventory.record', {
      accountId: currentAccountId,
      serviceId: 60_000 + i,
      domainName: `fleet-${String(i).padStart(2, '0')}.customer-example.net`,
    });
  }
  for (let i = 0; i < 20; i++) {
    const { account } = await hostIpc<{ account: { id: string } }>(app, host, 'accounts.add', {
      name: `Customer ${String(i + 1).padStart(2, '0')} Handelsgesellschaft`,
      baseUrl: sandbox.url,
      accessKeyId: sandbox.credentials.accessKeyId,
      customerId: 9_000 + i,
      secret: sandbox.credentials.accessKeySecret,
      verify: false,
      makeCurrent: false,
    });
    for (let j = 0; j < 2; j++)
      await hostIpc(app, host, 'inventory.record', {
        accountId: account.id,
        serviceId: 70_000 + i * 10 + j,
        domainName: `shop-${i}-${j}.customer-${i}.example`,
      });
  }
  await app.reload();
  const nav = app.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('button', { name: /fleet-00\.customer-example\.net/ })).toHaveCount(1);
  await expect(app.getByText('“Sandbox” is ready')).toBeHidden({ timeout: 10_000 });

  const problems: string[] = [];
  // Checked in each size and theme, just before each screenshot (layout-long-lists-<screen>-<width>-<theme>.png).
  const check = async (name: string) => {
    await screenshotsInEverySize(app, `layout-long-lists-${name}`, async () => {
      const width = app.viewportSize()?.width ?? 0;
      problems.push(...(await documentOverflow(app)).map((p) => `${name} at ${width}: ${p}`));
    });
    await app.setViewportSize({ width: 1024, height: 700 });
  };

  await nav.getByRole('button', { name: 'All services' }).click();
  await expect(app.getByRole('heading', { level: 1, name: 'Services' })).toBeVisible();
  await check('services');

  await nav.getByRole('button', { name: /#101$/ }).click();
  await expect(app.getByText(/Read from the gateway at/)).toBeVisible();
  await check('service');

  await nav.getByRole('button', { name: 'Change journal' }).click();
  await expect(app.getByRole('heading', { level: 1, name: 'Change journal' })).toBeVisible();
  await check('journal');

  await nav.getByRole('button', { name: 'Bulk changes' }).click();
  await expect(app.getByRole('heading', { level: 1, name: 'Bulk changes' })).toBeVisible();
  await expect(
    app.getByRole('checkbox', { name: 'Select every shown service of Customer 20 Handelsgesellschaft' }),
  ).toHaveCount(1);
  await check('bulk');

  await nav.getByRole('button', { name: 'Configuration' }).click();
  await showConfigCompare(app);
  await check('config-compare');

  await showConfigApplyPlan(app);
  await check('config-apply');

  await nav.getByRole('button', { name: 'Accounts' }).click();
  await expect(app.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
  await check('accounts');

  await nav.getByRole('button', { name: 'Baselines' }).click();
  await check('baselines');

  expect(problems, problems.join('\n')).toEqual([]);
});

/**
 * A tab row: every tab inside the tab list and the window, not clipped, and the list itself not a
 * scroll box in either direction (the active tab's underline once made a 1-px vertical overflow,
 * drawn as scroll arrows).
 */
async function tabRowProblems(page: Page, label: string): Promise<string[]> {
  return page.evaluate<string[]>(`(() => {
    const el = document.querySelector('[role="tablist"][aria-label="' + ${JSON.stringify(label)} + '"]');
    if (!el) return ['no tab list'];
    const problems = [];
    if (el.scrollWidth > el.clientWidth) problems.push('tab list ' + el.scrollWidth + 'px wide in ' + el.clientWidth + 'px');
    if (el.scrollHeight > el.clientHeight) problems.push('tab list ' + el.scrollHeight + 'px tall in ' + el.clientHeight + 'px');
    const style = getComputedStyle(el);
    if (style.overflowX !== 'visible' || style.overflowY !== 'visible') problems.push('tab list scrolls (overflow ' + style.overflowX + ' ' + style.overflowY + ')');
    const box = el.getBoundingClientRect();
    for (const tab of el.querySelectorAll('[role="tab"]')) {
      const r = tab.getBoundingClientRect();
      const name = (tab.textContent || '').trim();
      if (r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.right > document.documentElement.clientWidth) problems.push('"' + name + '" clipped');
      if (tab.scrollWidth > tab.clientWidth) problems.push('"' + name + '" text cut');
    }
    return problems;
  })()`);
}

// M3 of the review: the service's eight tabs at 1024×700 ("Rule tests" was clipped behind a
// scrollbar) and the Configuration tabs (stray scroll arrows). Arrow keys still walk the row.
test('tab rows at 1024×700: every tab visible and whole, the row never scrolls; arrow keys move along it', async ({
  app,
}) => {
  await useSandbox(app);
  const nav = app.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: /#101$/ }).click();
  await expect(app.getByText(/Read from the gateway at/)).toBeVisible();
  const tabs = app.getByRole('tablist', { name: /./ }).first().getByRole('tab');
  const serviceTabs = await app.getByRole('tablist').first().getAttribute('aria-label');
  expect(serviceTabs).toBeTruthy();
  await expect(tabs).toHaveCount(8);
  await expect(tabs.last()).toHaveText('Rule tests');
  for (const size of [
    { width: 1024, height: 700 },
    { width: 1280, height: 800 },
  ]) {
    await app.setViewportSize(size);
    expect(await tabRowProblems(app, serviceTabs ?? ''), `service tabs at ${size.width}`).toEqual([]);
    for (const tab of await tabs.all()) await expect(tab).toBeInViewport({ ratio: 1 });
    // One row: the spacing is chosen so the eight fit beside main's scrollbar.
    const tops = new Set(await tabs.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top))));
    expect(tops.size, `one row of tabs at ${size.width}`).toBe(1);
  }
  await app.setViewportSize({ width: 1024, height: 700 });
  await screenshotsInEverySize(app, 'layout-service-tabs');
  await app.setViewportSize({ width: 1024, height: 700 });

  // Keyboard: from Details, End reaches Rule tests (visible, focused), Home and ArrowLeft wrap.
  await tabs.first().click();
  await expect(tabs.first()).toBeFocused();
  await app.keyboard.press('End');
  await expect(tabs.last()).toBeFocused();
  await expect(tabs.last()).toHaveAttribute('aria-selected', 'true');
  await expect(tabs.last()).toBeInViewport({ ratio: 1 });
  await app.keyboard.press('ArrowRight');
  await expect(tabs.first()).toBeFocused();
  await app.keyboard.press('ArrowLeft');
  await expect(tabs.last()).toBeFocused();

  await nav.getByRole('button', { name: 'Configuration' }).click();
  await expect(app.getByRole('tablist', { name: 'Configuration tasks' })).toBeVisible();
  for (const size of [
    { width: 1024, height: 700 },
    { width: 1280, height: 800 },
  ]) {
    await app.setViewportSize(size);
    expect(await tabRowProblems(app, 'Configuration tasks'), `configuration tabs at ${size.width}`).toEqual([]);
  }
  await screenshotsInEverySize(app, 'layout-config-tabs');
});
