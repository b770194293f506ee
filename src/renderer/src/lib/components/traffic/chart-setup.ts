// Chart.js registered tree-shaken: only the line chart pieces, the time scale (date-fns adapter),
// min-max decimation, tooltips, filler for stacked areas, and zoom/pan. No Legend plugin: the
// legend is HTML (TrafficChart), and the plugin would still build its labels on every update.
import {
  Chart,
  Decimation,
  Filler,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  TimeScale,
  Tooltip,
} from 'chart.js';
import 'chartjs-adapter-date-fns';
import zoomPlugin from 'chartjs-plugin-zoom';
import { registerSameTimeMode } from './same-time.ts';

let registered = false;

export function ensureChartsRegistered(): typeof Chart {
  if (!registered) {
    Chart.register(LineController, LineElement, PointElement, LinearScale, TimeScale, Decimation, Filler, Tooltip, zoomPlugin);
    registerSameTimeMode();
    registered = true;
  }
  return Chart;
}

export { Chart };
