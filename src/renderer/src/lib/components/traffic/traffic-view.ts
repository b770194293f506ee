// Pure helpers between a fetch result (or an opened bundle) and what the dashboard draws: chart
// series per metric at the display resolution, and the summary of each metric.
import { aggregateForDisplay } from '../../../../../shared/analytics/aggregate.ts';
import { displayStep } from '../../../../../shared/analytics/ranges.ts';
import { summarize, type MetricSummary } from '../../../../../shared/analytics/stats.ts';
import { metricIds, type Interval, type Metric, type Point, type Series } from '../../../../../shared/analytics/model.ts';

export interface ChartSeries {
  label: string;
  points: Point[];
}

export interface MetricView {
  metric: Metric;
  interval: Interval;
  /** Resolution the chart draws at (5 min, 1 h or 1 day). */
  stepMs: number;
  series: ChartSeries[];
  summary: MetricSummary;
  /** Services with no point in the range. */
  empty: string[];
}

export interface TrafficData {
  range: { from: number; to: number };
  series: Series[];
  previous?: Series[];
}

/** One view per metric present, in the canonical metric order. */
export function buildMetricViews(data: TrafficData): MetricView[] {
  const rangeMs = data.range.to - data.range.from;
  const views: MetricView[] = [];
  for (const metric of metricIds) {
    const own = data.series.filter((s) => s.metric === metric);
    if (own.length === 0) continue;
    const interval = own[0].interval;
    const stepMs = displayStep(metric, interval, rangeMs);
    const previous = data.previous?.filter((s) => s.metric === metric);
    views.push({
      metric,
      interval,
      stepMs,
      series: own.map((s) => ({ label: s.serviceName, points: aggregateForDisplay(metric, s.points, stepMs) })),
      summary: summarize(
        metric,
        own.map((s) => s.points),
        previous && previous.length > 0 ? previous.map((s) => s.points) : undefined,
      ),
      empty: own.filter((s) => s.points.length === 0).map((s) => s.serviceName),
    });
  }
  return views;
}
