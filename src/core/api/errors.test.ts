import { describe, expect, it } from 'vitest';
import {
  AbortError,
  ApiError,
  ConnectionError,
  InputValidationError,
  normalizeErrorCode,
  serializeError,
  TimeoutError,
} from './errors.ts';

describe('error hierarchy', () => {
  it('ApiError looks up the field and decides retryable from status and table source', () => {
    expect(new ApiError({ status: 400, code: 'Invalid.PolicyName', message: 'm' })).toMatchObject({
      field: 'policyName',
      fields: { policyName: 'm' },
      retryable: false,
    });
    expect(new ApiError({ status: 503, code: 'Server.Unavailable', message: 'm' }).retryable).toBe(true);
    expect(new ApiError({ status: 429, code: 'Request.TooManyRequests', message: 'm' }).retryable).toBe(true);
    expect(new ApiError({ status: 502, code: 'Http.502', message: 'm' }).retryable).toBe(true);
    // A spec-listed 500 describes the account, not a transient failure.
    expect(new ApiError({ status: 500, code: 'InvalidCustomer.ProvisionNotFound', message: 'm' }).retryable).toBe(
      false,
    );
    expect(new ApiError({ status: 400, code: 'Unknown.Code', message: 'm' })).toMatchObject({
      field: undefined,
      fields: undefined,
    });
  });

  it('normalizes the underscore spelling', () => {
    expect(normalizeErrorCode('InvalidService_IdPermission')).toBe('InvalidService.IdPermission');
    expect(new ApiError({ status: 400, code: 'InvalidService_IdPermission', message: 'm' }).code).toBe(
      'InvalidService.IdPermission',
    );
    expect(normalizeErrorCode('Some_Thing')).toBe('Some_Thing');
  });

  it('connection, timeout and abort errors have no status', () => {
    for (const e of [new ConnectionError('x'), new TimeoutError(1000), new AbortError()]) {
      expect(e).not.toHaveProperty('status');
      expect(serializeError(e)).not.toHaveProperty('status');
    }
    expect(new TimeoutError(30_000).message).toContain('30 s');
    expect(new AbortError().retryable).toBe(false);
  });

  it('serializeError gives the IPC shape for every kind of thrown value', () => {
    expect(serializeError(new InputValidationError({ name: 'Required' }, 'op'))).toEqual({
      code: 'Request.InvalidInput',
      message: 'Invalid input — name: Required',
      fields: { name: 'Required' },
      retryable: false,
    });
    expect(serializeError(new Error('boom HMAC-SHA256 K:0123456789abcdef'))).toEqual({
      code: 'Internal.Error',
      message: 'boom HMAC-SHA256 [REDACTED]',
      retryable: false,
    });
    expect(serializeError('text')).toMatchObject({ code: 'Internal.Error', message: 'text' });
    expect(serializeError(42)).toMatchObject({ code: 'Internal.Error', message: 'Unexpected error' });
  });

  it('keeps field messages of secret-named fields readable, scrubbing only their text', () => {
    const fields = {
      tokenSecret: 'Each token must be exactly 64 characters',
      secret: 'key HMAC-SHA256 K:0123456789abcdef',
    };
    expect(serializeError(new InputValidationError(fields, 'op')).fields).toEqual({
      tokenSecret: 'Each token must be exactly 64 characters',
      secret: 'key HMAC-SHA256 [REDACTED]',
    });
  });
});
