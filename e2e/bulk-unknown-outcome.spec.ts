// Exactly once after the app stops mid-run, through the browser host and a real sandbox gateway:
// an access-control create batch whose writes are on their way when the app stops. After the
// restart the batch screen shows them as "sent, no answer known"; Resume reads each service first
// (found with the fields sent → applied, confirmed after restart) and leaves the one it cannot tell
// for the user, who marks it as applied by keyboard. Nothing is created twice. Screenshots:
// e2e/screenshots/bulk-unknown-*-<width>-<theme>.png.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import {
  test,
  expect,
  restartWebHost,
  screenshotsInEverySize,
  scrollMainTo,
  waitForAppShell,
  type E2eHost,
} from './fixtures.ts';
import { addGatewayAccount, hostIpc } from './helpers.ts';

const POLICY = { policyName: 'Block admin', type: 'deny', matchUrlPath: { operator: 'prefix', patterns: ['/admin'] } };

async function seriousAxeViolations(app: Page): Promise<string[]> {
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

async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    '(() => { const m = document.querySelector("main"); return [document.documentElement.scrollWidth - document.documentElement.clientWidth, m ? m.scrollWidth - m.clientWidth : 0]; })()',
  );
  expect(overflow).toEqual([0, 0]);
}

test('writes on their way when the app stops: shown as unknown, checked by reading before anything is sent, the rest settled by the user', async ({
  app,
  host,
  sandbox,
}) => {
  test.setTimeout(150_000);
  let restarted: E2eHost | undefined;
  try {
    const { id: accountId } = await addGatewayAccount(app, host, sandbox, 'Demo retail');
    const services = sandbox.store.servicesOf(sandbox.credentials.customerId).slice(0, 3);
    for (const s of services)
      await hostIpc(app, host, 'inventory.record', {
        accountId,
        serviceId: s.service.id,
        domainName: s.service.domainName,
      });
    const named = (serviceId: number) =>
      sandbox.store
        .service(sandbox.credentials.customerId, serviceId)!
        .accessControl.filter((p) => p.policyName === POLICY.policyName);

    // The creates take 4 s at the gateway: the app stops while all three are on their way.
    sandbox.setFaults({ perOperation: { createAccessControlPolicy: { latencyMs: 4_000 } } });
    const plan = await hostIpc<{ id: string }>(app, host, 'bulk.plan', {
      change: { kind: 'access-control', policy: POLICY },
      targets: { services: services.map((s) => ({ accountId, serviceId: s.service.id })) },
    });
    await hostIpc(app, host, 'bulk.run', { batchId: plan.id });
    await expect
      .poll(
        async () =>
          (
            await hostIpc<{ entries: Array<{ result: { ok: boolean | null } }> }>(app, host, 'journal.list', {
              batchId: plan.id,
            })
          ).entries.filter((e) => e.result.ok === null).length,
      )
      .toBe(3);
    restarted = await restartWebHost(host);
    // The gateway handles the three creates after all; then someone edits one of the new policies.
    await expect
      .poll(() => services.filter((s) => named(s.service.id).length === 1).length, { timeout: 20_000 })
      .toBe(3);
    sandbox.setFaults(undefined);
    const edited = services[2]!;
    named(edited.service.id)[0]!.type = 'allow';

    await app.goto(restarted.url);
    await waitForAppShell(app);
    await app.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Bulk changes' }).click();
    const offered = app.getByRole('region', { name: 'Batches that did not finish' });
    await offered.getByRole('button', { name: /^Open Access control policy/ }).click();
    const batch = app.getByRole('region', { name: /^4\. Run: / });
    const unknown = batch.getByRole('region', { name: 'Sent, but no answer is known (3)' });
    await expect(unknown).toBeVisible();
    await expect(unknown).toContainText('Nothing is sent again blind');
    // Each names its account and service.
    const rows = unknown.getByRole('list', { name: 'Changes with an unknown outcome' }).getByRole('listitem');
    await expect(rows).toHaveCount(3);
    for (const s of services) await expect(rows.filter({ hasText: s.service.domainName })).toContainText('Demo retail');
    await expect(rows.first()).toContainText(
      'Stopped (the batch was cancelled, or the app closed) while its request was on its way',
    );
    await expect(batch.getByRole('button', { name: 'Resume (3 left)' })).toBeEnabled();
    await screenshotsInEverySize(app, 'bulk-unknown-after-restart', () => scrollMainTo(batch));
    await expectNoHorizontalOverflow(app);
    expect(await seriousAxeViolations(app)).toEqual([]);

    // Resume: reads first. Two are found with the fields sent (applied); the edited one cannot be told.
    await batch.getByRole('button', { name: 'Resume (3 left)' }).click();
    const left = batch.getByRole('region', { name: 'Sent, but no answer is known (1)' });
    await expect(left).toBeVisible({ timeout: 60_000 });
    await expect(left).toContainText(edited.service.domainName);
    await expect(left).toContainText('but not with the fields that were sent (type differs)');
    await expect(left).toContainText('Reading the service could not tell');
    await expect(batch.getByRole('list', { name: 'Results so far' })).toContainText('applied: 2');
    for (const s of services) expect(named(s.service.id)).toHaveLength(1);
    await screenshotsInEverySize(app, 'bulk-unknown-cannot-tell', () => scrollMainTo(left));
    await expectNoHorizontalOverflow(app);
    expect(await seriousAxeViolations(app)).toEqual([]);

    // By keyboard: tick it, then Mark as applied.
    const tick = left.getByRole('checkbox', { name: new RegExp(edited.service.domainName.replace(/\./g, '\\.')) });
    await tick.focus();
    await app.keyboard.press('Space');
    await expect(tick).toBeChecked();
    const mark = left.getByRole('button', { name: 'Mark as applied (1)' });
    await mark.focus();
    await app.keyboard.press('Enter');
    await expect(batch.getByText('Finished', { exact: true })).toBeVisible();
    await expect(batch.getByRole('list', { name: 'Results so far' })).toContainText('applied: 3');
    await expect(left).toBeHidden();
    for (const s of services) expect(named(s.service.id)).toHaveLength(1);
    await screenshotsInEverySize(app, 'bulk-unknown-settled', () => scrollMainTo(batch));

    // The journal says how each was settled.
    await batch.getByRole('button', { name: 'Show in the change journal' }).click();
    const entries = app.getByRole('list', { name: 'Journal entries' }).getByRole('listitem');
    await expect(entries).toHaveCount(3);
    await expect(entries.filter({ hasText: 'applied (confirmed by reading it back)' })).toHaveCount(2);
    await expect(entries.filter({ hasText: 'applied (marked by the user)' })).toHaveCount(1);
    await entries
      .filter({ hasText: 'applied (confirmed by reading it back)' })
      .first()
      .getByRole('button', { name: 'Details' })
      .click();
    await expect(
      app.getByText(/^Confirmed after restart: the service has the access control policy “Block admin”/),
    ).toBeVisible();
    await screenshotsInEverySize(app, 'bulk-unknown-journal');
  } finally {
    await restarted?.stop();
  }
});
