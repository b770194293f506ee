// A Chart.js plugin that hands each line only what the plot can show of its series (see
// decimateMinMax): at most two points per pixel column, spikes and gaps kept. It runs before
// every update, so a zoom, a pan or a resize thins the series again for the new range and width;
// an update that changes neither (a legend toggle, new change markers) reuses the last result.
import type { Chart, ChartDataset, Plugin } from 'chart.js';
import { decimateMinMax, type ChartPoint } from '#shared/analytics/decimate.ts';
import type { Point } from '#shared/analytics/model.ts';

interface Source {
  points: readonly Point[];
  maxGap: number;
  /** Range and width the dataset's data was last thinned for. */
  drawnFor?: string;
}

const sources = new WeakMap<object, Source>();

type LineDataset = ChartDataset<'line', ChartPoint[]>;

/**
 * A line dataset drawn from `points` by the plugin (its `data` is filled in at each update).
 * `maxGap`: neighbours further apart than this are a gap in the series.
 */
export function decimatedDataset<T extends Omit<LineDataset, 'data'>>(
  dataset: T,
  points: readonly Point[],
  maxGap: number,
): T & { data: ChartPoint[] } {
  // `_decimated` makes Chart.js draw every point given (its own "fast path" adds two per pixel).
  const withData = Object.assign(dataset, { data: [] as ChartPoint[], _decimated: true });
  sources.set(withData, { points, maxGap });
  return withData;
}

/**
 * Device pixel columns of the canvas. Not of the plot area: before an update that area is still
 * the last layout's, which would miss a resize (the canvas is only a little wider).
 */
function canvasColumns(chart: Chart): number {
  return Math.max(1, Math.round(chart.width * (chart.currentDevicePixelRatio || 1)));
}

export const columnDecimation: Plugin<'line'> = {
  id: 'columnDecimation',
  beforeElementsUpdate(chart) {
    // The bounds the update is for: the scale's options (zoom and pan set them), its min and max
    // being those of the last layout still.
    const { min, max, minDefined, maxDefined } = chart.scales.x.getUserBounds();
    if (!minDefined || !maxDefined) return;
    const columns = canvasColumns(chart as unknown as Chart);
    const key = `${min}:${max}:${columns}`;
    for (const dataset of chart.data.datasets) {
      const source = sources.get(dataset);
      if (!source || source.drawnFor === key) continue;
      source.drawnFor = key;
      (dataset as unknown as LineDataset).data = decimateMinMax(source.points, {
        from: min,
        to: max,
        columns,
        maxGap: source.maxGap,
      });
    }
  },
};
