import { describe, expect, it } from 'vitest';
import { ApiError, ConnectionError, ResponseValidationError, TimeoutError } from '../api/errors.ts';
import { explainVerificationError, verificationFailed, verifyCredentials } from './verify.ts';
import { createServer, type Socket } from 'node:net';
import { toIpcError } from '../ipc/ipc-error.ts';
import { DEFAULT_KEYCHAIN_SERVICE, keychainServiceFromEnv } from '../secrets/secret-store.ts';
import { createFakeClock } from '../test-support/fake-clock.ts';

const credentials = { baseUrl: 'https://api.example.net:8443', accessKeyId: 'AK1', customerId: 42 };

describe('explainVerificationError', () => {
  it.each([
    [new ApiError({ status: 401, code: 'Signature.NotMatch', message: 'x' }), 'secret', /secret does not match/],
    [
      new ApiError({ status: 401, code: 'Auth.AccessKeyUnknown', message: 'x' }),
      'accessKeyId',
      /does not know the access key ID "AK1"/,
    ],
    [
      new ApiError({ status: 404, code: 'InvalidCustomer.NotFound', message: 'x' }),
      'customerId',
      /Customer ID 42 does not belong/,
    ],
    [
      new ApiError({ status: 404, code: 'Request.NotFound', message: 'x' }),
      'baseUrl',
      /does not look like the acceleration API/,
    ],
    [
      new ConnectionError('refused', 'getCustomer', 'ECONNREFUSED'),
      'baseUrl',
      /api\.example\.net:8443 cannot be reached \(ECONNREFUSED\)/,
    ],
    [
      new ConnectionError('tls', 'getCustomer', 'DEPTH_ZERO_SELF_SIGNED_CERT'),
      'baseUrl',
      /secure \(TLS\) connection .* not trusted/,
    ],
    [new TimeoutError(15_000, 'getCustomer'), 'baseUrl', /did not answer in time/],
    [new ResponseValidationError('bad', 200), 'baseUrl', /not like the acceleration API/],
  ])('%s → field %s', (error, field, message) => {
    const result = explainVerificationError(error, credentials);
    expect(result.field).toBe(field);
    expect(result.message).toMatch(message);
  });

  it('says when the check itself could not run, or the clock is off', () => {
    expect(
      explainVerificationError(new ApiError({ status: 503, code: 'Server.Unavailable', message: 'x' }), credentials),
    ).toMatchObject({
      code: 'Server.Unavailable',
      message: expect.stringMatching(
        /try again later, or save without checking them \(“Save without checking” in the app/,
      ),
    });
    expect(
      explainVerificationError(new ApiError({ status: 401, code: 'Auth.DateExpired', message: 'x' }), credentials)
        .message,
    ).toMatch(/clock/);
    expect(explainVerificationError(new Error('boom'), credentials)).toMatchObject({
      code: 'Accounts.VerificationFailed',
      message: 'boom',
    });
  });
});

describe('a connection reset while checking', () => {
  it.each(['ECONNRESET', 'UND_ERR_SOCKET'])('%s is reported as a reset, not as a wrong base URL', (code) => {
    const result = explainVerificationError(new ConnectionError('reset', 'getCustomer', code), credentials);
    expect(result).toMatchObject({
      ok: false,
      code: 'Network.ConnectionReset',
      message: expect.stringMatching(/connection to api\.example\.net:8443 was reset/),
    });
    expect(result.field).toBeUndefined();
    expect(result.message).not.toMatch(/cannot be reached/);
  });

  it.each([
    ['resets the connection', (socket: Socket) => socket.once('data', () => socket.resetAndDestroy())],
    ['closes it without answering', (socket: Socket) => socket.once('data', () => socket.destroy())],
  ])('against a real server that %s', async (_name, behave) => {
    const server = createServer(behave);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const result = await verifyCredentials(
        { baseUrl: `http://127.0.0.1:${port}`, accessKeyId: 'AK1', secret: 's'.repeat(40), customerId: 42 },
        { now: createFakeClock().now },
      );
      expect(result).toMatchObject({
        ok: false,
        code: 'Network.ConnectionReset',
        message: expect.stringMatching(/was reset while the account was being checked/),
      });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('verificationFailed', () => {
  it('carries the gateway status and trace ID with the plain-words message and field to the IPC error', () => {
    const failure = explainVerificationError(
      new ApiError({ status: 401, code: 'Signature.NotMatch', message: 'x', traceId: 'a'.repeat(32) }),
      credentials,
    );
    expect(failure).toMatchObject({ status: 401, traceId: 'a'.repeat(32), field: 'secret' });
    expect(toIpcError(verificationFailed(failure))).toEqual({
      code: 'Signature.NotMatch',
      message: failure.message,
      fields: { secret: failure.message },
      status: 401,
      traceId: 'a'.repeat(32),
      retryable: false,
    });
    // No answer from the gateway: no status.
    const offline = explainVerificationError(
      new ConnectionError('refused', 'getCustomer', 'ECONNREFUSED'),
      credentials,
    );
    expect(offline.status).toBeUndefined();
    expect(toIpcError(verificationFailed(offline))).not.toHaveProperty('status');
  });
});

describe('keychain service name', () => {
  it('defaults to Acceleration Console and follows ACCEL_KEYCHAIN_SERVICE', () => {
    expect(keychainServiceFromEnv({})).toBe(DEFAULT_KEYCHAIN_SERVICE);
    expect(DEFAULT_KEYCHAIN_SERVICE).toBe('Acceleration Console');
    expect(keychainServiceFromEnv({ ACCEL_KEYCHAIN_SERVICE: ' Test svc ' })).toBe('Test svc');
    expect(keychainServiceFromEnv({ ACCEL_KEYCHAIN_SERVICE: '' })).toBe(DEFAULT_KEYCHAIN_SERVICE);
  });
});
