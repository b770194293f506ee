import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError, ResponseValidationError } from './errors.ts';
import { connectionErrorFrom, errorFromResponse, parseRetryAfter, parseSuccess } from './response-mapping.ts';

const answer = (status: number, text: string, headers: Record<string, string> = {}) => ({ status, text, headers });

describe('response mapping', () => {
  it('maps an API error body to ApiError with code, trace ID and Retry-After, secrets cut out', () => {
    const error = errorFromResponse(
      answer(429, '{"code":"Throttling","message":"slow down s3cret-value-123"}', {
        'x-sfd-trace-id': 't-1',
        'retry-after': '3',
      }),
      'getThing',
      0,
      ['s3cret-value-123'],
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 429,
      code: 'Throttling',
      traceId: 't-1',
      retryAfterMs: 3_000,
      operationId: 'getThing',
    });
    expect(error.message).not.toContain('s3cret-value-123');
  });

  it('describes a non-JSON error body with a snippet and an Http.<status> code', () => {
    const error = errorFromResponse(answer(502, 'Bad   gateway: upstream closed'), 'getThing', 0, []);
    expect(error).toMatchObject({ code: 'Http.502' });
    expect(error.message).toBe('The API answered HTTP 502 without an error code: Bad gateway: upstream closed');
  });

  it('names an HTML page by its status and title instead of quoting it', () => {
    const error = errorFromResponse(answer(502, '<html> Bad   gateway </html>'), 'getThing', 0, []);
    expect(error).toMatchObject({ code: 'Http.502', status: 502 });
    expect(error.message).toBe(
      'The gateway answered 502 with an HTML page instead of JSON (a proxy or load balancer error? Try again later).',
    );
    const titled = errorFromResponse(
      answer(503, '<!doctype html><title>\n  Service &lt;Unavailable&gt;  </title>', { 'content-type': 'text/html' }),
      'getThing',
      0,
      [],
    );
    expect(titled.message).toBe(
      'The gateway answered 503 with an HTML page ("Service <Unavailable>") instead of JSON (a proxy or load balancer error? Try again later).',
    );
    const long = errorFromResponse(
      answer(500, `<title>${'x'.repeat(200)}</title>`, { 'content-type': 'text/html; charset=utf-8' }),
      'getThing',
      0,
      [],
    );
    expect(long.message).toContain(`("${'x'.repeat(79)}…")`);
    // Plain text that merely starts with "<" is not taken for a page.
    expect(errorFromResponse(answer(500, '<no html here>'), 'getThing', 0, []).message).toBe(
      'The API answered HTTP 500 without an error code: <no html here>',
    );
  });

  it('parses and checks success bodies', () => {
    const schema = z.object({ id: z.number() });
    expect(parseSuccess(schema, answer(200, '{"id":1}'), 'getThing')).toEqual({ id: 1 });
    expect(parseSuccess(schema, answer(200, '  '), 'getThing')).toBeUndefined();
    expect(() => parseSuccess(schema, answer(200, '{"id":"x"}'), 'getThing')).toThrow(ResponseValidationError);
    expect(() => parseSuccess(null, answer(200, 'nope'), 'getThing')).toThrow('not valid JSON');
  });

  it('reads Retry-After as seconds or a date, and connection failures by their code', () => {
    expect(parseRetryAfter('Thu, 01 Jan 1970 00:00:10 GMT', 4_000)).toBe(6_000);
    expect(parseRetryAfter('soon', 0)).toBeUndefined();
    const refused = connectionErrorFrom(Object.assign(new Error('x'), { cause: { code: 'ECONNREFUSED' } }), 'getThing');
    expect(refused).toMatchObject({ causeCode: 'ECONNREFUSED', retryable: true });
    expect(refused.message).toMatch(/refused the connection/);
  });
});
