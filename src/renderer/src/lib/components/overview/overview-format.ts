// What the overview's rows say, in words: statuses (honest: no data and not enough history are
// never "ok" and never green), the data's age, the figures, the comparison with a week earlier,
// what departed and the changes applied meanwhile. Pure, so the rules are tested once.
import type { AccountRow, ServiceRow, TrafficFigures } from '#shared/overview/schemas.ts';
import type { ChangeMarker } from '#shared/ipc/channels/impact.ts';
import { departureText } from '#shared/overview/alert-text.ts';
import { MIN_REFERENCE_DAYS } from '#shared/analytics/impact.ts';
import { formatAge, formatDateTime } from '#shared/format-date.ts';
import { formatBitsPerSecond, formatCount, formatCountShort } from '#shared/analytics/units.ts';
import type { SparkMetric } from './sparkline.ts';

const MINUS = '\u2212';
/** Keeps a number and its unit on one line when the text wraps. */
const NBSP = '\u00a0';

/** success only for a verdict that every service was checked; warning for "could not check". */
type StatusTone = 'danger' | 'warning' | 'neutral' | 'success';

export interface StatusInfo {
  /** Short words on the badge (the status never rests on its colour). */
  label: string;
  /** A sentence saying why. */
  detail: string;
  tone: StatusTone;
  /** A symbol beside the words (aria-hidden), so the kinds differ in shape too. */
  symbol: string;
}

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** The time of day in the locale's clock ("9:12 AM", "09:12"). */
export function timeOfDay(ms: number, locale?: string): string {
  return formatDateTime(ms, { timeOnly: true, seconds: false, ...(locale ? { locale } : {}) });
}

export function accountStatus(
  row: Pick<AccountRow, 'status' | 'stale' | 'dataEnd' | 'services'>,
  locale?: string,
): StatusInfo {
  const { services: counts } = row;
  const unchecked = counts.noData + counts.notEnoughHistory;
  switch (row.status) {
    case 'attention': {
      const open = counts.attention - counts.snoozed;
      const snoozed = counts.snoozed > 0 ? ` (${counts.snoozed} more snoozed)` : '';
      return {
        label: 'Needs attention',
        detail: `${plural(open, 'service needs', 'services need')} attention${snoozed}.`,
        tone: 'danger',
        symbol: '!',
      };
    }
    case 'no-data':
      if (counts.total === 0)
        return {
          label: 'No services',
          detail: 'No service is listed for this account: add its services to check them.',
          tone: 'warning',
          symbol: '?',
        };
      if (row.stale && row.dataEnd !== null) {
        return {
          label: 'Stale',
          detail: `The saved data ends at ${timeOfDay(row.dataEnd, locale)}, more than two settled hours ago: refresh to check.`,
          tone: 'warning',
          symbol: '?',
        };
      }
      return {
        label: 'No data',
        detail: 'Nothing is saved for the compared hours yet: refresh to check.',
        tone: 'warning',
        symbol: '?',
      };
    case 'incomplete':
      if (counts.noData === 0) {
        return {
          label: 'Not enough history',
          detail: `${plural(counts.notEnoughHistory, 'service has', 'services have')} fewer than ${MIN_REFERENCE_DAYS} previous days saved: not checked yet.`,
          tone: 'warning',
          symbol: '?',
        };
      }
      return {
        label: 'Incomplete',
        detail: `${plural(unchecked, 'service')} of ${counts.total} could not be checked (${counts.noData} without data${counts.notEnoughHistory > 0 ? `, ${counts.notEnoughHistory} without enough history` : ''}).`,
        tone: 'warning',
        symbol: '?',
      };
    case 'snoozed':
      return {
        label: 'Snoozed',
        detail: `${plural(counts.snoozed, 'service needs', 'services need')} attention, snoozed; the others are ok.`,
        tone: 'neutral',
        symbol: 'z',
      };
    case 'ok':
      return {
        label: 'OK',
        detail: `All ${plural(counts.total, 'service')} checked; none departs from what is usual.`,
        tone: 'success',
        symbol: '✓',
      };
  }
}

export function serviceStatus(
  row: Pick<ServiceRow, 'status' | 'snoozedUntil' | 'attention'>,
  locale?: string,
): StatusInfo {
  switch (row.status) {
    case 'attention':
      if (row.snoozedUntil !== null)
        return {
          label: 'Needs attention · snoozed',
          detail: `Alerts held back until ${formatDateTime(row.snoozedUntil, { seconds: false, ...(locale ? { locale } : {}) })}.`,
          tone: 'neutral',
          symbol: 'z',
        };
      return {
        label: 'Needs attention',
        detail: 'Its traffic departs from what is usual at these hours.',
        tone: 'danger',
        symbol: '!',
      };
    case 'no-data':
      return {
        label: 'No data',
        detail: row.attention.reason ?? 'The compared hours are not saved.',
        tone: 'warning',
        symbol: '?',
      };
    case 'not-enough-history':
      return {
        label: 'Not enough history',
        detail:
          row.attention.reason ??
          `${row.attention.referenceDays} of the ${MIN_REFERENCE_DAYS} previous days needed are saved.`,
        tone: 'warning',
        symbol: '?',
      };
    case 'ok':
      return { label: 'OK', detail: 'Checked; nothing departs from what is usual.', tone: 'success', symbol: '✓' };
  }
}

