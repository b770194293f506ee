// The one clock of a core. createCore makes it (or takes a test's) and hands it to every service,
// store, cache and API client, so that tests can move time and no test depends on the day it runs.
// Nothing else in src/core or src/shared reads a clock (lint rule clock/no-wall-clock).

export type Clock = {
  /** The current time. */
  now(): Date;
  /** The current time in milliseconds since the epoch (the same instant as now()). */
  nowMs(): number;
};
// Implementations do not use `this`: `clock.now` may be handed on as a function.

/** The workstation's clock. */
export const systemClock: Clock = {
  // eslint-disable-next-line clock/no-wall-clock -- the system clock itself
  now: () => new Date(),
  // eslint-disable-next-line clock/no-wall-clock -- the system clock itself
  nowMs: () => Date.now(),
};

/**
 * Milliseconds on a monotonic clock, for how long something took (latency, a progress rate) and for
 * waits that go with timers (a lock wait, the request budget): never an instant, never an age of
 * something stored. A moved or corrected wall clock does not bend these durations.
 */
// eslint-disable-next-line clock/no-wall-clock -- the monotonic source for durations, kept next to the clock
export const monotonicMs = (): number => performance.now();
