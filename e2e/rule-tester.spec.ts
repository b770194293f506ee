// The rule tester: a request typed in, matching rules and the winner per policy kind, evaluated
// locally against the sandbox service's rules.
import type { Page } from '@playwright/test';
import { test, expect, screenshotsInEverySize, scrollMainTo } from './fixtures.ts';
import { openServiceTab, shootBothThemes } from './helpers.ts';

test('shows the matching rules and the winner of each kind', async ({ app }) => {
  await openServiceTab(app, 'Rule tester');
  const request = app.getByRole('form', { name: 'Test request' });
  await request.getByLabel('Request URL').fill('https://www.example-shop.com/checkout/pay?step=2');
  await request.getByLabel('Client IP').fill('198.51.100.9');
  await request.getByLabel('Client country').fill('DE');

  const cache = app.getByRole('region', { name: 'Cache control result' });
  await expect(cache.getByText(/“Checkout never cached” \(ID \d+, priority 10\) applies: never cache/)).toBeVisible();
  const access = app.getByRole('region', { name: 'Access control result' });
  await expect(access.getByText(/“EU checkout only” .* decides \(allow\): allowed\./)).toBeVisible();
  const redirection = app.getByRole('region', { name: 'Redirection result' });
  await expect(redirection.getByText('No enabled rule applies to this request.')).toBeVisible();

  // Two cache rules match: the higher priority wins, the other is shown lower in order.
  await request.getByLabel('Request URL').fill('/media/catalog/shoe.png?w=200');
  await expect(cache.getByText(/“Static assets” .* applies/)).toBeVisible();
  const rows = cache.getByRole('table').getByRole('row');
  await expect(rows.filter({ hasText: 'Static assets' })).toContainText('decides');
  await expect(rows.filter({ hasText: 'Product images' })).toContainText('matches, lower in order');

  await request.getByLabel('Request URL').fill('/blog/2024/hello');
  await expect(
    redirection.getByText(/“Old blog to blog host” .* applies: 301 → https:\/\/blog.example-shop.com\//),
  ).toBeVisible();

  // The input survives switching sections.
  await app.getByRole('tab', { name: 'CORS' }).click();
  await app.getByRole('tab', { name: 'Rule tester' }).click();
  await expect(app.getByRole('form', { name: 'Test request' }).getByLabel('Request URL')).toHaveValue(
    '/blog/2024/hello',
  );

  await request.getByLabel('Request URL').fill('www.example-shop.com/x');
  await expect(request.getByText('The URL must start with http://, https:// or /')).toBeVisible();
  await request.getByLabel('Request URL').fill('https://www.example-shop.com/media/catalog/a.webp?w=1');

  await app.setViewportSize({ width: 1280, height: 1800 });
  for (const theme of ['Light', 'Dark'] as const) {
    await app.getByRole('button', { name: theme, exact: true }).click();
    await expect(app.locator('html')).toHaveAttribute('data-theme', theme.toLowerCase());
    await app.screenshot({ path: `e2e/screenshots/rule-tester-${theme.toLowerCase()}.png` });
  }
});

test('access restrictions decide the verdict: IP, country, anonymous clients, tokens, unreadable conditions', async ({
  app,
}) => {
  await openServiceTab(app, 'Rule tester');
  const request = app.getByRole('form', { name: 'Test request' });
  const verdict = app.getByRole('region', { name: 'Verdict for this request' });
  const access = app.getByRole('region', { name: 'Access control result' });

  // "Block admin from outside" (deny, IP restriction 203.0.113.0/24, 198.51.100.7): the listed
  // clients are let through, everyone else gets 403.
  await request.getByLabel('Request URL').fill('https://www.example-shop.com/admin/users');
  await expect(
    verdict.getByText(
      /^Cannot tell — access rule “Block admin from outside” \(ID \d+\) decides: IP restriction .*enter the client IP/,
    ),
  ).toBeVisible();
  await request.getByLabel('Client IP').fill('10.0.0.1');
  await expect(
    verdict.getByText(
      /^403 — denied by access rule “Block admin from outside” \(ID \d+\): IP restriction: client 10\.0\.0\.1 is not in 203\.0\.113\.0\/24, 198\.51\.100\.7\./,
    ),
  ).toBeVisible();
  const adminRow = access.getByRole('row').filter({ hasText: 'Block admin from outside' });
  await expect(adminRow).toContainText('IP restriction: client 10.0.0.1 is not in 203.0.113.0/24, 198.51.100.7.');
  // The v1.0-list note is said once, where it can change the answer: in the verdict, for the
  // deciding rule; not on every access rule's row.
  await expect(verdict.getByText(/Read from the version 1\.0 list/)).toHaveCount(1);
  await expect(access.getByText(/Read from the version 1\.0 list/)).toHaveCount(0);
  await screenshotsInEverySize(app, 'rule-tester-denied', () =>
    scrollMainTo(app.getByRole('region', { name: 'Verdict for this request' })),
  );
  await request.getByLabel('Client IP').fill('203.0.113.5');
  await expect(verdict.getByText(/^Served — /)).toBeVisible();
  await expect(verdict.getByText(/Allowed by access rule “Block admin from outside” .*let through/)).toBeVisible();

  // An anonymous client is outside the rule's scope (anonymousIp off): the rule is skipped.
  await request.getByLabel('Client IP').fill('10.0.0.1');
  await request.getByRole('checkbox', { name: 'Client is anonymous (VPN/proxy)' }).check();
  await expect(adminRow).toContainText('skipped: anonymous IPs');
  await expect(verdict.getByText('No access rule applies, so the request is allowed.')).toBeVisible();
  await request.getByRole('checkbox', { name: 'Client is anonymous (VPN/proxy)' }).uncheck();

  // Geo restriction: "EU checkout only" (allow AT, BE, DE, FR, NL).
  await request.getByLabel('Request URL').fill('/checkout/pay');
  await request.getByLabel('Client country').fill('us');
  await expect(
    verdict.getByText(
      /^403 — denied by access rule “EU checkout only” .*client country US is not in AT, BE, DE, FR, NL\./,
    ),
  ).toBeVisible();
  await request.getByLabel('Client country').fill('Germany');
  await expect(
    request.getByText('Client country "Germany" must be a two-letter ISO 3166 code such as DE or US'),
  ).toBeVisible();
  await request.getByLabel('Client country').fill('FR');
  await expect(verdict.getByText(/^Served — never cached by cache rule “Checkout never cached”/)).toBeVisible();

  // Token: "Signed downloads" needs a token in the request.
  await request.getByLabel('Request URL').fill('/downloads/file.zip?token=abc');
  await expect(
    verdict.getByText(/^403 — denied by access rule “Signed downloads” .*Token: the request carries no token\./),
  ).toBeVisible();
  await request.getByRole('checkbox', { name: 'Request carries a token' }).check();
  await expect(verdict.getByText(/^Served — /)).toBeVisible();

  // Redirection verdict.
  await request.getByLabel('Request URL').fill('/blog/2024/hello');
  await expect(
    verdict.getByText(
      /^301 to https:\/\/blog\.example-shop\.com\/ by redirection “Old blog to blog host” \(ID \d+\)\./,
    ),
  ).toBeVisible();

  // A user's allow rule limited to 192.168.1.0/24 denies other clients instead of "applies: allow".
  await createAccessRule(app, {
    policyName: 'Reports from the office',
    type: 'allow',
    priority: 50,
    matchUrlPath: { operator: 'prefix', patterns: ['/reports'] },
    ipRestriction: '192.168.1.0/24',
  });
  await app.getByRole('button', { name: 'Reload rules' }).click();
  await request.getByLabel('Request URL').fill('/reports/q3');
  await request.getByLabel('Client IP').fill('10.0.0.5');
  const reportsRow = access.getByRole('row').filter({ hasText: 'Reports from the office' });
  await expect(reportsRow).toContainText('decides');
  await expect(
    access.getByText(
      /“Reports from the office” .* decides \(allow\): 403, denied\. IP restriction: client 10\.0\.0\.5 is not in 192\.168\.1\.0\/24\./,
    ),
  ).toBeVisible();
  await expect(verdict.getByText(/^403 — denied by access rule “Reports from the office”/)).toBeVisible();
  await request.getByLabel('Client IP').fill('192.168.1.40');
  await expect(access.getByText(/“Reports from the office” .* decides \(allow\): allowed\./)).toBeVisible();
  await screenshotsInEverySize(app, 'rule-tester-allowed', () =>
    scrollMainTo(app.getByRole('region', { name: 'Verdict for this request' })),
  );
});

test('at 1024×700 the verdict is in view while the request is typed, with TTLs in words', async ({ app }) => {
  await app.setViewportSize({ width: 1024, height: 700 });
  await openServiceTab(app, 'Rule tester');
  await dismissToasts(app);
  const request = app.getByRole('form', { name: 'Test request' });
  const verdict = app.getByRole('region', { name: 'Verdict for this request' });
  await request.getByLabel('Request URL').fill('https://www.example-shop.com/assets/app.css');
  await expect(
    verdict.getByText('Served — cached 30 days by cache rule “Static assets”', { exact: false }),
  ).toBeVisible();
  // The same wording as the policy tables and the review: "30 days", "5 minutes", not "30 d".
  await expect(
    app.getByRole('region', { name: 'Cache control result' }).getByText(/“Static assets” .* applies: TTL 30 days\./),
  ).toBeVisible();
  // Without any scrolling: the whole verdict is inside the window, and typing keeps the focus.
  await expect(verdict).toBeInViewport({ ratio: 1 });
  await expect(request.getByLabel('Request URL')).toBeFocused();
  // Still in view while the user moves on through the form with the keyboard.
  await request.getByLabel('Client IP').focus();
  await app.keyboard.type('10.0.0.1');
  const token = request.getByRole('checkbox', { name: 'Request carries a token' });
  for (let i = 0; i < 12 && !(await token.evaluate((el) => el === el.ownerDocument.activeElement)); i++)
    await app.keyboard.press('Tab');
  await expect(token).toBeFocused();
  // The focused field is not hidden under the verdict.
  const uncovered = await token.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const top = el.ownerDocument.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return top !== null && (top === el || el.closest('label')?.contains(top) === true);
  });
  expect(uncovered).toBe(true);
  await app.keyboard.press('Space');
  await expect(token).toBeChecked();
  await expect(verdict).toBeInViewport({ ratio: 1 });
  await shootBothThemes(app, 'rule-tester-keyboard-1024');
  await request.getByLabel('Request URL').fill('/mobile/index.html');
  await request.getByLabel('User agent').fill('Mobile');
  await expect(verdict.getByText(/^Served — cached 5 minutes by cache rule “Mobile HTML \(V2 only\)”/)).toBeVisible();
  await expect(verdict).toBeInViewport({ ratio: 1 });
  for (const size of [
    { width: 1024, height: 700 },
    { width: 1280, height: 800 },
  ]) {
    await app.setViewportSize(size);
    await shootBothThemes(app, `rule-tester-verdict-in-view-${size.width}`);
  }
});

async function dismissToasts(app: Page): Promise<void> {
  const close = app.getByRole('button', { name: 'Dismiss notification' });
  while ((await close.count()) > 0)
    await close
      .first()
      .click({ timeout: 1_000 })
      .catch(() => undefined);
}

/** Creates an access control policy on service #101 of the current account through changes.apply (the app's guarded write path). */
async function createAccessRule(app: Page, body: Record<string, unknown>): Promise<void> {
  type Result = { ok: boolean; data: { currentAccountId?: string } };
  const ipc = (channel: string, input: unknown): Promise<Result> =>
    app.evaluate(
      async ([c, payload]) =>
        (await (
          await fetch(`/ipc/${c}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(payload),
          })
        ).json()) as Result,
      [channel, input] as const,
    );
  const accountId = (await ipc('accounts.list', {})).data.currentAccountId;
  const created = await ipc('changes.apply', {
    accountId,
    operationId: 'createAccessControlPolicy',
    input: { params: { serviceId: 101 }, body },
  });
  expect(created.ok).toBe(true);
}
