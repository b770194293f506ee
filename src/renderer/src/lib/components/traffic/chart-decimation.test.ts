import { describe, expect, it } from 'vitest';
import type { Chart } from 'chart.js';
import { columnDecimation, decimatedDataset } from './chart-decimation.ts';
import type { Point } from '#shared/analytics/model.ts';

const STEP = 300_000;
const T0 = Date.UTC(2026, 0, 1);
const points: Point[] = Array.from({ length: 25_920 }, (_, i): Point => [
  T0 + i * STEP,
  i % 288 === 100 ? 1_000 : 10 + (i % 7),
]);

/** What the plugin reads of a chart: the x scale's bounds (zoom and pan set them), width, density. */
function fakeChart(bounds: { min: number; max: number }, width: number, datasets: object[]) {
  const chart = {
    width,
    currentDevicePixelRatio: 1,
    data: { datasets },
    scales: { x: { getUserBounds: () => ({ ...bounds, minDefined: true, maxDefined: true }) } },
  };
  const update = (): void => {
    (columnDecimation.beforeElementsUpdate as (c: Chart, args: object, options: object) => void)(
      chart as unknown as Chart,
      {},
      {},
    );
  };
  return { chart, bounds, update };
}

describe('columnDecimation', () => {
  it('thins a long series to the canvas width, and again after a zoom and a resize', () => {
    const dataset = decimatedDataset({ label: 'a' }, points, 1.5 * STEP);
    const { chart, bounds, update } = fakeChart({ min: T0, max: T0 + 25_920 * STEP }, 1000, [dataset]);
    update();
    const whole = dataset.data;
    expect(whole.length).toBeLessThanOrEqual(2 * 1000 + 2);
    // Every day's spike is drawn.
    expect(whole.filter((p) => p.y === 1_000)).toHaveLength(90);

    // An update that changes neither range nor width keeps the same points.
    update();
    expect(dataset.data).toBe(whole);

    // Zoomed on two days: every point of them, nothing of the rest but one beyond each edge.
    bounds.min = T0 + 288 * 10 * STEP;
    bounds.max = T0 + 288 * 12 * STEP;
    update();
    // 577 points from one edge to the other (both on a point) and one beyond each.
    expect(dataset.data).toHaveLength(2 * 288 + 1 + 2);
    expect(dataset.data[1]).toEqual({ x: bounds.min, y: points[288 * 10][1] });

    // Back to the whole range on a wider canvas: more detail than before.
    bounds.min = T0;
    bounds.max = T0 + 25_920 * STEP;
    chart.width = 2000;
    update();
    expect(dataset.data.length).toBeGreaterThan(whole.length * 1.5);
  });

  it('leaves datasets it was not given alone', () => {
    const plain = { label: 'b', data: [{ x: T0, y: 1 }] };
    const { update } = fakeChart({ min: T0, max: T0 + STEP }, 500, [plain]);
    update();
    expect(plain.data).toEqual([{ x: T0, y: 1 }]);
  });
});
