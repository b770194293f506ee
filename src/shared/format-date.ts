// The one way the app (and `accel`) writes a date and time: the user's locale (and its 12/24-hour
// habit), the local time zone by default, and the zone's name whenever the time is shown in UTC
// (or asked for: the CLI's output is read elsewhere, e.g. in a CI log).

export type DateZone = 'local' | 'utc';

export interface FormatDateOptions {
  /** 'utc' shows the time in UTC and says so ("… UTC"). Default: local time. */
  zone?: DateZone;
  /** Include seconds (journal entries, exact tooltips). Default: true. */
  seconds?: boolean;
  /** Leave out the date: only the time of day. */
  timeOnly?: boolean;
  /** Leave out the time: only the date. */
  dateOnly?: boolean;
  /** Name the zone for local times too ("… GMT+1"); UTC times always name it. */
  zoneName?: boolean;
  /** Locale override (tests); default: the user's locale. */
  locale?: string;
}

const cache = new Map<string, Intl.DateTimeFormat>();

function formatterFor(options: FormatDateOptions): Intl.DateTimeFormat {
  const key = JSON.stringify([
    options.zone ?? 'local',
    options.seconds ?? true,
    options.timeOnly ?? false,
    options.dateOnly ?? false,
    options.zoneName ?? false,
    options.locale ?? '',
  ]);
  let f = cache.get(key);
  if (!f) {
    const utc = options.zone === 'utc';
    f = new Intl.DateTimeFormat(options.locale, {
      ...(options.timeOnly ? {} : { year: 'numeric', month: 'short', day: 'numeric' }),
      ...(options.dateOnly
        ? {}
        : { hour: 'numeric', minute: '2-digit', ...(options.seconds === false ? {} : { second: '2-digit' }) }),
      ...(utc ? { timeZone: 'UTC' } : {}),
      ...((utc || options.zoneName) && !options.dateOnly ? { timeZoneName: 'short' } : {}),
    });
    cache.set(key, f);
  }
  return f;
}

/** "Nov 23, 2026, 3:33:59 AM" (en-US), "23 Nov 2026, 03:33:59" (en-GB); "… UTC" in UTC. */
export function formatDateTime(value: number | string | Date, options: FormatDateOptions = {}): string {
  const ms = value instanceof Date ? value.getTime() : typeof value === 'string' ? Date.parse(value) : value;
  if (!Number.isFinite(ms)) return typeof value === 'string' ? value : 'unknown time';
  return formatterFor(options).format(ms);
}

/**
 * How long ago, compactly, for places where the exact time goes into a tooltip: "just now",
 * "5 min ago", "3 h ago", "2 days ago"; from 30 days on, the date ("Nov 23, 2026").
 */
export function formatAge(
  value: number | string | Date,
  now: number,
  options: Pick<FormatDateOptions, 'locale'> = {},
): string {
  const ms = value instanceof Date ? value.getTime() : typeof value === 'string' ? Date.parse(value) : value;
  if (!Number.isFinite(ms)) return typeof value === 'string' ? value : 'unknown time';
  const minutes = Math.floor(Math.max(0, now - ms) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  if (days < 30) return `${days} day${days === 1 ? '' : 's'} ago`;
  return formatDateTime(ms, { dateOnly: true, ...options });
}

/** ISO instants as the core writes them ("2026-11-23T23:40:47.692Z"), e.g. inside plan notes. */
const ISO_INSTANT = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z/g;

/** The text with every ISO instant in it written as formatDateTime writes times. */
export function withReadableTimes(text: string, options: FormatDateOptions = {}): string {
  return text.replace(ISO_INSTANT, (iso) => formatDateTime(iso, options));
}
