// npm run bench [-- --json] [--no-wait] [--screenshots DIR] [--only suites]
// Traffic analytics benchmark in Debian's Chromium through the browser host (real dashboard,
// real core, in-process sandbox with its default rate limit):
//   1. render of 50 services × 288 points (data arrival → charts painted)      ≤ 150 ms
//   2. render of 25,920 points of one service (90 days of 5-minute points)      ≤ 300 ms
//   3. cached dashboard of 10 services with the network off (mount → charts)   ≤ 200 ms
//   4. a 7-day refresh of 200 services makes exactly the calls the limits require per metric
//      (4 batches × 7 days) with no 429, and a second refresh a minute later only the open end
//   5. gzip size of the renderer build (out/renderer)
// Bounded in time: the whole run aborts after 8 minutes. Exit status 1 when a budget is missed.
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import { startSandbox } from '#sandbox';
import { startWebHost } from '#web/server.ts';
import { createMemorySecretStore } from '#core/secrets/memory-store.ts';
import { presetRange } from '#shared/analytics/ranges.ts';
import { buildApp, rendererBuildIsStale } from './start.ts';
import { suiteBenchRows } from './bench-suites.ts';
import { DAY_MS, metricIds, type Metric } from '#shared/analytics/model.ts';

const { values } = parseArgs({
  options: {
    json: { type: 'boolean', default: false },
    'no-wait': { type: 'boolean', default: false },
    screenshots: { type: 'string' },
    /** Run one group of rows alone: "suites" (rule test suites on the review dialog). */
    only: { type: 'string' },
  },
});

if (values.only !== undefined && values.only !== 'suites') throw new Error(`--only takes "suites" (got "${values.only}")`);

const root = resolve(import.meta.dirname, '..');
const rendererDir = join(root, 'out', 'renderer');
const HARD_LIMIT_MS = 8 * 60_000;
const hardStop = setTimeout(() => {
  process.stderr.write('bench: time limit reached, aborting\n');
  process.exit(2);
}, HARD_LIMIT_MS);
hardStop.unref();

interface Row {
  name: string;
  value: number | string;
  unit: string;
  budget: string;
  pass: boolean | null;
}
const rows: Row[] = [];
const log = (line: string): void => {
  if (!values.json) process.stderr.write(`${line}\n`);
};

if (values.only === 'suites') {
  rows.push(...(await suiteBenchRows()));
  await printAndExit();
}

if (rendererBuildIsStale(root)) {
  log('building the renderer (electron-vite build)…');
  if (!values.json) await buildApp();
  else {
    // Keep stdout for the JSON report only.
    const built = spawnSync(process.execPath, [join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
    if (built.status !== 0) throw new Error('electron-vite build failed');
  }
}

// Sandbox: default rate limit (100/minute, 1000/hour) so a 429 would show; every request logged.
const requestLog: { op: string; status: number; at: number }[] = [];
const sandbox = await startSandbox({
  log: (line) => {
    const op = /\bop=(\w+)/.exec(line)?.[1];
    const status = /^\S+ \S+ \S+ (\d{3})/.exec(line)?.[1];
    if (op && status) requestLog.push({ op, status: Number(status), at: Date.now() });
  },
});
const customerId = sandbox.credentials.customerId;
const now = Date.now();
const benchServices: { id: number; domainName: string }[] = [];
for (let i = 1; i <= 200; i++) {
  // Created "100 days ago" so every service has full history.
  const record = sandbox.store.createService(
    customerId,
    { domainName: `svc-${String(i).padStart(3, '0')}.bench.example`, origins: [{ originUrl: 'https://origin.bench.example' }], defaultHostHeader: 'originHost' },
    now - 100 * DAY_MS,
  );
  benchServices.push({ id: record.service.id, domainName: record.service.domainName });
}

const dataDir = await mkdtemp(join(tmpdir(), 'accel-bench-'));
const host = await startWebHost({ port: 0, dataDir, rendererDir, secretStore: createMemorySecretStore('accel-bench') });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
});

