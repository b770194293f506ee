import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  availablePoints,
  DAY_MS,
  formatPointTime,
  HOUR_MS,
  POINT_MS,
  pointValues,
  RETENTION_DAYS,
  series,
  type SeriesQuery,
} from './analytics-generator.ts';
import type { TrafficProfile } from './model.ts';
import { seedFrom } from './prng.ts';
import { buildInitialState, DEFAULT_SEED } from './seed.ts';
import type { TrafficChange } from './traffic-anomalies.ts';

const NOW = Date.parse('2026-11-20T10:17:42Z'); // a Friday
const profile: TrafficProfile = {
  bytesPer5Min: 100_000_000,
  avgObjectBytes: 50_000,
  cacheHitRatio: 0.9,
  utcOffsetHours: 0,
  weekendFactor: 0.5,
  burstChance: 0.03,
  startsAt: NOW - 400 * DAY_MS,
};

const query = (over: Partial<SeriesQuery>): SeriesQuery => ({
  seed: 7,
  serviceId: 101,
  profile,
  metric: 'volume',
  startMs: NOW - 6 * HOUR_MS,
  endMs: NOW,
  interval: 'minute',
  nowMs: NOW,
  ...over,
});

const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;

describe('synthetic traffic', () => {
  it('is deterministic per seed and differs between seeds and services', () => {
    const a = series(query({}));
    expect(series(query({}))).toEqual(a);
    expect(series(query({ seed: 8 }))).not.toEqual(a);
    expect(series(query({ serviceId: 102 }))).not.toEqual(a);
  });

  it('has a daily wave: afternoons busier than nights', () => {
    const afternoon: number[] = [];
    const night: number[] = [];
    for (let day = 1; day <= 28; day++) {
      const base = Math.floor(NOW / DAY_MS) * DAY_MS - day * DAY_MS;
      for (let t = base; t < base + DAY_MS; t += POINT_MS) {
        const hour = new Date(t).getUTCHours();
        const v = pointValues(7, 101, profile, t).volume;
        if (hour >= 13 && hour < 17) afternoon.push(v);
        if (hour >= 1 && hour < 5) night.push(v);
      }
    }
    expect(mean(afternoon)).toBeGreaterThan(2 * mean(night));
  });

  it('has a weekly shape: weekends quieter than weekdays', () => {
    const weekday: number[] = [];
    const weekend: number[] = [];
    for (let day = 1; day <= 28; day++) {
      const start = Math.floor(NOW / DAY_MS) * DAY_MS - day * DAY_MS;
      const total = series(query({ startMs: start, endMs: start + DAY_MS, interval: 'day' }))[0].value;
      const dow = new Date(start).getUTCDay();
      (dow === 0 || dow === 6 ? weekend : weekday).push(total);
    }
    expect(mean(weekend)).toBeLessThan(0.7 * mean(weekday));
  });

  it('has bursts: some hours far above the same hour on other days', () => {
    const byHour = new Map<number, number[]>();
    for (let t = NOW - 30 * DAY_MS; t < NOW - DAY_MS; t += HOUR_MS) {
      const hourStart = Math.floor(t / HOUR_MS) * HOUR_MS;
      const hourOfDay = new Date(hourStart).getUTCHours();
      const list = byHour.get(hourOfDay) ?? [];
      list.push(pointValues(7, 101, profile, hourStart).volume);
      byHour.set(hourOfDay, list);
    }
    const ratios = [...byHour.values()].map(
      (xs) => Math.max(...xs) / [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)],
    );
    expect(Math.max(...ratios)).toBeGreaterThan(2);
  });

  it('keeps the metrics consistent for each point', () => {
    for (let t = NOW - DAY_MS; t < NOW - POINT_MS; t += POINT_MS * 7) {
      const p = pointValues(7, 101, profile, Math.floor(t / POINT_MS) * POINT_MS);
      expect(p.volume).toBeGreaterThan(0);
      expect(p.requests).toBeGreaterThan(0);
      expect(p.originRequests).toBeLessThanOrEqual(p.requests);
      expect(Number.isInteger(p.volume) && Number.isInteger(p.requests) && Number.isInteger(p.originRequests)).toBe(
        true,
      );
    }
    const volume = series(query({}));
    const bandwidth = series(query({ metric: 'bandwidth' }));
    expect(bandwidth).toEqual(volume.map((p) => ({ timestamp: p.timestamp, value: (p.value * 8) / 300 })));
  });

  it('puts points on 5-minute boundaries in [start, end), complete intervals only, none in the future', () => {
    const points = series(query({ startMs: NOW - HOUR_MS - 60_000, endMs: NOW + HOUR_MS }));
    const times = points.map((p) => Date.parse(p.timestamp));
    expect(times.every((t) => t % POINT_MS === 0)).toBe(true);
    expect(times[0]).toBe(Math.ceil((NOW - HOUR_MS - 60_000) / POINT_MS) * POINT_MS);
    // 10:17:42 → the last complete interval is 10:10-10:15.
    expect(points.at(-1)!.timestamp).toBe('2026-11-20T10:10:00Z');
    expect(times.every((t) => t + POINT_MS <= NOW)).toBe(true);
    const exact = series(query({ startMs: NOW - 3 * HOUR_MS, endMs: NOW - 2 * HOUR_MS }));
    expect(exact).toHaveLength(12);
    expect(Date.parse(exact.at(-1)!.timestamp)).toBeLessThan(NOW - 2 * HOUR_MS);
  });

  it('makes a day point the sum of its 5-minute volumes (bandwidth: their mean)', () => {
    const day = Math.floor(NOW / DAY_MS) * DAY_MS - 3 * DAY_MS;
    const minutes = series(query({ startMs: day, endMs: day + DAY_MS }));
    expect(minutes).toHaveLength(288);
    const [dayPoint] = series(query({ startMs: day, endMs: day + DAY_MS, interval: 'day' }));
    expect(dayPoint).toEqual({ timestamp: formatPointTime(day), value: minutes.reduce((s, p) => s + p.value, 0) });
    const [bw] = series(query({ startMs: day, endMs: day + DAY_MS, interval: 'day', metric: 'bandwidth' }));
    expect(bw.value).toBeCloseTo(mean(minutes.map((p) => (p.value * 8) / 300)), 6);
    // Today's point covers the complete intervals so far.
    const today = Math.floor(NOW / DAY_MS) * DAY_MS;
    const sofar = series(query({ startMs: today, endMs: NOW }));
    const [todayPoint] = series(query({ startMs: today, endMs: today + DAY_MS, interval: 'day' }));
    expect(todayPoint.value).toBe(sofar.reduce((s, p) => s + p.value, 0));
  });

  it('keeps 90 days of history before today, and nothing before a service existed or after it stopped', () => {
    const today = Math.floor(NOW / DAY_MS) * DAY_MS;
    const days = series(query({ startMs: today - 100 * DAY_MS, endMs: today + DAY_MS, interval: 'day' }));
    expect(days[0].timestamp).toBe(formatPointTime(today - RETENTION_DAYS * DAY_MS));
    expect(days).toHaveLength(RETENTION_DAYS + 1);
    const young = { ...profile, startsAt: NOW - 2 * HOUR_MS };
    expect(series(query({ profile: young, startMs: NOW - 6 * HOUR_MS }))).toHaveLength(23);
    const stopped = { ...profile, endsAt: NOW - 5 * HOUR_MS };
    expect(series(query({ profile: stopped }))).toHaveLength(12);
    expect(availablePoints(null, NOW)).toBeNull();
    expect(series(query({ profile: null }))).toEqual([]);
  });
});

