// Signature version 2 (spec "Authentication"): small pure functions, clock and nonce injected by
// the caller, so the client signs and the sandbox gateway verifies with the very same code.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_VERSION = '2';
const AUTH_SCHEME = 'HMAC-SHA256';
const SFD_HEADER_PREFIX = 'x-sfd-';

/** yyyyMMdd'T'HHmmss'Z' in UTC. */
export function formatSfdDate(date: Date): string {
  if (Number.isNaN(date.getTime())) throw new RangeError('formatSfdDate: invalid date');
  const pad = (n: number, width = 2): string => String(n).padStart(width, '0');
  return (
    pad(date.getUTCFullYear(), 4) +
    pad(date.getUTCMonth() + 1) +
    pad(date.getUTCDate()) +
    'T' +
    pad(date.getUTCHours()) +
    pad(date.getUTCMinutes()) +
    pad(date.getUTCSeconds()) +
    'Z'
  );
}

const SFD_DATE_RE = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/;

/** Parses an X-SFD-Date value; null when it is not a real yyyyMMdd'T'HHmmss'Z' instant. */
export function parseSfdDate(value: string): Date | null {
  const m = SFD_DATE_RE.exec(value);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number);
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  // Reject rollovers such as month 13 or 25:00 (Date.UTC silently normalises them).
  return formatSfdDate(date) === value ? date : null;
}

const NONCE_RE = /^[0-9]{5,18}$/;

/** X-SFD-Nonce rule: 5 to 18 digits. */
export function isValidNonce(value: string): boolean {
  return NONCE_RE.test(value);
}

// Nonces issued by every generator of this process, so two clients never reuse one. Bounded so a
// long-running process does not grow forever; a collision among 9e17 values after eviction is
// practically impossible, and the gateway only remembers nonces for an hour anyway.
const issuedNonces = new Set<string>();
const ISSUED_NONCE_LIMIT = 200_000;

const NONCE_SPAN = 900_000_000_000_000_000n; // 18-digit values: 1e17 .. 1e18-1
const NONCE_MIN = 100_000_000_000_000_000n;
// Largest multiple of NONCE_SPAN below 2^64: values above it are rejected to avoid modulo bias.
const NONCE_ACCEPT_BELOW = (2n ** 64n / NONCE_SPAN) * NONCE_SPAN;

export interface NonceGeneratorOptions {
  /** Source of random bytes; node:crypto's CSPRNG unless a test injects a fixed one. */
  randomBytes?: (size: number) => Uint8Array;
}

/** Returns a function producing 18-digit CSPRNG nonces, never repeated within this process. */
export function createNonceGenerator(options: NonceGeneratorOptions = {}): () => string {
  const random = options.randomBytes ?? ((size: number) => randomBytes(size));
  return () => {
    for (let attempt = 0; attempt < 1000; attempt++) {
      const bytes = random(8);
      const raw = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).readBigUInt64BE(0);
      if (raw >= NONCE_ACCEPT_BELOW) continue;
      const nonce = (NONCE_MIN + (raw % NONCE_SPAN)).toString();
      if (issuedNonces.has(nonce)) continue;
      if (issuedNonces.size >= ISSUED_NONCE_LIMIT) {
        const oldest = issuedNonces.values().next().value;
        if (oldest !== undefined) issuedNonces.delete(oldest);
      }
      issuedNonces.add(nonce);
      return nonce;
    }
    throw new Error('createNonceGenerator: random source keeps repeating values');
  };
}

/** The Host header value for a URL: host name plus the port only when it is not the scheme default. */
export function hostHeaderFor(url: URL): string {
  // WHATWG URL already drops :80 for http and :443 for https and lowercases the host name.
  return url.host;
}

export type SfdHeaders = Readonly<Record<string, string>>;

/** True for header names that take part in the signature (X-SFD-*, any case). */
function isSfdHeaderName(name: string): boolean {
  return name.toLowerCase().startsWith(SFD_HEADER_PREFIX);
}

/**
 * Picks the X-SFD-* headers out of a header map (e.g. node's IncomingHttpHeaders on the gateway
 * side). Array values (repeated headers) are joined with ',' as HTTP does.
 */
export function pickSfdHeaders(
  headers: Readonly<Record<string, string | readonly string[] | undefined>>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || !isSfdHeaderName(name)) continue;
    out[name.toLowerCase()] = typeof value === 'string' ? value : value.join(',');
  }
  return out;
}

/**
 * CanonicalHeaders: `host:<Host>` then every X-SFD-* header as `<lowercase name>:<value>`, sorted
 * by lowercase name (code-unit order), joined by LF without a trailing LF.
 */
