// Checking an account's credentials with getCustomer, and saying in plain words what is wrong
// when it fails (the UI shows the message next to the field it names).
import { AppCode } from '#shared/app-errors.ts';
import { monotonicMs } from '../clock.ts';
import { createApiClient, type ApiClient } from '../api/client.ts';
import { ApiError, ConnectionError, ResponseValidationError, TimeoutError } from '../api/errors.ts';
import type { ApiClientOptions } from '../api/client.ts';
import { CoreError, passedOnCode } from '../errors.ts';
import type { ConnectionCheck } from '#shared/ipc/channels/accounts.ts';

export type Credentials = { baseUrl: string; accessKeyId: string; secret: string; customerId: number };
export type ClientFactory = (options: ApiClientOptions) => ApiClient;

type Failure = Extract<ConnectionCheck, { ok: false }>;
/** A failed check, with the gateway's HTTP status and trace ID when it answered. */
export type VerificationFailure = Failure & { status?: number; traceId?: string };
export type VerificationResult = Extract<ConnectionCheck, { ok: true }> | VerificationFailure;

/**
 * A failed check as an error: the plain-words message and field, plus the HTTP status and trace
 * ID of the gateway's answer (so `accel accounts add` can print the real status, e.g. 401).
 */
export function verificationFailed(failure: VerificationFailure): CoreError {
  return new CoreError(passedOnCode(failure.code), failure.message, {
    // Checking again the same way gives the same answer; the user changes the credentials first.
    retryable: false,
    ...(failure.field ? { fields: { [failure.field]: failure.message } } : {}),
    ...(failure.status !== undefined ? { status: failure.status } : {}),
    ...(failure.traceId ? { traceId: failure.traceId } : {}),
  });
}

const TLS_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_UNTRUSTED',
  'CERT_REVOKED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'ERR_SSL_WRONG_VERSION_NUMBER',
  'ERR_SSL_PACKET_LENGTH_TOO_LONG',
  'EPROTO',
]);

function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}

/** The connection was made and then dropped: not a wrong base URL. */
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'ECONNABORTED']);

function isConnectionReset(code: string | undefined): boolean {
  return code !== undefined && RESET_CODES.has(code);
}

function isTlsFailure(code: string | undefined): boolean {
  return code !== undefined && (TLS_CODES.has(code) || /CERT|SSL|TLS/.test(code));
}

/** Plain-words explanation of why getCustomer failed for these credentials. */
export function explainVerificationError(
  error: unknown,
  credentials: Omit<Credentials, 'secret'>,
): VerificationFailure {
  const failure: VerificationFailure = explain(error, credentials);
  if (error instanceof ApiError) {
    failure.status = error.status;
    if (error.traceId) failure.traceId = error.traceId;
  }
  return failure;
}

