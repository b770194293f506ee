// The analytics vocabulary shared by the fetcher, the cache, the IPC channels, the bundle
// format and the dashboard: metrics, intervals, series and the limits the spec sets.
import { z } from 'zod';
import { DAY_RANGE_MAX_MS, MAX_SERVICE_NAMES, MINUTE_RANGE_MAX_MS } from '../api/schemas/analytics.ts';

export const metricIds = ['volume', 'bandwidth', 'requests', 'originRequests'] as const;
export type Metric = (typeof metricIds)[number];
export const metricSchema = z.enum(metricIds);

const intervalIds = ['minute', 'day'] as const;
export type Interval = (typeof intervalIds)[number];
export const intervalSchema = z.enum(intervalIds);

import { DAY_MS, FIVE_MINUTES_MS } from '../time.ts';

export { FIVE_MINUTES_MS, HOUR_MS, DAY_MS } from '../time.ts';

/** The spec's Limits table (operations 16-19), as the operation schemas declare it. */
export const analyticsLimits = {
  maxServiceNamesPerCall: MAX_SERVICE_NAMES,
  maxMinuteRangeMs: MINUTE_RANGE_MAX_MS,
  maxDayRangeMs: DAY_RANGE_MAX_MS,
  /** Operations 18 and 19 have no interval field: 5-minute points, at most 24 hours. */
  maxRequestRangeMs: MINUTE_RANGE_MAX_MS,
} as const;

export type AnalyticsOperationId = 'getVolume' | 'getBandwidth' | 'getRequestNumber' | 'getOriginRequestNumber';

export interface MetricInfo {
  readonly id: Metric;
  readonly label: string;
  readonly operationId: AnalyticsOperationId;
  /** Array field of the response record that holds the points. */
  readonly pointsField: 'volumes' | 'bandwidths' | 'reqNumbers' | 'originReqNumbers';
  /** Whether the operation accepts `interval: 'day'` (only 16 and 17 do). */
  readonly supportsDay: boolean;
  /** How points combine into a coarser bucket: amounts add up, rates average. */
  readonly aggregate: 'sum' | 'mean';
  readonly unit: 'bytes' | 'bps' | 'count';
  /** Column label suffix used by CSV. */
  readonly csvUnit: string;
}

export const metricInfo: Record<Metric, MetricInfo> = {
  volume: {
    id: 'volume',
    label: 'Data volume',
    operationId: 'getVolume',
    pointsField: 'volumes',
    supportsDay: true,
    aggregate: 'sum',
    unit: 'bytes',
    csvUnit: 'bytes',
  },
  bandwidth: {
    id: 'bandwidth',
    label: 'Bandwidth',
    operationId: 'getBandwidth',
    pointsField: 'bandwidths',
    supportsDay: true,
    aggregate: 'mean',
    unit: 'bps',
    csvUnit: 'bps',
  },
  requests: {
    id: 'requests',
    label: 'Requests',
    operationId: 'getRequestNumber',
    pointsField: 'reqNumbers',
    supportsDay: false,
    aggregate: 'sum',
    unit: 'count',
    csvUnit: 'requests',
  },
  originRequests: {
    id: 'originRequests',
    label: 'Origin requests',
    operationId: 'getOriginRequestNumber',
    pointsField: 'originReqNumbers',
    supportsDay: false,
    aggregate: 'sum',
    unit: 'count',
    csvUnit: 'requests',
  },
};

/** Epoch milliseconds (UTC) and the value the API reported for the interval starting then. */
export type Point = [t: number, v: number];

const pointSchema = z.tuple([z.number().int(), z.number().finite()]);

/** One service's points for one metric, sorted by time, at the API's granularity. */
export interface Series {
  serviceName: string;
  metric: Metric;
  interval: Interval;
  points: Point[];
  /**
   * The settled parts of the range the API answered for ([from, to) epoch ms, sorted), whether or
   * not it returned points: a timestamp there without a point had no traffic; one outside was not
   * fetched. Absent in results and bundles made before this was recorded.
   */
  fetched?: Array<[number, number]>;
}

export const seriesSchema = z.object({
  serviceName: z.string().min(1),
  metric: metricSchema,
  interval: intervalSchema,
  points: z.array(pointSchema),
  fetched: z.array(z.tuple([z.number(), z.number()])).optional(),
});

/** Half-open UTC range [from, to) in epoch milliseconds. */
export interface TimeRange {
  from: number;
  to: number;
}

/** Step of one API point. */
export function stepOf(interval: Interval): number {
  return interval === 'day' ? DAY_MS : FIVE_MINUTES_MS;
}
