// The change journal with hundreds of entries (bulk runs journal one entry per service): the newest
// 100 in the DOM, "Show N more" by keyboard moves the focus to the first newly shown entry, the
// status line counts what is shown of what the filters select, filters and pages agree, the
// export holds every selected entry, no sideways overflow and no serious axe violations.
// The entries are seeded through the journal store itself (src/core/journal/journal.ts) on the host's data
// dir while the host is stopped, then the host restarts on it, as after an app restart.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import {
  test,
  expect,
  restartWebHost,
  screenshot,
  screenshotsInEverySize,
  scrollMainTo,
  waitForAppShell,
  type E2eHost,
} from './fixtures.ts';
import { addGatewayAccount, hostIpc } from './helpers.ts';
import { createJournal, type NewJournalEntry } from '#core/journal/journal.ts';
import type { SandboxHandle } from '#sandbox';

const ACME_ENTRIES = 280;
const BATCH = 'b7e1c0de-0000-4000-8000-00000000e2e0';
/** Entries of the bulk batch: the newest 150 of Acme's. */
const BATCH_SIZE = 150;
const GLOBEX_ENTRIES = 20;

async function seedJournal(
  host: E2eHost,
  sandbox: SandboxHandle,
  accounts: { acme: string; globex: string },
): Promise<void> {
  const services = sandbox.store.servicesOf(sandbox.credentials.customerId).map((s) => s.service.id);
  const journal = createJournal({ dataDir: host.dataDir, now: () => new Date() });
  const start = Date.now() - (ACME_ENTRIES + GLOBEX_ENTRIES) * 60_000;
  const seeded: NewJournalEntry[] = [];
  // Oldest first: each append goes on top, so the journal ends newest first like a real one.
  for (let i = 0; i < ACME_ENTRIES + GLOBEX_ENTRIES; i++) {
    const globex = i < GLOBEX_ENTRIES;
    const n = globex ? i : i - GLOBEX_ENTRIES;
    const serviceId = services[i % services.length] ?? 101;
    const failed = n % 9 === 4;
    seeded.push({
      at: new Date(start + i * 60_000).toISOString(),
      accountId: globex ? accounts.globex : accounts.acme,
      accountName: globex ? 'Sandbox' : 'Acme',
      serviceId,
      operationId: 'setCorsHeaders',
      policyId: null,
      summary: `Set CORS headers (seed ${globex ? 'G' : 'A'}${String(n).padStart(3, '0')})`,
      before: null,
      beforeSource: 'none',
      after: { accessControlAllowOrigin: `https://seed-${n}.example` },
      result: failed ? { ok: false, code: 'Service.NotFound', message: 'No such service.' } : { ok: true },
      ...(!globex && n >= ACME_ENTRIES - BATCH_SIZE ? { batchId: BATCH } : {}),
    });
  }
  await Promise.all(seeded.map((entry) => journal.append(entry)));
  expect((await journal.list()).length).toBe(ACME_ENTRIES + GLOBEX_ENTRIES);
}

const entryList = (app: Page) => app.getByRole('list', { name: 'Journal entries' });
const entries = (app: Page) => entryList(app).locator(':scope > li');
const countLine = (app: Page) => app.locator('p.count[role="status"]');
const showMore = (app: Page) => app.getByRole('button', { name: /^Show \d+ more$/ });

async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    '(() => { const m = document.querySelector("main"); return [document.documentElement.scrollWidth - document.documentElement.clientWidth, m ? m.scrollWidth - m.clientWidth : 0]; })()',
  );
  expect(overflow).toEqual([0, 0]);
}

test.use({ viewport: { width: 1024, height: 700 } });

