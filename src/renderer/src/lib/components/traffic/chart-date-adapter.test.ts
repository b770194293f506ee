// The time axis's date adapter: timestamps in and out, steps and rounding in local time as
// date-fns computes them, and no string parsing beyond ISO dates.
import { describe, expect, it } from 'vitest';
import { _adapters } from 'chart.js';
import { addMonths, startOfWeek } from 'date-fns';
import { parseChartTime } from './chart-date-adapter.ts';

const adapter = new _adapters._date();
const at = new Date(2026, 2, 29, 13, 47, 12, 345).getTime();

describe('chart date adapter', () => {
  it('reads numbers, Dates and ISO strings, and nothing else', () => {
    expect(parseChartTime(at)).toBe(at);
    expect(parseChartTime(new Date(at))).toBe(at);
    expect(parseChartTime('2026-03-29T11:47:12.345Z')).toBe(Date.UTC(2026, 2, 29, 11, 47, 12, 345));
    expect(parseChartTime('not a date')).toBeNull();
    expect(parseChartTime(null)).toBeNull();
    expect(parseChartTime(Number.NaN)).toBeNull();
    expect(adapter.parse(at)).toBe(at);
  });

  it('steps and rounds in local time, answering timestamps', () => {
    expect(adapter.add(at, 1, 'month')).toBe(addMonths(at, 1).getTime());
    expect(adapter.add(at, 3, 'hour')).toBe(at + 3 * 3_600_000);
    expect(adapter.diff(adapter.add(at, 5, 'day'), at, 'day')).toBe(5);
    expect(adapter.startOf(at, 'hour')).toBe(new Date(2026, 2, 29, 13).getTime());
    expect(adapter.startOf(at, 'isoWeek', 1)).toBe(startOfWeek(at, { weekStartsOn: 1 }).getTime());
    expect(adapter.endOf(at, 'day')).toBe(new Date(2026, 2, 29, 23, 59, 59, 999).getTime());
    expect(typeof adapter.format(at, 'hour')).toBe('string');
  });
});