try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(host.url);

  async function ipc<T>(channel: string, input: unknown): Promise<T> {
    const response = await page.request.post(`${host.origin}/ipc/${channel}`, { data: input ?? {}, headers: { Origin: host.origin }, timeout: 240_000 });
    const body = (await response.json()) as { ok: boolean; data?: T; error?: { code: string; message: string } };
    if (!body.ok) throw new Error(`${channel}: ${body.error?.code} ${body.error?.message}`);
    return body.data as T;
  }

  const { account } = await ipc<{ account: { id: string } }>('accounts.add', {
    name: 'Bench',
    baseUrl: sandbox.url,
    accessKeyId: sandbox.credentials.accessKeyId,
    customerId,
    secret: sandbox.credentials.accessKeySecret,
    verify: false,
    makeCurrent: true,
  });
  for (const s of benchServices) await ipc('inventory.record', { accountId: account.id, serviceId: s.id, domainName: s.domainName });
  const names = benchServices.map((s) => s.domainName);

  const callsSince = (start: number, op?: string): { count: number; tooMany: number } => {
    const list = requestLog.slice(start).filter((r) => r.op !== 'getService' && (op === undefined || r.op === op));
    return { count: list.length, tooMany: list.filter((r) => r.status === 429).length };
  };
  const operationOf: Record<Metric, string> = { volume: 'getVolume', bandwidth: 'getBandwidth', requests: 'getRequestNumber', originRequests: 'getOriginRequestNumber' };

  // 4a. First 7-day refresh of 200 services, all four metrics.
  log('7-day refresh of 200 services…');
  const refresh = async (): Promise<{ calls: Record<Metric, number>; tooMany: number; ms: number }> => {
    const start = requestLog.length;
    const t = performance.now();
    const range = presetRange('7d', Date.now(), 'minute');
    const result = await ipc<{ calls: number; failures: unknown[] }>('analytics.fetch', {
      accountId: account.id,
      serviceNames: names,
      metrics: [...metricIds],
      from: range.from,
      to: range.to,
      interval: 'minute',
      comparePrevious: false,
    });
    if (result.failures.length > 0) throw new Error(`refresh failed for ${result.failures.length} series`);
    const calls = Object.fromEntries(metricIds.map((m) => [m, callsSince(start, operationOf[m]).count])) as Record<Metric, number>;
    return { calls, tooMany: callsSince(start).tooMany, ms: performance.now() - t };
  };
  const first = await refresh();
  const firstDone = Date.now();
  for (const m of metricIds) {
    rows.push({ name: `7-day refresh, 200 services: ${m} calls`, value: first.calls[m], unit: 'calls', budget: '= 28 (4 batches × 7 days)', pass: first.calls[m] === 28 });
  }
  rows.push({ name: '7-day refresh: 429 answers', value: first.tooMany, unit: 'answers', budget: '= 0', pass: first.tooMany === 0 });
  rows.push({ name: '7-day refresh: duration (request budget pacing)', value: Math.round(first.ms), unit: 'ms', budget: 'info', pass: null });

  // Dashboard scenarios drive the real component: selection stored as the dashboard stores it.
  async function openDashboard(target: Page, selection: Record<string, unknown>, expectCharts: number): Promise<{ dataToPaint: number; mountToPaint: number; navToPaint: number }> {
    await target.evaluate(
      ([key, value]) => localStorage.setItem(key, value),
      [`accel.traffic.${account.id}`, JSON.stringify({ allServices: false, typed: '', compare: false, stacked: false, zone: 'utc', interval: 'auto', ...selection })] as const,
    );
    await target.goto(`${host.origin}/`);
    try {
      await target.getByRole('button', { name: 'Traffic', exact: true }).click();
      await target.locator('[data-render-count]:not([data-render-count="0"])').waitFor({ timeout: 240_000 });
      await target.waitForFunction(`document.querySelectorAll('.chart-frame canvas').length >= ${expectCharts}`);
    } catch (error) {
      // Say what the page showed instead; a bare timeout explains nothing.
      process.stderr.write(`bench: the dashboard did not render; the page shows:\n${(await target.locator('body').innerText()).slice(0, 2000)}\n`);
      throw error;
    }
    return target.evaluate(() => {
      const last = (name: string): number => performance.getEntriesByName(name).at(-1)?.startTime ?? Number.NaN;
      const painted = last('traffic:painted');
      return { dataToPaint: painted - last('traffic:data'), mountToPaint: painted - last('traffic:mount'), navToPaint: painted };
    });
  }

  /** Median of `runs` loads (the first, which fetches, is not counted): one slow frame is noise. */
  async function medianOf(selection: Record<string, unknown>, charts: number, pick: (m: { dataToPaint: number; mountToPaint: number; navToPaint: number }) => number, runs = 3): Promise<number> {
    const values: number[] = [];
    for (let i = 0; i < runs; i++) values.push(pick(await openDashboard(page, selection, charts)));
    values.sort((a, b) => a - b);
    return values[Math.floor(values.length / 2)];
  }

  // 2. 25,920 points of one service (90 days of 5-minute volume): 90 calls, paced by the budget.
  log('90 days of 5-minute points, one service…');
  const one = { selected: [names[0]], metrics: ['volume'], range: '90d', interval: 'minute' };
  await openDashboard(page, one, 1);
  const bigRender = await medianOf(one, 1, (m) => m.dataToPaint);
  rows.push({ name: 'Render 25,920 points, 1 service (median of 3)', value: Math.round(bigRender), unit: 'ms', budget: '≤ 300', pass: bigRender <= 300 });

  // 1. 50 services × 288 points.
  log('50 services × 288 points…');
  const fifty = { selected: names.slice(0, 50), metrics: ['volume'], range: '24h' };
  await openDashboard(page, fifty, 1);
  const fiftyRender = await medianOf(fifty, 1, (m) => m.dataToPaint);
  rows.push({ name: 'Render 50 services × 288 points (median of 3)', value: Math.round(fiftyRender), unit: 'ms', budget: '≤ 150', pass: fiftyRender <= 150 });
  if (values.screenshots) {
    await mkdir(values.screenshots, { recursive: true });
    await page.screenshot({ path: join(values.screenshots, 'bench-50-services.png'), fullPage: true });
  }

  // 3 (preparation). 10 services, all metrics, cached while online.
  const ten = { selected: names.slice(0, 10), metrics: [...metricIds], range: '24h' };
  await openDashboard(page, ten, 4);

  // 4b. A minute after the first refresh: only the open end.
  const waitMs = values['no-wait'] ? 0 : Math.max(0, firstDone + 60_000 - Date.now());
  if (waitMs > 0) log(`waiting ${Math.round(waitMs / 1000)} s for the second refresh…`);
  await new Promise((r) => setTimeout(r, waitMs));
  const second = await refresh();
  for (const m of metricIds) {
    rows.push({ name: `Second refresh a minute later: ${m} calls`, value: second.calls[m], unit: 'calls', budget: '= 4 (open end only)', pass: second.calls[m] === 4 });
  }
  rows.push({ name: 'Second refresh: 429 answers', value: second.tooMany, unit: 'answers', budget: '= 0', pass: second.tooMany === 0 });

  // 3. Network off: the gateway is stopped; the dashboard answers from the offline cache.
  log('cached dashboard with the network off…');
  await sandbox.stop();
  const offlineRuns: { mountToPaint: number; navToPaint: number }[] = [];
  for (let i = 0; i < 3; i++) offlineRuns.push(await openDashboard(page, ten, 4));
  const badge = await page.getByText(/Offline — data as of/).count();
  const middle = (values: number[]): number => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const offlineMount = middle(offlineRuns.map((r) => r.mountToPaint));
  rows.push({ name: 'Cached dashboard, 10 services, network off (mount → charts, median of 3)', value: Math.round(offlineMount), unit: 'ms', budget: '≤ 200', pass: offlineMount <= 200 && badge > 0 });
  rows.push({ name: '  same, from navigation start (page load included)', value: Math.round(middle(offlineRuns.map((r) => r.navToPaint))), unit: 'ms', budget: 'info', pass: null });
  if (values.screenshots) await page.screenshot({ path: join(values.screenshots, 'bench-offline.png'), fullPage: true });

  // 5. Renderer bundle size.
  let gzipTotal = 0;
  let gzipJs = 0;
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (/\.(js|css|html|svg|json)$/.test(entry.name)) {
        const size = gzipSync(await readFile(path)).length;
        gzipTotal += size;
        if (entry.name.endsWith('.js')) gzipJs += size;
      }
    }
  };
  await walk(rendererDir);
  rows.push({ name: 'Renderer bundle, gzip (all assets)', value: Math.round(gzipTotal / 1024), unit: 'KiB', budget: 'info', pass: null });
  rows.push({ name: 'Renderer bundle, gzip (JavaScript)', value: Math.round(gzipJs / 1024), unit: 'KiB', budget: 'info', pass: null });
  rows.push(...(await suiteBenchRows()));
} finally {
  await browser.close();
  await host.stop();
  await sandbox.stop();
  await rm(dataDir, { recursive: true, force: true });
  clearTimeout(hardStop);
}

await printAndExit();

/** Prints the rows (table or JSON) and exits: 1 when a budget was missed. */
async function printAndExit(): Promise<never> {
  const failed = rows.filter((r) => r.pass === false);
  let text: string;
  if (values.json) {
    text = `${JSON.stringify({ rows, passed: failed.length === 0 }, null, 2)}\n`;
  } else {
    const width = Math.max(...rows.map((r) => r.name.length));
    const line = (a: string, b: string, c: string, d: string): string => `${a.padEnd(width)}  ${b.padStart(8)} ${c.padEnd(8)} ${d.padEnd(26)}`;
    text = `${line('Benchmark', 'value', 'unit', 'budget')} result\n`;
    for (const r of rows) text += `${line(r.name, String(r.value), r.unit, r.budget)} ${r.pass === null ? '' : r.pass ? 'PASS' : 'FAIL'}\n`;
  }
  // Exit only once the output is written (a pipe may take it in parts).
  await new Promise<void>((done) => process.stdout.write(text, () => done()));
  clearTimeout(hardStop);
  process.exit(failed.length === 0 ? 0 : 1);
}
