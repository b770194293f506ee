// ServicesReadAhead: waits before the first read, reads one account at a time with a pause
// between, ends when nothing is left, and stop() cancels the next read.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ServicesReadAhead } from './overview-read-ahead.ts';

describe('ServicesReadAhead', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function reader(waiting: string[]) {
    const read: string[] = [];
    const next = vi.fn(() => waiting[0]);
    const readAhead = new ServicesReadAhead(next, async (id) => {
      read.push(id);
      waiting.splice(waiting.indexOf(id), 1);
    });
    return { readAhead, read, next };
  }

  it('reads after the page settled, one account per pause, and ends when every account is read', async () => {
    const { readAhead, read, next } = reader(['a', 'b']);
    readAhead.start();
    readAhead.start(); // a second start while running changes nothing
    await vi.advanceTimersByTimeAsync(399);
    expect(read).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(read).toEqual(['a']);
    await vi.advanceTimersByTimeAsync(50);
    expect(read).toEqual(['a', 'b']);
    await vi.advanceTimersByTimeAsync(50);
    expect(next).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(1000);
    expect(next).toHaveBeenCalledTimes(3);
  });

  it('reads nothing more once stopped, and starts again after', async () => {
    const { readAhead, read } = reader(['a', 'b']);
    readAhead.start();
    await vi.advanceTimersByTimeAsync(400);
    readAhead.stop();
    await vi.advanceTimersByTimeAsync(1000);
    expect(read).toEqual(['a']);
    readAhead.start();
    await vi.advanceTimersByTimeAsync(400);
    expect(read).toEqual(['a', 'b']);
  });
});
