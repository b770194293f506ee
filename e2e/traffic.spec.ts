// Traffic analytics through the browser host against a sandbox gateway: charts with sandbox data,
// the CSV's content checked against the API, a bundle exported; the gateway stopped and the page
// reloaded shows the cached charts with the offline badge; the bundle opens in review mode with
// no account at all, and a tampered or foreign file is refused with the reason.
import { readFile, writeFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { addGatewayAccount, hostIpc } from './helpers.ts';
import { createApiClient } from '#core/api/client.ts';

async function shoot(page: Page, name: string): Promise<void> {
  await page.evaluate("document.querySelector('main')?.scrollTo(0, 0)");
  const themes = page.getByRole('group', { name: 'Theme' });
  const viaHeader = (await themes.count()) > 0;
  for (const theme of ['light', 'dark'] as const) {
    if (viaHeader)
      await themes.getByRole('button', { name: theme === 'light' ? 'Light' : 'Dark', exact: true }).click();
    else await page.emulateMedia({ colorScheme: theme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    // Charts pick their colours up from the theme tokens when the theme changes.
    await page.waitForTimeout(150);
    await page.screenshot({ path: `e2e/screenshots/${name}-${theme}.png` });
  }
  if (viaHeader) await themes.getByRole('button', { name: 'System', exact: true }).click();
  else await page.emulateMedia({ colorScheme: null });
}

async function openTraffic(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Traffic', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Traffic' })).toBeVisible();
}

