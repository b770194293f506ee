// Traffic changes injected at start (and replaced at run time) reach the analytics operations over
// HTTP from the given time on, for the named service only; bad ones are refused, naming the field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '#core/api/client.ts';
import { startSandbox, type SandboxHandle, type TrafficAnomaly } from './index.ts';
import { clientFor } from './test-support/sandbox-clients.ts';
import { resolveTrafficAnomalies } from './traffic-anomalies.ts';

const NOW = Date.parse('2026-11-20T10:17:42Z');
const HOUR = 3_600_000;
const iso = (ms: number): string => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
const FROM = Date.parse('2026-11-20T06:00:00Z');
const window = (name: string) => ({
  body: { serviceNames: [name], startTime: iso(NOW - 8 * HOUR), endTime: iso(NOW) },
});

type Point = { timestamp: string; value: number };
const split = (points: Point[]) => ({
  before: points.filter((p) => Date.parse(p.timestamp) < FROM).map((p) => p.value),
  after: points.filter((p) => Date.parse(p.timestamp) >= FROM).map((p) => p.value),
});
const requestsOf = async (client: ApiClient, name: string): Promise<Point[]> =>
  (await client.getRequestNumber(window(name)))[0].reqNumbers.map((p) => ({
    timestamp: p.timestamp,
    value: Number(p.value),
  }));
const bandwidthOf = async (client: ApiClient, name: string): Promise<Point[]> =>
  (await client.getBandwidth(window(name)))[0].bandwidths.map((p) => ({
    timestamp: p.timestamp,
    value: Number(p.value),
  }));

describe('injected traffic changes over HTTP', () => {
  let plain: SandboxHandle;
  let changed: SandboxHandle;
  let plainClient: ApiClient;
  let client: ApiClient;

  beforeAll(async () => {
    plain = await startSandbox({ rateLimit: false, now: () => NOW });
    const shop = plain.services.find((s) => s.domainName === 'www.example-shop.com')!.id;
    const api = plain.services.find((s) => s.domainName === 'api.example-shop.com')!.id;
    changed = await startSandbox({
      rateLimit: false,
      now: () => NOW,
      anomalies: [
        { serviceId: shop, from: '2026-11-20T06:00:00Z', metric: 'requests', factor: 0.3 },
        { serviceId: api, from: FROM, to: '2026-11-20T08:00:00Z', metric: 'bandwidth', factor: 5 },
      ],
    });
    plainClient = clientFor(plain, plain.credentials, { now: () => NOW });
    client = clientFor(changed, changed.credentials, { now: () => NOW });
  });

  afterAll(async () => {
    await Promise.all([plainClient.close(), client.close()]);
    await Promise.all([plain.stop(), changed.stop()]);
  });

  it('drop the requests of the named service from `from` on, and leave the time before alone', async () => {
    const base = split(await requestsOf(plainClient, 'www.example-shop.com'));
    const dropped = split(await requestsOf(client, 'www.example-shop.com'));
    expect(dropped.before).toEqual(base.before);
    expect(dropped.after).toEqual(base.after.map((v) => Math.round(v * 0.3)));
    // Another service of the same customer is untouched.
    expect(await requestsOf(client, 'static.example-media.net')).toEqual(
      await requestsOf(plainClient, 'static.example-media.net'),
    );
  });

  it('spike the bandwidth only within [from, to)', async () => {
    const base = await bandwidthOf(plainClient, 'api.example-shop.com');
    const spiked = await bandwidthOf(client, 'api.example-shop.com');
    const end = Date.parse('2026-11-20T08:00:00Z');
    spiked.forEach((p, i) => {
      const t = Date.parse(p.timestamp);
      const inside = t >= FROM && t < end;
      if (inside) expect(p.value).toBeGreaterThan(4.9 * base[i].value);
      else expect(p.value).toBe(base[i].value);
    });
  });

  it('are replaced at run time by setAnomalies; an empty list brings the plain traffic back', async () => {
    const shop = changed.services[0].id;
    changed.setAnomalies([{ serviceId: shop, from: FROM, metric: 'offload', factor: 0 }]);
    const origin = (await client.getOriginRequestNumber(window('www.example-shop.com')))[0].originReqNumbers;
    const requests = await requestsOf(client, 'www.example-shop.com');
    const after = origin.filter((p) => Date.parse(p.timestamp) >= FROM);
    expect(after.length).toBeGreaterThan(0);
    // No offload left: every request went to the origin.
    for (const p of after) expect(Number(p.value)).toBe(requests.find((r) => r.timestamp === p.timestamp)!.value);
    changed.setAnomalies([]);
    expect(await requestsOf(client, 'www.example-shop.com')).toEqual(
      await requestsOf(plainClient, 'www.example-shop.com'),
    );
  });

  it('refuse a bad change at run time, keeping the ones in force', () => {
    expect(() => changed.setAnomalies([{ serviceId: 999_999, from: FROM, metric: 'traffic', factor: 0 }])).toThrow(
      'anomalies[0].serviceId: no service 999999 on this gateway',
    );
  });
});

