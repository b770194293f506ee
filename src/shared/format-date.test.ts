import { describe, expect, it } from 'vitest';
import { formatAge, formatDateTime, withReadableTimes } from './format-date.ts';

const t = Date.UTC(2026, 10, 23, 14, 5, 9);

describe('formatDateTime', () => {
  it('follows the locale’s 12- or 24-hour clock', () => {
    expect(formatDateTime(t, { zone: 'utc', locale: 'en-US' })).toBe('Nov 23, 2026, 2:05:09 PM UTC');
    expect(formatDateTime(t, { zone: 'utc', locale: 'en-GB' })).toMatch(/^23 Nov 2026,? 14:05:09 UTC$/);
  });
  it('names the zone only in UTC, and can drop seconds or the date', () => {
    expect(formatDateTime(t, { locale: 'en-US' })).not.toMatch(/UTC|GMT/);
    expect(formatDateTime(t, { zone: 'utc', locale: 'en-US', seconds: false })).toBe('Nov 23, 2026, 2:05 PM UTC');
    expect(formatDateTime(t, { zone: 'utc', locale: 'en-US', timeOnly: true })).toBe('2:05:09 PM UTC');
    expect(formatDateTime(t, { zone: 'utc', locale: 'en-US', dateOnly: true })).toBe('Nov 23, 2026');
  });
  it('accepts ISO strings and Dates, and passes unreadable strings through', () => {
    expect(formatDateTime('2026-11-23T14:05:09Z', { zone: 'utc', locale: 'en-US' })).toBe(
      formatDateTime(new Date(t), { zone: 'utc', locale: 'en-US' }),
    );
    expect(formatDateTime('not a date')).toBe('not a date');
  });
});

describe('formatAge', () => {
  const now = t;
  it('says how long ago in minutes, hours or days, and the date from 30 days on', () => {
    expect(formatAge(now - 20_000, now)).toBe('just now');
    expect(formatAge(now + 5_000, now)).toBe('just now');
    expect(formatAge(now - 5 * 60_000, now)).toBe('5 min ago');
    expect(formatAge(new Date(now - 3 * 3_600_000 - 1), now)).toBe('3 h ago');
    expect(formatAge(now - 86_400_000, now)).toBe('1 day ago');
    expect(formatAge(now - 29 * 86_400_000, now)).toBe('29 days ago');
    expect(formatAge(now - 45 * 86_400_000, now, { locale: 'en-US' })).toBe(
      formatDateTime(now - 45 * 86_400_000, { dateOnly: true, locale: 'en-US' }),
    );
    expect(formatAge('2026-11-23T13:05:09Z', now)).toBe('1 h ago');
    expect(formatAge('not a date', now)).toBe('not a date');
  });
});

describe('zone names and times inside text', () => {
  it('names the zone of a local time when asked (the CLI), never for a date alone', () => {
    const local = formatDateTime(t, { locale: 'en-US', zoneName: true });
    expect(local).toMatch(/^Nov 23, 2026, \d{1,2}:05:09 [AP]M \S+/);
    expect(local).not.toBe(formatDateTime(t, { locale: 'en-US' }));
    expect(formatDateTime(t, { locale: 'en-US', zoneName: true, dateOnly: true })).toBe(
      formatDateTime(t, { locale: 'en-US', dateOnly: true }),
    );
  });
  it('writes every ISO instant in a text readably and leaves the rest alone', () => {
    const text = withReadableTimes(
      'Compared with what this app last applied (2026-11-23T14:05:09.692Z); applied again 2026-11-23T14:05:09Z.',
      { zone: 'utc', locale: 'en-US' },
    );
    expect(text).toBe(
      'Compared with what this app last applied (Nov 23, 2026, 2:05:09 PM UTC); applied again Nov 23, 2026, 2:05:09 PM UTC.',
    );
    expect(withReadableTimes('No time here (2026-11-23).')).toBe('No time here (2026-11-23).');
  });
});
