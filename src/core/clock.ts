// The one clock of a core. createCore makes it (or takes a test's) and hands it to every service,
// store, cache and API client, so that tests can move time and no test depends on the day it runs.
// Nothing else in src/core or src/shared reads the wall clock.

export type Clock = {
  /** The current time. */
  now(): Date;
  /** The current time in milliseconds since the epoch (the same instant as now()). */
  nowMs(): number;
};

/** The workstation's clock. */
export const systemClock: Clock = {
  now: () => new Date(),
  nowMs: () => Date.now(),
};
