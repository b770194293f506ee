// What a chart draws of a long series: never more points than the plot has pixel columns can
// show. Per pixel column it keeps the lowest and the highest point (a one-point spike survives at
// any zoom), the first and last point of what is shown, the nearest point outside each edge (so
// the line runs to the edge of the plot), and every gap with the points on both sides of it: a
// missing stretch breaks the line instead of being bridged by a straight segment.
import type { Point } from './model.ts';

/** A point as the chart takes it; `y: null` breaks the line (a gap). */
export interface ChartPoint {
  x: number;
  y: number | null;
}

export interface DecimateOptions {
  /** The x range shown (after zoom or pan); points outside it are left out, but for one on each side. */
  from: number;
  to: number;
  /** Pixel columns of the plot (device pixels). */
  columns: number;
  /**
   * The largest distance between neighbours that is not a gap (about 1.5 steps). A gap narrower
   * than a pixel column is not drawn while the series is thinned: it shows once zoomed in.
   */
  maxGap: number;
}

/** Index of the first point with x >= value in points sorted by x. */
function lowerBound(points: readonly Point[], value: number): number {
  let lo = 0;
  let hi = points.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (points[mid][0] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Index of the first point with x > value in points sorted by x. */
function upperBound(points: readonly Point[], value: number): number {
  let lo = 0;
  let hi = points.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (points[mid][0] <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const gapBetween = (a: Point, b: Point): ChartPoint => ({ x: a[0] + (b[0] - a[0]) / 2, y: null });

/** Appends point `i` unless it is the last one appended already. */
function push(out: ChartPoint[], points: readonly Point[], i: number): void {
  const x = points[i][0];
  if (out.length === 0 || out[out.length - 1].x !== x) out.push({ x, y: points[i][1] });
}

/** Appends a column's lowest and highest point, in time order. */
function pushExtremes(out: ChartPoint[], points: readonly Point[], low: number, high: number): void {
  if (low <= high) {
    push(out, points, low);
    if (high !== low) push(out, points, high);
  } else {
    push(out, points, high);
    push(out, points, low);
  }
}

/**
 * The points to draw of `points` (sorted by x) for the range and width in `options`. When the
 * points shown fit in two per column they are all kept, with a gap marker wherever neighbours
 * lie more than `maxGap` apart; else each column keeps its lowest and highest point (in their
 * order), the first and last shown points are kept, and gaps wider than a column break the line
 * (the points on both sides of a gap are kept).
 */
export function decimateMinMax(points: readonly Point[], options: DecimateOptions): ChartPoint[] {
  const { from, to, maxGap } = options;
  const columns = Math.max(1, Math.floor(options.columns));
  // One point beyond each edge, so the line is drawn to the edge of the plot.
  const firstShown = lowerBound(points, from);
  const afterShown = upperBound(points, to);
  const start = Math.max(0, firstShown - 1);
  const end = Math.min(points.length, afterShown + 1);
  const out: ChartPoint[] = [];
  if (end - start <= 2 * columns) {
    for (let i = start; i < end; i++) {
      if (i > start && points[i][0] - points[i - 1][0] > maxGap) out.push(gapBetween(points[i - 1], points[i]));
      out.push({ x: points[i][0], y: points[i][1] });
    }
    return out;
  }

  const width = (to - from) / columns;
  // A gap is drawn when it is wider than this: a narrower one is inside one pixel column.
  const drawnGap = Math.max(maxGap, width);
  // The open column: its number, where the next one starts, its lowest and highest point.
  let column = Number.NaN;
  let nextColumnAt = Number.NEGATIVE_INFINITY;
  let low = -1;
  let high = -1;
  let lowY = 0;
  let highY = 0;
  let previousX = Number.NaN;
  for (let i = start; i < end; i++) {
    const point = points[i];
    const x = point[0];
    const y = point[1];
    const gap = x - previousX > drawnGap;
    previousX = x;
    // Points outside the range get columns of their own: -1 and `columns`.
    const c =
      !gap && x < nextColumnAt && x <= to
        ? column
        : x < from
          ? -1
          : x > to
            ? columns
            : Math.min(columns - 1, Math.floor((x - from) / width));
    if (c === column && !gap) {
      if (y < lowY) {
        low = i;
        lowY = y;
      } else if (y > highY) {
        high = i;
        highY = y;
      }
      continue;
    }
    if (low >= 0) pushExtremes(out, points, low, high);
    // A line ends and starts again where the data does: both sides of a gap are kept.
    if (gap) {
      push(out, points, i - 1);
      out.push(gapBetween(points[i - 1], point));
    }
    // The first point shown is kept as it is, whatever its column's extremes.
    if (gap || i === start || i === firstShown) push(out, points, i);
    column = c;
    nextColumnAt = c < 0 ? from : c < columns - 1 ? from + (c + 1) * width : Number.POSITIVE_INFINITY;
    low = high = i;
    lowY = highY = y;
  }
  if (low >= 0) pushExtremes(out, points, low, high);
  // The last point shown, after its column's extremes.
  const lastShown = afterShown - 1;
  if (lastShown >= firstShown && lastShown >= 0) {
    const x = points[lastShown][0];
    let at = out.length - 1;
    while (at >= 0 && out[at].x > x) at--;
    if (at < 0 || out[at].x !== x) out.splice(at + 1, 0, { x, y: points[lastShown][1] });
  }
  return out;
}
