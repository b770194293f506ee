// The New service form keeps a draft like the policy editors: what was typed
// survives leaving the screen and a reload ("Draft restored" with Keep / Discard), Cancel with
// input asks first, the S3 secret is never kept. After creation the DNS hint lists one record per
// domain, alternates included.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test, expect } from './fixtures.ts';
import { shootBothThemes, useSandbox } from './helpers.ts';

test('New service input survives navigation and a reload; Cancel with input asks first', async ({ app, host }) => {
  await useSandbox(app);
  const nav = app.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: /New service/ }).click();
  const domain = app.getByLabel('Domain name', { exact: true });
  const alternates = app.getByLabel('Alternate domain names');
  const origin = app.getByRole('textbox', { name: 'Origin URL of origin 1' });
  await domain.fill('draft-e2e.example.com');
  await alternates.fill('alt-e2e.example.com');
  await origin.fill('https://origin-draft.example.com');
  await app
    .getByRole('listitem', { name: 'Origin 1 (primary)' })
    .getByRole('checkbox', { name: /S3-compatible storage/ })
    .check();
  await app.getByLabel('S3 access secret of origin 1').and(app.locator('input')).fill('draft-s3-secret-value');
  await app.getByLabel('TLS profile').selectOption('modern');
  await expect(app.getByText(/Draft saved/)).toBeVisible();
  await expect
    .poll(async () => (await readFile(join(host.dataDir, 'drafts.json'), 'utf8').catch(() => '')).includes('modern'))
    .toBe(true);

  // Leaving through the sidebar keeps it.
  await nav.getByRole('button', { name: 'All services' }).click();
  await expect(app.getByRole('heading', { level: 1, name: 'Services' })).toBeVisible();
  await nav.getByRole('button', { name: /New service/ }).click();
  await expect(app.getByText(/Draft restored/)).toBeVisible();
  await expect(app.getByText(/is shown instead of an empty form/)).toBeVisible();
  await expect(domain).toHaveValue('draft-e2e.example.com');
  await expect(alternates).toHaveValue('alt-e2e.example.com');
  await expect(origin).toHaveValue('https://origin-draft.example.com');
  await expect(app.getByLabel('TLS profile')).toHaveValue('modern');
  // The S3 secret is not part of a draft: it has to be typed again.
  await expect(app.getByLabel('S3 access secret of origin 1').and(app.locator('input'))).toHaveValue('');
  expect(await readFile(join(host.dataDir, 'drafts.json'), 'utf8')).not.toContain('draft-s3-secret-value');
  await shootBothThemes(app, 'new-service-draft-restored');
  await app.setViewportSize({ width: 1024, height: 700 });
  await shootBothThemes(app, 'new-service-draft-restored-1024');
  await app.setViewportSize({ width: 1280, height: 800 });

  // A reload too; Keep draft dismisses the notice and keeps the input.
  await app.reload();
  await nav.getByRole('button', { name: /New service/ }).click();
  await expect(domain).toHaveValue('draft-e2e.example.com');
  await app.getByRole('button', { name: 'Keep draft' }).click();
  await expect(app.getByText(/Draft restored/)).toBeHidden();
  await expect(domain).toHaveValue('draft-e2e.example.com');

  // Cancel with input asks first; "Keep editing" loses nothing.
  await app.getByRole('button', { name: 'Cancel', exact: true }).click();
  const confirm = app.getByRole('alertdialog', { name: 'Discard the new service?' });
  await expect(confirm).toContainText('What you typed for draft-e2e.example.com will be lost');
  await shootBothThemes(app, 'new-service-cancel-confirm');
  await confirm.getByRole('button', { name: 'Keep editing' }).click();
  await expect(confirm).toBeHidden();
  await expect(domain).toHaveValue('draft-e2e.example.com');

  // "Discard input" leaves and drops the draft.
  await app.getByRole('button', { name: 'Cancel', exact: true }).click();
  await confirm.getByRole('button', { name: 'Discard input' }).click();
  await expect(app.getByRole('heading', { level: 1, name: 'Services' })).toBeVisible();
  await nav.getByRole('button', { name: /New service/ }).click();
  await expect(app.getByRole('heading', { level: 1, name: 'New service' })).toBeVisible();
  await expect(domain).toHaveValue('');
  await expect(app.getByText(/Draft restored/)).toBeHidden();
  // An untouched form leaves at once.
  await app.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(app.getByRole('heading', { level: 1, name: 'Services' })).toBeVisible();
});

test('after creation the DNS hint shows one record per domain, alternates included; the draft is gone', async ({
  app,
  host,
}) => {
  await useSandbox(app);
  const nav = app.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: /New service/ }).click();
  await app.getByLabel('Domain name', { exact: true }).fill('dns-e2e.example.com');
  await app.getByLabel('Alternate domain names').fill('cdn-dns-e2e.example.com, img-dns-e2e.example.com');
  await app.getByRole('textbox', { name: 'Origin URL of origin 1' }).fill('https://origin-dns.example.com');
  await app.getByRole('button', { name: 'Create service' }).click();
  const created = app.getByRole('status').filter({ hasText: 'Service created' });
  const cName = ((await created.getByLabel('Edge CNAME').textContent()) ?? '').trim().replace(/\.$/, '');
  expect(cName).not.toBe('');
  await expect(created).toContainText('create these 3 DNS records (one per domain)');
  const records = created.getByRole('list', { name: 'DNS records' }).getByRole('listitem');
  await expect(records).toHaveCount(3);
  for (const [index, name] of ['dns-e2e.example.com', 'cdn-dns-e2e.example.com', 'img-dns-e2e.example.com'].entries()) {
    await expect(records.nth(index)).toContainText(`${name}. CNAME ${cName}.`);
    await expect(records.nth(index).getByRole('button', { name: `Copy DNS record for ${name}` })).toBeVisible();
  }
  await app.setViewportSize({ width: 1024, height: 700 });
  await shootBothThemes(app, 'service-created-dns-1024');
  await app.setViewportSize({ width: 1280, height: 800 });
  await expect
    .poll(async () =>
      (await readFile(join(host.dataDir, 'drafts.json'), 'utf8').catch(() => '')).includes('dns-e2e.example.com'),
    )
    .toBe(false);
});
