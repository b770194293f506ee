// The fleet overview through the core (invoke) against one real sandbox gateway with three
// customers, each with its own key, on one injected clock (core and gateway): one service of the
// second customer has injected traffic drops. Exactly that service needs attention; its alert
// fires once, not again while it stays so, not within the quiet period, not while snoozed; a
// change applied in the window is a marker; nothing is fetched again within the same hour; the
// overview works offline from its files; an account whose gateway cannot be reached is "no data".
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSandbox, type SandboxHandle } from '#sandbox';
import { createCore, type Core } from '../app-core.ts';
import { createMemorySecretStore } from '../secrets/memory-store.ts';
import { data } from '../test-support/core.ts';
import { createFakeClock } from '../test-support/fake-clock.ts';
import { QUIET_PERIOD_MS } from './alerts.ts';
import { DAY_MS, HOUR_MS } from '#shared/analytics/model.ts';
import { HISTORY_DAYS } from '#shared/overview/attention.ts';
import type { OverviewAlert } from '#shared/overview/schemas.ts';

// Wednesday. Every time below is on this day (UTC) unless it says otherwise.
const at = (hhmm: string, day = 18) => Date.parse(`2026-11-${day}T${hhmm}:00Z`);
const clock = createFakeClock(at('10:20'));

let sandbox: SandboxHandle;
let dataDir: string;
let core: Core;
const accounts: Array<{ id: string; name: string; services: Array<{ id: number; domainName: string }> }> = [];
let dropped: { accountId: string; accountName: string; serviceId: number; domainName: string };
let unreachableId: string;
const raised: OverviewAlert[] = [];
const secrets = createMemorySecretStore();

/** Drops to 20 % of the service's requests: [06:00, 11:00), [13:00, 17:00), [21:00, 23:00) on the 18th and from 03:00 on the 19th. */
function drops(serviceId: number) {
  const drop = (from: number, to?: number) => ({
    serviceId,
    from,
    ...(to === undefined ? {} : { to }),
    metric: 'requests' as const,
    factor: 0.2,
  });
  return [
    drop(at('06:00'), at('11:00')),
    drop(at('13:00'), at('17:00')),
    drop(at('21:00'), at('23:00')),
    drop(at('03:00', 19)),
  ];
}

beforeAll(async () => {
  sandbox = await startSandbox({ customers: 3, rateLimit: false, now: () => clock.now() });
  dataDir = await mkdtemp(join(tmpdir(), 'accel-overview-'));
  // One clock for the core, its API clients and the gateway; the key's budget is widened: the
  // test makes a day's worth of rounds in a second.
  core = createCore({
    dataDir,
    secretStore: secrets,
    sandboxOptions: { statePath: null },
    clientOptions: { timeoutMs: 10_000, budget: { perMinute: 10_000, perHour: 100_000 } },
    clock,
  });
  core.on('overview.alert', (alert) => raised.push(alert));
  for (const customer of sandbox.customers) {
    const { credentials } = customer;
    const id = data(
      // Not verified here: the first client of a key sets the key's shared budget, and it should be the widened one below.
      await core.invoke('accounts.add', {
        name: customer.name,
        baseUrl: sandbox.url,
        accessKeyId: credentials.accessKeyId,
        customerId: credentials.customerId,
        secret: credentials.accessKeySecret,
        verify: false,
      }),
    ).account.id;
    data(await core.invoke('inventory.addByIds', { accountId: id, ids: customer.services.map((s) => s.id).join(',') }));
    accounts.push({ id, name: customer.name, services: customer.services });
  }
  const second = accounts[1];
  const www = second.services.find((s) => s.domainName.startsWith('www.')) ?? second.services[0];
  dropped = { accountId: second.id, accountName: second.name, serviceId: www.id, domainName: www.domainName };
  sandbox.setAnomalies(drops(www.id));

  // A change to that service at 06:30, inside the compared hours: its marker comes with the rows.
  clock.set(at('06:30'));
  data(
    await core.invoke('changes.apply', {
      accountId: dropped.accountId,
      operationId: 'setCorsHeaders',
      input: { params: { serviceId: dropped.serviceId }, body: { accessControlAllowOrigin: 'https://shop.example' } },
    }),
  );
  clock.set(at('10:20'));

  // A customer whose gateway cannot be reached (nothing listens on port 9 of the loopback).
  unreachableId = data(
    await core.invoke('accounts.add', {
      name: 'Offline Ltd',
      baseUrl: 'http://127.0.0.1:9',
      accessKeyId: 'OFFLINEKEY000001',
      customerId: 77_777,
      secret: 'offline-secret',
      verify: false,
    }),
  ).account.id;
  data(
    await core.invoke('inventory.record', {
      accountId: unreachableId,
      serviceId: 1,
      domainName: 'www.offline.example',
    }),
  );
}, 60_000);

