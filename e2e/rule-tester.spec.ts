// The rule tester: a request typed in, matching rules and the winner per policy kind, evaluated
// locally against the sandbox service's rules.
import { test, expect } from './fixtures.ts';
import { openServiceTab } from './helpers.ts';

test('shows the matching rules and the winner of each kind', async ({ app }) => {
  await openServiceTab(app, 'Rule tester');
  const request = app.getByRole('form', { name: 'Test request' });
  await request.getByLabel('Request URL').fill('https://www.example-shop.com/checkout/pay?step=2');
  await request.getByLabel('Client IP').fill('198.51.100.9');

  const cache = app.getByRole('region', { name: 'Cache control result' });
  await expect(cache.getByText(/“Checkout never cached” \(ID \d+, priority 10\) applies: never cache/)).toBeVisible();
  const access = app.getByRole('region', { name: 'Access control result' });
  await expect(access.getByText(/“EU checkout only” .* applies: allow/)).toBeVisible();
  const redirection = app.getByRole('region', { name: 'Redirection result' });
  await expect(redirection.getByText('No enabled rule matches this request.')).toBeVisible();

  // Two cache rules match: the higher priority wins, the other is shown lower in order.
  await request.getByLabel('Request URL').fill('/media/catalog/shoe.png?w=200');
  await expect(cache.getByText(/“Static assets” .* applies/)).toBeVisible();
  const rows = cache.getByRole('table').getByRole('row');
  await expect(rows.filter({ hasText: 'Static assets' })).toContainText('wins');
  await expect(rows.filter({ hasText: 'Product images' })).toContainText('matches, lower in order');

  await request.getByLabel('Request URL').fill('/blog/2024/hello');
  await expect(redirection.getByText(/“Old blog to blog host” .* applies: 301 → https:\/\/blog.example-shop.com\//)).toBeVisible();

  // The input survives switching sections.
  await app.getByRole('tab', { name: 'CORS' }).click();
  await app.getByRole('tab', { name: 'Rule tester' }).click();
  await expect(app.getByRole('form', { name: 'Test request' }).getByLabel('Request URL')).toHaveValue('/blog/2024/hello');

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
