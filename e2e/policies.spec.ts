// Policy editors through the browser host against the built-in sandbox: cache control (invalid
// priority, its draft survives a reload, a valid edit), access control (invalid IP and duplicate
// priority named, a token policy created, a bad V2 subnet named), redirection (bad destination
// refused, a valid edit), CORS set, rate limit set and deleted (a red confirmation), a server error on its field, the
// production confirmation, and a policy deleted elsewhere. Valid access-control edits and their
// draft across a reload: access-control.spec.ts. Screenshots in light and dark: e2e/screenshots/.
import { test, expect } from './fixtures.ts';
import type { Locator, Page } from '@playwright/test';
import {
  addAccount,
  addServicesById,
  gatewayProfile,
  openServiceTab as openSection,
  shootBothThemes,
  switchAccount,
  useSandbox,
} from './helpers.ts';

/**
 * Light and dark screenshots (tall viewport so the editor is in the picture). The theme attribute
 * is set directly: the header's theme switcher cannot be clicked while a modal dialog is open.
 */
async function shoot(app: Page, name: string, target?: Locator): Promise<void> {
  const size = app.viewportSize();
  const original = await app.locator('html').getAttribute('data-theme');
  await app.setViewportSize({ width: 1280, height: 2200 });
  for (const theme of ['light', 'dark'] as const) {
    await app.locator('html').evaluate((html, t) => html.setAttribute('data-theme', t), theme);
    const path = `e2e/screenshots/${name}-${theme}.png`;
    if (target) await target.screenshot({ path });
    else await app.screenshot({ path });
  }
  await app.locator('html').evaluate((html, t) => html.setAttribute('data-theme', t ?? 'light'), original);
  if (size) await app.setViewportSize(size);
}

