import { describe, expect, it } from 'vitest';
import {
  MIN_REFERENCE_DAYS,
  REFERENCE_DAYS,
  computeImpact,
  covers,
  impactDataRange,
  impactWindows,
  mergeRanges,
  robustZ,
  type CoveredSeries,
  type ImpactInput,
  type ImpactLine,
} from './impact.ts';
import { DAY_MS, FIVE_MINUTES_MS, HOUR_MS, type Point } from './model.ts';

const CHANGE_AT = Date.UTC(2026, 10, 20, 14, 2, 30);
const SETTLED = Date.UTC(2026, 10, 22);

/** Deterministic noise in [-1, 1) (a small LCG, so the series are the same on every run). */
function noiseSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return (state / 2 ** 32) * 2 - 1;
  };
}

type Shape = {
  /** Requests per 5 minutes at time t before any shift. */
  requests: (t: number) => number;
  /** Share of requests that go to the origin. */
  originShare: (t: number) => number;
  /** Bytes per request (bandwidth = requests × this × 8 / 300 s). */
  bytesPerRequest?: number;
  noise?: number;
  seed?: number;
};

/** A daily cycle: quiet at night, busy in the afternoon (UTC). */
const daily = (level: number) => (t: number) =>
  level * (1 + 0.6 * Math.sin(((t % DAY_MS) / DAY_MS) * 2 * Math.PI - Math.PI / 2));

function series(
  shape: Shape,
  range: { from: number; to: number },
): { requests: CoveredSeries; originRequests: CoveredSeries; bandwidth: CoveredSeries } {
  const random = noiseSource(shape.seed ?? 1);
  const noise = shape.noise ?? 0.05;
  const requests: Point[] = [];
  const origin: Point[] = [];
  const bandwidth: Point[] = [];
  for (let t = range.from; t < range.to; t += FIVE_MINUTES_MS) {
    const r = Math.round(shape.requests(t) * (1 + noise * random()));
    requests.push([t, r]);
    origin.push([t, Math.round(r * shape.originShare(t) * (1 + noise * random()))]);
    bandwidth.push([t, (r * (shape.bytesPerRequest ?? 20_000) * 8) / 300]);
  }
  const final: Array<[number, number]> = [[range.from, range.to]];
  return {
    requests: { points: requests, final },
    originRequests: { points: origin, final },
    bandwidth: { points: bandwidth, final },
  };
}

function input(shape: Shape, overrides: Partial<ImpactInput> = {}, range = impactDataRange(CHANGE_AT, 6)): ImpactInput {
  return {
    entryId: 'e1',
    changeAt: CHANGE_AT,
    hours: 6,
    serviceName: 'www.example.com',
    settledUntil: SETTLED,
    ...series(shape, range),
    ...overrides,
  };
}

function metric(line: ImpactLine, id: string) {
  const found = line.metrics.find((m) => m.metric === id);
  expect(found).toBeDefined();
  return found!;
}

describe('impact windows', () => {
  it('leaves out the 5-minute slot the change happened in and looks a week back for the same hours', () => {
    const w = impactWindows(Date.UTC(2026, 0, 5, 12, 3, 10), 6);
    expect(w.before).toEqual({ from: Date.UTC(2026, 0, 5, 6, 0), to: Date.UTC(2026, 0, 5, 12, 0) });
    expect(w.after).toEqual({ from: Date.UTC(2026, 0, 5, 12, 5), to: Date.UTC(2026, 0, 5, 18, 5) });
    expect(w.weekEarlier).toEqual({ from: Date.UTC(2025, 11, 29, 12, 5), to: Date.UTC(2025, 11, 29, 18, 5) });
    // A change exactly on a slot boundary: that slot is still the mixed one.
    const exact = impactWindows(Date.UTC(2026, 0, 5, 12, 5), 1);
    expect(exact.before.to).toBe(Date.UTC(2026, 0, 5, 12, 5));
    expect(exact.after.from).toBe(Date.UTC(2026, 0, 5, 12, 10));
  });

  it('needs the reference days before the change and the hours after it', () => {
    const r = impactDataRange(CHANGE_AT, 6);
    const w = impactWindows(CHANGE_AT, 6);
    expect(r).toEqual({ from: w.before.from - REFERENCE_DAYS * DAY_MS, to: w.after.to });
  });

  it('tells covered ranges apart from gaps', () => {
    expect(
      covers(
        [
          [0, 10],
          [10, 20],
        ],
        { from: 2, to: 20 },
      ),
    ).toBe(true);
    expect(
      covers(
        [
          [0, 10],
          [11, 20],
        ],
        { from: 2, to: 20 },
      ),
    ).toBe(false);
    expect(covers([], { from: 0, to: 1 })).toBe(false);
    expect(
      mergeRanges([
        { from: 5, to: 8 },
        { from: 0, to: 5 },
        { from: 10, to: 12 },
      ]),
    ).toEqual([
      { from: 0, to: 8 },
      { from: 10, to: 12 },
    ]);
  });
});

