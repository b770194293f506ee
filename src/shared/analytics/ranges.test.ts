import { describe, expect, it } from 'vitest';
import { DAY_MS, FIVE_MINUTES_MS, HOUR_MS } from './model.ts';
import {
  alignRange,
  chooseInterval,
  displayStep,
  finalUntil,
  formatApiTime,
  intervalForMetric,
  parseApiTime,
  planCalls,
  presetRange,
  previousPeriod,
  splitRange,
} from './ranges.ts';

const t0 = Date.UTC(2026, 10, 1); // 2026-11-01T00:00:00Z
const names = (n: number): string[] => Array.from({ length: n }, (_, i) => `s${i}.example.com`);

describe('api time format', () => {
  it('formats without milliseconds and parses back', () => {
    expect(formatApiTime(t0 + 1234)).toBe('2026-11-01T00:00:01Z');
    expect(formatApiTime(Date.UTC(2024, 4, 1, 13, 5, 7, 999))).toBe('2024-05-01T13:05:07Z');
    expect(parseApiTime('2026-11-01T00:05:00Z')).toBe(t0 + FIVE_MINUTES_MS);
    expect(parseApiTime('yesterday')).toBeNaN();
  });
});

describe('splitRange and planCalls', () => {
  it('splits at exactly the limit and keeps a shorter remainder', () => {
    expect(splitRange({ from: t0, to: t0 + DAY_MS }, DAY_MS)).toEqual([{ from: t0, to: t0 + DAY_MS }]);
    expect(splitRange({ from: t0, to: t0 + DAY_MS + FIVE_MINUTES_MS }, DAY_MS)).toEqual([
      { from: t0, to: t0 + DAY_MS },
      { from: t0 + DAY_MS, to: t0 + DAY_MS + FIVE_MINUTES_MS },
    ]);
  });

  it('batches at most 50 service names per call (50 → 1, 51 → 2, 200 → 4)', () => {
    const range = { from: t0, to: t0 + HOUR_MS };
    expect(planCalls({ metric: 'volume', interval: 'minute', serviceNames: names(50), range })).toHaveLength(1);
    const c51 = planCalls({ metric: 'volume', interval: 'minute', serviceNames: names(51), range });
    expect(c51.map((c) => c.serviceNames.length)).toEqual([50, 1]);
    expect(planCalls({ metric: 'volume', interval: 'minute', serviceNames: names(200), range })).toHaveLength(4);
  });

  it('drops duplicate service names before batching', () => {
    const calls = planCalls({
      metric: 'volume',
      interval: 'minute',
      serviceNames: ['a.com', 'a.com'],
      range: { from: t0, to: t0 + HOUR_MS },
    });
    expect(calls[0].serviceNames).toEqual(['a.com']);
  });

  it('keeps minute calls of volume and bandwidth within 24 hours', () => {
    const calls = planCalls({
      metric: 'bandwidth',
      interval: 'minute',
      serviceNames: names(200),
      range: { from: t0, to: t0 + 7 * DAY_MS },
    });
    expect(calls).toHaveLength(4 * 7);
    for (const c of calls) expect(c.range.to - c.range.from).toBeLessThanOrEqual(DAY_MS);
    expect(calls[0].body).toEqual({
      serviceNames: names(50),
      startTime: '2026-11-01T00:00:00Z',
      endTime: '2026-11-02T00:00:00Z',
      interval: 'minute',
    });
  });

  it('keeps day calls within 90 days and starts them at midnight', () => {
    const calls = planCalls({
      metric: 'volume',
      interval: 'day',
      serviceNames: ['a.com'],
      range: { from: t0 + 5 * HOUR_MS, to: t0 + 100 * DAY_MS },
    });
    expect(calls).toHaveLength(2);
    expect(calls[0].range.to - calls[0].range.from).toBe(90 * DAY_MS);
    for (const c of calls) {
      expect(c.body.startTime).toMatch(/T00:00:00Z$/);
      expect(c.body.endTime).toMatch(/T00:00:00Z$/);
      expect(c.body.interval).toBe('day');
    }
  });

  it('asks requests and origin requests in 24-hour pieces without an interval field, even when day was asked', () => {
    for (const metric of ['requests', 'originRequests'] as const) {
      const calls = planCalls({
        metric,
        interval: 'day',
        serviceNames: ['a.com'],
        range: { from: t0, to: t0 + 3 * DAY_MS },
      });
      expect(calls).toHaveLength(3);
      expect(calls.every((c) => c.interval === 'minute' && !('interval' in c.body))).toBe(true);
      expect(calls[0].operationId).toBe(metric === 'requests' ? 'getRequestNumber' : 'getOriginRequestNumber');
    }
  });
});

describe('interval choice', () => {
  it('uses 5-minute points up to 7 days, then days', () => {
    expect(chooseInterval(DAY_MS)).toBe('minute');
    expect(chooseInterval(7 * DAY_MS)).toBe('minute');
    expect(chooseInterval(7 * DAY_MS + 1)).toBe('day');
  });
  it('honours an override only where the operation has an interval', () => {
    expect(intervalForMetric('volume', 'minute', 30 * DAY_MS)).toBe('minute');
    expect(intervalForMetric('bandwidth', 'day', DAY_MS)).toBe('day');
    expect(intervalForMetric('requests', 'day', 30 * DAY_MS)).toBe('minute');
  });
  it('draws long request ranges in hourly then daily buckets', () => {
    expect(displayStep('requests', 'minute', DAY_MS)).toBe(FIVE_MINUTES_MS);
    expect(displayStep('requests', 'minute', 7 * DAY_MS)).toBe(HOUR_MS);
    expect(displayStep('originRequests', 'minute', 30 * DAY_MS)).toBe(DAY_MS);
    expect(displayStep('volume', 'minute', 7 * DAY_MS)).toBe(FIVE_MINUTES_MS);
  });
});

describe('alignment and periods', () => {
  it('widens a range to whole points', () => {
    expect(alignRange({ from: t0 + 61_000, to: t0 + 299_000 }, 'minute')).toEqual({
      from: t0,
      to: t0 + FIVE_MINUTES_MS,
    });
    expect(alignRange({ from: t0 + HOUR_MS, to: t0 + DAY_MS + 1 }, 'day')).toEqual({ from: t0, to: t0 + 2 * DAY_MS });
  });
  it('a 7-day preset is exactly seven days ending after the open point', () => {
    const now = t0 + 10 * DAY_MS + 2 * 60_000;
    const r = presetRange('7d', now);
    expect(r.to).toBe(t0 + 10 * DAY_MS + FIVE_MINUTES_MS);
    expect(r.to - r.from).toBe(7 * DAY_MS);
    expect(planCalls({ metric: 'volume', interval: 'minute', serviceNames: names(200), range: r })).toHaveLength(28);
  });
  it('previous period has the same aligned length and ends where the current starts', () => {
    const prev = previousPeriod({ from: t0 + 61_000, to: t0 + DAY_MS - 1 }, 'minute');
    expect(prev).toEqual({ from: t0 - DAY_MS, to: t0 });
    expect(previousPeriod({ from: t0 + HOUR_MS, to: t0 + 2 * DAY_MS }, 'day')).toEqual({
      from: t0 - 2 * DAY_MS,
      to: t0,
    });
  });
  it('treats the last hour as revisable', () => {
    expect(finalUntil('minute', t0 + 2 * HOUR_MS + 60_000)).toBe(t0 + HOUR_MS);
    expect(finalUntil('day', t0 + HOUR_MS / 2)).toBe(t0 - DAY_MS);
  });
});
