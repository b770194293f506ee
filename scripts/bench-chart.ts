// Bench rows of the chart render path (part of the group `render` of `npm run bench`): the app's
// traffic chart beside bare uPlot, bare Chart.js and Chart.js with its min-max decimation, on the
// same data, on a canvas of the same size, in one page run (scripts/bench-chart/page.ts says how
// one drawing is timed: building the chart until its canvas is rastered). Budgets are ratios to
// bare uPlot in the same run, median of 9 each:
//   25,920 points, one series            app ≤ 1.0 × uPlot
//   50 series × 288 points               app ≤ 1.5 × uPlot
// The ratio is of the main thread's CPU time per drawing, read from a Chromium trace: on a shared
// machine the wall clock also counts the time the page waited for a core (the wall-clock times are
// shown beside them). The page is a small Vite build of its own (out/bench-chart).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import type { BenchRow } from './bench-row.ts';

const root = resolve(import.meta.dirname, '..');
const pageDir = join(root, 'scripts', 'bench-chart');
const outDir = join(root, 'out', 'bench-chart');
const ORIGIN = 'http://bench-chart.localhost';
const ROUNDS = 9;
const WARMUP = 2;

/** Budget of the app's chart as a multiple of bare uPlot's time, per case name. */
const budgets: Record<string, number> = { '25,920 points, 1 series': 1.0, '50 series × 288 points': 1.5 };

const kindLabels = {
  app: "the app's chart",
  uplot: 'bare uPlot',
  chartjs: 'bare Chart.js',
  chartjsDecimation: 'Chart.js, min-max decimation',
} as const;
type ChartKind = keyof typeof kindLabels;

interface CaseResult {
  name: string;
  points: number;
  /** Wall-clock time of each drawing, per kind (ms). */
  times: Record<ChartKind, number[]>;
  /** The part of each before the readback (ms). */
  builds: Record<ChartKind, number[]>;
  /** Thread time of the page's main thread for each drawing, from the trace (ms). */
  cpu: Record<ChartKind, number[]>;
  inked: Record<ChartKind, number>;
}

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** Builds the bench page when it is missing or older than the code it draws with. */
async function buildPage(log: (line: string) => void): Promise<void> {
  const built = join(outDir, 'index.html');
  const sources = [
    pageDir,
    join(root, 'src', 'renderer', 'src'),
    join(root, 'src', 'shared'),
    join(root, 'package-lock.json'),
  ];
  if (existsSync(built) && Math.max(...sources.map(newestMtime)) <= statSync(built).mtimeMs) return;
  log('building the chart bench page…');
  const { build } = await import('vite');
  const { svelte } = await import('@sveltejs/vite-plugin-svelte');
  const { rendererAliases } = await import('../electron.vite.config.ts');
  await build({
    configFile: false,
    root: pageDir,
    base: './',
    logLevel: 'warn',
    resolve: { alias: rendererAliases },
    plugins: [svelte()],
    build: {
      outDir,
      emptyOutDir: true,
      minify: process.env.ACCEL_BENCH_UNMINIFIED !== '1',
      reportCompressedSize: false,
    },
  });
}

const contentTypes: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

async function openPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  await page.route(`${ORIGIN}/**`, async (route) => {
    const path = new URL(route.request().url()).pathname;
    const file = join(outDir, path === '/' ? 'index.html' : path);
    if (!file.startsWith(outDir) || !existsSync(file)) return route.fulfill({ status: 404 });
    await route.fulfill({
      body: await readFile(file),
      contentType: contentTypes[extname(file)] ?? 'application/octet-stream',
    });
  });
  await page.goto(`${ORIGIN}/`);
  await page.waitForFunction('window.chartBench !== undefined');
  return page;
}

