// The Chart.js configuration of one metric's traffic chart (TrafficChart.svelte draws it): a line
// or stacked area per service on a time axis, the previous period dashed, human units on the axes,
// exact values in tooltips, wheel and pinch zoom and pan on the time axis.
import type { ChartConfiguration, ChartDataset, Plugin, TooltipItem } from 'chart.js';
import { columnDecimation, decimatedDataset } from './chart-decimation.ts';
import { snapToPixels } from './chart-pixel-snap.ts';
import { withAlpha, type ChartTheme } from './chart-theme.ts';
import { formatInstant, formatTick, niceTimeTicks, type ZoneChoice } from '../../state/time-format.ts';
import {
  formatCount,
  formatMetricTick,
  formatMetricValue,
  formatRequestRate,
  toPerSecond,
} from '#shared/analytics/units.ts';
import { metricInfo, type Metric } from '#shared/analytics/model.ts';
import type { ChartPoint } from '#shared/analytics/decimate.ts';
import type { ChartSeries } from './traffic-view.ts';

export interface TrafficChartInput {
  metric: Metric;
  series: readonly ChartSeries[];
  /** Previous period per service, already moved onto the current range. */
  previous: readonly ChartSeries[];
  stacked: boolean;
  zone: ZoneChoice;
  stepMs: number;
  range: { from: number; to: number };
  theme: ChartTheme;
  /** A colour per series, in the order of `series`. */
  colors: readonly string[];
  /** Labels of the series hidden by the legend (their previous periods are hidden with them). */
  hidden: readonly string[];
  /** Change markers are drawn: room above the plot for their buttons. */
  withMarkers: boolean;
  /** The component's own plugin (tooltip mirror, marker lines, first-draw notice). */
  overlay: Plugin<'line'>;
  onZoomed: () => void;
}

/** Data of a stacked area: every point (each series thinned on its own would break the sums). */
function stackedData(
  points: readonly (readonly [number, number])[],
  step: number,
): { data: { x: number; y: number }[]; spanGaps: boolean } {
  let continuous = true;
  for (let i = 1; i < points.length && continuous; i++) continuous = points[i][0] - points[i - 1][0] === step;
  // Evenly spaced series skip the per-segment gap checks.
  return { data: points.map(([x, y]) => ({ x, y })), spanGaps: continuous };
}

function exactValue(metric: Metric, value: number, stepMs: number): string {
  switch (metricInfo[metric].unit) {
    case 'bytes':
      return `${formatMetricValue(metric, value)} (${formatCount(value)} bytes)`;
    case 'bps':
      return `${formatMetricValue(metric, value)} (${formatCount(value)} bps)`;
    case 'count':
      return `${formatCount(value)} requests (${formatRequestRate(toPerSecond(value, stepMs))})`;
  }
}