describe('injected traffic changes', () => {
  const from = NOW - 3 * HOUR_MS;
  const change = (
    metric: TrafficChange['metric'],
    factor: number,
    toMs = Number.POSITIVE_INFINITY,
  ): TrafficChange[] => [{ fromMs: from, toMs, metric, factor }];
  const at = (t: number, changes: TrafficChange[] = []) => pointValues(7, 101, profile, t, changes);
  const before = from - POINT_MS;
  const after = from + 4 * POINT_MS;

  it('change nothing before `from` (and after `to`), and scale the named metric from it on', () => {
    expect(at(before, change('requests', 0.3))).toEqual(at(before));
    expect(at(after, change('requests', 0.3, after))).toEqual(at(after));
    const base = at(after);
    expect(at(after, change('requests', 0.3))).toEqual({
      volume: base.volume,
      requests: Math.round(base.requests * 0.3),
      originRequests: Math.round(base.originRequests * 0.3),
    });
    expect(at(after, change('bandwidth', 4))).toEqual({ ...base, volume: Math.round(base.volume * 4) });
    expect(at(after, change('traffic', 0))).toEqual({ volume: 0, requests: 0, originRequests: 0 });
    expect(at(after, change('originRequests', 2))).toEqual({
      ...base,
      originRequests: Math.min(base.requests, base.originRequests * 2),
    });
  });

  it('turn an offload drop into more origin requests, never more than requests', () => {
    const base = at(after);
    const dropped = at(after, change('offload', 0.5));
    const offload = (v: { requests: number; originRequests: number }) => 1 - v.originRequests / v.requests;
    expect(dropped.requests).toBe(base.requests);
    expect(offload(dropped)).toBeCloseTo(offload(base) * 0.5, 3);
    expect(at(after, change('offload', 0))).toMatchObject({ originRequests: base.requests });
    expect(at(after, change('offload', 5)).originRequests).toBe(0);
  });

  it('reach series and day sums; the same query without changes still answers the plain values', () => {
    const plain = series(query({}));
    const changed = series(query({ changes: change('traffic', 0.5) }));
    expect(changed.filter((p) => Date.parse(p.timestamp) < from)).toEqual(
      plain.filter((p) => Date.parse(p.timestamp) < from),
    );
    const firstAfter = plain.findIndex((p) => Date.parse(p.timestamp) >= from);
    expect(changed[firstAfter].value).toBe(Math.round(plain[firstAfter].value * 0.5));

    const day = Math.floor(NOW / DAY_MS) * DAY_MS - 2 * DAY_MS;
    const dayQuery = query({ startMs: day, endMs: day + DAY_MS, interval: 'day' });
    const plainDay = series(dayQuery);
    const spikeDay = series({
      ...dayQuery,
      changes: [{ fromMs: day, toMs: day + DAY_MS, metric: 'bandwidth', factor: 3 }],
    });
    expect(spikeDay[0].value).toBeGreaterThan(2.9 * plainDay[0].value);
    // Complete days are cached: a cached changed day must not leak into the plain answer.
    expect(series(dayQuery)).toEqual(plainDay);
  });
});

describe('the demo analytics', () => {
  it('are exactly what they were before changes could be injected (charts, tests and benches rely on them)', () => {
    const seed = seedFrom(DEFAULT_SEED);
    const state = buildInitialState({
      seed,
      nowMs: NOW,
      extraKeys: [{ accessKeyId: 'K2', accessKeySecret: 's', customerId: 4096 }],
    });
    const hash = createHash('sha256');
    for (const s of state.services) {
      for (const metric of ['volume', 'bandwidth', 'requests', 'originRequests'] as const) {
        const base = { seed, serviceId: s.service.id, profile: s.traffic, metric, endMs: NOW, nowMs: NOW };
        hash.update(JSON.stringify(series({ ...base, startMs: NOW - 2 * DAY_MS, interval: 'minute' })));
        if (metric === 'volume' || metric === 'bandwidth')
          hash.update(JSON.stringify(series({ ...base, startMs: NOW - 90 * DAY_MS, interval: 'day' })));
      }
    }
    expect(hash.digest('hex')).toBe('62cfdae9efe28fece94b96944b670196113dbc8ea2305515fbfd4a3fe00e9ddd');
  });
});
