// Chart.js registered tree-shaken: only the line chart pieces, the time scale (date-fns adapter),
// min-max decimation, tooltips, legend, filler for stacked areas, and zoom/pan.
import {
  Chart,
  Decimation,
  Filler,
  Legend,
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
    Chart.register(LineController, LineElement, PointElement, LinearScale, TimeScale, Decimation, Filler, Legend, Tooltip, zoomPlugin);
    registerSameTimeMode();
    registered = true;
  }
  return Chart;
}

export { Chart };
