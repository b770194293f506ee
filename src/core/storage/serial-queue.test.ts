import { describe, expect, it } from 'vitest';
import { createSerialQueue } from './serial-queue.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('createSerialQueue', () => {
  it('runs tasks in order, one at a time, and a failure does not block the next', async () => {
    const queue = createSerialQueue();
    const log: string[] = [];
    const first = queue.run(async () => {
      log.push('first start');
      await tick();
      log.push('first end');
      throw new Error('first failed');
    });
    const second = queue.run(async () => {
      log.push('second');
      return 2;
    });
    await expect(first).rejects.toThrow('first failed');
    expect(await second).toBe(2);
    expect(log).toEqual(['first start', 'first end', 'second']);
  });

  it('idle() waits for the queued tasks and never rejects', async () => {
    const queue = createSerialQueue();
    let done = false;
    void queue
      .run(async () => {
        await tick();
        done = true;
        throw new Error('ignored by idle');
      })
      .catch(() => undefined);
    await expect(queue.idle()).resolves.toBeUndefined();
    expect(done).toBe(true);
  });
});