describe('anomaly checks', () => {
  const services = new Map([
    [101, { service: { id: 101, domainName: 'www.example-shop.com' }, traffic: {} }],
    [106, { service: { id: 106, domainName: 'staging.example-shop.com' }, traffic: null }],
  ]);
  const check = (input: unknown) => () => resolveTrafficAnomalies(input, (id) => services.get(id) as never);
  const good: TrafficAnomaly = { serviceId: 101, from: '2026-11-20T06:00:00Z', metric: 'requests', factor: 0.3 };

  it('name the field and the rule', () => {
    expect(check({})).toThrow('anomalies: must be a list');
    expect(check([good, { ...good, factor: -1 }])).toThrow('anomalies[1].factor: must be a number from 0 to 1000');
    expect(check([{ ...good, factor: '0.3' }])).toThrow('anomalies[0].factor: must be a number from 0 to 1000');
    expect(check([{ ...good, metric: 'latency' }])).toThrow(
      'anomalies[0].metric: must be one of requests, originRequests, offload, bandwidth, traffic',
    );
    expect(check([{ ...good, from: '2026-11-20 06:00' }])).toThrow(
      'anomalies[0].from: must be an ISO 8601 date-time with a zone',
    );
    expect(check([{ ...good, from: '2026-13-40T06:00:00Z' }])).toThrow(
      'anomalies[0].from: must be an ISO 8601 date-time with a zone',
    );
    expect(check([{ ...good, to: '2026-11-20T05:00:00Z' }])).toThrow('anomalies[0].to: must be later than from');
    expect(check([{ ...good, serviceId: 'www' }])).toThrow('anomalies[0].serviceId: must be a service ID');
    expect(check([{ ...good, servceId: 101 }])).toThrow('anomalies[0]: unknown field(s) servceId');
    expect(check([{ ...good, serviceId: 5 }])).toThrow('anomalies[0].serviceId: no service 5 on this gateway');
    expect(check([{ ...good, serviceId: 106 }])).toThrow(
      'anomalies[0].serviceId: service 106 (staging.example-shop.com) serves no traffic to change',
    );
  });

  it('accept epoch milliseconds and offsets, grouped by service', () => {
    const changes = check([
      good,
      {
        ...good,
        from: Date.parse('2026-11-20T07:00:00Z'),
        to: '2026-11-20T09:00:00+01:00',
        metric: 'traffic',
        factor: 2,
      },
    ])();
    expect(changes.get(101)).toEqual([
      { fromMs: Date.parse('2026-11-20T06:00:00Z'), toMs: Number.POSITIVE_INFINITY, metric: 'requests', factor: 0.3 },
      {
        fromMs: Date.parse('2026-11-20T07:00:00Z'),
        toMs: Date.parse('2026-11-20T08:00:00Z'),
        metric: 'traffic',
        factor: 2,
      },
    ]);
  });

  it('stop a start with a bad change', async () => {
    await expect(startSandbox({ anomalies: [{ ...good, serviceId: 424_242 }] })).rejects.toThrow(
      'anomalies[0].serviceId: no service 424242',
    );
  });
});