test('hundreds of journal entries: 100 at a time, Show more by keyboard, filters and pages agree, export, axe', async ({
  app,
  host,
  sandbox,
}) => {
  test.setTimeout(180_000);
  // A second account: the built-in sandbox (the fixture gateway's key is Acme's).
  const globex = await hostIpc<{ id: string }>(app, host, 'accounts.ensureSandbox', { makeCurrent: false });
  const acme = await addGatewayAccount(app, host, sandbox, 'Acme');
  // The store is written while no core holds it; the host restarted on the data dir reads it.
  await host.stop();
  await seedJournal(host, sandbox, { acme: acme.id, globex: globex.id });
  const restarted = await restartWebHost(host);
  try {
    await app.goto(restarted.url);
    await waitForAppShell(app);
    await expect(app.getByRole('button', { name: /^Account: / })).toHaveAccessibleName('Account: Acme');
    await app.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Change journal' }).click();

    await test.step('the newest 100 of the account in the DOM, counted against all of them', async () => {
      await expect(countLine(app)).toHaveText(`Showing 100 of ${ACME_ENTRIES} changes.`);
      await expect(entries(app)).toHaveCount(100);
      await expect(entries(app).first()).toContainText(`seed A${ACME_ENTRIES - 1}`);
      await expect(entries(app).last()).toContainText(`seed A${ACME_ENTRIES - 100}`);
      await expect(
        app.getByText(`${ACME_ENTRIES - 100} older changes not shown yet; the export holds all of them.`),
      ).toBeVisible();
    });

    await test.step('Show 100 more by keyboard: the focus goes to the first newly shown entry, and Tab goes on inside it', async () => {
      await showMore(app).focus();
      await expect(showMore(app)).toHaveText('Show 100 more');
      await app.keyboard.press('Enter');
      await expect(entries(app)).toHaveCount(200);
      await expect(countLine(app)).toHaveText(`Showing 200 of ${ACME_ENTRIES} changes.`);
      const firstNew = entries(app).nth(100);
      await expect(firstNew).toContainText(`seed A${ACME_ENTRIES - 101}`);
      await expect(firstNew).toBeFocused();
      await expect(firstNew).toBeInViewport();
      await screenshot(app, 'journal-paging-focused-1024-light');
      await app.keyboard.press('Tab');
      await expect(firstNew.getByRole('button').first()).toBeFocused();
      // The rest (fewer than a page) by keyboard too; then the button is gone.
      await showMore(app).focus();
      await expect(showMore(app)).toHaveText(`Show ${ACME_ENTRIES - 200} more`);
      await app.keyboard.press('Space');
      await expect(entries(app)).toHaveCount(ACME_ENTRIES);
      await expect(entries(app).nth(200)).toBeFocused();
      await expect(countLine(app)).toHaveText(`${ACME_ENTRIES} changes.`);
      await expect(showMore(app)).toHaveCount(0);
    });

    await test.step('Refresh keeps what is shown; an entry shown by Show more expands', async () => {
      await app.getByRole('button', { name: 'Refresh' }).click();
      await expect(entries(app)).toHaveCount(ACME_ENTRIES);
      const old = entries(app).nth(250);
      await old.getByRole('button', { name: 'Details', exact: true }).click();
      await expect(old.getByRole('button', { name: 'Hide details', exact: true })).toHaveAttribute(
        'aria-expanded',
        'true',
      );
      await expect(old.locator('.details')).toBeVisible();
    });

    await test.step('a filter goes back to its newest 100: batch filter, Show more, counts agree', async () => {
      const batch = app.getByRole('group', { name: 'More filters' }).getByRole('textbox', { name: 'Batch' });
      await batch.fill(BATCH);
      await batch.press('Enter');
      await expect(countLine(app)).toHaveText(`Showing 100 of ${BATCH_SIZE} changes matching the filters.`);
      await expect(entries(app)).toHaveCount(100);
      await showMore(app).focus();
      await app.keyboard.press('Enter');
      await expect(countLine(app)).toHaveText(`${BATCH_SIZE} changes matching the filters.`);
      await expect(entries(app)).toHaveCount(BATCH_SIZE);
      await expect(entries(app).nth(100)).toBeFocused();
      await expect(entries(app).last()).toContainText(`seed A${ACME_ENTRIES - BATCH_SIZE}`);

      // Outcome on top of the batch: fewer than a page, all shown, no button.
      await app
        .getByRole('group', { name: 'More filters' })
        .getByRole('combobox', { name: 'Outcome' })
        .selectOption('failed');
      const failedInBatch = Array.from({ length: BATCH_SIZE }, (_, k) => ACME_ENTRIES - BATCH_SIZE + k).filter(
        (n) => n % 9 === 4,
      ).length;
      await expect(countLine(app)).toHaveText(`${failedInBatch} changes matching the filters.`);
      await expect(entries(app)).toHaveCount(failedInBatch);
      await expect(showMore(app)).toHaveCount(0);

      // The export holds every entry the filters select, not only those shown.
      await app
        .getByRole('group', { name: 'More filters' })
        .getByRole('combobox', { name: 'Outcome' })
        .selectOption('ok');
      await expect(countLine(app)).toHaveText(
        `Showing 100 of ${BATCH_SIZE - failedInBatch} changes matching the filters.`,
      );
      const exported = await hostIpc<{ count: number }>(app, restarted, 'journal.export', {
        accountId: acme.id,
        batchId: BATCH,
        outcome: 'ok',
        format: 'json',
      });
      expect(exported.count).toBe(BATCH_SIZE - failedInBatch);

      await app.getByRole('button', { name: 'Clear filters' }).first().click();
      await expect(countLine(app)).toHaveText(`Showing 100 of ${ACME_ENTRIES} changes.`);
      await expect(entries(app)).toHaveCount(100);
    });

    await test.step('All accounts: 100 of both accounts’ entries; the account filter pages its own', async () => {
      await app.getByRole('button', { name: 'All accounts' }).click();
      await expect(countLine(app)).toHaveText(`Showing 100 of ${ACME_ENTRIES + GLOBEX_ENTRIES} changes.`);
      await expect(entries(app)).toHaveCount(100);
      await app
        .getByRole('group', { name: 'More filters' })
        .getByRole('combobox', { name: 'Account' })
        .selectOption({ label: 'Sandbox' });
      await expect(countLine(app)).toHaveText(`${GLOBEX_ENTRIES} changes matching the filters.`);
      await expect(entries(app)).toHaveCount(GLOBEX_ENTRIES);
      await app
        .getByRole('group', { name: 'More filters' })
        .getByRole('combobox', { name: 'Account' })
        .selectOption({ label: 'Any account' });
      await expect(countLine(app)).toHaveText(`Showing 100 of ${ACME_ENTRIES + GLOBEX_ENTRIES} changes.`);
    });

    await test.step('layout, axe in both themes, screenshots', async () => {
      await expectNoHorizontalOverflow(app);
      for (const theme of ['light', 'dark'] as const) {
        await app.emulateMedia({ colorScheme: theme });
        await expect(app.locator('html')).toHaveAttribute('data-theme', theme);
        const results = await new AxeBuilder({ page: app })
          .include('main')
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
          .analyze();
        const serious = results.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${theme}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
        expect(serious).toEqual([]);
      }
      await app.emulateMedia({ colorScheme: 'light' });
      await screenshotsInEverySize(app, 'journal-paging-top');
      await screenshotsInEverySize(app, 'journal-paging-more', async () => {
        await scrollMainTo(entries(app).nth(97));
        await expectNoHorizontalOverflow(app);
      });
    });
  } finally {
    await restarted.stop();
  }
});
