// Signature verification (spec "Authentication"), with the same functions the client signs with.
// Order of checks: headers present → signature version → header shapes → nonce shape → key known →
// date window → signature → nonce not reused (recorded only once the signature is valid, so a forged
// request cannot burn someone else's nonce).
import { HOUR_MS } from '#shared/time.ts';
import type { IncomingHttpHeaders } from 'node:http';
import { isValidNonce, parseAuthorizationHeader, parseSfdDate, SIGNATURE_VERSION } from '#signing/signature.ts';
import { verifyIncomingSignature } from '#signing/verify.ts';
import { apiError } from './errors.ts';
import type { AccessKeyRecord } from './model.ts';

export interface AuthInput {
  method: string;
  /** Request target path without the query string. */
  path: string;
  /** Query string without '?', '' when none. */
  query: string;
  headers: IncomingHttpHeaders;
  body: string;
  nowMs: number;
}

export interface Principal {
  accessKeyId: string;
  customerId: number;
  /** 1 for legacy signatures (no X-SFD-Signature-Version header), otherwise 2. */
  signatureVersion: 1 | 2;
}

/** Nonces seen per key, kept until the request date leaves the accepted window. */
export class NonceCache {
  private readonly seen = new Map<string, number>();
  private inserts = 0;

  /** True when the nonce was not used by the key yet (and records it). */
  claim(keyId: string, nonce: string, expiresAtMs: number, nowMs: number): boolean {
    const key = `${keyId}\n${nonce}`;
    const expiry = this.seen.get(key);
    if (expiry !== undefined && expiry > nowMs) return false;
    this.seen.set(key, expiresAtMs);
    if (++this.inserts % 1024 === 0) this.prune(nowMs);
    return true;
  }

  private prune(nowMs: number): void {
    for (const [key, expiry] of this.seen) if (expiry <= nowMs) this.seen.delete(key);
  }

  get size(): number {
    return this.seen.size;
  }
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(',') : value;
}

export function authenticate(
  input: AuthInput,
  findKey: (accessKeyId: string) => AccessKeyRecord | undefined,
  nonces: NonceCache,
): Principal {
  const authorization = single(input.headers.authorization);
  const date = single(input.headers['x-sfd-date']);
  const nonce = single(input.headers['x-sfd-nonce']);
  if (!authorization || !date || !nonce) {
    const missing = [!authorization && 'Authorization', !date && 'X-SFD-Date', !nonce && 'X-SFD-Nonce'].filter(Boolean);
    throw apiError('Auth.HeaderMissing', `Missing required header(s): ${missing.join(', ')}.`);
  }
  const version = single(input.headers['x-sfd-signature-version']);
  if (version !== undefined && version !== SIGNATURE_VERSION) {
    throw apiError('Auth.SignatureVersionUnsupported', 'X-SFD-Signature-Version must be 2.');
  }
  const parsed = parseAuthorizationHeader(authorization);
  if (!parsed) {
    throw apiError('Auth.HeaderInvalid', 'Authorization must be "HMAC-SHA256 <ACCESS_KEY_ID>:<64 hex characters>".');
  }
  const requestDate = parseSfdDate(date);
  if (!requestDate) throw apiError('Auth.HeaderInvalid', "X-SFD-Date must be yyyyMMdd'T'HHmmss'Z' (UTC).");
  if (!isValidNonce(nonce)) throw apiError('Auth.NonceInvalid', 'X-SFD-Nonce must be 5 to 18 digits.');

  const key = findKey(parsed.keyId);
  if (!key) throw apiError('Auth.AccessKeyUnknown', 'The access key ID is not known to this gateway.');

  const skew = Math.abs(input.nowMs - requestDate.getTime());
  if (skew >= HOUR_MS) {
    throw apiError('Auth.DateExpired', 'X-SFD-Date is one hour or more away from the gateway time; check the clock.');
  }

  const { valid } = verifyIncomingSignature({
    method: input.method,
    uri: input.query ? `${input.path}?${input.query}` : input.path,
    headers: input.headers,
    keyId: parsed.keyId,
    secret: key.accessKeySecret,
    body: input.body,
    signature: parsed.signature,
    version: version === undefined ? 1 : 2,
  });
  if (!valid) {
    throw apiError(
      'Signature.NotMatch',
      'The request signature we calculated does not match the signature you provided.',
    );
  }

  if (!nonces.claim(parsed.keyId, nonce, requestDate.getTime() + HOUR_MS, input.nowMs)) {
    throw apiError('Auth.NonceReused', 'X-SFD-Nonce was already used with this access key within the hour.');
  }
  return { accessKeyId: key.accessKeyId, customerId: key.customerId, signatureVersion: version === undefined ? 1 : 2 };
}
