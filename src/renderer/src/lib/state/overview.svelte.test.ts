// @vitest-environment jsdom
// OverviewState over a fake window.api answering as the core does: a refresh counts each
// account done when its overview.changed end event arrives and re-reads its row, says "offline"
// when every account failed to connect; opening an alert expands its customer and focuses the
// service (the tag filter lifted if it hid it). overview-alerts.svelte.test.ts: the alerts.
import { beforeEach, describe, expect, it, vi } from 'vitest';

type Listener = (payload: unknown) => void;
const fake = vi.hoisted(() => {
  const listeners = new Map<string, Set<Listener>>();
  const handlers: Record<string, (input: unknown) => unknown> = {};
  const call = (channel: string) => async (input: unknown) => {
    const handler = handlers[channel];
    if (!handler) return { ok: false, error: { code: 'Test.Missing', message: channel, retryable: false } };
    try {
      return { ok: true, data: await handler(input) };
    } catch (error) {
      return {
        ok: false,
        error: { code: (error as { code?: string }).code ?? 'Test.Error', message: String(error), retryable: false },
      };
    }
  };
  const overview = Object.fromEntries(
    ['summary', 'services', 'refresh', 'watchStatus', 'setWatch', 'snooze', 'unsnooze', 'alerts'].map((a) => [
      a,
      call(`overview.${a}`),
    ]),
  );
  const accounts = Object.fromEntries(['list', 'switch', 'health'].map((a) => [a, call(`accounts.${a}`)]));
  Object.assign(globalThis, {
    api: {
      host: {},
      overview,
      accounts,
      on: (event: string, listener: Listener) => {
        const set = listeners.get(event) ?? new Set();
        set.add(listener);
        listeners.set(event, set);
        return () => set.delete(listener);
      },
    },
  });
  const emit = (event: string, payload: unknown) => {
    for (const listener of listeners.get(event) ?? []) listener(payload);
  };
  return { handlers, emit };
});

import { OverviewState } from './overview.svelte.ts';
import type { AccountRow } from '#shared/overview/schemas.ts';

const emptyFigures = { value: null, weekEarlier: null };
const spark = { requests: [], bandwidth: [], offload: [] };
function accountRow(accountId: string, over: Partial<AccountRow> = {}): AccountRow {
  return {
    accountId,
    accountName: accountId.toUpperCase(),
    color: 'blue',
    production: false,
    tags: [],
    status: 'ok',
    stale: false,
    watched: false,
    refreshing: false,
    range: { from: 0, to: 1 },
    weekEarlierRange: { from: 0, to: 1 },
    dataEnd: 1,
    refreshedAt: 1,
    dataAgeMs: 0,
    lastError: null,
    traffic: {
      requests: emptyFigures,
      bandwidth: emptyFigures,
      offload: emptyFigures,
      sparklines: spark,
      weekEarlierSparklines: spark,
    },
    services: { total: 2, attention: 0, snoozed: 0, ok: 2, notEnoughHistory: 0, noData: 0 },
    markers: 0,
    ...over,
  };
}

let rows: Record<string, AccountRow>;
let tagged: string[];
const summaryCalls: unknown[] = [];

function summaryOf(input: unknown) {
  summaryCalls.push(input);
  const selection = (input ?? {}) as { accountIds?: string[]; tag?: string };
  const ids = selection.accountIds ?? (selection.tag ? tagged : Object.keys(rows));
  const accounts = ids.map((id) => rows[id]);
  return {
    generatedAt: 10,
    hours: 24,
    attentionHours: 3,
    accounts,
    totals: { accounts: accounts.length, total: 0, attention: 0, snoozed: 0, ok: 0, notEnoughHistory: 0, noData: 0 },
  };
}

beforeEach(() => {
  rows = { a: accountRow('a'), b: accountRow('b'), c: accountRow('c') };
  tagged = ['a'];
  summaryCalls.length = 0;
  fake.handlers['overview.summary'] = summaryOf;
  fake.handlers['overview.services'] = (input) => ({
    accountId: (input as { accountId: string }).accountId,
    range: { from: 0, to: 1 },
    services: [],
    markers: [],
  });
  fake.handlers['overview.alerts'] = () => ({ alerts: [] });
  globalThis.localStorage?.clear();
});

describe('OverviewState', () => {
  it('counts each account done when its refresh ends, re-reading its row, and reads every row at the end', async () => {
    const state = new OverviewState();
    state.start();
    await state.load();
    let finish: (value: unknown) => void = () => undefined;
    fake.handlers['overview.refresh'] = () => new Promise((resolve) => (finish = resolve));
    const running = state.refresh();
    expect(state.refreshProgress).toMatchObject({ running: true, done: 0, accountIds: ['a', 'b', 'c'] });
    // a starts and ends; b starts.
    rows.a = accountRow('a', { refreshing: true });
    fake.emit('overview.changed', { accountId: 'a' });
    fake.emit('overview.changed', { accountId: 'b' });
    await vi.waitFor(() => expect(state.rows.find((r) => r.accountId === 'a')?.refreshing).toBe(true));
    rows.a = accountRow('a', { status: 'attention' });
    fake.emit('overview.changed', { accountId: 'a' });
    expect(state.refreshProgress?.done).toBe(1);
    await vi.waitFor(() => expect(state.rows.find((r) => r.accountId === 'a')?.status).toBe('attention'));
    expect(summaryCalls).toContainEqual({ accountIds: ['a'] });
    finish({
      accounts: ['a', 'b', 'c'].map((accountId) => ({
        accountId,
        calls: 3,
        refreshed: true,
        error: null,
        failedServices: [],
      })),
      calls: 9,
    });
    await running;
    expect(state.refreshProgress).toMatchObject({ running: false, done: 3, offline: false, failed: [], calls: 9 });
    state.stop();
  });

  it('says offline when no account could connect, naming each', async () => {
    const state = new OverviewState();
    await state.load();
    const error = {
      code: 'Network.ConnectionFailed',
      message: 'The API could not be reached; the saved overview is shown.',
    };
    fake.handlers['overview.refresh'] = () => ({
      accounts: ['a', 'b', 'c'].map((accountId) => ({
        accountId,
        calls: 0,
        refreshed: false,
        error,
        failedServices: [],
      })),
      calls: 0,
    });
    await state.refresh();
    expect(state.refreshProgress).toMatchObject({ offline: true, calls: 0 });
    expect(state.refreshProgress?.failed.map((f) => f.accountName)).toEqual(['A', 'B', 'C']);
    // The saved rows stay.
    expect(state.rows).toHaveLength(3);
  });

  it('opens an alert: the tag filter lifted when it hides the customer, the customer expanded, the service focused', async () => {
    const state = new OverviewState();
    state.tag = 'retail';
    await vi.waitFor(() => expect(state.rows.map((r) => r.accountId)).toEqual(['a']));
    await state.openAlert({ accountId: 'c', serviceId: 9 });
    expect(state.tag).toBeNull();
    expect(state.rows.map((r) => r.accountId)).toEqual(['a', 'b', 'c']);
    expect(state.isExpanded('c')).toBe(true);
    expect(state.services('c')).not.toBeNull();
    expect(state.focus).toMatchObject({ accountId: 'c', serviceId: 9 });
  });
});