const median = (list: readonly number[]): number =>
  [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? Number.NaN;
const round1 = (ms: number): number => Math.round(ms * 10) / 10;

export interface ChartBenchOptions {
  log: (line: string) => void;
  /** Folder for a Chromium CPU profile of the runs (chart-render.cpuprofile). */
  profile?: string;
  /** Folder for screenshots of the four charts of each case. */
  screenshots?: string;
}

interface TraceEvent {
  name: string;
  cat?: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  tid: number;
}

/**
 * Thread (CPU) time of each marked drawing, per case and kind: the task of the page's main thread
 * that holds the mark `chart-bench:<case>:<kind>` (the outermost `toplevel` slice around it).
 */
function threadTimes(events: readonly TraceEvent[]): Map<string, number[]> {
  const tasks = events.filter(
    (e) => e.ph === 'X' && e.cat?.split(',').includes('toplevel') && e.tdur !== undefined && e.dur !== undefined,
  );
  const times = new Map<string, number[]>();
  for (const mark of events.filter((e) => e.name.startsWith('chart-bench:') && e.cat?.includes('user_timing'))) {
    // A mark may come as a begin/end pair or as an instant: the first of each is enough.
    if (mark.ph !== 'R' && mark.ph !== 'I' && mark.ph !== 'n' && mark.ph !== 'b') continue;
    let task: TraceEvent | undefined;
    for (const t of tasks)
      if (
        t.tid === mark.tid &&
        t.ts <= mark.ts &&
        t.ts + (t.dur ?? 0) >= mark.ts &&
        (task === undefined || (t.dur ?? 0) > (task.dur ?? 0))
      )
        task = t;
    if (!task) throw new Error(`chart render bench: no task around the mark ${mark.name} in the trace`);
    const key = mark.name.slice('chart-bench:'.length);
    times.set(key, [...(times.get(key) ?? []), (task.tdur ?? 0) / 1000]);
  }
  return times;
}

/** Builds the page when stale, then times every kind on every case in one page run. */
async function measureCharts(
  browser: Browser,
  options: ChartBenchOptions & {
    rounds?: number;
    warmup?: number;
    kinds?: readonly ChartKind[];
    cases?: readonly string[];
  },
): Promise<CaseResult[]> {
  await buildPage(options.log);
  const page = await openPage(browser);
  try {
    const cdp = await page.context().newCDPSession(page);
    if (options.profile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (data) => events.push(...(data.value as unknown as TraceEvent[])));
    const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.start', {
      traceConfig: { includedCategories: ['toplevel', 'blink.user_timing'] },
      transferMode: 'ReportEvents',
    });
    const args = [
      options.rounds ?? ROUNDS,
      options.warmup ?? WARMUP,
      options.kinds ?? Object.keys(kindLabels),
      options.cases ?? null,
    ]
      .map((a) => JSON.stringify(a))
      .join(', ');
    const results = await page.evaluate<Omit<CaseResult, 'cpu'>[]>(
      `window.chartBench.run(${args.replace(/null$/, 'undefined')})`,
    );
    await cdp.send('Tracing.end');
    await complete;
    if (options.profile) {
      const { profile } = await cdp.send('Profiler.stop');
      await mkdir(options.profile, { recursive: true });
      await writeFile(join(options.profile, 'chart-render.cpuprofile'), JSON.stringify(profile));
    }
    const cpu = threadTimes(events);
    const withCpu = results.map((r) => ({
      ...r,
      cpu: Object.fromEntries(Object.keys(r.times).map((k) => [k, cpu.get(`${r.name}:${k}`) ?? []])) as Record<
        ChartKind,
        number[]
      >,
    }));
    for (const r of withCpu) {
      for (const k of Object.keys(r.times) as ChartKind[]) {
        if (r.cpu[k].length !== r.times[k].length)
          throw new Error(
            `chart render bench: ${r.cpu[k].length} thread times for ${r.times[k].length} drawings (${r.name}, ${k})`,
          );
      }
    }
    if (options.screenshots) {
      await mkdir(options.screenshots, { recursive: true });
      for (const [i, r] of results.entries()) {
        await page.evaluate(`window.chartBench.show(${JSON.stringify(r.name)})`);
        await page.screenshot({ path: join(options.screenshots, `bench-chart-render-${i + 1}.png`), fullPage: true });
      }
    }
    return withCpu;
  } finally {
    await page.context().close();
  }
}

export async function chartRenderRows(browser: Browser, options: ChartBenchOptions): Promise<BenchRow[]> {
  options.log(`chart render: the app's chart, uPlot and Chart.js on the same data, median of ${ROUNDS}…`);
  const results = await measureCharts(browser, options);
  const rows: BenchRow[] = [];
  const kinds = Object.keys(kindLabels) as ChartKind[];
  for (const r of results) {
    const blank = kinds.filter((k) => r.inked[k] < 1000);
    if (blank.length > 0)
      throw new Error(`chart render bench: ${blank.join(', ')} drew (almost) nothing for ${r.name}`);
    const cpu = Object.fromEntries(kinds.map((k) => [k, median(r.cpu[k])])) as Record<ChartKind, number>;
    const wall = Object.fromEntries(kinds.map((k) => [k, median(r.times[k])])) as Record<ChartKind, number>;
    const ratio = cpu.app / cpu.uplot;
    const budget = budgets[r.name] ?? Number.NaN;
    rows.push({
      name: `Chart render, ${r.name}: the app's chart ÷ bare uPlot (CPU time, one page)`,
      value: Math.round(ratio * 100) / 100,
      unit: '×',
      budget: `≤ ${budget.toFixed(1)}`,
      pass: ratio <= budget,
    });
    for (const k of kinds) {
      rows.push({
        name: `  ${kindLabels[k]}: CPU time, median of ${r.cpu[k].length} (wall clock ${round1(wall[k])} ms)`,
        value: round1(cpu[k]),
        unit: 'ms',
        budget: 'info',
        pass: null,
      });
    }
    rows.push({
      name: '  same ratio by wall-clock medians',
      value: Math.round((wall.app / wall.uplot) * 100) / 100,
      unit: '×',
      budget: 'info',
      pass: null,
    });
  }
  return rows;
}
