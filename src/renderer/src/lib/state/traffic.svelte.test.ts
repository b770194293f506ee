// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { estimateDuration, showTrafficOn, TrafficDashboardState } from './traffic.svelte.ts';
import { parseTypedNames } from './traffic-selection.svelte.ts';

describe('traffic dashboard state', () => {
  beforeEach(() => globalThis.localStorage?.clear());

  it('changes of what is fetched change the selection key; display options do not', () => {
    const state = new TrafficDashboardState('acc-key');
    const inventory = ['a.example.com', 'b.example.com'];
    const initial = state.selectionKey(inventory);
    state.stacked = true;
    state.zone = 'utc';
    expect(state.selectionKey(inventory)).toBe(initial);
    state.range = '7d';
    expect(state.selectionKey(inventory)).not.toBe(initial);
    state.range = '24h';
    state.compare = !state.compare;
    expect(state.selectionKey(inventory)).not.toBe(initial);
  });

  it('says how long a fetch takes at 100 calls a minute', () => {
    expect(estimateDuration(80)).toBe('about a minute');
    expect(estimateDuration(362)).toBe('about 4 minutes');
  });

  it('parses typed domain names', () => {
    expect(parseTypedNames(' A.example.com, b.example.com\nb.example.com;;c.example.com ')).toEqual([
      'a.example.com',
      'b.example.com',
      'c.example.com',
    ]);
  });

  it('builds a query from the inventory, chosen services and typed names', () => {
    const state = new TrafficDashboardState('acc-1');
    const inventory = ['a.example.com', 'b.example.com'];
    expect(state.serviceNames(inventory)).toEqual(inventory);
    state.allServices = false;
    state.selected = ['b.example.com', 'gone.example.com'];
    state.typed = 'c.example.com';
    expect(state.serviceNames(inventory)).toEqual(['b.example.com', 'c.example.com']);
    expect(state.serviceNames([])).toEqual(['c.example.com']);
    const q = state.query(inventory);
    expect('error' in q).toBe(false);
    if (!('error' in q)) {
      expect(q.metrics).toEqual(['volume', 'bandwidth', 'requests', 'originRequests']);
      expect(q.to - q.from).toBe(86_400_000);
    }
  });

  it('uses a saved choice of services before the inventory has loaded, but waits for it for "all"', () => {
    const state = new TrafficDashboardState('acc-4');
    expect(state.serviceNames([], false)).toEqual([]);
    state.allServices = false;
    state.selected = ['b.example.com'];
    state.typed = 'c.example.com, b.example.com';
    expect(state.serviceNames([], false)).toEqual(['b.example.com', 'c.example.com']);
    // The choice is remembered per account.
    const again = new TrafficDashboardState('acc-4');
    expect(again.serviceNames([], false)).toEqual(['b.example.com', 'c.example.com']);
  });

  it('says what to fix instead of querying', () => {
    const state = new TrafficDashboardState('acc-2');
    state.metrics = [];
    expect(state.query(['a.example.com'])).toEqual({ error: 'Choose at least one metric.' });
    state.metrics = ['volume'];
    expect(state.query([])).toEqual({ error: 'Type at least one service domain name.' });
    state.range = 'custom';
    state.customFrom = '2026-11-02T00:00';
    state.customTo = '2026-11-01T00:00';
    expect(state.query(['a.example.com'])).toEqual({ error: 'The end of the range must be after its start.' });
  });

  it('estimates the calls a fetch needs: 4 metrics × 7 days × 4 batches for 200 services', () => {
    const state = new TrafficDashboardState('acc-3');
    state.range = '7d';
    state.compare = false;
    const names = Array.from({ length: 200 }, (_, i) => `s${i}.example.com`);
    expect(state.estimateCalls(names)).toBe(4 * 7 * 4);
    state.interval = 'day';
    // Volume and bandwidth become one daily call per batch; requests stay 24-hour pieces.
    expect(state.estimateCalls(names)).toBe(2 * 4 + 2 * 7 * 4);
  });

  it('opens on one service over a given range when another screen asks (the fleet overview)', () => {
    const earlier = new TrafficDashboardState('acc-5');
    earlier.zone = 'utc';
    earlier.range = '7d';
    const range = { from: Date.UTC(2026, 10, 17, 9), to: Date.UTC(2026, 10, 18, 9) };
    showTrafficOn('acc-5', ['b.example.com'], range);
    const state = new TrafficDashboardState('acc-5');
    expect(state.range).toBe('custom');
    expect(state.timeRange()).toEqual(range);
    expect(state.serviceNames(['a.example.com', 'b.example.com'])).toEqual(['b.example.com']);
    // The user's display choices stay as they were.
    expect(state.zone).toBe('utc');
  });
});
