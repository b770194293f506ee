// A clock a test sets and moves by hand (ages, expiry, time ranges), never the day the test runs.
import type { Clock } from '../clock.ts';

export type FakeClock = Clock & {
  /** Moves the clock forward (or back, with a negative value) by this many milliseconds. */
  advance(ms: number): void;
  /** Sets the clock to this instant. */
  set(at: Date | string | number): void;
};

export function createFakeClock(start: Date | string | number = '2026-01-15T12:00:00.000Z'): FakeClock {
  let ms = new Date(start).getTime();
  if (Number.isNaN(ms)) throw new Error(`Fake clock: ${String(start)} is not a date.`);
  return {
    now: () => new Date(ms),
    nowMs: () => ms,
    advance: (delta) => {
      ms += delta;
    },
    set: (at) => {
      ms = new Date(at).getTime();
    },
  };
}