function explain(error: unknown, credentials: Omit<Credentials, 'secret'>): Failure {
  const host = hostOf(credentials.baseUrl);
  if (error instanceof ApiError) {
    switch (error.code) {
      case 'Signature.NotMatch':
        return {
          ok: false,
          code: error.code,
          field: 'secret',
          message:
            'The access key secret does not match the access key ID: the gateway computed a different signature. ' +
            'Copy the secret again from the customer portal (completely, without spaces) and check that it belongs to this key ID.',
        };
      case 'Auth.AccessKeyUnknown':
        return {
          ok: false,
          code: error.code,
          field: 'accessKeyId',
          message: `The gateway does not know the access key ID "${credentials.accessKeyId}". Check the key ID, and that the key has not been deleted.`,
        };
      case 'Auth.DateExpired':
        return {
          ok: false,
          code: error.code,
          message:
            "The gateway rejected the request time: this computer's clock is an hour or more away from the gateway's. Correct the system clock and try again.",
        };
      case 'InvalidCustomer.NotFound':
      case 'InvalidCustomer.IdEmpty':
        return {
          ok: false,
          code: error.code,
          field: 'customerId',
          message: `Customer ID ${credentials.customerId} does not belong to this access key. Check the customer ID in the customer portal.`,
        };
      case 'Request.NotFound':
      case 'Request.MethodNotAllowed':
        return {
          ok: false,
          code: error.code,
          field: 'baseUrl',
          message: `${host} answered, but it does not look like the acceleration API (no customer lookup there). Check the base URL.`,
        };
      default:
        if (error.status >= 500 || error.status === 429) {
          return {
            ok: false,
            code: error.code,
            message: `The gateway could not answer right now (${error.status} ${error.code}). The credentials were not checked; try again later, or save without checking them (“Save without checking” in the app, --no-verify in accel).`,
          };
        }
        return {
          ok: false,
          code: error.code,
          message: `The gateway refused the check (${error.status} ${error.code}): ${error.message}`,
        };
    }
  }
  if (error instanceof ConnectionError) {
    if (isTlsFailure(error.causeCode)) {
      return {
        ok: false,
        code: AppCode.Network.TlsFailed,
        field: 'baseUrl',
        message: `A secure (TLS) connection to ${host} could not be established (${error.causeCode}): the server's certificate is not trusted, has expired, or is for another host — or the server does not speak HTTPS. Check the base URL (https:// or http://) and the address with your administrator.`,
      };
    }
    if (isConnectionReset(error.causeCode)) {
      return {
        ok: false,
        code: AppCode.Network.ConnectionReset,
        message: `The connection to ${host} was reset while the account was being checked (${error.causeCode}): the server or a proxy closed it. The credentials were not checked; try again, and if it keeps happening check your proxy/VPN or use "save without verifying".`,
      };
    }
    return {
      ok: false,
      code: error.code,
      field: 'baseUrl',
      message: `${host} cannot be reached${error.causeCode ? ` (${error.causeCode})` : ''}. Check the base URL, your network connection or proxy/VPN; to add the account offline, use “Save without checking” (--no-verify in accel).`,
    };
  }
  if (error instanceof TimeoutError) {
    return {
      ok: false,
      code: error.code,
      field: 'baseUrl',
      message: `${host} did not answer in time. Check the base URL and your network connection; to add the account offline, use “Save without checking” (--no-verify in accel).`,
    };
  }
  if (error instanceof ResponseValidationError) {
    return {
      ok: false,
      code: error.code,
      field: 'baseUrl',
      message: `${host} answered, but not like the acceleration API. Check the base URL.`,
    };
  }
  const e = error as { code?: unknown; message?: unknown };
  return {
    ok: false,
    code: typeof e?.code === 'string' ? e.code : AppCode.Accounts.VerificationFailed,
    message: typeof e?.message === 'string' ? e.message : 'The credentials could not be checked.',
  };
}

/** Calls getCustomer with the credentials; never throws for an API/connection failure. */
export async function verifyCredentials(
  credentials: Credentials,
  options: { createClient?: ClientFactory; now: () => Date; timeoutMs?: number },
): Promise<VerificationResult> {
  const client = (options.createClient ?? createApiClient)({
    baseUrl: credentials.baseUrl,
    keyId: credentials.accessKeyId,
    secret: credentials.secret,
    now: () => options.now().getTime(),
    timeoutMs: options.timeoutMs ?? 15_000,
    // A check should answer quickly and say what is wrong, not retry for a minute.
    retry: { maxAttempts: 1 },
  });
  const started = monotonicMs();
  try {
    const customer = await client.getCustomer({ params: { customer_id: credentials.customerId } });
    if (customer.id !== credentials.customerId) {
      return {
        ok: false,
        code: 'InvalidCustomer.NotFound',
        field: 'customerId',
        message: `The gateway returned customer ${customer.id} instead of ${credentials.customerId}. Check the customer ID.`,
      };
    }
    return {
      ok: true,
      latencyMs: Math.round(monotonicMs() - started),
      customer: {
        id: customer.id,
        name: customer.name ?? '',
        region: customer.region ?? '',
        verifiedAt: options.now().toISOString(),
      },
    };
  } catch (error) {
    return explainVerificationError(error, credentials);
  } finally {
    await client.close().catch(() => undefined);
  }
}
