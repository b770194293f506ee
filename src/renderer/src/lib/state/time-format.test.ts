import { describe, expect, it } from 'vitest';
import {
  formatInstant,
  formatShort,
  formatTick,
  fromDateTimeLocal,
  niceTimeTicks,
  toDateTimeLocal,
} from './time-format.ts';

const t = Date.UTC(2026, 10, 23, 14, 5);

describe('time formatting', () => {
  it('names the zone in exact timestamps', () => {
    expect(formatInstant(t, 'utc')).toMatch(/\b(14|2):05:00\b/);
    expect(formatInstant(t, 'utc')).toMatch(/UTC/);
  });
  it('labels ticks with the time, and with the date at midnight or day steps', () => {
    expect(formatTick(t, 3_600_000, 'utc')).toMatch(/\b(14|2):05\b/);
    expect(formatTick(Date.UTC(2026, 10, 23), 3_600_000, 'utc')).toMatch(/23/);
    expect(formatTick(t, 86_400_000, 'utc')).not.toMatch(/14:05/);
  });
  it('uses the same clock on the axis as on the cards (12-hour where the locale is, else 24-hour)', () => {
    expect(formatTick(t, 3_600_000, 'utc', 'en-US')).toBe('2:05 PM');
    expect(formatShort(t, 'utc', 'en-US')).toMatch(/2:05 PM$/);
    expect(formatTick(t, 3_600_000, 'utc', 'en-GB')).toBe('14:05');
    expect(formatShort(t, 'utc', 'en-GB')).toMatch(/14:05$/);
  });
  it('picks round tick steps for the range', () => {
    expect(niceTimeTicks(3_600_000)).toMatchObject({ unit: 'minute', stepSize: 10 });
    expect(niceTimeTicks(86_400_000)).toMatchObject({ unit: 'hour', stepSize: 3 });
    expect(niceTimeTicks(7 * 86_400_000)).toMatchObject({ unit: 'day', stepSize: 1 });
    expect(niceTimeTicks(90 * 86_400_000)).toMatchObject({ unit: 'week', stepSize: 2 });
    expect(niceTimeTicks(400 * 86_400_000)).toMatchObject({ unit: 'month', stepSize: 1 });
  });
  it('round-trips datetime-local values in UTC', () => {
    expect(toDateTimeLocal(t, 'utc')).toBe('2026-11-23T14:05');
    expect(fromDateTimeLocal('2026-11-23T14:05', 'utc')).toBe(t);
    expect(fromDateTimeLocal('', 'utc')).toBeNaN();
  });
});
