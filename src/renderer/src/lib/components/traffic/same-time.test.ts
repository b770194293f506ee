import { describe, expect, it } from 'vitest';
import type { Chart } from 'chart.js';
import { indexAtX, itemsAtX } from './same-time.ts';

/** The parts of a chart itemsAtX reads: datasets, their visibility and their point elements. */
function fakeChart(datasets: { data: { x: number; y: number | null }[]; hidden?: boolean }[]): Chart {
  return {
    data: { datasets },
    isDatasetVisible: (i: number) => !datasets[i].hidden,
    getDatasetMeta: (i: number) => ({ data: datasets[i].data.map((p) => ({ x: p.x, skip: p.y === null })) }),
  } as unknown as Chart;
}

describe('itemsAtX', () => {
  it('lists every visible series with a value at that instant', () => {
    const chart = fakeChart([
      {
        data: [
          { x: 1, y: 5 },
          { x: 2, y: 6 },
        ],
      },
      { data: [{ x: 2, y: 7 }] },
      { data: [{ x: 2, y: 8 }], hidden: true },
    ]);
    expect(itemsAtX(chart, 2).map((item) => item.datasetIndex)).toEqual([0, 1]);
  });

  it('leaves out a series whose point there only marks a gap in its data', () => {
    // Series 1 misses 100–400; its gap marker sits at 250, an instant series 0 has.
    const chart = fakeChart([
      {
        data: [
          { x: 100, y: 1 },
          { x: 250, y: 2 },
          { x: 400, y: 3 },
        ],
      },
      {
        data: [
          { x: 100, y: 4 },
          { x: 250, y: null },
          { x: 400, y: 5 },
        ],
      },
    ]);
    expect(itemsAtX(chart, 250).map((item) => item.datasetIndex)).toEqual([0]);
  });

  it('finds points by binary search', () => {
    expect(indexAtX([{ x: 1 }, { x: 3 }, { x: 5 }], 5)).toBe(2);
    expect(indexAtX([{ x: 1 }, { x: 3 }, { x: 5 }], 4)).toBe(-1);
  });
});