/**
 * How old the data is: "data from 8 min ago", "stale", "no data". `generatedAt` is the core's
 * clock when the rows were read, so the age is right whatever the screen's own clock says.
 */
export function dataAge(
  row: Pick<AccountRow, 'dataEnd' | 'refreshedAt' | 'dataAgeMs' | 'stale'>,
  generatedAt: number,
): { text: string; title: string } {
  if (row.dataEnd === null) {
    return {
      text: 'no data',
      title:
        row.refreshedAt === null
          ? 'Never refreshed.'
          : `Refreshed ${formatAge(row.refreshedAt, generatedAt)}, but nothing is saved.`,
    };
  }
  const refreshed =
    row.refreshedAt === null ? '' : ` Refreshed ${formatDateTime(row.refreshedAt, { seconds: false })}.`;
  const title = `The data runs to ${formatDateTime(row.dataEnd, { seconds: false })}.${refreshed}`;
  if (row.stale) return { text: 'stale', title: `${title} That is more than two settled hours behind.` };
  if (row.dataAgeMs === null) return { text: 'data saved', title };
  const age = formatAge(generatedAt - row.dataAgeMs, generatedAt);
  return { text: age === 'just now' ? 'data just refreshed' : `data from ${age}`, title };
}

/** A figure as the row shows it, and in full for its title. */
export function figureText(
  metric: SparkMetric,
  value: number | null,
  requests: number | null = null,
): { short: string; full: string } {
  if (value === null)
    return { short: '—', full: metric === 'offload' && requests === 0 ? 'no requests, so no offload' : 'no data' };
  switch (metric) {
    case 'requests':
      return { short: formatCountShort(value, { digits: 1 }), full: `${formatCount(value)} requests` };
    case 'bandwidth':
      return {
        short: formatBitsPerSecond(value, { digits: 1 }),
        full: `${formatBitsPerSecond(value, { digits: 3 })} on average`,
      };
    case 'offload':
      return {
        short: `${(value * 100).toFixed(1)} %`,
        full: `${(value * 100).toFixed(2)} % of requests answered without the origin`,
      };
  }
}

const signed = (n: number, digits: number): string => {
  const text = Math.abs(n).toFixed(digits);
  return `${n < 0 && Number(text) !== 0 ? MINUS : Number(text) === 0 ? '±' : '+'}${text}`;
};

/** "24 h vs week earlier −12 %" (offload: in points); says so when there is nothing to compare with. */
export function weekChange(metric: SparkMetric, traffic: Pick<TrafficFigures, SparkMetric>): string {
  const { value, weekEarlier } = traffic[metric];
  // Offload is a share of requests: without requests there is none (not "no data").
  if (metric === 'offload' && value === null && traffic.requests.value === 0) return 'no requests';
  if (value === null) return 'no data';
  if (weekEarlier === null)
    return metric === 'offload' && traffic.requests.weekEarlier === 0
      ? 'no requests a week earlier'
      : 'no data a week earlier';
  if (metric === 'offload') return `24${NBSP}h vs week earlier ${signed((value - weekEarlier) * 100, 1)}${NBSP}points`;
  if (weekEarlier === 0) return value === 0 ? `24${NBSP}h vs week earlier ±0${NBSP}%` : 'none a week earlier';
  return `24${NBSP}h vs week earlier ${signed((value / weekEarlier - 1) * 100, 0)}${NBSP}%`;
}

/** What departed, strongest first: "requests −62 % vs usual (z −8.1)". */
export function departures(row: Pick<ServiceRow, 'attention'>): string[] {
  return row.attention.metrics
    .filter((m) => m.flagged)
    .sort((a, b) => Math.abs(b.z ?? 0) - Math.abs(a.z ?? 0))
    .map((m) => departureText(m));
}

/**
 * The changes applied to a service from the start of the day shown, in words. For a service
 * needing attention the last change before the departing hours' end reads "after ‘Set CORS
 * headers’ at 09:12": a drop right after a change shows as such.
 */
export function changeNote(
  markers: readonly ChangeMarker[],
  row: Pick<ServiceRow, 'status' | 'attention'>,
  locale?: string,
): string | null {
  if (markers.length === 0) return null;
  const sorted = [...markers].sort((a, b) => a.at - b.at);
  const more = (n: number): string => (n > 0 ? ` (and ${plural(n, 'other change')})` : '');
  if (row.status === 'attention') {
    const before = sorted.filter((m) => m.at < row.attention.window.to);
    const last = before.at(-1);
    if (last) return `after ‘${last.summary}’ at ${timeOfDay(last.at, locale)}${more(sorted.length - 1)}`;
  }
  const last = sorted.at(-1) as ChangeMarker;
  return `changed: ‘${last.summary}’ at ${timeOfDay(last.at, locale)}${more(sorted.length - 1)}`;
}

/** "1 h", "8 h", "24 h", "7 days": the snooze choices. */
export const snoozeChoices = [
  { hours: 1, label: '1 hour' },
  { hours: 8, label: '8 hours' },
  { hours: 24, label: '24 hours' },
  { hours: 168, label: '7 days' },
] as const;
