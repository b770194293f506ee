import { z } from 'zod';
import { isApiDayTimestamp, isDomainName, parseApiTimestamp } from '../formats.ts';
import { apiCode, nonEmptyArray, oneOf, requiredText } from './common.ts';
import { DAY_MS } from '../../time.ts';

// The spec's Limits table (operations 16-19); the dashboard's range maths reads them from here.
export const MAX_SERVICE_NAMES = 50;
export const MINUTE_RANGE_MAX_MS = DAY_MS;
export const DAY_RANGE_MAX_MS = 90 * DAY_MS;
const analyticsIntervals = ['minute', 'day'] as const;
type AnalyticsInterval = (typeof analyticsIntervals)[number];

const serviceNamesSchema = nonEmptyArray(
  'Services',
  requiredText('Service name').refine((v) => isDomainName(v, { wildcard: true }), {
    message: 'Service name must be the domain name of a service, such as www.example.com.',
    ...apiCode('ServiceNames.Invalid'),
  }),
  'at least one service',
)
  .max(MAX_SERVICE_NAMES, {
    // Built-in checks cannot carry params; validate.ts maps too_big here to ServiceNames.NumberInvalid.
    error: `Services: choose at most ${MAX_SERVICE_NAMES}.`,
  })
  .describe(`Domain names of the services, at most ${MAX_SERVICE_NAMES}.`);

function timestamp(label: string) {
  return requiredText(label)
    .refine((v) => parseApiTimestamp(v) !== null, {
      message: `${label} must be a UTC time in the form yyyy-MM-ddTHH:mm:ssZ, for example 2024-05-01T13:05:00Z.`,
      ...apiCode('TimeFormat.Invalid'),
    })
    .describe('UTC time yyyy-MM-ddTHH:mm:ssZ; with interval day: yyyy-MM-ddT00:00:00Z.');
}

interface RangeInput {
  startTime: string;
  endTime: string;
  interval?: AnalyticsInterval;
}

/** Cross-field rules: day form for interval day, end after start, range limits. */
function checkRange(v: RangeInput, ctx: z.RefinementCtx): void {
  const interval = v.interval ?? 'minute';
  if (interval === 'day') {
    for (const key of ['startTime', 'endTime'] as const) {
      if (!isApiDayTimestamp(v[key])) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `${key === 'startTime' ? 'Start time' : 'End time'} must be midnight UTC (yyyy-MM-ddT00:00:00Z) when the interval is day.`,
          ...apiCode('TimeFormat.Invalid'),
        });
        return;
      }
    }
  }
  const start = parseApiTimestamp(v.startTime);
  const end = parseApiTimestamp(v.endTime);
  if (!start || !end) return;
  if (end.getTime() <= start.getTime()) {
    ctx.addIssue({
      code: 'custom',
      path: ['endTime'],
      message: 'End time must be later than the start time.',
      ...apiCode('TimeRange.EndBeforeStart'),
    });
    return;
  }
  const max = interval === 'day' ? DAY_RANGE_MAX_MS : MINUTE_RANGE_MAX_MS;
  if (end.getTime() - start.getTime() > max) {
    ctx.addIssue({
      code: 'custom',
      path: ['endTime'],
      message:
        interval === 'day'
          ? 'Time range must be at most 90 days for daily data; choose a later start or an earlier end time.'
          : 'Time range must be at most 24 hours for 5-minute data; choose a shorter range or the day interval.',
      ...apiCode('TimeRange.Exceeded'),
    });
  }
}

/**
 * Body of operations 16 and 17. interval defaults to minute on the server, hence .default().
 */
export const analyticsSeriesRequestSchema = z
  .object({
    serviceNames: serviceNamesSchema,
    startTime: timestamp('Start time'),
    endTime: timestamp('End time'),
    interval: oneOf('Interval', analyticsIntervals)
      .default('minute')
      .describe(
        'minute: one point per 5 minutes, range at most 24 hours; day: one point per day, range at most 90 days.',
      ),
  })
  .superRefine(checkRange);

/** Body of operations 18 and 19: no interval, points every 5 minutes, range at most 24 hours. */
export const analyticsRequestNumberRequestSchema = z
  .object({
    serviceNames: serviceNamesSchema,
    startTime: timestamp('Start time'),
    endTime: timestamp('End time'),
  })
  .superRefine(checkRange);

const dataPoint = z.looseObject({ timestamp: z.string(), value: z.number() });

const serviceVolumeSchema = z.looseObject({ serviceName: z.string(), volumes: z.array(dataPoint) });
const serviceBandwidthSchema = z.looseObject({ serviceName: z.string(), bandwidths: z.array(dataPoint) });
const serviceRequestNumberSchema = z.looseObject({ serviceName: z.string(), reqNumbers: z.array(dataPoint) });
const serviceOriginRequestNumberSchema = z.looseObject({
  serviceName: z.string(),
  originReqNumbers: z.array(dataPoint),
});

export const volumeResponseSchema = z.array(serviceVolumeSchema);
export const bandwidthResponseSchema = z.array(serviceBandwidthSchema);
export const requestNumberResponseSchema = z.array(serviceRequestNumberSchema);
export const originRequestNumberResponseSchema = z.array(serviceOriginRequestNumberSchema);
