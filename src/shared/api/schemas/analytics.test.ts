import { describe, expect, it } from 'vitest';
import { issuesOf, onlyIssue } from '../test-support/issues.ts';
import {
  analyticsRequestNumberRequestSchema as shortSchema,
  analyticsSeriesRequestSchema as seriesSchema,
  originRequestNumberResponseSchema,
  volumeResponseSchema,
} from './analytics.ts';

const names = ['www.example.com'];
const minute = { serviceNames: names, startTime: '2024-05-01T00:00:00Z', endTime: '2024-05-02T00:00:00Z' };

describe('analyticsSeriesRequestSchema (operations 16, 17)', () => {
  it('defaults interval to minute and accepts exactly 24 hours', () => {
    expect(seriesSchema.parse(minute)).toEqual({ ...minute, interval: 'minute' });
  });

  it('accepts 90 days with interval day', () => {
    expect(
      seriesSchema.safeParse({
        serviceNames: names,
        startTime: '2024-01-01T00:00:00Z',
        endTime: '2024-03-31T00:00:00Z',
        interval: 'day',
      }).success,
    ).toBe(true);
  });

  it('accepts 50 service names and wildcard service names', () => {
    const fifty = Array.from({ length: 50 }, (_, i) => `s${i}.example.com`);
    expect(seriesSchema.safeParse({ ...minute, serviceNames: [...fifty.slice(1), '*.example.com'] }).success).toBe(
      true,
    );
  });

  it.each([
    [{ ...minute, serviceNames: undefined }, 'serviceNames', 'Services: add at least one service.', undefined],
    [{ ...minute, serviceNames: [] }, 'serviceNames', 'Services is empty: add at least one service.', undefined],
    [
      { ...minute, serviceNames: ['not a name'] },
      'serviceNames.0',
      'Service name must be the domain name of a service',
      'ServiceNames.Invalid',
    ],
    [
      { ...minute, serviceNames: Array.from({ length: 51 }, (_, i) => `s${i}.example.com`) },
      'serviceNames',
      'Services: choose at most 50.',
      undefined,
    ],
    [{ ...minute, startTime: undefined }, 'startTime', 'Start time is required.', undefined],
    [
      { ...minute, startTime: '2024-05-01 00:00:00' },
      'startTime',
      'Start time must be a UTC time in the form yyyy-MM-ddTHH:mm:ssZ',
      'TimeFormat.Invalid',
    ],
    [
      { ...minute, endTime: '2024-05-01T00:00:00.000Z' },
      'endTime',
      'End time must be a UTC time',
      'TimeFormat.Invalid',
    ],
    [{ ...minute, interval: 'hour' }, 'interval', 'Interval must be minute or day.', undefined],
    [
      { ...minute, endTime: '2024-05-01T00:00:00Z' },
      'endTime',
      'End time must be later than the start time.',
      'TimeRange.EndBeforeStart',
    ],
    [
      { ...minute, endTime: '2024-04-30T00:00:00Z' },
      'endTime',
      'End time must be later than the start time.',
      'TimeRange.EndBeforeStart',
    ],
    [
      { ...minute, endTime: '2024-05-02T00:00:01Z' },
      'endTime',
      'Time range must be at most 24 hours for 5-minute data',
      'TimeRange.Exceeded',
    ],
    [
      { ...minute, endTime: '2024-07-31T00:00:00Z', interval: 'day' },
      'endTime',
      'Time range must be at most 90 days for daily data',
      'TimeRange.Exceeded',
    ],
    [
      { ...minute, startTime: '2024-05-01T00:05:00Z', interval: 'day' },
      'startTime',
      'Start time must be midnight UTC (yyyy-MM-ddT00:00:00Z) when the interval is day.',
      'TimeFormat.Invalid',
    ],
    [
      { ...minute, endTime: '2024-05-02T12:00:00Z', interval: 'day' },
      'endTime',
      'End time must be midnight UTC',
      'TimeFormat.Invalid',
    ],
  ])('rejects %j at %s', (body, path, message, apiCode) => {
    const issue = onlyIssue(seriesSchema, body);
    expect(issue.path).toBe(path);
    expect(issue.message).toContain(message);
    expect(issue.apiCode).toBe(apiCode);
  });
});

describe('analyticsRequestNumberRequestSchema (operations 18, 19)', () => {
  it('has no interval: it is dropped, and the range is at most 24 hours', () => {
    expect(shortSchema.parse({ ...minute, interval: 'day' })).toEqual(minute);
    expect(onlyIssue(shortSchema, { ...minute, endTime: '2024-05-03T00:00:00Z', interval: 'day' })).toMatchObject({
      path: 'endTime',
      apiCode: 'TimeRange.Exceeded',
    });
  });
  it('accepts times that are not midnight', () => {
    expect(
      issuesOf(shortSchema, { ...minute, startTime: '2024-05-01T10:05:00Z', endTime: '2024-05-01T12:00:00Z' }),
    ).toEqual([]);
  });
});

describe('analytics responses', () => {
  it('parse series and an empty list for a service without data', () => {
    expect(
      volumeResponseSchema.parse([
        { serviceName: 'a.example.com', volumes: [{ timestamp: '2024-05-01T00:00:00Z', value: 10 }] },
        { serviceName: 'b.example.com', volumes: [] },
      ]),
    ).toHaveLength(2);
    expect(
      originRequestNumberResponseSchema.safeParse([
        { serviceName: 'a', originReqNumbers: [{ timestamp: 't', value: 0.5 }] },
      ]).success,
    ).toBe(true);
    expect(originRequestNumberResponseSchema.safeParse([{ serviceName: 'a', reqNumbers: [] }]).success).toBe(false);
  });
});