export function trafficChartConfig(input: TrafficChartInput): ChartConfiguration<'line', ChartPoint[]> {
  const {
    metric,
    series,
    previous,
    stacked,
    zone,
    stepMs,
    range,
    theme,
    colors,
    hidden,
    withMarkers,
    overlay,
    onZoomed,
  } = input;
  const totalPoints = [...series, ...previous].reduce((n, s) => n + s.points.length, 0);
  const large = totalPoints > 2000;
  const ticks = niceTimeTicks(range.to - range.from);
  // Neighbours further apart than this are a gap in the data: the line breaks there.
  const maxGap = stepMs * 1.5;
  return {
    type: 'line',
    data: {
      datasets: series
        .map((s, i) => {
          const color = colors[i];
          const dataset: Omit<ChartDataset<'line', ChartPoint[]>, 'data'> = {
            label: s.label,
            borderColor: color,
            backgroundColor: stacked ? withAlpha(color, 0.35) : color,
            fill: stacked ? (i === 0 ? 'origin' : '-1') : false,
            hidden: hidden.includes(s.label),
          };
          return stacked
            ? { ...dataset, ...stackedData(s.points, stepMs) }
            : decimatedDataset(dataset, s.points, maxGap);
        })
        .concat(
          previous.map((p) => {
            const own = series.findIndex((s) => s.label === p.previousOf);
            const color = withAlpha(colors[own] ?? theme.muted, 0.6);
            const dataset: Omit<ChartDataset<'line', ChartPoint[]>, 'data'> = {
              label: p.label,
              borderColor: color,
              backgroundColor: color,
              borderDash: [5, 4],
              borderWidth: 1.25,
              fill: false,
              // Stacked among themselves, never on top of the current period.
              stack: 'previous',
              hidden: p.previousOf !== undefined && hidden.includes(p.previousOf),
            };
            return stacked
              ? { ...dataset, ...stackedData(p.points, stepMs) }
              : decimatedDataset(dataset, p.points, maxGap);
          }),
        ),
    },
    options: {
      parsing: false,
      normalized: true,
      animation: large ? false : { duration: 150 },
      responsive: false,
      maintainAspectRatio: false,
      // Without responsive mode Chart.js would draw at one pixel per CSS pixel (blurry on HiDPI).
      devicePixelRatio: globalThis.devicePixelRatio || 1,
      // Room above the plot for the change markers' buttons.
      layout: { padding: { top: withMarkers ? 28 : 0 } },
      elements: {
        point: { radius: 0, hoverRadius: 3, hitRadius: 4 },
        line: { borderWidth: 1.5, tension: 0, borderJoinStyle: 'bevel' },
      },
      // One line per series, all at the timestamp nearest the pointer (see same-time.ts); with many
      // services, only the nearest series.
      interaction: series.length <= 6 ? { mode: 'sameTime', intersect: false } : { mode: 'nearest', intersect: false },
      scales: {
        x: {
          type: 'time',
          min: range.from,
          max: range.to,
          // Round steps (every 3 hours, every day…) instead of whatever minute autoSkip lands on.
          time: { unit: ticks.unit },
          ticks: {
            color: theme.muted,
            maxRotation: 0,
            autoSkip: true,
            autoSkipPadding: 16,
            stepSize: ticks.stepSize,
            // Label sizes from a sample, not from every tick (Chart.js performance advice).
            sampleSize: 6,
            callback: (value) => formatTick(Number(value), ticks.ms, zone),
          },
          grid: { color: theme.grid },
          border: { color: theme.border },
        },
        y: {
          stacked,
          beginAtZero: true,
          ticks: {
            color: theme.muted,
            maxTicksLimit: 8,
            sampleSize: 6,
            callback: (value) => formatMetricTick(metric, Number(value)),
          },
          grid: { color: theme.grid },
          border: { color: theme.border },
        },
      },
      plugins: {
        // The legend is HTML below the canvas: cheaper with 50 services, and real buttons.
        legend: { display: false },
        tooltip: {
          backgroundColor: theme.surface,
          titleColor: theme.text,
          bodyColor: theme.text,
          borderColor: theme.border,
          borderWidth: 1,
          callbacks: {
            title: (items: TooltipItem<'line'>[]) =>
              items.length > 0 ? formatInstant(items[0].parsed.x ?? 0, zone) : '',
            label: (item: TooltipItem<'line'>) =>
              `${item.dataset.label ?? ''}: ${exactValue(metric, (item.raw as { y: number }).y, stepMs)}`,
          },
        },
        zoom: {
          zoom: { wheel: { enabled: true }, pinch: { enabled: true }, mode: 'x', onZoomComplete: onZoomed },
          pan: { enabled: true, mode: 'x', onPanComplete: onZoomed },
          limits: { x: { min: 'original', max: 'original', minRange: stepMs * 6 } },
        },
      },
    },
    // Thinning each series on its own would break the sums of stacked areas.
    plugins: stacked ? [overlay, snapToPixels] : [overlay, columnDecimation, snapToPixels],
  };
}
