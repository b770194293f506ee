// Every screen (e2e/screens.ts) in the light and the dark theme: no serious or critical axe-core
// violation of WCAG 2.2 A/AA; and the page console stays clean from the first load through the
// whole walk (no errors, no warnings, no failed request such as a missing /favicon.ico).
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { everyScreen, visitEveryScreen, type ScreenName } from './screens.ts';

const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const themes = ['light', 'dark'] as const;

/**
 * "screen (theme): rule-id [impact] selector — summary" for each serious/critical node, and for
 * skipped heading levels (axe rates them moderate; a chart title as h3 under the page's h1 was one).
 */
async function seriousViolations(page: Page, where: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
  const headings = await new AxeBuilder({ page }).withRules(['heading-order']).analyze();
  const out: string[] = [];
  for (const violation of [...results.violations, ...headings.violations]) {
    if (violation.impact !== 'serious' && violation.impact !== 'critical' && violation.id !== 'heading-order') continue;
    for (const node of violation.nodes) {
      out.push(
        `${where}: ${violation.id} [${violation.impact}] ${node.target.join(' ')} — ${node.failureSummary?.split('\n').slice(1).join(' ').trim() ?? violation.help}`,
      );
    }
  }
  return out;
}

/** Sets the theme on the page itself (the header's switcher is inert while a dialog is open). */
async function showTheme(page: Page, theme: (typeof themes)[number]): Promise<void> {
  await page.locator('html').evaluate((html, t) => html.setAttribute('data-theme', t), theme);
  // Transitions on colours would let axe read a colour halfway.
  await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
}

test('every screen, light and dark: no serious or critical axe violations (WCAG 2.2 A/AA); a clean console throughout', async ({
  page,
  host,
  sandbox,
}) => {
  // The walk grows with every screen (axe twice per screen); on a loaded shared machine it needs room.
  test.setTimeout(900_000);
  const consoleProblems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      consoleProblems.push(`${message.type()}: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => consoleProblems.push(`page error: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400) consoleProblems.push(`HTTP ${response.status()} ${new URL(response.url()).pathname}`);
  });

  await page.goto(host.url);
  const visited: ScreenName[] = [];
  const violations: string[] = [];
  await visitEveryScreen(page, host, sandbox, async (name) => {
    visited.push(name);
    const original = await page.locator('html').getAttribute('data-theme');
    for (const theme of themes) {
      await showTheme(page, theme);
      const found = await seriousViolations(page, `${name} (${theme})`);
      if (process.env.AXE_LOG) console.log(found.join('\n'));
      violations.push(...found);
    }
    await showTheme(page, original === 'dark' ? 'dark' : 'light');
  });

  expect(visited).toEqual([...everyScreen]);
  expect(violations, violations.join('\n')).toEqual([]);
  expect(consoleProblems, consoleProblems.join('\n')).toEqual([]);
  // The browser asks for /favicon.ico by itself; it is served, as an icon.
  const favicon = await page.request.get(`${host.origin}/favicon.ico`);
  expect(favicon.status()).toBe(200);
  expect(favicon.headers()['content-type']).toBe('image/x-icon');
});