test('traffic: charts, CSV and bundle export, offline cache, review without an account, tampered bundle refused', async ({
  app,
  host,
  sandbox,
}) => {
  test.setTimeout(120_000);
  const services = sandbox.services.slice(0, 3);
  const account = await addGatewayAccount(app, host, sandbox, 'Traffic e2e');
  for (const s of services)
    await hostIpc(app, host, 'inventory.record', { accountId: account.id, serviceId: s.id, domainName: s.domainName });
  await app.reload();
  await openTraffic(app);

  await test.step('a chart renders with sandbox data', async () => {
    await expect(app.getByRole('img', { name: 'Data volume chart, 3 services' })).toBeVisible({ timeout: 20_000 });
    await expect(app.locator('[data-render-count]')).not.toHaveAttribute('data-render-count', '0');
    for (const name of ['Bandwidth', 'Requests', 'Origin requests'])
      await expect(app.getByRole('img', { name: `${name} chart, 3 services`, exact: true })).toBeVisible();
    await expect(app.getByLabel('Data volume summary')).toContainText('Total');
    await expect(app.getByLabel('Bandwidth summary')).toContainText('95th percentile');
    await expect(app.getByLabel('Data volume summary')).toContainText('vs previous period');
    // Complete sandbox data: a percentage, not "incomplete" (recent, unsettled points do not count as missing).
    await expect(app.getByLabel('Data volume summary')).toContainText(/[+−-]?\d+(\.\d)?\s?%/);
    await expect(app.getByLabel('Data volume summary')).not.toContainText('incomplete');
    // Wheel zooms the time axis; Reset zoom brings the whole range back.
    await app.getByRole('img', { name: 'Data volume chart, 3 services' }).hover();
    await app.mouse.wheel(0, -600);
    const reset = app.getByRole('button', { name: 'Reset zoom' });
    await expect(reset).toBeVisible();
    await reset.click();
    await expect(reset).toHaveCount(0);
    // Dragging pans the zoomed axis (the drawing moves); two fingers spreading zoom in.
    const chart = app.getByRole('img', { name: 'Data volume chart, 3 services' });
    const box = (await chart.boundingBox())!;
    const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
    await app.mouse.move(cx, cy);
    await app.mouse.wheel(0, -600);
    await expect(reset).toBeVisible();
    // Pictures taken with the pointer off the chart (no tooltip), once two in a row agree.
    const picture = async (): Promise<Buffer> => {
      await app.mouse.move(box.x + box.width / 2, box.y - 40);
      let last = await chart.screenshot();
      for (let tries = 0; tries < 20; tries++) {
        await app.waitForTimeout(100);
        const next = await chart.screenshot();
        if (next.equals(last)) return next;
        last = next;
      }
      throw new Error('the chart kept changing');
    };
    const zoomedImage = await picture();
    await app.mouse.move(cx, cy);
    await app.mouse.down();
    for (let step = 1; step <= 10; step++) await app.mouse.move(cx + step * 20, cy);
    await app.mouse.up();
    expect((await picture()).equals(zoomedImage)).toBe(false);
    await reset.click();
    await expect(reset).toHaveCount(0);
    const cdp = await app.context().newCDPSession(app);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', spread: number): Promise<unknown> =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints:
          type === 'touchEnd'
            ? []
            : [
                { x: cx - spread, y: cy, id: 1 },
                { x: cx + spread, y: cy, id: 2 },
              ],
      });
    await touch('touchStart', 20);
    for (let spread = 30; spread <= 120; spread += 10) await touch('touchMove', spread);
    await touch('touchEnd', 0);
    await expect(reset).toBeVisible();
    await reset.click();
    await expect(reset).toHaveCount(0);
    // Legend toggles hide and show a service.
    const legend = app.getByRole('group', { name: 'Data volume series' });
    const first = legend.getByRole('button', { name: services[0].domainName });
    await first.click();
    await expect(first).toHaveAttribute('aria-pressed', 'false');
    await first.click();
    await expect(first).toHaveAttribute('aria-pressed', 'true');
  });
  await shoot(app, 'traffic-dashboard');

  const dir = await mkdtemp(join(tmpdir(), 'accel-traffic-e2e-'));
  const bundlePath = join(dir, 'bundle.json');

  await test.step('CSV export: one row per timestamp, one column per service and metric, values as the API gives them', async () => {
    const [download] = await Promise.all([
      app.waitForEvent('download'),
      app.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^traffic-\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile(await download.path(), 'utf8');
    const lines = csv.split('\r\n');
    expect(lines.at(-1)).toBe('');
    const header = lines[0].split(',');
    expect(header[0]).toBe('timestamp');
    expect(header).toHaveLength(1 + 4 * services.length);
    expect(header).toContain(`${services[0].domainName} data volume (bytes per 5 min)`);
    expect(header).toContain(`${services[2].domainName} origin requests (requests per 5 min)`);
    const rows = lines.slice(1, -1).map((line) => line.split(','));
    expect(rows.length).toBeGreaterThan(250);
    for (const row of rows) expect(row[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00Z$/);
    // One cell checked against the gateway itself.
    const row = rows[100];
    const column = header.indexOf(`${services[0].domainName} data volume (bytes per 5 min)`);
    const client = createApiClient({
      baseUrl: sandbox.url,
      keyId: sandbox.credentials.accessKeyId,
      secret: sandbox.credentials.accessKeySecret,
      budget: false,
      now: Date.now,
    });
    const start = Date.parse(row[0]);
    const answer = await client.getVolume({
      body: {
        serviceNames: [services[0].domainName],
        startTime: row[0],
        endTime: new Date(start + 300_000).toISOString().replace('.000Z', 'Z'),
        interval: 'minute',
      },
    });
    await client.close();
    expect(Number(row[column])).toBe(answer[0].volumes[0].value);
  });

  await test.step('PNG of a chart', async () => {
    const [download] = await Promise.all([
      app.waitForEvent('download'),
      app.getByRole('button', { name: 'Save bandwidth chart as PNG' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^traffic-bandwidth-.*\.png$/);
    const png = await readFile(await download.path());
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(png.length).toBeGreaterThan(5_000);
  });

  await test.step('bundle export', async () => {
    const [download] = await Promise.all([
      app.waitForEvent('download'),
      app.getByRole('button', { name: 'Export bundle' }).click(),
    ]);
    await download.saveAs(bundlePath);
    const bundle = JSON.parse(await readFile(bundlePath, 'utf8')) as {
      format: string;
      sha256: string;
      content: { services: string[]; series: unknown[] };
    };
    expect(bundle.format).toBe('acceleration-console/stats-bundle');
    expect(bundle.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(bundle.content.services).toEqual(services.map((s) => s.domainName));
    expect(bundle.content.series).toHaveLength(4 * services.length);
    expect(await readFile(bundlePath, 'utf8')).not.toContain(sandbox.credentials.accessKeySecret);
  });

  await test.step('gateway stopped, page reloaded: cached charts with the offline badge', async () => {
    await sandbox.stop();
    await app.reload();
    await openTraffic(app);
    await expect(app.getByText(/^\s*Offline — data as of/)).toBeVisible({ timeout: 20_000 });
    await expect(app.getByRole('img', { name: 'Data volume chart, 3 services' })).toBeVisible();
    await expect(app.locator('[data-render-count]')).not.toHaveAttribute('data-render-count', '0');
    await expect(app.getByLabel('Data volume summary')).not.toContainText('Total—');
  });
  await shoot(app, 'traffic-offline');

  await test.step('the bundle opens in review mode with no account', async () => {
    await hostIpc(app, host, 'accounts.remove', { accountId: account.id });
    await app.reload();
    await app.getByRole('button', { name: 'Open stats bundle' }).click();
    const [chooser] = await Promise.all([
      app.waitForEvent('filechooser'),
      app.getByRole('button', { name: 'Open bundle…' }).click(),
    ]);
    await chooser.setFiles(bundlePath);
    await expect(app.getByText('Checksum verified')).toBeVisible();
    await expect(app.getByText('Read-only review')).toBeVisible();
    await expect(app.getByRole('img', { name: 'Bandwidth chart, 3 services' })).toBeVisible();
    await expect(app.getByLabel('Requests summary', { exact: true })).toContainText('Total');
    await expect(app.getByRole('button', { name: 'Export bundle' })).toHaveCount(0);
  });
  await shoot(app, 'traffic-review');

  await test.step('a tampered bundle and a foreign file are refused with the reason', async () => {
    const bundle = JSON.parse(await readFile(bundlePath, 'utf8')) as {
      content: { series: { points: [number, number][] }[] };
    };
    const point = bundle.content.series[0].points[10];
    point[1] += 1;
    const tamperedPath = join(dir, 'tampered.json');
    await writeFile(tamperedPath, JSON.stringify(bundle));
    const [chooser] = await Promise.all([
      app.waitForEvent('filechooser'),
      app.getByRole('button', { name: 'Open bundle…' }).click(),
    ]);
    await chooser.setFiles(tamperedPath);
    const alert = app.getByRole('alert');
    await expect(alert).toContainText('Bundle refused.');
    await expect(alert).toContainText('checksum does not match');
    await expect(app.getByText('Checksum verified')).toHaveCount(0);
    await shoot(app, 'traffic-review-refused');

    const foreignPath = join(dir, 'notes.json');
    await writeFile(foreignPath, 'these are not statistics');
    const [again] = await Promise.all([
      app.waitForEvent('filechooser'),
      app.getByRole('button', { name: 'Open bundle…' }).click(),
    ]);
    await again.setFiles(foreignPath);
    await expect(app.getByRole('alert')).toContainText('not valid JSON');
  });
});

test('traffic: a long fetch shows its progress and can be cancelled, keeping what arrived', async ({
  app,
  host,
  sandbox,
}) => {
  const account = await addGatewayAccount(app, host, sandbox, 'Traffic cancel');
  await hostIpc(app, host, 'inventory.record', {
    accountId: account.id,
    serviceId: sandbox.services[0].id,
    domainName: sandbox.services[0].domainName,
  });
  await app.reload();
  await openTraffic(app);
  await expect(app.getByRole('img', { name: 'Data volume chart, 1 service' })).toBeVisible({ timeout: 20_000 });

  // 90 days of 5-minute points for four metrics: 360 calls, paced by the 100-a-minute budget.
  await app.getByLabel('Compare with previous period').uncheck();
  await app.getByLabel('Interval').selectOption('minute');
  // Choosing a preset changes the selection; a fetch this long asks before it starts.
  await app.getByRole('radio', { name: '90 d' }).click();
  await expect(app.getByText(/can take about 4 minutes/)).toBeVisible();
  await app.getByRole('button', { name: 'Show traffic' }).click();
  await app
    .getByRole('alertdialog', { name: 'Start a long fetch?' })
    .getByRole('button', { name: /^Fetch/ })
    .click();
  const progress = app.getByRole('progressbar', { name: 'Fetching traffic data' });
  await expect(progress).toBeVisible();
  // The last 24 hours are cached already, so a few calls fewer than 360.
  await expect(app.getByText(/^\d+ of 35\d API calls$/)).toBeVisible();
  await app.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(progress).toHaveCount(0, { timeout: 20_000 });
  await expect(app.getByText('Cancelled — showing the data that arrived.')).toBeVisible();
  await expect(app.getByRole('img', { name: 'Data volume chart, 1 service' })).toBeVisible();

  // The saved data can be dropped; the note then shows an empty cache.
  await expect(app.getByText(/Traffic data saved for offline use: [1-9]/)).toBeVisible();
  await app.getByRole('button', { name: "Clear this account's saved data" }).click();
  await expect(app.getByText('Saved traffic data cleared')).toBeVisible();
  await expect(app.getByText(/Traffic data saved for offline use: 0 B/)).toBeVisible();
});
