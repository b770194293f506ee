import { describe, expect, it } from 'vitest';
import { DAY_MS, FIVE_MINUTES_MS, HOUR_MS, type Point } from '../analytics/model.ts';
import { MIN_REFERENCE_DAYS, REFERENCE_DAYS, Z_THRESHOLD } from '../analytics/impact.ts';
import { assessAttention, ATTENTION_HOURS, HISTORY_DAYS, strongestDeparture } from './attention.ts';
import {
  emptyHistory,
  hourlyValues,
  lastCompleteHourEnd,
  missingHours,
  rebaseHistory,
  setHours,
  type HourlyHistory,
} from './hourly.ts';
import { alertText, departureText } from './alert-text.ts';
import { accountStatusOf, digestAccount, trafficFigures } from './digest.ts';

// Wednesday 2026-11-18 12:00 UTC: the end of the settled hours in most tests.
const END = Date.UTC(2026, 10, 18, 12);

/** Deterministic noise in [-1, 1). */
function noiseSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return (state / 2 ** 32) * 2 - 1;
  };
}

type Shape = {
  requests: (hour: number) => number;
  /** Share of requests sent to the origin. */
  originShare?: (hour: number) => number;
  noise?: number;
  seed?: number;
  days?: number;
};

/** A daily cycle: quiet at night, busy in the afternoon (UTC), ±noise per hour. */
const daily = (base: number) => (hour: number) =>
  base * (0.6 + 0.4 * Math.sin((((hour % DAY_MS) / DAY_MS) * 2 - 0.5) * Math.PI));

function history(shape: Shape, end = END): HourlyHistory {
  const days = shape.days ?? HISTORY_DAYS;
  const h = emptyHistory(end - days * DAY_MS, end);
  const noise = noiseSource(shape.seed ?? 7);
  const amount = shape.noise ?? 0.05;
  for (let i = 0; i < h.requests.length; i++) {
    const hour = h.start + i * HOUR_MS;
    const requests = Math.round(shape.requests(hour) * (1 + amount * noise()));
    h.requests[i] = requests;
    h.originRequests[i] = Math.round(requests * (shape.originShare?.(hour) ?? 0.2) * (1 + amount * noise()));
    h.bandwidth[i] = requests * 8_000;
  }
  return h;
}

const inWindow = (hour: number, end = END) => hour >= end - ATTENTION_HOURS * HOUR_MS && hour < end;

