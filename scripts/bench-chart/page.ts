// The chart render bench's page (built by scripts/bench-chart.ts, driven by Playwright): the same
// data drawn on a canvas of the same size by the app's traffic chart (the real TrafficChart
// component), bare uPlot, bare Chart.js and Chart.js with its own min-max decimation.
//
// One measurement: from the call that builds the chart, through the microtasks it queued (uPlot
// draws in one), to a one-pixel getImageData of its canvas, which makes Chromium raster every
// drawing command still queued. All of it runs in one task of the page's main thread, marked, so
// that the bench can read that task's thread time from a trace as well as the wall-clock time
// taken here. Each library starts from the data in the app's shape (a list of [time, value] per
// series) and converts it as it needs, inside the timed part.
import { flushSync, mount, unmount } from 'svelte';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { Decimation, type Chart as ChartType } from 'chart.js';
import '../../src/renderer/src/app.css';
import TrafficChart from '../../src/renderer/src/lib/components/traffic/TrafficChart.svelte';
import { ensureChartsRegistered } from '../../src/renderer/src/lib/components/traffic/chart-setup.ts';
import { readChartTheme } from '../../src/renderer/src/lib/components/traffic/chart-theme.ts';
import type { ChartSeries } from '../../src/renderer/src/lib/components/traffic/traffic-view.ts';

export const chartKinds = ['app', 'uplot', 'chartjs', 'chartjsDecimation'] as const;
export type ChartKind = (typeof chartKinds)[number];

export interface ChartCase {
  name: string;
  series: ChartSeries[];
  range: { from: number; to: number };
  stepMs: number;
}

export interface CaseResult {
  name: string;
  points: number;
  /** Every timing in ms, per kind, in the order taken. */
  times: Record<ChartKind, number[]>;
  /** The part of each timing before the readback: building the chart and its drawing commands. */
  builds: Record<ChartKind, number[]>;
  /** Canvas pixels that are not the background colour, per kind (a check that something was drawn). */
  inked: Record<ChartKind, number>;
}

const WIDTH = 1100;
const HEIGHT = 280;
const FIVE_MINUTES = 300_000;
const START = Date.UTC(2026, 0, 1);

/** A small seeded generator, so every run draws the same data. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Traffic-like bytes per 5 minutes: a daily wave, noise, and one sharp spike a day. */
function trafficSeries(label: string, count: number, seed: number): ChartSeries {
  const next = random(seed);
  const base = 2e8 + next() * 8e8;
  const points: [number, number][] = [];
  for (let i = 0; i < count; i++) {
    const t = START + i * FIVE_MINUTES;
    const day = Math.sin(((i % 288) / 288) * 2 * Math.PI - Math.PI / 2) * 0.45 + 1;
    const spike = i % 288 === 137 + (seed % 100) ? 6 : 1;
    points.push([t, Math.round(base * day * (0.85 + next() * 0.3) * spike)]);
  }
  return { label, points };
}

export function benchCases(): ChartCase[] {
  const long = 90 * 288;
  const short = 288;
  return [
    {
      name: '25,920 points, 1 series',
      series: [trafficSeries('www.bench.example', long, 7)],
      range: { from: START, to: START + long * FIVE_MINUTES },
      stepMs: FIVE_MINUTES,
    },
    {
      name: '50 series × 288 points',
      series: Array.from({ length: 50 }, (_, i) =>
        trafficSeries(`svc-${String(i + 1).padStart(3, '0')}.bench.example`, short, 100 + i),
      ),
      range: { from: START, to: START + short * FIVE_MINUTES },
      stepMs: FIVE_MINUTES,
    },
  ];
}

interface Drawn {
  canvas: HTMLCanvasElement;
  destroy: () => void;
}

function colors(count: number): string[] {
  const theme = readChartTheme();
  return Array.from({ length: count }, (_, i) => theme.series(i));
}

const draw: Record<ChartKind, (host: HTMLElement, c: ChartCase, palette: string[]) => Drawn> = {
  app(host, c) {
    const component = mount(TrafficChart, {
      target: host,
      props: { metric: 'volume', series: c.series, stepMs: c.stepMs, range: c.range, zone: 'utc' },
    });
    flushSync();
    return { canvas: host.querySelector('canvas') as HTMLCanvasElement, destroy: () => void unmount(component) };
  },

  uplot(host, c, palette) {
    const data: uPlot.AlignedData = [
      c.series[0].points.map((p) => p[0]),
      ...c.series.map((s) => s.points.map((p) => p[1])),
    ];
    const plot = new uPlot(
      {
        width: WIDTH,
        height: HEIGHT,
        ms: 1,
        series: [{}, ...c.series.map((s, i) => ({ label: s.label, stroke: palette[i], width: 1.5 }))],
      },
      data,
      host,
    );
    return { canvas: plot.ctx.canvas, destroy: () => plot.destroy() };
  },

  chartjs(host, c, palette) {
    return chartJs(host, c, palette, false);
  },

  chartjsDecimation(host, c, palette) {
    return chartJs(host, c, palette, true);
  },
};

