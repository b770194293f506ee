// Kept apart from chart-setup.ts so the shell can ask for the warm-up without putting Chart.js in
// the JavaScript loaded at start: the chart code is fetched when the page is idle.
import { whenIdle } from '../../ui/index.ts';

/** Loads Chart.js and warms it up (warmUpCharts) the first time the page is idle after start. */
export function warmUpChartsWhenIdle(): void {
  whenIdle(async () => (await import('./chart-setup.ts')).warmUpCharts());
}