describe('assessAttention', () => {
  it('keeps a steady daily cycle ok, with every reference day counted', () => {
    const result = assessAttention(history({ requests: daily(10_000) }), END);
    expect(result.status).toBe('ok');
    expect(result.referenceDays).toBe(REFERENCE_DAYS);
    expect(result.window).toEqual({ from: END - 3 * HOUR_MS, to: END });
    expect(result.metrics.map((m) => m.metric)).toEqual(['requests', 'offload', 'bandwidth']);
    expect(result.metrics.every((m) => !m.flagged && m.z !== null && Math.abs(m.z) < Z_THRESHOLD)).toBe(true);
  });

  it('flags a real drop in the last hours, with its size, direction and the usual level', () => {
    const base = daily(10_000);
    const result = assessAttention(history({ requests: (t) => base(t) * (inWindow(t) ? 0.38 : 1) }), END);
    expect(result.status).toBe('attention');
    const requests = result.metrics.find((m) => m.metric === 'requests')!;
    expect(requests.flagged).toBe(true);
    expect(requests.direction).toBe('down');
    expect(requests.z).toBeLessThan(-Z_THRESHOLD);
    expect(requests.change).toBeCloseTo(-0.62, 1);
    expect(requests.usual).toBeGreaterThan(requests.value ?? Infinity);
    expect(requests.weekEarlier).toBeGreaterThan(requests.value ?? Infinity);
    // Offload did not move (origin requests dropped with requests).
    expect(result.metrics.find((m) => m.metric === 'offload')?.flagged).toBe(false);
    // Bandwidth fell with requests; the alert names the metric that departs most.
    expect(result.metrics.find((m) => m.metric === 'bandwidth')?.flagged).toBe(true);
    expect(strongestDeparture(result)?.direction).toBe('down');
  });

  it('does not flag one burst hour the window total carries, but flags a surge that lasts', () => {
    const base = daily(10_000);
    const burst = assessAttention(history({ requests: (t) => base(t) * (t === END - 2 * HOUR_MS ? 4 : 1) }), END);
    const requests = burst.metrics.find((m) => m.metric === 'requests')!;
    expect(requests.z).toBeGreaterThan(Z_THRESHOLD);
    expect(requests.departingHours).toBe(1);
    expect(requests.flagged).toBe(false);
    expect(burst.status).toBe('ok');
    const lasting = assessAttention(
      history({ requests: (t) => base(t) * (t >= END - 2 * HOUR_MS && t < END ? 3 : 1) }),
      END,
    );
    expect(lasting.metrics.find((m) => m.metric === 'requests')).toMatchObject({
      flagged: true,
      departingHours: 2,
      direction: 'up',
    });
  });

  it('flags an offload drop (more requests go to the origin) in ratio points', () => {
    const result = assessAttention(
      history({ requests: daily(10_000), originShare: (t) => (inWindow(t) ? 0.5 : 0.2) }),
      END,
    );
    expect(result.status).toBe('attention');
    const offload = result.metrics.find((m) => m.metric === 'offload')!;
    expect(offload.flagged).toBe(true);
    expect(offload.change).toBeCloseTo(-0.3, 1);
    expect(departureText(offload)).toMatch(/^origin offload −\d+\.\d points vs usual \(z −\d+\.\d\)$/);
  });

  it('never says ok with too little history: fewer than MIN_REFERENCE_DAYS days is "not enough history"', () => {
    const short = history({ requests: daily(10_000), days: MIN_REFERENCE_DAYS - 1 + 0.5 });
    const result = assessAttention(short, END);
    expect(result.status).toBe('not-enough-history');
    expect(result.referenceDays).toBe(MIN_REFERENCE_DAYS - 1);
    expect(result.reason).toMatch(/Not enough history: 4 of the previous 14 days/);
    // Even a big drop is not flagged without enough days to say what is usual.
    const base = daily(10_000);
    const dropped = assessAttention(history({ requests: (t) => base(t) * (inWindow(t) ? 0.1 : 1), days: 4.5 }), END);
    expect(dropped.status).toBe('not-enough-history');
    expect(dropped.metrics.every((m) => !m.flagged)).toBe(true);
  });

  it('counts no day before the service first had traffic (a new service is not "up against zero")', () => {
    const created = END - 3 * DAY_MS - 5 * HOUR_MS;
    const base = daily(10_000);
    const result = assessAttention(history({ requests: (t) => (t < created ? 0 : base(t)) }), END);
    expect(result.status).toBe('not-enough-history');
    expect(result.referenceDays).toBe(3);
  });

  it('says ok for a service without traffic, as usual', () => {
    const result = assessAttention(history({ requests: () => 0 }), END);
    expect(result.status).toBe('ok');
    expect(result.metrics.find((m) => m.metric === 'offload')?.z).toBeNull();
  });

  it('says no data when the window is not held (never fetched, or a failed fetch)', () => {
    expect(assessAttention(undefined, END).status).toBe('no-data');
    const h = history({ requests: daily(10_000) });
    h.requests[h.requests.length - 1] = null;
    const result = assessAttention(h, END);
    expect(result.status).toBe('no-data');
    expect(result.reason).toBe('No saved traffic for 2026-11-18T09:00Z–2026-11-18T12:00Z (the last 3 settled hours).');
  });

  it('does not flag a quiet weekend that was as quiet a week earlier, but flags a drop on a weekend', () => {
    const saturday = Date.UTC(2026, 10, 21, 12);
    const weekday = daily(10_000);
    const isWeekend = (t: number) => [0, 6].includes(new Date(t).getUTCDay());
    const shape = (t: number) => weekday(t) * (isWeekend(t) ? 0.55 : 1);
    const quiet = assessAttention(history({ requests: shape }, saturday), saturday);
    const requests = quiet.metrics.find((m) => m.metric === 'requests')!;
    expect(Math.abs(requests.z ?? 0)).toBeGreaterThanOrEqual(Z_THRESHOLD);
    expect(requests.weekly).toBe(true);
    expect(requests.flagged).toBe(false);
    expect(quiet.status).toBe('ok');

    const dropped = assessAttention(
      history({ requests: (t) => shape(t) * (inWindow(t, saturday) ? 0.3 : 1) }, saturday),
      saturday,
    );
    expect(dropped.status).toBe('attention');
    expect(dropped.metrics.find((m) => m.metric === 'requests')?.weekly).toBe(false);
  });
});

