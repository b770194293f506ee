// Tooltip interaction "sameTime": the timestamp nearest the pointer (on the x axis only), then
// every visible series' point at exactly that timestamp — one value per series, all from the same
// instant. Chart.js's 'x' mode instead returns every point within the hit radius (neighbouring
// timestamps too), which listed a service twice with different values.
import { Interaction, type Chart, type InteractionItem, type InteractionModeFunction } from 'chart.js';

declare module 'chart.js' {
  interface InteractionModeMap {
    sameTime: InteractionModeFunction;
  }
}

/** The x of a chart point ({x, y} objects here), or undefined for any other shape. */
function xOf(point: unknown): number | undefined {
  return typeof point === 'object' && point !== null && 'x' in point && typeof point.x === 'number'
    ? point.x
    : undefined;
}

/** Index of the point at `x` in points sorted by x, or -1 (also when a point has no numeric x). */
export function indexAtX(points: ReadonlyArray<unknown>, x: number): number {
  let lo = 0;
  let hi = points.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const value = xOf(points[mid]);
    if (value === undefined) return -1;
    if (value === x) return mid;
    if (value < x) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** Items of every visible dataset with a value at timestamp `x`, in dataset order. */
export function itemsAtX(chart: Chart, x: number): InteractionItem[] {
  const items: InteractionItem[] = [];
  chart.data.datasets.forEach((dataset, datasetIndex) => {
    if (!chart.isDatasetVisible(datasetIndex)) return;
    const index = indexAtX(dataset.data, x);
    const element = index >= 0 ? chart.getDatasetMeta(datasetIndex).data[index] : undefined;
    // A skipped point is not drawn: a gap marker (no value) of a series missing that instant.
    if (element && !(element as { skip?: boolean }).skip) items.push({ element, datasetIndex, index });
  });
  return items;
}

const sameTime: InteractionModeFunction = (chart, event, _options, useFinalPosition) => {
  const nearest = Interaction.modes.nearest(chart, event, { axis: 'x', intersect: false }, useFinalPosition);
  const first = nearest[0];
  if (!first) return [];
  const x = xOf(chart.data.datasets[first.datasetIndex]?.data[first.index]);
  return x === undefined ? nearest : itemsAtX(chart, x);
};

let registered = false;

export function registerSameTimeMode(): void {
  if (registered) return;
  Interaction.modes.sameTime = sameTime;
  registered = true;
}
