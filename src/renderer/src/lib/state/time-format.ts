// Timestamps in the user's time zone or UTC (the dashboard's toggle), for ticks, tooltips and cards.
import { formatDateTime, type DateZone } from '#shared/format-date.ts';

export type ZoneChoice = DateZone;

const cache = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: ZoneChoice, options: Intl.DateTimeFormatOptions, locale?: string): Intl.DateTimeFormat {
  const key = `${zone}:${locale ?? ''}:${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...options, ...(zone === 'utc' ? { timeZone: 'UTC' } : {}) });
    cache.set(key, f);
  }
  return f;
}

/** Exact, in the app's one date format ("Nov 23, 2026, 2:05:00 PM UTC" in en-US). */
export function formatInstant(ms: number, zone: ZoneChoice): string {
  return formatDateTime(ms, { zone });
}

// Cards, ticks and tooltips use the locale's clock (12- or 24-hour, as the system is set up):
// one clock format on the whole screen.
const timeOfDay: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };

/** Short form for cards: "Nov 23, 2:05 PM" (the locale's clock, as in the app's other dates). */
export function formatShort(ms: number, zone: ZoneChoice, locale?: string): string {
  return formatter(zone, { month: 'short', day: 'numeric', ...timeOfDay }, locale).format(ms);
}

/** Axis tick: the date at day steps and at midnight, else the time of day in the cards' clock. */
export function formatTick(ms: number, stepMs: number, zone: ZoneChoice, locale?: string): string {
  const d = new Date(ms);
  const midnight =
    zone === 'utc' ? d.getUTCHours() === 0 && d.getUTCMinutes() === 0 : d.getHours() === 0 && d.getMinutes() === 0;
  if (stepMs >= 86_400_000 || midnight) return formatter(zone, { month: 'short', day: 'numeric' }, locale).format(ms);
  return formatter(zone, timeOfDay, locale).format(ms);
}

/** Value for <input type="datetime-local"> from epoch ms. */
export function toDateTimeLocal(ms: number, zone: ZoneChoice): string {
  const d = new Date(ms);
  if (zone === 'utc') return d.toISOString().slice(0, 16);
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Epoch ms from <input type="datetime-local">; NaN when empty or invalid. */
export function fromDateTimeLocal(value: string, zone: ZoneChoice): number {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return Number.NaN;
  return zone === 'utc' ? Date.parse(`${value.slice(0, 16)}:00Z`) : new Date(value).getTime();
}

export type TimeUnit = 'minute' | 'hour' | 'day' | 'week' | 'month';

const tickSteps: ReadonlyArray<{ unit: TimeUnit; stepSize: number; ms: number }> = [
  { unit: 'minute', stepSize: 5, ms: 5 * 60_000 },
  { unit: 'minute', stepSize: 10, ms: 10 * 60_000 },
  { unit: 'minute', stepSize: 15, ms: 15 * 60_000 },
  { unit: 'minute', stepSize: 30, ms: 30 * 60_000 },
  { unit: 'hour', stepSize: 1, ms: 3_600_000 },
  { unit: 'hour', stepSize: 2, ms: 2 * 3_600_000 },
  { unit: 'hour', stepSize: 3, ms: 3 * 3_600_000 },
  { unit: 'hour', stepSize: 6, ms: 6 * 3_600_000 },
  { unit: 'hour', stepSize: 12, ms: 12 * 3_600_000 },
  { unit: 'day', stepSize: 1, ms: 86_400_000 },
  { unit: 'day', stepSize: 2, ms: 2 * 86_400_000 },
  { unit: 'week', stepSize: 1, ms: 7 * 86_400_000 },
  { unit: 'week', stepSize: 2, ms: 14 * 86_400_000 },
  { unit: 'month', stepSize: 1, ms: 30 * 86_400_000 },
];

/** Round tick spacing (every 3 hours, every day, …) giving at most `maxTicks` ticks over the range. */
export function niceTimeTicks(rangeMs: number, maxTicks = 10): { unit: TimeUnit; stepSize: number; ms: number } {
  return tickSteps.find((step) => rangeMs / step.ms <= maxTicks) ?? tickSteps[tickSteps.length - 1];
}