afterAll(async () => {
  await core?.dispose();
  await sandbox?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const serviceCount = () => accounts.reduce((n, a) => n + a.services.length, 0);

describe('fleet overview', () => {
  it('is not watching by default, and the host decides whether background rounds run', async () => {
    const status = data(await core.invoke('overview.watchStatus', undefined));
    expect(status).toEqual({
      accountIds: [],
      tags: [],
      watchedAccountIds: [],
      backgroundAllowed: false,
      running: false,
      lastRoundAt: null,
      nextRoundAt: null,
    });
    expect(data(await core.invoke('app.getSettings', undefined)).overviewWatch).toEqual({ accountIds: [], tags: [] });
  });

  it('says "no data" before anything is saved, never healthy', async () => {
    const summary = data(await core.invoke('overview.summary', undefined));
    expect(summary.accounts).toHaveLength(4);
    expect(
      summary.accounts.every((a) => a.status === 'no-data' && a.stale && a.range === null && a.services.ok === 0),
    ).toBe(true);
    expect(summary.totals).toMatchObject({ accounts: 4, noData: serviceCount() + 1, ok: 0, attention: 0 });
  });

  it('refreshes 15 days of settled hours once (the floor of calls), then exactly that service needs attention', async () => {
    const changed: string[] = [];
    const stop = core.on('overview.changed', ({ accountId }) => changed.push(accountId));
    const running = core.invoke('overview.refresh', { accountIds: accounts.map((a) => a.id) });
    // Rows say while an account refreshes (announced when it starts and when it ends).
    await vi.waitFor(() => expect(changed).toHaveLength(accounts.length));
    expect(
      data(await core.invoke('overview.summary', { accountIds: accounts.map((a) => a.id) })).accounts.every(
        (a) => a.refreshing,
      ),
    ).toBe(true);
    const refresh = data(await running);
    stop();
    expect(changed.sort()).toEqual(accounts.flatMap((a) => [a.id, a.id]).sort());
    // Per account: ≤ 50 services → one batch, × 3 metrics × 15 one-day calls.
    expect(refresh.calls).toBe(accounts.length * 3 * HISTORY_DAYS);
    expect(refresh.accounts.every((a) => a.error === null && a.refreshed && a.failedServices.length === 0)).toBe(true);

    const summary = data(await core.invoke('overview.summary', { accountIds: accounts.map((a) => a.id) }));
    const end = at('09:00');
    for (const row of summary.accounts) {
      expect(row).toMatchObject({
        refreshing: false,
        dataEnd: end,
        range: { from: end - DAY_MS, to: end },
        weekEarlierRange: { from: end - 8 * DAY_MS, to: end - 7 * DAY_MS },
        stale: false,
        refreshedAt: at('10:20'),
        dataAgeMs: 0,
        lastError: null,
      });
      expect(row.traffic.sparklines.requests).toHaveLength(24);
      expect(row.traffic.requests.value).toBeGreaterThan(0);
    }
    const [first, second, third] = summary.accounts;
    expect(second.status).toBe('attention');
    expect(second.services).toMatchObject({ attention: 1, snoozed: 0, noData: 0 });
    expect(second.markers).toBe(1);
    expect([first.status, third.status]).toEqual(['ok', 'ok']);
    expect(summary.totals.attention).toBe(1);

    const { services, markers, range } = data(await core.invoke('overview.services', { accountId: dropped.accountId }));
    expect(range).toEqual({ from: end - DAY_MS, to: end });
    const top = services[0];
    expect(top).toMatchObject({
      accountId: dropped.accountId,
      serviceId: dropped.serviceId,
      serviceName: dropped.domainName,
      status: 'attention',
      snoozedUntil: null,
      markers: 1,
      range,
    });
    const requests = top.attention.metrics.find((m) => m.metric === 'requests')!;
    expect(requests).toMatchObject({ flagged: true, direction: 'down', departingHours: 3 });
    expect(requests.change).toBeLessThan(-0.7);
    expect(top.attention.referenceDays).toBe(14);
    expect(services.slice(1).every((s) => s.status === 'ok')).toBe(true);
    expect(markers).toHaveLength(1);
    expect(markers[0]).toMatchObject({ serviceId: dropped.serviceId, at: at('06:30'), operationId: 'setCorsHeaders' });
  });

  it('fetches nothing again within the same hour, and only the new hour an hour later', async () => {
    expect(
      data(await core.invoke('overview.refresh', undefined))
        .accounts.filter((a) => a.accountId !== unreachableId)
        .map((a) => a.calls),
    ).toEqual([0, 0, 0]);
    clock.set(at('11:20'));
    const later = data(await core.invoke('overview.refresh', { accountIds: accounts.map((a) => a.id) }));
    expect(later.calls).toBe(accounts.length * 3);
  });

  it('shows an account whose gateway cannot be reached as "no data", with the reason', async () => {
    const [row] = data(await core.invoke('overview.summary', { accountIds: [unreachableId] })).accounts;
    expect(row.status).toBe('no-data');
    expect(row.lastError?.code).toMatch(/^Network\./);
    expect(row.services).toMatchObject({ total: 1, noData: 1 });
    const { services } = data(await core.invoke('overview.services', { accountId: unreachableId }));
    expect(services[0]).toMatchObject({ status: 'no-data', serviceName: 'www.offline.example' });
    expect(services[0].attention.reason).toMatch(/No saved traffic/);
  });

  it('makes a key the gateway refuses the account error, never a row of healthy services', async () => {
    const wrong = data(
      await core.invoke('accounts.add', {
        name: 'Revoked Key Ltd',
        baseUrl: sandbox.url,
        accessKeyId: 'REVOKEDKEY000001',
        customerId: 55_555,
        secret: 'not-the-secret',
        verify: false,
      }),
    ).account.id;
    data(
      await core.invoke('inventory.record', { accountId: wrong, serviceId: 101, domainName: 'www.example-shop.com' }),
    );
    const {
      accounts: [outcome],
    } = data(await core.invoke('overview.refresh', { accountIds: [wrong] }));
    expect(outcome.error?.code).toBe('Auth.AccessKeyUnknown');
    const [row] = data(await core.invoke('overview.summary', { accountIds: [wrong] })).accounts;
    expect(row).toMatchObject({
      status: 'no-data',
      lastError: { code: 'Auth.AccessKeyUnknown' },
      services: { total: 1, noData: 1, ok: 0 },
    });
    data(await core.invoke('accounts.remove', { accountId: wrong }));
  });

  it('alerts once when a watched service newly needs attention; quiet period and snooze hold back the next ones', async () => {
    data(await core.invoke('overview.setWatch', { accountIds: accounts.map((a) => a.id), tags: [] }));
    const status = data(await core.invoke('overview.watchStatus', undefined));
    expect(status.watchedAccountIds).toEqual(accounts.map((a) => a.id));
    // The test core's host runs no background work: rounds are run by hand below.
    expect(status).toMatchObject({ backgroundAllowed: false, running: false });
    const round = async (time: number) => {
      clock.set(time);
      return (await core.services.overview.service.watchRound()).alerts;
    };

    // 11:20: the window 08:00–11:00 is in the first drop.
    const [first, ...others] = await round(at('11:20'));
    expect(others).toEqual([]);
    expect(first).toMatchObject({
      accountId: dropped.accountId,
      serviceId: dropped.serviceId,
      serviceName: dropped.domainName,
      metric: 'requests',
      direction: 'down',
      at: at('11:20'),
    });
    expect(first.text).toMatch(
      new RegExp(
        `^${dropped.accountName} · ${dropped.domainName.replace(/\./g, '\\.')}: requests −[78]\\d % vs usual \\(z −\\d+\\.\\d\\)$`,
      ),
    );
    expect(raised).toEqual([first]);
    // Still needing attention an hour later: no second alert.
    expect(await round(at('12:20'))).toEqual([]);
    // 14:20: 10:00–13:00 has one dropped hour only (a departure must last two): ok again.
    expect(await round(at('14:20'))).toEqual([]);
    expect(
      data(await core.invoke('overview.services', { accountId: dropped.accountId })).services.find(
        (s) => s.serviceId === dropped.serviceId,
      )?.status,
    ).toBe('ok');
    // 17:10: the second drop (13:00–) needs attention again, 5 h 50 min after the alert: quiet period.
    expect(at('17:10') - first.at).toBeLessThan(QUIET_PERIOD_MS);
    expect(await round(at('17:10'))).toEqual([]);
    expect(data(await core.invoke('overview.summary', { accountIds: [dropped.accountId] })).accounts[0].status).toBe(
      'attention',
    );
    // 20:20: 17:00–20:00 is back to usual.
    expect(await round(at('20:20'))).toEqual([]);
    // 00:20 next day: the third drop (21:00–23:00), long after the quiet period: a second alert.
    const [second] = await round(at('00:20', 19));
    expect(second).toMatchObject({ serviceId: dropped.serviceId, at: at('00:20', 19) });
    // 03:20: recovered; then snoozed for a day, the drop from 03:00 raises nothing.
    expect(await round(at('03:20', 19))).toEqual([]);
    const { snoozedUntil } = data(
      await core.invoke('overview.snooze', { accountId: dropped.accountId, serviceId: dropped.serviceId, hours: 24 }),
    );
    expect(snoozedUntil).toBe(at('03:20', 19) + 24 * HOUR_MS);
    expect(await round(at('06:20', 19))).toEqual([]);
    const expanded = data(await core.invoke('overview.services', { accountId: dropped.accountId })).services[0];
    expect(expanded).toMatchObject({ serviceId: dropped.serviceId, status: 'attention', snoozedUntil });
    const row = data(await core.invoke('overview.summary', { accountIds: [dropped.accountId] })).accounts[0];
    expect(row.services).toMatchObject({ attention: 1, snoozed: 1 });
    expect(row.status).toBe('snoozed');

    expect(raised).toEqual([first, second]);
    const { alerts } = data(await core.invoke('overview.alerts', undefined));
    expect(alerts).toEqual([second, first]);
    data(await core.invoke('overview.unsnooze', { accountId: dropped.accountId, serviceId: dropped.serviceId }));
    expect(
      data(await core.invoke('overview.services', { accountId: dropped.accountId })).services[0].snoozedUntil,
    ).toBeNull();
  }, 60_000);

  it('works offline from its files: a new core with no gateway paints the same rows without a call', async () => {
    const before = data(await core.invoke('overview.summary', { accountIds: accounts.map((a) => a.id) }));
    await sandbox.stop();
    const offline = createCore({
      dataDir,
      secretStore: secrets,
      sandboxOptions: { statePath: null },
      clientOptions: { budget: false },
      clock,
    });
    try {
      const after = data(await offline.invoke('overview.summary', { accountIds: accounts.map((a) => a.id) }));
      expect(after).toEqual(before);
      const refresh = data(await offline.invoke('overview.refresh', { accountIds: [accounts[0].id] }));
      expect(refresh.calls).toBe(0);
      clock.advance(HOUR_MS);
      const failed = data(await offline.invoke('overview.refresh', { accountIds: [accounts[0].id] }));
      expect(failed.accounts[0].error?.code).toBe('Network.ConnectionFailed');
      const [row] = data(await offline.invoke('overview.summary', { accountIds: [accounts[0].id] })).accounts;
      // The rows stay as they were, with their age and the reason the refresh failed.
      expect(row).toMatchObject({
        dataEnd: before.accounts[0].dataEnd,
        refreshedAt: before.accounts[0].refreshedAt,
        lastError: { code: failed.accounts[0].error?.code },
      });
      expect(row.dataAgeMs).toBe(HOUR_MS);
    } finally {
      await offline.dispose();
    }
  });

  it('rejects a selection of accounts and a tag at once, and unknown accounts, naming the field', async () => {
    const both = await core.invoke('overview.summary', { accountIds: [accounts[0].id], tag: 'retail' });
    expect(both.ok).toBe(false);
    if (!both.ok) expect(both.error.fields?.tag).toBe('Choose accounts or a tag, not both.');
    const unknown = await core.invoke('overview.services', { accountId: 'no-such-account' });
    expect(unknown.ok).toBe(false);
    if (!unknown.ok) expect(unknown.error.code).toBe('Accounts.NotFound');
    const snooze = await core.invoke('overview.snooze', { accountId: accounts[0].id, serviceId: 1, hours: 0 });
    expect(snooze.ok).toBe(false);
    if (!snooze.ok) expect(snooze.error.fields?.hours).toBe('Snooze for at least 1 hour.');
  });
});

describe('background watching', () => {
  it('runs rounds only where the host allows it and the user watches something', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'accel-overview-watch-'));
    const hosted = createCore({
      dataDir: dir,
      secretStore: createMemorySecretStore(),
      sandboxOptions: { statePath: null },
      backgroundWatch: true,
      clock,
    });
    try {
      expect(data(await hosted.invoke('overview.watchStatus', undefined))).toMatchObject({
        backgroundAllowed: true,
        running: false,
      });
      const id = data(
        await hosted.invoke('accounts.add', {
          name: 'Watched',
          baseUrl: 'http://127.0.0.1:9',
          accessKeyId: 'WATCHEDKEY000001',
          customerId: 1,
          secret: 's',
          verify: false,
          tags: ['retail'],
        }),
      ).account.id;
      const byTag = data(await hosted.invoke('overview.setWatch', { accountIds: [], tags: ['Retail'] }));
      expect(byTag).toMatchObject({ accountIds: [], tags: ['retail'], watchedAccountIds: [id], running: true });
      expect(byTag.nextRoundAt).toBeGreaterThan(clock.nowMs());
      expect(data(await hosted.invoke('app.getSettings', undefined)).overviewWatch).toEqual({
        accountIds: [],
        tags: ['retail'],
      });
      expect(data(await hosted.invoke('overview.summary', undefined)).accounts[0].watched).toBe(true);
      const off = data(await hosted.invoke('overview.setWatch', { accountIds: [], tags: [] }));
      expect(off).toMatchObject({ watchedAccountIds: [], running: false, nextRoundAt: null });
      const unknown = await hosted.invoke('overview.setWatch', { accountIds: ['nope'], tags: [] });
      expect(unknown.ok).toBe(false);
    } finally {
      await hosted.dispose();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
