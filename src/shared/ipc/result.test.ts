import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ipcErrorSchema } from './define.ts';
import { failure, internalFailure, invalidInputError, isIpcResult, issuesToFieldErrors, success } from './result.ts';

describe('IPC result vocabulary', () => {
  it('builds results every host and the renderer accept', () => {
    expect(success(3)).toEqual({ ok: true, data: 3 });
    expect(failure('Host.Unreachable', 'down', { retryable: true })).toEqual({
      ok: false,
      error: { code: 'Host.Unreachable', message: 'down', retryable: true },
    });
    const internal = internalFailure();
    expect(internal).toEqual({
      ok: false,
      error: {
        code: 'Server.InternalError',
        message: 'Unexpected error in the application. Please try again.',
        retryable: false,
      },
    });
    for (const result of [success(null), failure('A.B', 'm'), internal]) expect(isIpcResult(result)).toBe(true);
    if (!internal.ok) expect(ipcErrorSchema.safeParse(internal.error).success).toBe(true);
    expect(isIpcResult({ ok: false, error: 'text' })).toBe(false);
    expect(isIpcResult({ ok: true })).toBe(false);
  });

  it('turns zod issues into one message per dotted path, the first winning', () => {
    const schema = z.object({
      origins: z.array(z.object({ url: z.string().min(3, 'too short').regex(/^h/, 'starts with h') })),
      constructor: z.string(),
    });
    const parsed = schema.safeParse({ origins: [{ url: 'x' }] });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    const fields = issuesToFieldErrors(parsed.error);
    expect(fields['origins.0.url']).toBe('too short');
    // A key that is also an Object.prototype member is still recorded.
    expect(Object.hasOwn(fields, 'constructor')).toBe(true);
  });

  it('names the first three fields in the invalid-input message and keeps them all', () => {
    const error = invalidInputError(
      { a: 'A bad', b: 'B bad', c: 'C bad', d: 'D bad', '': 'root bad' },
      'Invalid input for x.y',
    );
    expect(error).toMatchObject({
      code: 'Ipc.InvalidInput',
      retryable: false,
      message: 'Invalid input for x.y: a: A bad; b: B bad; c: C bad',
    });
    expect(Object.keys(error.fields ?? {})).toHaveLength(5);
  });
});
