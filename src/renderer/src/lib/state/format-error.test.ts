// The one formatter: each kind of thing a failure can throw, worded the same way for a toast and
// an inline notice, the field and the rule named for input errors, never a secret.
import { describe, expect, it } from 'vitest';
import { errorCode, errorLine, formatError, shownCode } from './format-error.ts';

describe('formatError', () => {
  it('an API error: the gateway’s message, its code, the trace ID and the field from the API table', () => {
    const apiError = {
      code: 'InvalidPriority.Unique',
      message: 'Priority 10 is used by policy 7.',
      status: 400,
      traceId: 'tr-4411',
      retryable: false,
    };
    const formatted = formatError(apiError, 'Could not save the policy');
    expect(formatted).toEqual({
      title: 'Could not save the policy',
      detail: 'Priority 10 is used by policy 7.',
      code: 'InvalidPriority.Unique',
      fields: { priority: 'Priority 10 is used by policy 7.' },
      traceId: 'tr-4411',
      retryable: false,
    });
    expect(errorLine(formatted)).toBe('Priority 10 is used by policy 7. (InvalidPriority.Unique) trace tr-4411');
  });

  it('an input error with fields: each field’s label and rule, every field kept for the form', () => {
    const formatted = formatError({
      code: 'Ipc.InvalidInput',
      message: 'Invalid input: timeWindow: must be greater than 0; origins.0.originUrl: Enter a URL',
      fields: {
        timeWindow: 'Time window (seconds) must be greater than 0.',
        'origins.0.originUrl': 'Enter a URL.',
        priority: 'Whole number.',
        ttl: 'Too long.',
      },
      retryable: false,
    });
    // The first rule names its field already; the others get the form's label.
    expect(formatted.detail).toBe(
      'Time window (seconds) must be greater than 0.; Origin 1 — origin URL: Enter a URL.; Priority: Whole number.; and 1 more',
    );
    expect(Object.keys(formatted.fields)).toEqual(['timeWindow', 'origins.0.originUrl', 'priority', 'ttl']);
    expect(
      formatError(
        { code: 'Ipc.InvalidInput', message: 'x', fields: { 'origins.0.originUrl': 'Enter a URL.' }, retryable: false },
        { labelFor: () => 'Origin URL' },
      ).detail,
    ).toBe('Origin URL: Enter a URL.');
  });

  it('an app error from the table: its meaning titles it when the caller gives no context, retryable from the table', () => {
    const formatted = formatError({
      code: 'Keychain.Unavailable',
      message: 'The system keychain is not available (no D-Bus session).',
    });
    expect(formatted.title).toBe('The system keychain is not available. Unlock or install it, then try again.');
    expect(formatted.detail).toBe('The system keychain is not available (no D-Bus session).');
    expect(formatted.retryable).toBe(true);
    // A field the table names for the code, when the error brings none.
    expect(formatError({ code: 'Config.WrongPassphrase', message: 'Not this one.', retryable: false }).fields).toEqual({
      passphrase: 'Not this one.',
    });
  });

  it('a network error: the code and whether a retry helps, no status or trace', () => {
    const formatted = formatError(
      { code: 'Network.ConnectionFailed', message: 'connect ECONNREFUSED 127.0.0.1:9', retryable: true },
      'Could not read service #101',
    );
    expect(formatted).toMatchObject({
      title: 'Could not read service #101',
      code: 'Network.ConnectionFailed',
      retryable: true,
      fields: {},
    });
    expect(formatted.traceId).toBeUndefined();
    expect(errorLine(formatted)).toBe('connect ECONNREFUSED 127.0.0.1:9 (Network.ConnectionFailed)');
  });

  it('anything else thrown: an Error’s message, a string, or a value with nothing to show', () => {
    expect(formatError(new TypeError('x is undefined'), 'Could not copy')).toMatchObject({
      title: 'Could not copy',
      detail: 'x is undefined',
      code: 'Client.Error',
      fields: {},
    });
    expect(errorLine(formatError(new Error('boom')))).toBe('boom');
    expect(formatError('Choose the account first.').detail).toBe('Choose the account first.');
    for (const thrown of [{ weird: true }, 42, null, undefined]) {
      const formatted = formatError(thrown, 'Could not save');
      expect(formatted.detail).toBe('Something went wrong in this window.');
      expect(formatted.detail).not.toContain('[object');
    }
    expect(shownCode(formatError(new Error('x')))).toBeUndefined();
  });

  it('never shows a secret: Authorization values, secret-named JSON members, the values the caller holds', () => {
    const typed = 'S3cr3t-typed-by-user';
    const formatted = formatError(
      {
        code: 'Response.Invalid',
        message: `Bad answer: {"tokenSecret":"abcdef123456","accessSecret":"zzzzzz999"} sent with HMAC-SHA256 AK1:0123456789abcdef; key ${typed}`,
        fields: { secret: `Rejected: ${typed}` },
        retryable: false,
      },
      { context: `Could not save ${typed}`, secrets: [typed] },
    );
    const shown = JSON.stringify(formatted);
    for (const secret of ['abcdef123456', 'zzzzzz999', '0123456789abcdef', typed]) expect(shown).not.toContain(secret);
    expect(formatted.detail).toContain('"tokenSecret":"[REDACTED]"');
    expect(formatted.fields.secret).toBe('Rejected: [REDACTED]');
  });

  it('errorCode reads the code of a failed call and nothing else', () => {
    expect(errorCode({ code: 'Bulk.NotFound', message: 'gone' })).toBe('Bulk.NotFound');
    expect(errorCode(new Error('x'))).toBeUndefined();
    expect(errorCode('Bulk.NotFound')).toBeUndefined();
  });
});
