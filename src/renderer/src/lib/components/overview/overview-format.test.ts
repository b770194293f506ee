// What the overview's rows say: honest statuses (no data, stale, not enough history are never
// "OK" and never green; OK only when every service was checked), the data's age from the core's
// clock, the comparison with a week earlier, what departed and the change just before it.
import { describe, expect, it } from 'vitest';
import {
  accountStatus,
  changeNote,
  dataAge,
  departures,
  serviceStatus,
  timeOfDay,
  weekChange,
} from './overview-format.ts';
import type { AccountRow, ServiceRow, ServiceCounts, TrafficFigures } from '#shared/overview/schemas.ts';
import type { ChangeMarker } from '#shared/ipc/channels/impact.ts';

const counts = (over: Partial<ServiceCounts>): ServiceCounts => ({
  total: 4,
  attention: 0,
  snoozed: 0,
  ok: 4,
  notEnoughHistory: 0,
  noData: 0,
  ...over,
});
const row = (
  over: Partial<Pick<AccountRow, 'status' | 'stale' | 'dataEnd' | 'services'>>,
): Pick<AccountRow, 'status' | 'stale' | 'dataEnd' | 'services'> => ({
  status: 'ok',
  stale: false,
  dataEnd: Date.UTC(2026, 10, 18, 9),
  services: counts({}),
  ...over,
});
const at = (hhmm: string): number => Date.parse(`2026-11-18T${hhmm}:00Z`);
const window = { from: at('06:00'), to: at('09:00') };
const metric = (
  over: Partial<ServiceRow['attention']['metrics'][number]>,
): ServiceRow['attention']['metrics'][number] => ({
  metric: 'requests',
  value: 380,
  usual: 1000,
  weekEarlier: 990,
  change: -0.62,
  z: -8.14,
  flagged: true,
  departingHours: 3,
  weekly: false,
  direction: 'down',
  ...over,
});
const attention = (over: Partial<ServiceRow['attention']> = {}): ServiceRow['attention'] => ({
  status: 'attention',
  window,
  referenceDays: 14,
  metrics: [metric({})],
  ...over,
});
const marker = (hhmm: string, summary = 'Set CORS headers'): ChangeMarker => ({
  entryId: hhmm,
  accountId: 'a',
  at: at(hhmm),
  serviceName: 'shop.example',
  serviceId: 1,
  operationId: 'setCorsHeaders',
  summary,
});

describe('account statuses', () => {
  it('is OK, in green, only when every service was checked and none departs', () => {
    expect(accountStatus(row({}))).toMatchObject({ label: 'OK', tone: 'success', symbol: '✓' });
  });

  it('never shows no data, stale data, no services or missing history as OK or green', () => {
    const cases = [
      row({ status: 'no-data', dataEnd: null, services: counts({ ok: 0, noData: 4 }) }),
      row({ status: 'no-data', stale: true }),
      row({ status: 'no-data', services: counts({ total: 0, ok: 0 }) }),
      row({ status: 'incomplete', services: counts({ ok: 3, notEnoughHistory: 1 }) }),
      row({ status: 'incomplete', services: counts({ ok: 2, noData: 1, notEnoughHistory: 1 }) }),
    ];
    const labels = cases.map((c) => accountStatus(c, 'en-GB'));
    expect(labels.map((l) => l.label)).toEqual(['No data', 'Stale', 'No services', 'Not enough history', 'Incomplete']);
    expect(labels.every((l) => l.tone === 'warning' && l.symbol === '?')).toBe(true);
    // Times in the user's zone and clock (the machine's zone here).
    expect(labels[1].detail).toBe(
      `The saved data ends at ${timeOfDay(at('09:00'), 'en-GB')}, more than two settled hours ago: refresh to check.`,
    );
    expect(labels[4].detail).toBe('2 services of 4 could not be checked (1 without data, 1 without enough history).');
  });

  it('counts the services needing attention apart from the snoozed ones', () => {
    expect(
      accountStatus(row({ status: 'attention', services: counts({ attention: 3, snoozed: 1, ok: 1 }) })).detail,
    ).toBe('2 services need attention (1 more snoozed).');
    expect(
      accountStatus(row({ status: 'snoozed', services: counts({ attention: 1, snoozed: 1, ok: 3 }) })),
    ).toMatchObject({ label: 'Snoozed', tone: 'neutral' });
  });
});

