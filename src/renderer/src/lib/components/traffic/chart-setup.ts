// Chart.js registered tree-shaken: only the line chart pieces, the time scale (its date adapter is
// chart-date-adapter.ts), tooltips, filler for stacked areas, and zoom/pan. No Legend plugin: the
// legend is HTML (TrafficChart), and the plugin would still build its labels on every update. No Decimation
// plugin either: each chart thins its lines itself (chart-decimation.ts).
import { Chart, Filler, LinearScale, LineController, LineElement, PointElement, TimeScale, Tooltip } from 'chart.js';
import './chart-date-adapter.ts';
import zoomPlugin from 'chartjs-plugin-zoom';
import { registerSameTimeMode } from './same-time.ts';
import { columnDecimation, decimatedDataset } from './chart-decimation.ts';

let registered = false;

export function ensureChartsRegistered(): typeof Chart {
  if (!registered) {
    Chart.register(LineController, LineElement, PointElement, LinearScale, TimeScale, Filler, Tooltip, zoomPlugin);
    registerSameTimeMode();
    registered = true;
  }
  return Chart;
}

export { Chart };

let warmed = false;

/**
 * Draws one small throwaway chart on a canvas outside the page, once per page load. A page's first
 * chart costs three times what the next ones do (the engine compiles Chart.js's code on first
 * use); done while the app is idle after start, the first dashboard draws at full speed.
 */
export function warmUpCharts(): void {
  if (warmed) return;
  warmed = true;
  const Chart = ensureChartsRegistered();
  const canvas = document.createElement('canvas');
  canvas.width = 600;
  canvas.height = 280;
  const start = Date.UTC(2026, 0, 1);
  const points = Array.from({ length: 4000 }, (_, i): [number, number] => [start + i * 7_200, (i * 37) % 101]);
  const chart = new Chart(canvas, {
    type: 'line',
    data: {
      datasets: [
        decimatedDataset({ label: 'a' }, points, 10_800),
        decimatedDataset({ label: 'b', borderDash: [5, 4] }, points.slice(0, 96), 10_800),
      ],
    },
    options: {
      parsing: false,
      normalized: true,
      animation: false,
      responsive: false,
      elements: { point: { radius: 0 } },
      interaction: { mode: 'sameTime', intersect: false },
      scales: {
        x: { type: 'time', min: start, max: start + 8 * 3_600_000, time: { unit: 'hour' }, ticks: { sampleSize: 6 } },
        y: { beginAtZero: true, ticks: { maxTicksLimit: 8, sampleSize: 6 } },
      },
      plugins: { legend: { display: false } },
    },
    plugins: [columnDecimation],
  });
  chart.destroy();
}
