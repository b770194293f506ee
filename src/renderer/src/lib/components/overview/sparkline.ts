// The geometry of the overview's sparklines: SVG polyline points of the day shown and of the same
// hours a week earlier on one shared scale, and where the applied changes fall. Plain strings for
// a small inline <svg>, not a chart instance: 20 accounts × 3 metrics × 2 lines on one screen.

export type SparkMetric = 'requests' | 'bandwidth' | 'offload';

export interface SparkScale {
  min: number;
  max: number;
}

export interface SparkSize {
  width: number;
  height: number;
  /** Room above the highest and below the lowest point (the stroke is not cut). */
  pad: number;
}

export const SPARK_SIZE: SparkSize = { width: 120, height: 28, pad: 2 };

/**
 * One scale for both lines, so the week-earlier line compares by eye. Amounts start at zero (a
 * drop to half looks like half); origin offload is a share, drawn on 0–100 %.
 */
export function sparkScale(metric: SparkMetric, ...series: ReadonlyArray<ReadonlyArray<number | null>>): SparkScale {
  if (metric === 'offload') return { min: 0, max: 1 };
  let max = 0;
  for (const values of series) for (const v of values) if (v !== null && Number.isFinite(v) && v > max) max = v;
  return { min: 0, max };
}

const fixed = (n: number): string => String(Math.round(n * 10) / 10);

/** x of point `index` of `count` hourly points: the middle of its hour, as change markers are placed on the same time axis. */
export function pointX(index: number, count: number, width: number): number {
  return ((index + 0.5) / count) * width;
}

function pointY(value: number, scale: SparkScale, size: SparkSize): number {
  const span = scale.max - scale.min;
  const share = span > 0 ? (value - scale.min) / span : value > scale.min ? 1 : 0;
  const clamped = Math.min(1, Math.max(0, share));
  return size.pad + (1 - clamped) * (size.height - 2 * size.pad);
}

/**
 * The `points` attribute of one polyline per unbroken run of values (an hour without data breaks
 * the line rather than drawing a false zero). A lone point becomes a short dash, so it shows.
 */
export function sparkSegments(
  values: ReadonlyArray<number | null>,
  scale: SparkScale,
  size: SparkSize = SPARK_SIZE,
): string[] {
  const segments: string[] = [];
  let run: Array<[number, number]> = [];
  const flush = (): void => {
    if (run.length === 1) {
      const [[x, y]] = run;
      run = [
        [Math.max(0, x - 1), y],
        [Math.min(size.width, x + 1), y],
      ];
    }
    if (run.length > 0) segments.push(run.map(([x, y]) => `${fixed(x)},${fixed(y)}`).join(' '));
    run = [];
  };
  values.forEach((value, index) => {
    if (value === null || !Number.isFinite(value)) {
      flush();
      return;
    }
    run.push([pointX(index, values.length, size.width), pointY(value, scale, size)]);
  });
  flush();
  return segments;
}

/** x of each change inside the range (others are left out: they are said in words). */
export function markerXs(
  ats: readonly number[],
  range: { from: number; to: number },
  width: number = SPARK_SIZE.width,
): number[] {
  const span = range.to - range.from;
  if (span <= 0) return [];
  return ats
    .filter((at) => at >= range.from && at < range.to)
    .map((at) => Math.round(((at - range.from) / span) * width * 10) / 10);
}

export interface Sparkline {
  current: string[];
  weekEarlier: string[];
  markers: number[];
  /** Nothing to draw: no hour of the day shown is held. */
  empty: boolean;
}

export function sparkline(
  metric: SparkMetric,
  current: ReadonlyArray<number | null>,
  weekEarlier: ReadonlyArray<number | null>,
  options: { range?: { from: number; to: number } | null; markers?: readonly number[]; size?: SparkSize } = {},
): Sparkline {
  const size = options.size ?? SPARK_SIZE;
  const scale = sparkScale(metric, current, weekEarlier);
  const lines = sparkSegments(current, scale, size);
  return {
    current: lines,
    weekEarlier: sparkSegments(weekEarlier, scale, size),
    markers: options.range && options.markers ? markerXs(options.markers, options.range, size.width) : [],
    empty: lines.length === 0,
  };
}