describe('service statuses', () => {
  it('says why there is no verdict, and never calls it OK', () => {
    const noData = serviceStatus({
      status: 'no-data',
      snoozedUntil: null,
      attention: attention({ status: 'no-data', metrics: [], reason: 'No saved traffic for 06:00–09:00.' }),
    });
    expect(noData).toMatchObject({ label: 'No data', tone: 'warning', detail: 'No saved traffic for 06:00–09:00.' });
    const young = serviceStatus({
      status: 'not-enough-history',
      snoozedUntil: null,
      attention: attention({ status: 'not-enough-history', referenceDays: 3, metrics: [] }),
    });
    expect(young).toMatchObject({
      label: 'Not enough history',
      tone: 'warning',
      detail: '3 of the 5 previous days needed are saved.',
    });
  });

  it('marks a snoozed service that needs attention as such, until when', () => {
    const status = serviceStatus({ status: 'attention', snoozedUntil: at('18:20'), attention: attention() }, 'en-GB');
    expect(status).toMatchObject({ label: 'Needs attention · snoozed', tone: 'neutral' });
    expect(status.detail).toContain('18 Nov 2026');
  });
});

describe('the data age', () => {
  const generatedAt = at('10:20');
  it('counts from the core clock, not the screen’s', () => {
    expect(
      dataAge({ dataEnd: at('09:00'), refreshedAt: at('10:12'), dataAgeMs: 8 * 60_000, stale: false }, generatedAt)
        .text,
    ).toBe('data from 8 min ago');
    expect(
      dataAge({ dataEnd: at('09:00'), refreshedAt: at('10:20'), dataAgeMs: 0, stale: false }, generatedAt).text,
    ).toBe('data just refreshed');
  });
  it('says "no data" before anything was saved and "stale" when it is too far behind', () => {
    expect(dataAge({ dataEnd: null, refreshedAt: null, dataAgeMs: null, stale: true }, generatedAt)).toEqual({
      text: 'no data',
      title: 'Never refreshed.',
    });
    expect(
      dataAge({ dataEnd: at('05:00'), refreshedAt: at('06:10'), dataAgeMs: 4 * 3_600_000, stale: true }, generatedAt)
        .text,
    ).toBe('stale');
  });
});

describe('the comparison with a week earlier', () => {
  const traffic = (
    over: Partial<Pick<TrafficFigures, 'requests' | 'bandwidth' | 'offload'>>,
  ): Pick<TrafficFigures, 'requests' | 'bandwidth' | 'offload'> => ({
    requests: { value: 880, weekEarlier: 1000 },
    bandwidth: { value: 2e6, weekEarlier: 2e6 },
    offload: { value: 0.8, weekEarlier: 0.831 },
    ...over,
  });
  it('is relative for amounts and in points for offload', () => {
    expect(weekChange('requests', traffic({}))).toBe('24\u00a0h vs week earlier −12\u00a0%');
    expect(weekChange('bandwidth', traffic({}))).toBe('24\u00a0h vs week earlier ±0\u00a0%');
    expect(weekChange('offload', traffic({}))).toBe('24\u00a0h vs week earlier −3.1\u00a0points');
  });
  it('says when there is nothing to compare, and that offload without requests is no data gap', () => {
    expect(weekChange('requests', traffic({ requests: { value: 10, weekEarlier: null } }))).toBe(
      'no data a week earlier',
    );
    expect(weekChange('requests', traffic({ requests: { value: null, weekEarlier: 5 } }))).toBe('no data');
    expect(
      weekChange(
        'offload',
        traffic({ requests: { value: 0, weekEarlier: 0 }, offload: { value: null, weekEarlier: null } }),
      ),
    ).toBe('no requests');
  });
});

describe('what departed, and the change before it', () => {
  it('lists the flagged metrics, the strongest first, in the alerts’ words', () => {
    const rowWith = {
      attention: attention({
        metrics: [
          metric({ metric: 'offload', change: -0.12, z: -4.2 }),
          metric({}),
          metric({ metric: 'bandwidth', flagged: false }),
        ],
      }),
    };
    expect(departures(rowWith)).toEqual([
      'requests −62 % vs usual (z −8.1)',
      'origin offload −12.0 points vs usual (z −4.2)',
    ]);
  });
  it('reads "after ‘Set CORS headers’ at 05:40" for the last change before the departing hours end', () => {
    const service = { status: 'attention' as const, attention: attention() };
    const time = timeOfDay(at('05:40'), 'en-GB');
    expect(time).toMatch(/^\d{1,2}:\d{2}$/);
    expect(changeNote([marker('05:40')], service, 'en-GB')).toBe(`after ‘Set CORS headers’ at ${time}`);
    // A change after the departing hours did not come before the drop: the one before it is named.
    expect(changeNote([marker('09:30', 'Set rate limit'), marker('05:40')], service, 'en-GB')).toBe(
      `after ‘Set CORS headers’ at ${time} (and 1 other change)`,
    );
    expect(changeNote([marker('05:40')], { status: 'ok', attention: attention({ status: 'ok' }) }, 'en-GB')).toBe(
      `changed: ‘Set CORS headers’ at ${time}`,
    );
    expect(changeNote([], service)).toBeNull();
  });
});
