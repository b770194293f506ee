// Time units in milliseconds, declared once for the app, the analytics maths and the sandbox.
export const SECOND_MS = 1_000;
export const MINUTE_MS = 60 * SECOND_MS;
export const FIVE_MINUTES_MS = 5 * MINUTE_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