async function applyReviewed(app: Page): Promise<void> {
  const dialog = app.getByRole('dialog', { name: 'Review the change' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Apply change' }).click();
  await expect(dialog).toBeHidden();
}

test('cache control: invalid priority shows the field error, the draft survives a reload, a valid edit is applied', async ({
  app,
}) => {
  await openSection(app, 'Cache control');
  await expect(app.getByRole('table', { name: 'Cache control policies' })).toBeVisible();
  await app.getByRole('button', { name: 'Edit cache control policy Static assets' }).click();
  const editor = app.getByRole('form', { name: /Edit cache control policy/ });
  const priority = editor.getByLabel('Priority');
  await priority.fill('abc');
  await expect(editor.getByText('Priority must be a number.')).toBeVisible();
  await expect(priority).toHaveAttribute('aria-invalid', 'true');
  await expect(editor.getByText(/Draft saved/)).toBeVisible();

  await app.reload();
  await openSection(app, 'Cache control');
  await app.getByRole('button', { name: 'Edit cache control policy Static assets' }).click();
  await expect(editor.getByText(/Draft restored/)).toBeVisible();
  await expect(editor.getByLabel('Priority')).toHaveValue('abc');

  await editor.getByLabel('Priority').fill('31');
  await editor.getByLabel('TTL', { exact: true }).fill('2');
  await editor.getByLabel('TTL unit').selectOption('h');
  await editor.getByRole('button', { name: 'Review and save' }).click();
  const dialog = app.getByRole('dialog', { name: 'Review the change' });
  await expect(dialog.getByRole('row').filter({ hasText: /^TTL/ })).toContainText('2 hours');
  await shoot(app, 'policies-review-dialog', dialog);
  await applyReviewed(app);
  await expect(editor).toBeHidden();
  const row = app.getByRole('table', { name: 'Cache control policies' }).getByRole('row', { name: /Static assets/ });
  await expect(row).toContainText('2 hours');
  await expect(row).toContainText('31');

  await app.getByRole('button', { name: 'Edit cache control policy Product images' }).click();
  await expect(editor.getByText(/Draft restored/)).toBeHidden();
  await shoot(app, 'policies-cache');
  await app.getByRole('button', { name: 'v1.0 view' }).click();
  await expect(app.getByRole('table', { name: 'Cache control policies (v1.0 view)' })).toContainText(
    'path prefix /media/catalog/',
  );

  // Re-applying the previous version: the summary (which quotes the policy name) is not quoted again.
  await app.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Change journal' }).click();
  const entry = app
    .getByRole('list', { name: 'Journal entries' })
    .getByRole('listitem')
    .filter({ hasText: 'Static assets' })
    .first();
  const summary = ((await entry.locator('strong').first().textContent()) ?? '').trim();
  expect(summary).toContain('“Static assets”');
  await entry.getByRole('button', { name: 'Apply previous version again' }).click();
  const confirm = app.getByRole('alertdialog', { name: 'Apply the previous version again?' });
  await expect(confirm.getByText(summary, { exact: true })).toBeVisible();
  expect(await confirm.textContent()).not.toMatch(/“[^”]*“/);
  await shoot(app, 'journal-reapply-confirm', confirm);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
});

test('access control: bad IP entry and duplicate priority are named; a token policy is created', async ({ app }) => {
  await openSection(app, 'Access control');
  await app.getByRole('button', { name: 'New access control policy' }).click();
  const editor = app.getByRole('form', { name: 'New access control policy' });
  await editor.getByLabel('Policy name').fill('Bot tokens');
  await editor.getByLabel('Type').selectOption('token');
  await editor.getByRole('textbox', { name: 'URL path patterns' }).fill('/bots');
  await editor.getByRole('textbox', { name: 'URL path patterns' }).press('Enter');
  await editor.getByRole('textbox', { name: 'IP restriction' }).fill('10.0.0.300');
  await editor.getByRole('textbox', { name: 'IP restriction' }).press('Enter');
  await expect(editor.getByText(/["“]10.0.0.300["”] is not an address/)).toBeVisible();
  await editor.getByRole('button', { name: 'Remove 10.0.0.300' }).click();
  await editor.getByRole('textbox', { name: 'IP restriction' }).fill('10.0.0.0/8, 192.0.2.1/255.255.255.0');
  await editor.getByRole('textbox', { name: 'IP restriction' }).press('Enter');
  await editor.getByLabel('Search countries').fill('germ');
  await editor.getByRole('option', { name: 'Germany (DE)' }).click();
  await editor.getByLabel('Priority').fill('40');
  await expect(editor.getByText(/Priority 40 is already used by “Block admin from outside”/)).toBeVisible();
  await editor.getByLabel('Priority').fill('45');
  await expect(editor.getByText(/Token policies need at least one token/)).toBeVisible();
  await editor.getByRole('button', { name: 'Generate token' }).click();
  await expect(editor.getByLabel('Token 1')).toHaveAttribute('type', 'password');
  const token = await editor.getByLabel('Token 1').inputValue();
  expect(token).toMatch(/^[0-9a-z]{64}$/);
  await shoot(app, 'policies-access-new');
  await editor.getByRole('button', { name: 'Review and create' }).click();
  // The review masks the token as the editor does, in both views, until Show is pressed.
  const review = app.getByRole('dialog', { name: 'Review the change' });
  await expect(review.getByRole('row').filter({ hasText: /^Token secret/ })).toContainText('•••••••• (hidden)');
  await expect(review).not.toContainText(token);
  await review.getByLabel('Show API names and values').check();
  await expect(review).not.toContainText(token);
  await review.getByRole('button', { name: 'Show token secret' }).click();
  await expect(review).toContainText(token);
  await review.getByRole('button', { name: 'Hide token secret' }).click();
  await expect(review).not.toContainText(token);
  await shoot(app, 'policies-access-review-token', review);
  await applyReviewed(app);
  const row = app.getByRole('table', { name: 'Access control policies' }).getByRole('row', { name: /Bot tokens/ });
  await expect(row).toContainText('tokens set (hidden)');
  await expect(row).toContainText('DE');

  // V2 edit: subnet operators only for client.ip, a bad network is named.
  await app.getByRole('button', { name: 'Edit access control policy Office network (V2 only)' }).click();
  const edit = app.getByRole('form', { name: /Edit access control policy/ });
  await edit.getByRole('button', { name: 'V2 (matches)' }).click();
  await expect(edit.getByText(/lists access control policies in the v1.0 shape only/)).toBeVisible();
  const condition = edit.getByRole('group', { name: 'Condition 1' });
  await expect(
    condition.getByLabel('Operator', { exact: true }).locator('option', { hasText: /^subnet$/ }),
  ).toHaveCount(0);
  await condition.getByLabel('Field', { exact: true }).selectOption('client.ip');
  await condition.getByLabel('Operator', { exact: true }).selectOption('subnet');
  await condition.getByRole('button', { name: 'Remove /internal/' }).click();
  await edit.getByRole('textbox', { name: 'Values of condition 1' }).fill('300.1.1.0/24');
  await edit.getByRole('textbox', { name: 'Values of condition 1' }).press('Enter');
  await expect(edit.getByText(/Match value "300.1.1.0\/24" is not a subnet/)).toBeVisible();
  await shoot(app, 'policies-access-v2');
});

test('redirection: a bad destination is refused, a 301 edit is applied', async ({ app }) => {
  await openSection(app, 'Redirection');
  await app.getByRole('button', { name: 'Edit redirection Campaign landing' }).click();
  const editor = app.getByRole('form', { name: /Edit redirection/ });
  await expect(editor.getByLabel('Also match the query string')).toBeChecked();
  await editor.getByLabel('Redirect destination').fill('not a url');
  await editor.getByRole('button', { name: 'Review and save' }).click();
  await expect(editor.getByText(/Redirect destination must be an http\(s\) URL/).first()).toBeVisible();
  await expect(app.getByRole('dialog', { name: 'Review the change' })).toBeHidden();
  await editor.getByLabel('Redirect destination').fill('https://www.example-shop.com/landing/spring');
  await editor.getByLabel(/301 Moved Permanently/).check();
  await shoot(app, 'policies-redirection');
  await editor.getByRole('button', { name: 'Review and save' }).click();
  await applyReviewed(app);
  const row = app.getByRole('table', { name: 'Redirection policies' }).getByRole('row', { name: /Campaign landing/ });
  await expect(row).toContainText('/landing/spring');
  await expect(row).toContainText('301 permanent');
});

test('CORS: invalid origin shown, the whole set is replaced, last applied is shown', async ({ app }) => {
  await openSection(app, 'CORS');
  await expect(app.getByText(/none was applied from this app yet/)).toBeVisible();
  const editor = app.getByRole('form', { name: 'CORS headers' });
  await expect(editor.getByText(/Saving replaces the whole set/)).toBeVisible();
  // Each mistake has its own message (docs/api-decisions.md), named on the field.
  const origin = editor.getByLabel('Access-Control-Allow-Origin');
  await origin.fill('ftp://files.example.com');
  await expect(editor.getByText('Allowed origin must start with http:// or https://', { exact: false })).toBeVisible();
  await origin.fill('https://app.example-shop.com/');
  await expect(
    editor.getByText('Allowed origin ends at the domain: remove the trailing slash (https://app.example-shop.com).'),
  ).toBeVisible();
  await origin.fill('https://*.example-shop.com');
  await expect(editor.getByText(/Allowed origin cannot be a wildcard subdomain/)).toBeVisible();
  await origin.fill('https://a.example-shop.com, https://b.example-shop.com');
  await expect(editor.getByText(/Allowed origin takes one origin only/)).toBeVisible();
  await expect(origin).toHaveAttribute('aria-invalid', 'true');
  await editor.getByLabel('Access-Control-Allow-Origin').fill('https://app.example-shop.com');
  await editor.getByLabel('GET').check();
  await editor.getByLabel('OPTIONS').check();
  await editor.getByLabel('Access-Control-Max-Age').fill('600');
  await editor.getByLabel(/Access-Control-Allow-Credentials/).check();
  await editor.getByRole('button', { name: 'Review and set CORS headers' }).click();
  const dialog = app.getByRole('dialog', { name: 'Review the change' });
  await expect(dialog.getByText(/Saving replaces the whole set/)).toBeVisible();
  await expect(dialog.getByRole('row').filter({ hasText: /^Access-Control-Allow-Methods/ })).toContainText(
    'GET,OPTIONS',
  );
  await applyReviewed(app);
  await expect(app.getByText(/Last applied on .* by this app/)).toBeVisible();
  await expect(app.getByRole('form', { name: 'CORS headers' }).getByLabel('Access-Control-Allow-Origin')).toHaveValue(
    'https://app.example-shop.com',
  );
  // The success toast does not cover the save button, even with the button at the bottom of the window.
  await expect(app.getByRole('region', { name: 'Notifications' }).getByRole('status').first()).toBeVisible();
  await app.locator('main').evaluate((main) => main.scrollTo(0, main.scrollHeight));
  const saveButton = app
    .getByRole('form', { name: 'CORS headers' })
    .getByRole('button', { name: 'Review and set CORS headers' });
  await expect(saveButton).toBeInViewport();
  const uncovered = await saveButton.evaluate((button) => {
    const r = button.getBoundingClientRect();
    const points = [
      [r.left + 2, r.top + 2],
      [r.right - 2, r.top + 2],
      [r.left + 2, r.bottom - 2],
      [r.right - 2, r.bottom - 2],
      [r.left + r.width / 2, r.top + r.height / 2],
    ];
    return points.every(([x, y]) => button.contains(button.ownerDocument.elementFromPoint(x, y)));
  });
  expect(uncovered).toBe(true);
  await shoot(app, 'policies-cors');
});

test('rate limit: invalid window named, set, then deleted', async ({ app }) => {
  await openSection(app, 'Rate limit');
  const editor = app.getByRole('form', { name: 'Rate limit' });
  await editor.getByLabel('Time window (seconds)').fill('0');
  await editor.getByLabel('Request limit').fill('100');
  await expect(editor.getByText('Time window (seconds) must be a whole number greater than 0.')).toBeVisible();
  await editor.getByLabel('Time window (seconds)').fill('60');
  await editor.getByLabel(/Ignore query string/).selectOption('true');
  await shoot(app, 'policies-rate-limit');
  await editor.getByRole('button', { name: 'Review and save rate limit' }).click();
  await applyReviewed(app);
  await expect(app.getByText(/Last applied on .* by this app/)).toBeVisible();
  await expect(app.getByRole('form', { name: 'Rate limit' }).getByLabel('Request limit')).toHaveValue('100');

  // Deleting is a destructive confirmation that says what goes (not the blue "Apply change").
  await app.getByRole('button', { name: 'Delete rate limit…' }).click();
  const dialog = app.getByRole('alertdialog', { name: 'Delete the rate limit?' });
  await expect(dialog).toContainText(
    'This removes the rate limit of service #101 (at most 100 requests per client IP every 60 s, query string ignored, as last applied from this app).',
  );
  await expect(dialog.getByRole('button', { name: 'Apply change' })).toHaveCount(0);
  const remove = dialog.getByRole('button', { name: 'Delete rate limit', exact: true });
  await expect(remove).toHaveClass(/btn-danger-solid/);
  await shoot(app, 'policies-rate-limit-delete', dialog);
  await app.setViewportSize({ width: 1024, height: 700 });
  await shootBothThemes(app, 'policies-rate-limit-delete-1024');
  await app.setViewportSize({ width: 1280, height: 800 });
  await remove.click();
  await expect(dialog).toBeHidden();
  await expect(app.getByText(/by this app \(account “Sandbox”\): deleted/)).toBeVisible();
  // Afterwards: no rate limit is known to be set, and deleting is no longer offered.
  await expect(app.getByRole('form', { name: 'Rate limit' }).getByText(/No rate limit is set/)).toBeVisible();
  await expect(app.getByRole('button', { name: 'Delete rate limit…' })).toHaveCount(0);
  await shoot(app, 'policies-rate-limit-deleted');

  await app.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Change journal' }).click();
  const entries = app.getByRole('list', { name: 'Journal entries' });
  await expect(entries.getByText('Delete rate limit')).toBeVisible();
  await expect(entries.getByText('Set rate limit')).toBeVisible();
  await entries
    .getByRole('listitem')
    .filter({ hasText: 'Delete rate limit' })
    .getByRole('button', { name: 'Details' })
    .click();
  await shoot(app, 'journal');
  await entries
    .getByRole('listitem')
    .filter({ hasText: 'Delete rate limit' })
    .getByRole('button', { name: 'Apply previous version again' })
    .click();
  await app
    .getByRole('alertdialog', { name: 'Apply the previous version again?' })
    .getByRole('button', { name: 'Apply again' })
    .click();
  await expect(entries.getByRole('listitem').first()).toContainText('Set rate limit');
  await expect(entries.getByRole('listitem').first()).toContainText('re-applied an earlier version');
});

test('a server error is shown on its field and nothing typed is lost', async ({ app }) => {
  await openSection(app, 'Access control');
  await app.getByRole('button', { name: 'New access control policy' }).click();
  const editor = app.getByRole('form', { name: 'New access control policy' });
  await editor.getByLabel('Policy name').fill('Late policy');
  await editor.getByRole('textbox', { name: 'URL path patterns' }).fill('/late');
  await editor.getByRole('textbox', { name: 'URL path patterns' }).press('Enter');
  await editor.getByLabel('Priority').fill('77');

  // Meanwhile another client takes priority 77: the list in the editor is now stale. (Called from
  // the page so the request carries the host's token cookie and our Origin.)
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- raw IPC results in a test
  type Result = { ok: boolean; data: any };
  const ipc = (channel: string, input: unknown): Promise<Result> =>
    app.evaluate(
      async ([c, body]) =>
        (await (
          await fetch(`/ipc/${c}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          })
        ).json()) as Result,
      [channel, input] as const,
    );
  const accounts = await ipc('accounts.list', {});
  const accountId = accounts.data.currentAccountId as string;
  const created = await ipc('changes.apply', {
    accountId,
    operationId: 'createAccessControlPolicy',
    input: {
      params: { serviceId: 101 },
      body: {
        policyName: 'Elsewhere',
        type: 'deny',
        priority: 77,
        matchUrlPath: { operator: 'prefix', patterns: ['/x'] },
      },
    },
  });
  expect(created.ok).toBe(true);

  await editor.getByRole('button', { name: 'Review and create' }).click();
  await applyReviewed(app);
  await expect(editor.getByLabel('Priority')).toHaveAttribute('aria-invalid', 'true');
  await expect(app.getByRole('region', { name: 'Notifications' })).toContainText('InvalidPriority.Unique');
  await expect(editor.getByLabel('Policy name')).toHaveValue('Late policy');
  await expect(editor.getByLabel('Priority')).toHaveValue('77');
  // Changing the value clears the server's message; the journal has the failed attempt.
  await editor.getByLabel('Priority').fill('78');
  await expect(editor.getByLabel('Priority')).not.toHaveAttribute('aria-invalid', 'true');
  const journal = await ipc('journal.list', { accountId });
  expect(journal.data.entries[0].result).toMatchObject({ ok: false, code: 'InvalidPriority.Unique' });
});

test('a production account must confirm the change in the review', async ({ app }) => {
  await openSection(app, 'Rate limit');
  const accountId = await app.evaluate(async () => {
    const post = async (c: string, body: unknown) =>
      (await (
        await fetch(`/ipc/${c}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).json()) as {
        data: { currentAccountId: string };
      };
    const list = await post('accounts.list', {});
    await post('accounts.update', { accountId: list.data.currentAccountId, patch: { production: true } });
    return list.data.currentAccountId;
  });
  expect(accountId).toBeTruthy();
  // The account list refreshes from the accounts.changed event; a reload makes it certain.
  await app.reload();
  await openSection(app, 'Rate limit');
  const editor = app.getByRole('form', { name: 'Rate limit' });
  await editor.getByLabel('Time window (seconds)').fill('30');
  await editor.getByLabel('Request limit').fill('5');
  await editor.getByRole('button', { name: 'Review and save rate limit' }).click();
  const dialog = app.getByRole('dialog', { name: 'Review the change' });
  const apply = dialog.getByRole('button', { name: 'Apply change' });
  await expect(apply).toBeDisabled();
  await dialog.getByLabel(/I confirm this change to the production account/).check();
  await expect(apply).toBeEnabled();
  await shoot(app, 'policies-production-confirm', dialog);
  await apply.click();
  await expect(dialog).toBeHidden();
  await expect(app.getByText(/Last applied on .* by this app/)).toBeVisible();
});

test('a policy deleted elsewhere: the editor says so, offers to reload the list and keeps the input', async ({
  app,
  sandbox,
}) => {
  // An account on the fixture gateway, whose store the test can change behind the app's back.
  await useSandbox(app);
  await addAccount(app, gatewayProfile(sandbox, 'Fixture gateway'));
  await switchAccount(app, 'Fixture gateway');
  const add = await addServicesById(app, '101');
  await add.getByRole('button', { name: /^Open / }).click();
  await app.getByRole('tab', { name: 'Cache control' }).click();

  const table = app.getByRole('table', { name: 'Cache control policies' });
  await app.getByRole('button', { name: 'Edit cache control policy Static assets' }).click();
  const editor = app.getByRole('form', { name: /Edit cache control policy/ });
  await editor.getByLabel('Policy name').fill('Static assets (mine)');
  await expect(editor.getByText(/Draft saved/)).toBeVisible();

  // Meanwhile the policy is deleted elsewhere.
  const record = sandbox.store.serviceById(101)!;
  sandbox.store.mutate(() => {
    record.cacheControl = record.cacheControl.filter((p) => p.policyName !== 'Static assets');
  });

  await editor.getByRole('button', { name: 'Review and save' }).click();
  await applyReviewed(app);
  const notice = editor
    .getByRole('alert')
    .filter({ hasText: 'No policy with this ID exists on this service; reload the list.' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('your input stays in this form');
  await expect(editor.getByLabel('Policy name')).toHaveValue('Static assets (mine)');
  await shoot(app, 'policies-policy-missing', editor);

  await notice.getByRole('button', { name: 'Reload the list' }).click();
  await expect(notice).toContainText('is not in the reloaded list: it was deleted elsewhere');
  await expect(table.getByRole('row', { name: /Static assets/ })).toHaveCount(0);
  await expect(editor.getByLabel('Policy name')).toHaveValue('Static assets (mine)');
  // The draft is still stored: closing the editor does not lose it.
  const drafts = await app.evaluate(async () => {
    const post = async (c: string, body: unknown) =>
      (await (
        await fetch(`/ipc/${c}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).json()) as {
        data: { drafts: { policyKey: string }[] };
      };
    return (await post('drafts.list', { serviceId: 101 })).data.drafts.map((d) => d.policyKey);
  });
  expect(drafts.some((key) => key.startsWith('cache:'))).toBe(true);
});