/** Chart.js as its guide suggests for large data: no parsing, no animation, no point circles. */
function chartJs(host: HTMLElement, c: ChartCase, palette: string[], decimation: boolean): Drawn {
  const Chart = ensureChartsRegistered();
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH;
  canvas.height = HEIGHT;
  host.append(canvas);
  const chart: ChartType<'line', { x: number; y: number }[]> = new Chart<'line', { x: number; y: number }[]>(canvas, {
    type: 'line',
    data: {
      datasets: c.series.map((s, i) => ({
        label: s.label,
        data: s.points.map(([x, y]) => ({ x, y })),
        borderColor: palette[i],
        borderWidth: 1.5,
      })),
    },
    options: {
      animation: false,
      responsive: false,
      parsing: false,
      normalized: true,
      elements: { point: { radius: 0 } },
      scales: { x: { type: 'time', min: c.range.from, max: c.range.to } },
      // The zoom plugin is registered for the app's charts; it is no part of a bare chart.
      plugins: { decimation: { enabled: decimation, algorithm: 'min-max' }, zoom: false as never },
    },
    // Chart.js's own decimation, given to this chart only: the app does not register it.
    plugins: decimation ? [Decimation] : [],
  });
  return { canvas, destroy: () => chart.destroy() };
}

const stage = document.getElementById('stage') as HTMLElement;
stage.style.width = `${WIDTH}px`;

/** Drains the microtask queue: everything the chart queued while it was built runs first. */
function microtasks(): Promise<void> {
  return new Promise((resolve) => queueMicrotask(resolve));
}

async function timeOnce(
  kind: ChartKind,
  c: ChartCase,
  palette: string[],
  mark: string | null,
  check: boolean,
): Promise<{ ms: number; build: number; inked: number }> {
  const host = document.createElement('div');
  host.style.width = `${WIDTH}px`;
  stage.append(host);
  // The mark names the task in a Chromium trace, for its thread (CPU) time: see bench-chart.ts.
  if (mark !== null) performance.mark(mark);
  const t0 = performance.now();
  const drawn = draw[kind](host, c, palette);
  await microtasks();
  const build = performance.now() - t0;
  const ctx = drawn.canvas.getContext('2d') as CanvasRenderingContext2D;
  ctx.getImageData(0, 0, 1, 1);
  const ms = performance.now() - t0;
  // Taking the chart down is a task of its own, outside the one timed.
  await new Promise((resolve) => setTimeout(resolve, 0));
  if (drawn.canvas.width !== WIDTH * devicePixelRatio || drawn.canvas.height !== HEIGHT * devicePixelRatio) {
    throw new Error(`${kind}: canvas ${drawn.canvas.width}×${drawn.canvas.height}, not ${WIDTH}×${HEIGHT}`);
  }
  let inked = 0;
  if (check) {
    const pixels = ctx.getImageData(0, 0, drawn.canvas.width, drawn.canvas.height).data;
    const [r, g, b, a] = [pixels[0], pixels[1], pixels[2], pixels[3]];
    for (let i = 0; i < pixels.length; i += 4)
      if (pixels[i] !== r || pixels[i + 1] !== g || pixels[i + 2] !== b || pixels[i + 3] !== a) inked++;
  }
  drawn.destroy();
  host.remove();
  return { ms, build, inked };
}

/**
 * Every kind `rounds` times on every case, interleaved (the order turns each round, so a slow
 * moment of a shared machine does not land on one kind), after `warmup` uncounted rounds.
 */
async function run(
  rounds: number,
  warmup: number,
  kinds: readonly ChartKind[] = chartKinds,
  cases?: readonly string[],
): Promise<CaseResult[]> {
  const results: CaseResult[] = [];
  for (const c of benchCases().filter((x) => cases === undefined || cases.includes(x.name))) {
    const palette = colors(c.series.length);
    const times = Object.fromEntries(chartKinds.map((k) => [k, [] as number[]])) as Record<ChartKind, number[]>;
    const builds = Object.fromEntries(chartKinds.map((k) => [k, [] as number[]])) as Record<ChartKind, number[]>;
    const inked = Object.fromEntries(chartKinds.map((k) => [k, 0])) as Record<ChartKind, number>;
    for (let round = -warmup; round < rounds; round++) {
      for (let j = 0; j < kinds.length; j++) {
        const kind = kinds[(j + Math.max(0, round)) % kinds.length];
        const mark = round >= 0 ? `chart-bench:${c.name}:${kind}` : null;
        const { ms, build, inked: count } = await timeOnce(kind, c, palette, mark, round === -1);
        if (round === -1) inked[kind] = count;
        if (round >= 0) {
          times[kind].push(ms);
          builds[kind].push(build);
        }
        // Garbage and timers of the previous chart are not the next one's cost.
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
    results.push({ name: c.name, points: c.series.reduce((n, s) => n + s.points.length, 0), times, builds, inked });
  }
  return results;
}

/** Draws one chart of each kind for `name` and leaves them on the page (for a screenshot). */
function show(name: string): void {
  const c = benchCases().find((x) => x.name === name);
  if (!c) throw new Error(`no case ${name}`);
  const palette = colors(c.series.length);
  stage.replaceChildren();
  for (const kind of chartKinds) {
    const host = document.createElement('section');
    const title = document.createElement('h2');
    title.textContent = kind;
    host.append(title);
    stage.append(host);
    draw[kind](host, c, palette);
  }
}

declare global {
  interface Window {
    chartBench: { run: typeof run; show: typeof show };
  }
}
window.chartBench = { run, show };
