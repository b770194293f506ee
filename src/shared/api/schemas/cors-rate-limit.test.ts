import { describe, expect, it } from 'vitest';
import { onlyIssue } from '../test-support/issues.ts';
import { corsHeadersSchema } from './cors.ts';
import { rateLimitSchema } from './rate-limit.ts';

describe('corsHeadersSchema (operation 13)', () => {
  it('accepts an empty object (clears all CORS headers)', () => {
    expect(corsHeadersSchema.parse({})).toEqual({});
  });

  it('accepts every field and sends lists without spaces', () => {
    expect(
      corsHeadersSchema.parse({
        accessControlAllowOrigin: '*',
        accessControlExposeHeaders: 'X-Request-Id, Content-Length',
        accessControlMaxAge: 600,
        accessControlAllowCredentials: true,
        accessControlAllowMethods: 'GET, POST, OPTIONS',
        accessControlAllowHeaders: 'Content-Type',
      }),
    ).toEqual({
      accessControlAllowOrigin: '*',
      accessControlExposeHeaders: 'X-Request-Id,Content-Length',
      accessControlMaxAge: 600,
      accessControlAllowCredentials: true,
      accessControlAllowMethods: 'GET,POST,OPTIONS',
      accessControlAllowHeaders: 'Content-Type',
    });
  });

  it('accepts max age -1 (default) and 0 (no cache)', () => {
    expect(corsHeadersSchema.safeParse({ accessControlMaxAge: -1 }).success).toBe(true);
    expect(corsHeadersSchema.safeParse({ accessControlMaxAge: 0 }).success).toBe(true);
  });

  it.each([
    [{ accessControlAllowOrigin: null }, 'accessControlAllowOrigin', 'leave it unset instead of null', undefined],
    [{ accessControlAllowOrigin: 'www.example.com' }, 'accessControlAllowOrigin', 'Allowed origin must be * or scheme://domain', 'InvalidOrigin.UrlFormat'],
    [{ accessControlAllowMethods: 'GET,FETCH' }, 'accessControlAllowMethods', 'Allowed methods must be one or more of GET, POST', 'InvalidPolicy.CorsHeaderForMethod'],
    [{ accessControlAllowMethods: 'get' }, 'accessControlAllowMethods', 'Allowed methods must be one or more of', 'InvalidPolicy.CorsHeaderForMethod'],
    [{ accessControlAllowCredentials: false }, 'accessControlAllowCredentials', 'Allow credentials can only be true', undefined],
    [{ accessControlAllowCredentials: 'true' }, 'accessControlAllowCredentials', 'Allow credentials can only be true', undefined],
    [{ accessControlAllowHeaders: '' }, 'accessControlAllowHeaders', 'Allowed headers cannot be empty', 'InvalidPolicy.CorsHeaderForHeader'],
    [{ accessControlAllowHeaders: 'A,,B' }, 'accessControlAllowHeaders', 'Allowed headers must be comma-separated header names', 'InvalidPolicy.CorsHeaderForHeader'],
    [{ accessControlExposeHeaders: ' ' }, 'accessControlExposeHeaders', 'Exposed headers cannot be empty', 'InvalidPolicy.CorsHeaderForExposeHeader'],
    [{ accessControlMaxAge: -2 }, 'accessControlMaxAge', 'Max age must be 0 or more seconds (0 = no caching), or -1 for the default.', undefined],
    [{ accessControlMaxAge: 1.5 }, 'accessControlMaxAge', 'Max age must be a whole number of seconds.', undefined],
  ])('rejects %j', (body, path, message, apiCode) => {
    const issue = onlyIssue(corsHeadersSchema, body);
    expect(issue.path).toBe(path);
    expect(issue.message).toContain(message);
    expect(issue.apiCode).toBe(apiCode);
  });
});

describe('rateLimitSchema (operation 14)', () => {
  it('accepts positive integers and leaves omitted flags omitted (update keeps them)', () => {
    expect(rateLimitSchema.parse({ timeWindow: 60, requestLimit: 100 })).toEqual({ timeWindow: 60, requestLimit: 100 });
    expect(rateLimitSchema.parse({ timeWindow: 1, requestLimit: 1, ignoreUrlPath: true, ignoreQueryString: false })).toEqual({
      timeWindow: 1,
      requestLimit: 1,
      ignoreUrlPath: true,
      ignoreQueryString: false,
    });
  });

  it.each([
    [{ requestLimit: 1 }, 'timeWindow', 'Time window (seconds) is required.'],
    [{ timeWindow: 0, requestLimit: 1 }, 'timeWindow', 'Time window (seconds) must be a whole number greater than 0.'],
    [{ timeWindow: '60', requestLimit: 1 }, 'timeWindow', 'Time window (seconds) must be a number.'],
    [{ timeWindow: 60, requestLimit: -5 }, 'requestLimit', 'Request limit must be a whole number greater than 0.'],
    [{ timeWindow: 60, requestLimit: 0.5 }, 'requestLimit', 'Request limit must be a whole number greater than 0.'],
    [{ timeWindow: 60, requestLimit: 5, ignoreUrlPath: 1 }, 'ignoreUrlPath', 'Same limit for all URLs must be true or false.'],
  ])('rejects %j', (body, path, message) => {
    expect(onlyIssue(rateLimitSchema, body)).toEqual({ path, message });
  });
});
