// Field errors from the shared schemas and the server, and the editors' one-schema validator.
import { describe, expect, it } from 'vitest';
import { errorAt, issuesToFieldErrors, schemaCheck, serverFieldErrors, validateWith } from './field-errors.ts';
import { rateLimitSchema } from '#shared/api/schemas/rate-limit.ts';

describe('field errors', () => {
  it('schema issues become dotted paths with the schema message (field and rule named)', () => {
    const result = validateWith(rateLimitSchema, { timeWindow: 0, requestLimit: 'x' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      timeWindow: 'Time window (seconds) must be a whole number greater than 0.',
      requestLimit: 'Request limit must be a number.',
    });
    expect(issuesToFieldErrors([])).toEqual({});
  });

  it('errorAt finds an exact or a nested error', () => {
    const errors = { 'matches.0.values.1': 'bad value', priority: 'bad priority' };
    expect(errorAt(errors, 'priority')).toBe('bad priority');
    expect(errorAt(errors, 'matches.0.values')).toBe('bad value');
    expect(errorAt(errors, 'matches.1')).toBeNull();
  });

  it('server errors (the IPC error a call rejects with) map to fields: explicit fields first, else the error table', () => {
    const withFields = {
      code: 'InvalidPriority.Unique',
      message: 'taken',
      fields: { priority: 'taken' },
      retryable: false,
    };
    expect(serverFieldErrors(withFields)).toEqual({ priority: 'taken' });
    const byCode = { code: 'InvalidPolicy.IpRestriction', message: 'bad ip', retryable: false };
    expect(serverFieldErrors(byCode)).toEqual({ ipRestriction: 'bad ip' });
    expect(serverFieldErrors({ code: 'Server.Unavailable', message: 'x', retryable: true })).toEqual({});
    expect(serverFieldErrors(new Error('x'))).toEqual({});
  });
});

describe('schemaCheck', () => {
  it('returns the schema errors by field, nothing for a valid body', () => {
    const check = schemaCheck(rateLimitSchema);
    expect(check({ timeWindow: 0, requestLimit: 10 })).toEqual({
      timeWindow: 'Time window (seconds) must be a whole number greater than 0.',
    });
    expect(check({ timeWindow: 60, requestLimit: 10 })).toEqual({});
  });
});