export function canonicalHeaders(host: string, sfdHeaders: SfdHeaders): string {
  const lines = new Map<string, string>();
  for (const [name, value] of Object.entries(sfdHeaders)) {
    const lower = name.toLowerCase();
    if (!lower.startsWith(SFD_HEADER_PREFIX)) {
      throw new Error(`canonicalHeaders: ${name} is not an X-SFD- header`);
    }
    if (lines.has(lower)) throw new Error(`canonicalHeaders: header ${lower} given twice`);
    lines.set(lower, value);
  }
  const sorted = [...lines.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return [`host:${host}`, ...sorted.map((name) => `${name}:${lines.get(name)}`)].join('\n');
}

export interface CanonicalStringInput {
  method: string;
  /** Absolute path as sent, e.g. /v1.1/customer/1024 */
  uri: string;
  /** Host header value as sent (port included only when not the scheme default). */
  host: string;
  sfdHeaders: SfdHeaders;
  keyId: string;
  /** Exact body bytes as text; '' when there is no body. */
  body: string;
}

/** CanonicalStringToBeSigned: METHOD LF URI LF CanonicalHeaders LF keyId LF body. */
export function canonicalString(input: CanonicalStringInput): string {
  return [
    input.method.toUpperCase(),
    input.uri,
    canonicalHeaders(input.host, input.sfdHeaders),
    input.keyId,
    input.body,
  ].join('\n');
}

export interface LegacyV1CanonicalInput {
  method: string;
  uri: string;
  date: string;
  nonce: string;
  keyId: string;
  body: string;
}

/** Signature version 1 string (METHOD, URI, X-SFD-Date, X-SFD-Nonce, keyId, body joined by LF); gateway legacy support only. */
export function legacyV1CanonicalString(input: LegacyV1CanonicalInput): string {
  return [input.method.toUpperCase(), input.uri, input.date, input.nonce, input.keyId, input.body].join('\n');
}

/** HMAC-SHA256 of the canonical string keyed by the secret, as 64 lowercase hex characters. */
export function computeSignature(secret: string, canonical: string): string {
  return createHmac('sha256', secret).update(canonical, 'utf8').digest('hex');
}

export function authorizationHeader(keyId: string, signature: string): string {
  return `${AUTH_SCHEME} ${keyId}:${signature}`;
}

const AUTHORIZATION_RE = /^HMAC-SHA256 ([^:\s]+):([0-9a-f]{64})$/;

/** Splits `HMAC-SHA256 <keyId>:<64 hex>`; null when the value has another shape. */
export function parseAuthorizationHeader(value: string): { keyId: string; signature: string } | null {
  const m = AUTHORIZATION_RE.exec(value);
  return m ? { keyId: m[1], signature: m[2] } : null;
}

/** Constant-time comparison of an expected and a supplied hex signature. */
export function signaturesEqual(expected: string, supplied: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(supplied, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

export interface SignRequestInput {
  method: string;
  uri: string;
  host: string;
  keyId: string;
  secret: string;
  body: string;
  /** Request time (already corrected for clock skew by the caller) or a formatted X-SFD-Date. */
  date: Date | string;
  nonce: string;
  /** Further X-SFD-* headers to send and sign, e.g. { 'X-SFD-FZone': '1' }. */
  extraSfdHeaders?: SfdHeaders;
}

export interface SignedRequest {
  /** Every header to send: Host, X-SFD-*, Authorization (Content-Type is the transport's job). */
  headers: Record<string, string>;
  canonicalString: string;
}

const RESERVED_SFD = new Set(['x-sfd-date', 'x-sfd-nonce', 'x-sfd-signature-version']);

export function signRequest(input: SignRequestInput): SignedRequest {
  const date = typeof input.date === 'string' ? input.date : formatSfdDate(input.date);
  if (!isValidNonce(input.nonce)) throw new Error('signRequest: nonce must be 5 to 18 digits');
  const sfdHeaders: Record<string, string> = {
    'X-SFD-Date': date,
    'X-SFD-Nonce': input.nonce,
    'X-SFD-Signature-Version': SIGNATURE_VERSION,
  };
  for (const [name, value] of Object.entries(input.extraSfdHeaders ?? {})) {
    if (!isSfdHeaderName(name)) throw new Error(`signRequest: extra header ${name} is not an X-SFD- header`);
    if (RESERVED_SFD.has(name.toLowerCase())) throw new Error(`signRequest: ${name} is set by the signer`);
    sfdHeaders[name] = value;
  }
  const canonical = canonicalString({
    method: input.method,
    uri: input.uri,
    host: input.host,
    sfdHeaders,
    keyId: input.keyId,
    body: input.body,
  });
  const signature = computeSignature(input.secret, canonical);
  return {
    headers: { Host: input.host, ...sfdHeaders, Authorization: authorizationHeader(input.keyId, signature) },
    canonicalString: canonical,
  };
}
