// The analytics operations over HTTP with a fixed gateway clock: limits at their edges, day
// sums across operations, the idle and disabled services.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '#core/api/client.ts';
import type { SandboxHandle } from './index.ts';
import { clientFor, failure, rawClientFor, startTestSandbox } from './test-support/sandbox-clients.ts';

const NOW = Date.parse('2026-11-20T10:17:42Z');
const iso = (ms: number): string => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
const DAY = 86_400_000;
const HOUR = 3_600_000;
const TODAY = Math.floor(NOW / DAY) * DAY;

let sandbox: SandboxHandle;
let client: ApiClient;

beforeAll(async () => {
  sandbox = await startTestSandbox({ now: () => NOW });
  client = clientFor(sandbox, sandbox.credentials, { now: () => NOW });
});

afterAll(async () => {
  await client.close();
  await sandbox.stop();
});

describe('analytics over HTTP', () => {
  it('accepts exactly 24 hours of 5-minute data and 90 days of daily data', async () => {
    const minute = await client.getRequestNumber({
      body: { serviceNames: ['api.example-shop.com'], startTime: iso(TODAY - DAY), endTime: iso(TODAY) },
    });
    expect(minute[0].reqNumbers).toHaveLength(288);
    const days = await client.getVolume({
      body: {
        serviceNames: ['api.example-shop.com'],
        startTime: iso(TODAY - 89 * DAY),
        endTime: iso(TODAY + DAY),
        interval: 'day',
      },
    });
    expect(days[0].volumes).toHaveLength(90);
    expect(days[0].volumes.at(-1)!.timestamp).toBe(iso(TODAY));
  });

  it('rejects one step beyond each limit', async () => {
    const names = ['api.example-shop.com'];
    // The gateway judges, not the client's own input check.
    const raw = rawClientFor(sandbox, sandbox.credentials, { now: () => NOW });
    expect(
      (
        await failure(
          raw.call('getOriginRequestNumber', {
            body: { serviceNames: names, startTime: iso(TODAY - DAY - 300_000), endTime: iso(TODAY) },
          }),
        )
      ).code,
    ).toBe('TimeRange.Exceeded');
    expect(
      (
        await failure(
          raw.call('getVolume', {
            body: { serviceNames: names, startTime: iso(TODAY - DAY - 300_000), endTime: iso(TODAY) },
          }),
        )
      ).code,
    ).toBe('TimeRange.Exceeded');
    expect(
      (
        await failure(
          raw.call('getVolume', {
            body: { serviceNames: names, startTime: iso(TODAY - 90 * DAY), endTime: iso(TODAY + DAY), interval: 'day' },
          }),
        )
      ).code,
    ).toBe('TimeRange.Exceeded');
    expect(
      (
        await failure(
          raw.call('getBandwidth', {
            body: { serviceNames: names, startTime: iso(TODAY + HOUR), endTime: iso(TODAY + DAY), interval: 'day' },
          }),
        )
      ).code,
    ).toBe('TimeFormat.Invalid');
    expect(
      (
        await failure(
          raw.call('getVolume', { body: { serviceNames: names, startTime: iso(TODAY), endTime: iso(TODAY) } }),
        )
      ).code,
    ).toBe('TimeRange.EndBeforeStart');
    await raw.close();
  });

  it('accepts 50 names (duplicates answered once) and refuses another customer’s service', async () => {
    const result = await client.getVolume({
      body: {
        serviceNames: Array.from({ length: 50 }, () => 'api.example-shop.com'),
        startTime: iso(TODAY),
        endTime: iso(TODAY + HOUR),
      },
    });
    expect(result.map((r) => r.serviceName)).toEqual(['api.example-shop.com']);
    const other = await startTestSandbox({
      now: () => NOW,
      keys: [{ accessKeyId: 'K2', accessKeySecret: 'S2', customerId: 77 }],
    });
    const otherClient = clientFor(other, { accessKeyId: 'K2', accessKeySecret: 'S2' }, { now: () => NOW });
    try {
      expect(
        (
          await failure(
            otherClient.getVolume({
              body: { serviceNames: ['api.example-shop.com'], startTime: iso(TODAY), endTime: iso(TODAY + HOUR) },
            }),
          )
        ).code,
      ).toBe('ServiceNames.Invalid');
      const own = await otherClient.getVolume({
        body: { serviceNames: ['www.customer-77.example.org'], startTime: iso(TODAY), endTime: iso(TODAY + HOUR) },
      });
      expect(own[0].volumes).toHaveLength(12);
    } finally {
      await otherClient.close();
      await other.stop();
    }
  });

  it('answers no future points and empty lists for the idle service and since the disabled one stopped', async () => {
    const body = {
      serviceNames: ['www.example-shop.com', 'staging.example-shop.com', 'legacy.example-shop.com'],
      startTime: iso(NOW - 2 * HOUR),
      endTime: iso(NOW + 2 * HOUR),
    };
    const [shop, idle, legacy] = await client.getBandwidth({ body });
    expect(shop.bandwidths.at(-1)!.timestamp).toBe('2026-11-20T10:10:00Z');
    expect(idle.bandwidths).toEqual([]);
    expect(legacy.bandwidths).toEqual([]);
    const history = await client.getVolume({
      body: {
        serviceNames: ['legacy.example-shop.com'],
        startTime: iso(TODAY - 20 * DAY),
        endTime: iso(TODAY),
        interval: 'day',
      },
    });
    expect(history[0].volumes).toHaveLength(10);
  });

  it('keeps the day point equal to the sum of the day across requests', async () => {
    const start = TODAY - 2 * DAY;
    const names = ['www.example-shop.com'];
    const [day] = await client.getVolume({
      body: { serviceNames: names, startTime: iso(start), endTime: iso(start + DAY), interval: 'day' },
    });
    const [minutes] = await client.getVolume({
      body: { serviceNames: names, startTime: iso(start), endTime: iso(start + DAY) },
    });
    expect(day.volumes).toEqual([{ timestamp: iso(start), value: minutes.volumes.reduce((s, p) => s + p.value, 0) }]);
  });
});
