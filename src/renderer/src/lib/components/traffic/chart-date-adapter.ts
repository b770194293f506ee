// Chart.js's date adapter for the time axis, on date-fns: steps and rounding come from date-fns
// (local time, daylight saving included), as in chartjs-adapter-date-fns (MIT), whose add, diff,
// startOf and endOf this keeps. What it leaves out is text: the charts pass timestamps (never
// strings to parse) and format every tick and tooltip themselves (time-format.ts), so date-fns's
// parser and formatter with its locale data, a tenth of the chart code gzipped, stay out of the app.
import { _adapters, type TimeUnit } from 'chart.js';
import {
  addDays,
  addHours,
  addMilliseconds,
  addMinutes,
  addMonths,
  addQuarters,
  addSeconds,
  addWeeks,
  addYears,
  differenceInDays,
  differenceInHours,
  differenceInMilliseconds,
  differenceInMinutes,
  differenceInMonths,
  differenceInQuarters,
  differenceInSeconds,
  differenceInWeeks,
  differenceInYears,
  endOfDay,
  endOfHour,
  endOfMinute,
  endOfMonth,
  endOfQuarter,
  endOfSecond,
  endOfWeek,
  endOfYear,
  startOfDay,
  startOfHour,
  startOfMinute,
  startOfMonth,
  startOfQuarter,
  startOfSecond,
  startOfWeek,
  startOfYear,
} from 'date-fns';

// Chart.js asks for these keys; the values only name formats (format() below reads none).
const FORMATS: Record<TimeUnit | 'datetime', string> = {
  datetime: 'datetime',
  millisecond: 'millisecond',
  second: 'second',
  minute: 'minute',
  hour: 'hour',
  day: 'day',
  week: 'week',
  month: 'month',
  quarter: 'quarter',
  year: 'year',
};

/** date-fns answers Dates; Chart.js works in timestamps. */
const time = (value: number | Date): number => (typeof value === 'number' ? value : value.getTime());

/** A timestamp (ms) from what a chart may pass for a time: a number, a Date, an ISO date string. */
export function parseChartTime(value: unknown): number | null {
  let ms: number;
  if (typeof value === 'number') ms = value;
  else if (value instanceof Date) ms = value.getTime();
  else if (typeof value === 'string') ms = Date.parse(value);
  else return null;
  return Number.isFinite(ms) ? ms : null;
}

_adapters._date.override({
  formats: () => FORMATS,
  parse: (value: unknown) => parseChartTime(value),
  // Only Chart.js's own default labels use this (tooltip items carry one the charts never show).
  format: (value: number) => new Date(value).toISOString(),
  add(value: number, amount: number, unit: TimeUnit) {
    switch (unit) {
      case 'millisecond':
        return time(addMilliseconds(value, amount));
      case 'second':
        return time(addSeconds(value, amount));
      case 'minute':
        return time(addMinutes(value, amount));
      case 'hour':
        return time(addHours(value, amount));
      case 'day':
        return time(addDays(value, amount));
      case 'week':
        return time(addWeeks(value, amount));
      case 'month':
        return time(addMonths(value, amount));
      case 'quarter':
        return time(addQuarters(value, amount));
      case 'year':
        return time(addYears(value, amount));
      default:
        return time(value);
    }
  },
  diff(max: number, min: number, unit: TimeUnit) {
    switch (unit) {
      case 'millisecond':
        return differenceInMilliseconds(max, min);
      case 'second':
        return differenceInSeconds(max, min);
      case 'minute':
        return differenceInMinutes(max, min);
      case 'hour':
        return differenceInHours(max, min);
      case 'day':
        return differenceInDays(max, min);
      case 'week':
        return differenceInWeeks(max, min);
      case 'month':
        return differenceInMonths(max, min);
      case 'quarter':
        return differenceInQuarters(max, min);
      case 'year':
        return differenceInYears(max, min);
      default:
        return 0;
    }
  },
  startOf(value: number, unit: TimeUnit | 'isoWeek', weekday?: number | boolean) {
    switch (unit) {
      case 'second':
        return time(startOfSecond(value));
      case 'minute':
        return time(startOfMinute(value));
      case 'hour':
        return time(startOfHour(value));
      case 'day':
        return time(startOfDay(value));
      case 'week':
        return time(startOfWeek(value));
      case 'isoWeek':
        return time(startOfWeek(value, { weekStartsOn: Number(weekday) as 0 | 1 | 2 | 3 | 4 | 5 | 6 }));
      case 'month':
        return time(startOfMonth(value));
      case 'quarter':
        return time(startOfQuarter(value));
      case 'year':
        return time(startOfYear(value));
      default:
        return time(value);
    }
  },
  endOf(value: number, unit: TimeUnit | 'isoWeek') {
    switch (unit) {
      case 'second':
        return time(endOfSecond(value));
      case 'minute':
        return time(endOfMinute(value));
      case 'hour':
        return time(endOfHour(value));
      case 'day':
        return time(endOfDay(value));
      case 'week':
        return time(endOfWeek(value));
      case 'month':
        return time(endOfMonth(value));
      case 'quarter':
        return time(endOfQuarter(value));
      case 'year':
        return time(endOfYear(value));
      default:
        return time(value);
    }
  },
});