describe('robust z-score', () => {
  it('is the distance from the median in MADs, and needs enough reference values', () => {
    const reference = [0.1, 0.12, 0.08, 0.11, 0.09, 0.1, 0.1];
    const { z, median } = robustZ(0.5, reference, 0);
    expect(median).toBeCloseTo(0.1);
    expect(z).toBeGreaterThan(20);
    expect(robustZ(0.5, reference.slice(0, MIN_REFERENCE_DAYS - 1), 0).z).toBeNull();
  });

  it('is not moved by one wild reference day', () => {
    const calm = [0, 0.02, -0.02, 0.01, -0.01, 0, 0.01];
    const withIncident = [...calm.slice(1), 3];
    expect(robustZ(0.4, withIncident, 0).z).toBeGreaterThan(3.5);
  });

  it('divides by at least the floor, so a tiny wiggle on a very steady series is not a shift', () => {
    expect(robustZ(0.01, [0, 0, 0, 0, 0, 0], 0.05).z).toBeCloseTo(0.2);
  });
});

describe('computeImpact on synthetic series', () => {
  const steady: Shape = { requests: daily(1000), originShare: () => 0.2 };

  it('raises no flag when nothing changes (daily cycle and noise only)', () => {
    const line = computeImpact(input(steady));
    expect(line.status).toBe('ok');
    expect(line.referenceDays).toBe(REFERENCE_DAYS);
    expect(line.flagged).toBe(false);
    for (const m of line.metrics) expect(Math.abs(m.z ?? 99)).toBeLessThan(3.5);
    expect(line.missing).toEqual([]);
  });

  it('does not flag the daily ramp, which a plain before/after comparison would call a big change', () => {
    // A change at 06:00 UTC, where traffic rises every morning.
    const at = Date.UTC(2026, 10, 20, 6, 0, 0);
    const line = computeImpact(input(steady, { changeAt: at }, impactDataRange(at, 6)));
    const requests = metric(line, 'requests');
    expect(requests.change).toBeGreaterThan(0.5);
    expect(requests.usualChange).toBeGreaterThan(0.5);
    expect(requests.flagged).toBe(false);
  });

  it('flags origin requests halving at the change, and the offload ratio rising with it', () => {
    const shifted: Shape = { ...steady, originShare: (t) => (t >= CHANGE_AT ? 0.1 : 0.2) };
    const line = computeImpact(input(shifted));
    expect(line.flagged).toBe(true);
    const origin = metric(line, 'originRequests');
    expect(origin.flagged).toBe(true);
    expect(origin.z).toBeLessThan(-3.5);
    const offload = metric(line, 'offload');
    expect(offload.before).toBeCloseTo(0.8, 1);
    expect(offload.after).toBeCloseTo(0.9, 1);
    expect(offload.change).toBeCloseTo(0.1, 1);
    expect(offload.flagged).toBe(true);
    expect(metric(line, 'requests').flagged).toBe(false);
    // A week earlier the share was 0.2 as well: the after hours differ from those too.
    expect(metric(line, 'originRequests').changeVsWeekEarlier).toBeLessThan(-0.4);
  });

  it('flags a rise in requests and bandwidth of +60 %', () => {
    const shifted: Shape = { ...steady, requests: (t) => daily(1000)(t) * (t >= CHANGE_AT ? 1.6 : 1) };
    const line = computeImpact(input(shifted));
    expect(metric(line, 'requests').flagged).toBe(true);
    expect(metric(line, 'requests').z).toBeGreaterThan(3.5);
    expect(metric(line, 'bandwidth').flagged).toBe(true);
    // The share going to the origin stays the same.
    expect(metric(line, 'offload').flagged).toBe(false);
  });

  it('does not flag a +8 % shift hidden in noisy traffic', () => {
    const noisy: Shape = {
      requests: (t) => daily(200)(t) * (t >= CHANGE_AT ? 1.08 : 1),
      originShare: () => 0.3,
      noise: 0.6,
      seed: 9,
    };
    const line = computeImpact(input(noisy));
    expect(metric(line, 'requests').flagged).toBe(false);
  });

  it('says not enough data when the cache lacks the hours before the change', () => {
    const data = input(steady);
    const gapFrom = impactWindows(CHANGE_AT, 6).before.from + HOUR_MS;
    const cut = (s: CoveredSeries): CoveredSeries => ({
      points: s.points.filter(([t]) => t < gapFrom || t >= gapFrom + HOUR_MS),
      final: [
        [s.final[0][0], gapFrom],
        [gapFrom + HOUR_MS, s.final[0][1]],
      ],
    });
    const line = computeImpact({ ...data, requests: cut(data.requests) });
    expect(line.status).toBe('not-enough-data');
    expect(line.reason).toMatch(/lacks part of the 6 hours before the change/);
    expect(line.metrics).toEqual([]);
    expect(line.flagged).toBe(false);
    expect(line.missing).toEqual([{ from: gapFrom, to: gapFrom + HOUR_MS }]);
  });

  it('says not enough data when nothing after the change is cached', () => {
    const w = impactWindows(CHANGE_AT, 6);
    const line = computeImpact(input(steady, {}, { from: w.before.from - 3 * DAY_MS, to: w.before.to }));
    expect(line.status).toBe('not-enough-data');
    expect(line.reason).toMatch(/hours after the change/);
  });

  it('waits while the hours after the change are not over', () => {
    const line = computeImpact(input(steady, { settledUntil: CHANGE_AT + 2 * HOUR_MS }));
    expect(line.status).toBe('pending');
    expect(line.reason).toMatch(/6 hours after the change are complete at/);
  });

  it('shows the numbers but raises no flag with too few previous days', () => {
    const w = impactWindows(CHANGE_AT, 6);
    const shifted: Shape = { ...steady, originShare: (t) => (t >= CHANGE_AT ? 0.1 : 0.2) };
    const line = computeImpact(input(shifted, {}, { from: w.before.from - 3 * DAY_MS, to: w.after.to }));
    expect(line.status).toBe('ok');
    expect(line.referenceDays).toBe(3);
    expect(metric(line, 'originRequests').change).toBeLessThan(-0.4);
    expect(metric(line, 'originRequests').z).toBeNull();
    expect(line.flagged).toBe(false);
    expect(metric(line, 'originRequests').weekEarlier).toBeNull();
    expect(line.missing.length).toBe(1);
  });

  it('handles a service without traffic: no ratios, no flag', () => {
    const line = computeImpact(input({ requests: () => 0, originShare: () => 0 }));
    expect(line.status).toBe('ok');
    expect(metric(line, 'requests').change).toBeNull();
    expect(metric(line, 'offload').before).toBeNull();
    expect(line.flagged).toBe(false);
  });

  it('cannot look anything up without the service’s domain name', () => {
    const line = computeImpact(input(steady, { serviceName: null }));
    expect(line.status).toBe('not-enough-data');
    expect(line.reason).toMatch(/domain name is not known/);
  });
});
