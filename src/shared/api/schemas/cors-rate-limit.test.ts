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
    [
      { accessControlAllowOrigin: null },
      'accessControlAllowOrigin',
      'cannot be null; leave it unset instead',
      undefined,
    ],
    [
      { accessControlAllowOrigin: 'www.example.com' },
      'accessControlAllowOrigin',
      'Allowed origin needs its scheme: write https://www.example.com',
      'InvalidOrigin.UrlFormat',
    ],
    [
      { accessControlAllowMethods: 'GET,FETCH' },
      'accessControlAllowMethods',
      'Allowed methods must be one or more of GET, POST',
      'InvalidPolicy.CorsHeaderForMethod',
    ],
    [
      { accessControlAllowMethods: 'get' },
      'accessControlAllowMethods',
      'Allowed methods must be one or more of',
      'InvalidPolicy.CorsHeaderForMethod',
    ],
    [
      { accessControlAllowCredentials: false },
      'accessControlAllowCredentials',
      'Allow credentials can only be true',
      undefined,
    ],
    [
      { accessControlAllowCredentials: 'true' },
      'accessControlAllowCredentials',
      'Allow credentials can only be true',
      undefined,
    ],
    [
      { accessControlAllowHeaders: '' },
      'accessControlAllowHeaders',
      'Allowed headers cannot be empty',
      'InvalidPolicy.CorsHeaderForHeader',
    ],
    [
      { accessControlAllowHeaders: 'A,,B' },
      'accessControlAllowHeaders',
      'Allowed headers must be comma-separated header names',
      'InvalidPolicy.CorsHeaderForHeader',
    ],
    [
      { accessControlExposeHeaders: ' ' },
      'accessControlExposeHeaders',
      'Exposed headers cannot be empty',
      'InvalidPolicy.CorsHeaderForExposeHeader',
    ],
    [
      { accessControlMaxAge: -2 },
      'accessControlMaxAge',
      'Max age must be 0 or more seconds (0 = no caching), or -1 for the default.',
      undefined,
    ],
    [{ accessControlMaxAge: 1.5 }, 'accessControlMaxAge', 'Max age must be a whole number of seconds.', undefined],
  ])('rejects %j', (body, path, message, apiCode) => {
    const issue = onlyIssue(corsHeadersSchema, body);
    expect(issue.path).toBe(path);
    expect(issue.message).toContain(message);
    expect(issue.apiCode).toBe(apiCode);
  });
});

describe('accessControlAllowOrigin: one message per mistake (docs/api-decisions.md)', () => {
  it.each(['*', 'https://www.example.com', 'http://app.example.com:8080', 'https://a.b.example.co.uk'])(
    'accepts %s',
    (origin) => {
      expect(corsHeadersSchema.safeParse({ accessControlAllowOrigin: origin }).success).toBe(true);
    },
  );

  it.each([
    ['ftp://files.example.com', 'must start with http:// or https://', '“ftp://” is not allowed'],
    ['HTTPS://www.example.com', 'scheme must be written in lower case', 'https://'],
    ['https://www.example.com/', 'remove the trailing slash', '(https://www.example.com)'],
    ['https://www.example.com/api/v1', 'remove “/api/v1”', 'no path'],
    ['https://www.example.com?x=1', 'remove “?x=1”', 'no path, query or fragment'],
    ['https://a.example.com, https://b.example.com', 'takes one origin only', 'single value'],
    ['https://a.example.com https://b.example.com', 'takes one origin only', 'single value'],
    ['https://*.example.com', 'cannot be a wildcard subdomain (*.example.com)', 'https://www.example.com'],
    ['www.example.com', 'needs its scheme', 'https://www.example.com'],
    ['https://localhost', 'domain “localhost” is not a fully qualified domain name', 'www.example.com'],
    ['https://www.example.com:70000', 'port 70000 is out of range', '1–65535'],
    ['https://www.example.com:80a', 'malformed port', ':8443'],
    ['https://', 'needs a domain after https://', 'www.example.com'],
    ['', 'cannot be empty', 'leave it unset'],
    [' https://www.example.com', 'cannot start or end with spaces', ''],
  ])('rejects %j with its own message', (origin, first, second) => {
    const issue = onlyIssue(corsHeadersSchema, { accessControlAllowOrigin: origin });
    expect(issue.path).toBe('accessControlAllowOrigin');
    expect(issue.message).toContain(first);
    expect(issue.message).toContain(second);
    expect(issue.apiCode).toBe('InvalidOrigin.UrlFormat');
  });

  it('never falls back to the old catch-all sentence', () => {
    for (const origin of ['ftp://x', 'https://x.example.com/', 'https://*.x.example.com', 'a,b']) {
      expect(onlyIssue(corsHeadersSchema, { accessControlAllowOrigin: origin }).message).not.toContain(
        'must be * or scheme://domain',
      );
    }
  });
});

describe('rateLimitSchema (operation 14)', () => {
  it('accepts positive integers and leaves omitted flags omitted (update keeps them)', () => {
    expect(rateLimitSchema.parse({ timeWindow: 60, requestLimit: 100 })).toEqual({ timeWindow: 60, requestLimit: 100 });
    expect(
      rateLimitSchema.parse({ timeWindow: 1, requestLimit: 1, ignoreUrlPath: true, ignoreQueryString: false }),
    ).toEqual({
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
    [
      { timeWindow: 60, requestLimit: 5, ignoreUrlPath: 1 },
      'ignoreUrlPath',
      'Same limit for all URLs must be true or false.',
    ],
  ])('rejects %j', (body, path, message) => {
    expect(onlyIssue(rateLimitSchema, body)).toEqual({ path, message });
  });
});
