import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBudgetRegistry, createRequestBudget } from './budget.ts';
import { AbortError } from './errors.ts';

describe('createRequestBudget', () => {
  it('defaults to 100/minute and 1000/hour', () => {
    expect(createRequestBudget().windows).toEqual([
      { limit: 100, windowMs: 60_000 },
      { limit: 1000, windowMs: 3_600_000 },
    ]);
    expect(createRequestBudget({ perMinute: 5 }).windows[0]).toEqual({ limit: 5, windowMs: 60_000 });
  });

  it('grants up to the limit at once, then queues FIFO until the sliding window frees a slot', async () => {
    const budget = createRequestBudget({ windows: [{ limit: 2, windowMs: 150 }] });
    const started = Date.now();
    const order: number[] = [];
    const times: number[] = [];
    await Promise.all(
      [0, 1, 2, 3, 4].map((i) =>
        budget.acquire().then(() => {
          order.push(i);
          times.push(Date.now() - started);
        }),
      ),
    );
    expect(order).toEqual([0, 1, 2, 3, 4]);
    expect(times[1]).toBeLessThan(100);
    expect(times[2]).toBeGreaterThanOrEqual(140);
    expect(times[4]).toBeGreaterThanOrEqual(290);
  });

  it('applies every window: the short one paces bursts, the long one caps the total', async () => {
    const budget = createRequestBudget({
      windows: [
        { limit: 3, windowMs: 100 },
        { limit: 4, windowMs: 400 },
      ],
    });
    const started = Date.now();
    const times: number[] = [];
    await Promise.all([0, 1, 2, 3, 4].map(() => budget.acquire().then(() => times.push(Date.now() - started))));
    expect(times[2]).toBeLessThan(80);
    expect(times[3]).toBeGreaterThanOrEqual(95); // short window
    expect(times[3]).toBeLessThan(300);
    expect(times[4]).toBeGreaterThanOrEqual(390); // long window
    expect(budget.usage()[1].used).toBeLessThanOrEqual(4);
  });

  it('aborting a queued acquire rejects it with AbortError and lets the next one through', async () => {
    const budget = createRequestBudget({ windows: [{ limit: 1, windowMs: 100 }] });
    await budget.acquire();
    const ac = new AbortController();
    const aborted = budget.acquire(ac.signal);
    const next = budget.acquire();
    ac.abort();
    await expect(aborted).rejects.toBeInstanceOf(AbortError);
    await expect(next).resolves.toBeUndefined();
    await expect(budget.acquire(AbortSignal.abort())).rejects.toBeInstanceOf(AbortError);
  });

  it('rejects nonsense limits', () => {
    expect(() => createRequestBudget({ windows: [{ limit: 0, windowMs: 10 }] })).toThrow(RangeError);
  });
});

describe('priorities', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps part of each window for interactive requests and serves them before queued background work', async () => {
    vi.useFakeTimers({ now: 0 });
    const budget = createRequestBudget({ windows: [{ limit: 5, windowMs: 60_000 }], now: () => Date.now() });
    const order: string[] = [];
    const take = (name: string, priority?: 'interactive' | 'background') =>
      budget.acquire(undefined, name, priority).then(() => order.push(name));

    // A burst of background work (reveals, bulk reads) gets 4 of the 5 slots; the rest waits.
    const background = Array.from({ length: 8 }, (_, i) => take(`bg${i}`, 'background'));
    await vi.advanceTimersByTimeAsync(0);
    expect(order).toEqual(['bg0', 'bg1', 'bg2', 'bg3']);
    expect(budget.queued).toBe(4);

    // An interactive read still goes at once: the fifth slot was kept for it.
    const read = take('read1');
    await vi.advanceTimersByTimeAsync(0);
    expect(order.at(-1)).toBe('read1');

    // The next one waits for the window, but goes before every queued background request.
    const next = take('read2');
    await vi.advanceTimersByTimeAsync(60_000);
    await Promise.all([read, next]);
    expect(order.slice(5, 7)).toEqual(['read2', 'bg4']);
    await vi.advanceTimersByTimeAsync(180_000);
    await Promise.all(background);
    expect(order.filter((name) => name.startsWith('bg'))).toEqual([
      'bg0',
      'bg1',
      'bg2',
      'bg3',
      'bg4',
      'bg5',
      'bg6',
      'bg7',
    ]);
  });
});

describe('createBudgetRegistry', () => {
  it('shares one budget per origin and key id', () => {
    const registry = createBudgetRegistry();
    const a = registry.get('https://api.example.net/', 'K1');
    expect(registry.get('https://api.example.net/other', 'K1')).toBe(a);
    expect(registry.get('https://api.example.net', 'K2')).not.toBe(a);
    expect(registry.get('http://api.example.net', 'K1')).not.toBe(a);
    expect(registry.size).toBe(3);
  });
});
