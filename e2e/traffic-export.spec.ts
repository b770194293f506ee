// Exports that stand on their own: a chart's PNG carries its title (metric), the
// legend, the account, the range and the time zone, drawn and as PNG text; review mode exports
// CSV and PNG of an opened bundle too.
import { readFile, copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { test, expect, screenshotDir } from './fixtures.ts';
import { addCustomerAccounts, CUSTOMER_KEYS } from './helpers.ts';
import { startSandbox } from '#sandbox';
import { readPngText } from '#shared/analytics/test-support/png-text-reader.ts';

function pngSize(png: Buffer): { width: number; height: number } {
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

test('the chart PNG has title, legend, account, range and time zone; review exports CSV and PNG', async ({
  app,
  host,
}) => {
  test.setTimeout(90_000);
  const gateway = await startSandbox({ keys: CUSTOMER_KEYS });
  try {
    const [acme] = await addCustomerAccounts(app, host, gateway);
    await app.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Traffic', exact: true }).click();
    const bandwidth = app.getByRole('img', { name: /^Bandwidth chart/ });
    await expect(bandwidth).toBeVisible({ timeout: 20_000 });
    const withTraffic = acme!.services.filter((s) => !s.domainName.startsWith('idle.')).map((s) => s.domainName);

    const [download] = await Promise.all([
      app.waitForEvent('download'),
      app.getByRole('button', { name: 'Save bandwidth chart as PNG' }).click(),
    ]);
    const path = await download.path();
    const png = await readFile(path);
    await mkdir(screenshotDir, { recursive: true });
    await copyFile(path, join(screenshotDir, 'traffic-export-bandwidth.png'));
    const text = readPngText(png);
    expect(text.Title).toMatch(/^Bandwidth/);
    expect(text.Description).toContain('Account: Acme');
    expect(text.Description).toMatch(/Range: .+ – .+/);
    expect(text.Description).toMatch(/Time zone: local time \(.+\)/);
    for (const name of withTraffic) expect(text.Description).toContain(name);
    // Taller than the chart on screen: the caption and legend are drawn around it.
    const chartBox = await bandwidth.boundingBox();
    expect(pngSize(png).height).toBeGreaterThan((chartBox?.height ?? 0) + 60);

    // A bundle of what is on screen, opened in review mode: CSV and PNG from there too.
    const [bundleDownload] = await Promise.all([
      app.waitForEvent('download'),
      app.getByRole('button', { name: 'Export bundle' }).click(),
    ]);
    const bundlePath = await bundleDownload.path();
    await app.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Open stats bundle' }).click();
    const [chooser] = await Promise.all([
      app.waitForEvent('filechooser'),
      app.getByRole('button', { name: 'Open bundle…' }).click(),
    ]);
    await chooser.setFiles(bundlePath);
    await expect(app.getByText('Checksum verified')).toBeVisible();
    await app.getByRole('checkbox', { name: 'Show times in UTC' }).check();

    const [csvDownload] = await Promise.all([
      app.waitForEvent('download'),
      app.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(csvDownload.suggestedFilename()).toMatch(/^traffic-.*\.csv$/);
    const csv = await readFile(await csvDownload.path(), 'utf8');
    for (const name of withTraffic) expect(csv).toContain(name);

    const [reviewPng] = await Promise.all([
      app.waitForEvent('download'),
      app.getByRole('button', { name: 'Save data volume chart as PNG' }).click(),
    ]);
    expect(reviewPng.suggestedFilename()).toMatch(/^traffic-volume-.*\.png$/);
    const reviewPath = await reviewPng.path();
    await copyFile(reviewPath, join(screenshotDir, 'traffic-export-review-volume.png'));
    const reviewText = readPngText(await readFile(reviewPath));
    expect(reviewText.Title).toMatch(/^Data volume/);
    expect(reviewText.Description).toContain('Account: Acme');
    expect(reviewText.Description).toContain('Time zone: UTC');
  } finally {
    await gateway.stop();
  }
});