describe('hourly history', () => {
  const hour = Date.UTC(2026, 10, 18, 9);
  const points: Point[] = Array.from({ length: 36 }, (_, i) => [hour + i * FIVE_MINUTES_MS, 10]);

  it('rolls 5-minute points up into whole final hours: sums, or means over twelve slots', () => {
    const final: Array<[number, number]> = [[hour, hour + 2 * HOUR_MS + 30 * 60_000]];
    const range = { from: hour, to: hour + 3 * HOUR_MS };
    expect([...hourlyValues(points, final, range, 'sum')]).toEqual([
      [hour, 120],
      [hour + HOUR_MS, 120],
    ]);
    // A final slot without a point had no traffic: it counts as 0 in the mean.
    const sparse = points.filter((_, i) => i % 2 === 0);
    expect(hourlyValues(sparse, final, range, 'mean').get(hour)).toBe(5);
  });

  it('rebases onto a moving span, and finds the missing hours', () => {
    const h = emptyHistory(hour, hour + 4 * HOUR_MS);
    for (const metric of ['requests', 'originRequests', 'bandwidth'] as const)
      setHours(
        h,
        metric,
        new Map([
          [hour, 1],
          [hour + HOUR_MS, 2],
        ]),
      );
    expect(missingHours(h, { from: hour, to: hour + 4 * HOUR_MS })).toEqual([
      { from: hour + 2 * HOUR_MS, to: hour + 4 * HOUR_MS },
    ]);
    expect(lastCompleteHourEnd(h)).toBe(hour + 2 * HOUR_MS);
    const moved = rebaseHistory(h, hour + HOUR_MS, hour + 6 * HOUR_MS);
    expect(moved.requests).toEqual([2, null, null, null, null]);
  });
});

describe('digest', () => {
  it('sums an account hour by hour, with the same day a week earlier and hourly sparklines', () => {
    const a = history({ requests: () => 100, noise: 0 });
    const b = history({ requests: () => 300, noise: 0 });
    const figures = trafficFigures([a, b], END);
    expect(figures.requests).toEqual({ value: 400 * 24, weekEarlier: 400 * 24 });
    expect(figures.offload.value).toBeCloseTo(0.8, 4);
    expect(figures.bandwidth.value).toBe(400 * 8_000);
    expect(figures.sparklines.requests).toHaveLength(24);
    expect(figures.sparklines.requests.every((v) => v === 400)).toBe(true);
    expect(figures.weekEarlierSparklines.offload.every((v) => v === 0.8)).toBe(true);

    const digest = digestAccount({
      services: [
        { serviceId: 1, serviceName: 'a.example', history: a },
        { serviceId: 2, serviceName: 'b.example', history: undefined },
      ],
      end: END,
    });
    expect(digest.services.map((s) => s.attention.status)).toEqual(['ok', 'no-data']);
    expect(digest.services[1].traffic.requests.value).toBeNull();
    expect(digest.traffic.requests.value).toBe(100 * 24);
  });

  it('gives an account its status: attention first, never ok with a service lacking a verdict', () => {
    const counts = { total: 3, attention: 0, snoozed: 0, ok: 2, notEnoughHistory: 1, noData: 0 };
    expect(accountStatusOf(counts, false)).toBe('incomplete');
    expect(accountStatusOf({ ...counts, ok: 3, notEnoughHistory: 0 }, true)).toBe('no-data');
    expect(accountStatusOf({ ...counts, attention: 1, ok: 1 }, true)).toBe('attention');
    expect(accountStatusOf({ ...counts, attention: 1, snoozed: 1, ok: 2, notEnoughHistory: 0 }, false)).toBe('snoozed');
    expect(accountStatusOf({ total: 0, attention: 0, snoozed: 0, ok: 0, notEnoughHistory: 0, noData: 0 }, false)).toBe(
      'no-data',
    );
  });
});

describe('alert text', () => {
  it('names the customer, the service and what changed', () => {
    expect(
      alertText('Acme Retail', 'shop.acme-retail.example', {
        metric: 'requests',
        change: -0.62,
        z: -8.14,
        direction: 'down',
      }),
    ).toBe('Acme Retail · shop.acme-retail.example: requests −62 % vs usual (z −8.1)');
    expect(departureText({ metric: 'bandwidth', change: 1.5, z: 6, direction: 'up' })).toBe(
      'bandwidth +150 % vs usual (z +6.0)',
    );
    expect(departureText({ metric: 'requests', change: null, z: 40, direction: 'up' })).toBe(
      'requests up from about none vs usual (z +40.0)',
    );
  });
});
