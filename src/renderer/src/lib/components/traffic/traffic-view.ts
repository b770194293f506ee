// Pure helpers between a fetch result (or an opened bundle) and what the dashboard draws: chart
// series per metric at the display resolution, and the summary of each metric.
import { aggregateForDisplay } from '#shared/analytics/aggregate.ts';
import { alignRange, displayStep, finalUntil, previousPeriod } from '#shared/analytics/ranges.ts';
import { shiftPoints, summarize, type MetricSummary } from '#shared/analytics/stats.ts';
import { metricIds, stepOf, type Interval, type Metric, type Point, type Series } from '#shared/analytics/model.ts';

export interface ChartSeries {
  label: string;
  points: Point[];
  /** For a previous-period series: the service it belongs to (the legend toggles both). */
  previousOf?: string;
}

const previousLabel = (serviceName: string): string => `${serviceName} (previous period)`;

export interface MetricView {
  metric: Metric;
  interval: Interval;
  /** Resolution the chart draws at (5 min, 1 h or 1 day). */
  stepMs: number;
  series: ChartSeries[];
  /** The previous period per service, moved forward onto the current range (drawn dashed). */
  previous: ChartSeries[];
  summary: MetricSummary;
  /** Services with no point in the range. */
  empty: string[];
}

export interface TrafficData {
  range: { from: number; to: number };
  series: Series[];
  previous?: Series[];
}

/** One view per metric present, in the canonical metric order. `now` decides which recent points may still be missing. */
export function buildMetricViews(data: TrafficData, now: number = Date.now()): MetricView[] {
  const rangeMs = data.range.to - data.range.from;
  const views: MetricView[] = [];
  for (const metric of metricIds) {
    const own = data.series.filter((s) => s.metric === metric);
    if (own.length === 0) continue;
    const interval = own[0].interval;
    const stepMs = displayStep(metric, interval, rangeMs);
    const previous = data.previous?.filter((s) => s.metric === metric);
    // The previous period ends where the (interval-aligned) current one starts and has its length.
    const aligned = alignRange(data.range, interval);
    const shift = aligned.to - aligned.from;
    views.push({
      metric,
      interval,
      stepMs,
      series: own.map((s) => ({ label: s.serviceName, points: aggregateForDisplay(metric, s.points, stepMs) })),
      // Shifted before aggregating, so the display buckets line up with the current period's.
      previous: (previous ?? [])
        .filter((s) => s.points.length > 0 && own.some((o) => o.serviceName === s.serviceName))
        .map((s) => ({
          label: previousLabel(s.serviceName),
          previousOf: s.serviceName,
          points: aggregateForDisplay(metric, shiftPoints(s.points, shift), stepMs),
        })),
      summary: summarize(
        metric,
        own.map((s) => s.points),
        previous && previous.length > 0 ? previous.map((s) => s.points) : undefined,
        {
          range: aligned,
          previousRange: previousPeriod(data.range, interval),
          stepMs: stepOf(interval),
          settledUntil: finalUntil(interval, now),
          fetched: { current: own.map((s) => s.fetched), previous: (previous ?? []).map((s) => s.fetched) },
        },
      ),
      empty: own.filter((s) => s.points.length === 0).map((s) => s.serviceName),
    });
  }
  return views;
}
