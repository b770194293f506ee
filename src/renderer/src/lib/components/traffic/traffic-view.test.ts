import { describe, expect, it } from 'vitest';
import { buildMetricViews } from './traffic-view.ts';
import type { Point, Series } from '#shared/analytics/model.ts';

const t0 = Date.UTC(2026, 10, 1);
const fiveMinute = (n: number, v: number): Point[] => Array.from({ length: n }, (_, i): Point => [t0 + i * 300_000, v]);

describe('buildMetricViews', () => {
  it('orders metrics, rolls long request ranges up to hours and summarizes the raw points', () => {
    const series: Series[] = [
      { serviceName: 'a.com', metric: 'requests', interval: 'minute', points: fiveMinute(288 * 3, 3) },
      { serviceName: 'a.com', metric: 'volume', interval: 'minute', points: fiveMinute(288 * 3, 10) },
      { serviceName: 'b.com', metric: 'volume', interval: 'minute', points: [] },
    ];
    const views = buildMetricViews({ range: { from: t0, to: t0 + 3 * 86_400_000 }, series });
    expect(views.map((v) => v.metric)).toEqual(['volume', 'requests']);
    const requests = views[1];
    expect(requests.stepMs).toBe(3_600_000);
    expect(requests.series[0].points).toHaveLength(72);
    expect(requests.series[0].points[0]).toEqual([t0, 36]);
    expect(requests.summary.total).toBe(3 * 288 * 3);
    expect(views[0].series[0].points).toHaveLength(864);
    expect(views[0].empty).toEqual(['b.com']);
    expect(views[0].summary.change).toBeNull();
  });

  it('moves the previous period onto the current range, one dashed series per service', () => {
    const day = 86_400_000;
    const range = { from: t0, to: t0 + day };
    const series: Series[] = [
      { serviceName: 'a.com', metric: 'volume', interval: 'minute', points: fiveMinute(288, 10) },
    ];
    const previous: Series[] = [
      {
        serviceName: 'a.com',
        metric: 'volume',
        interval: 'minute',
        points: fiveMinute(288, 4).map(([t, v]): Point => [t - day, v]),
      },
    ];
    const [view] = buildMetricViews({ range, series, previous });
    expect(view.previous).toHaveLength(1);
    expect(view.previous[0].label).toBe('a.com (previous period)');
    expect(view.previous[0].previousOf).toBe('a.com');
    // Point i of the previous period sits at the timestamp of point i of the current one.
    expect(view.previous[0].points.map(([t]) => t)).toEqual(view.series[0].points.map(([t]) => t));
    expect(view.previous[0].points[0]).toEqual([t0, 4]);
    expect(buildMetricViews({ range, series })[0].previous).toEqual([]);
  });
});
