// Browser-host security: response headers (with the shared CSP), the access token and its
// cookie, the Host and Origin allow-lists.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { CONTENT_SECURITY_POLICY } from '#shared/security/csp.ts';

export { CONTENT_SECURITY_POLICY };

/** Headers every browser-host response carries. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

export const TOKEN_COOKIE = 'accel_token';

/** 256 random bits, URL-safe so the printed link needs no escaping. */
export function createToken(): string {
  return randomBytes(32).toString('base64url');
}

/** How long a bootstrap link stays valid when nobody uses it (the printed link; see docs/browser-host-token.md). */
export const BOOTSTRAP_TTL_MS = 10 * 60_000;

/**
 * Single-use, short-lived bootstrap tokens: each link the host prints or hands to the browser it
 * opens carries one, exchanged once for the session cookie. Only SHA-256 digests are kept, so the
 * lookup reveals nothing through timing; a redeemed or expired token is gone.
 */
export class BootstrapTokens {
  readonly #expiry = new Map<string, number>();
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  issue(ttlMs: number = BOOTSTRAP_TTL_MS): string {
    this.#sweep();
    const token = createToken();
    this.#expiry.set(digest(token), this.#now() + ttlMs);
    return token;
  }

  /** True exactly once for a token that was issued and has not expired. */
  redeem(candidate: string | null | undefined): boolean {
    if (typeof candidate !== 'string' || candidate === '' || candidate.length > 200) return false;
    const key = digest(candidate);
    const expiresAt = this.#expiry.get(key);
    if (expiresAt === undefined) return false;
    this.#expiry.delete(key);
    return this.#now() <= expiresAt;
  }

  /** Tokens still waiting to be used (tests). */
  get pending(): number {
    this.#sweep();
    return this.#expiry.size;
  }

  #sweep(): void {
    const now = this.#now();
    for (const [key, expiresAt] of this.#expiry) if (now > expiresAt) this.#expiry.delete(key);
  }
}

function digest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Constant-time comparison. Hashing first gives equal-length buffers, so neither the content
 * nor the length of the expected token leaks through timing.
 */
export function tokensEqual(candidate: string | undefined | null, expected: string): boolean {
  if (typeof candidate !== 'string' || candidate === '') return false;
  const a = createHash('sha256').update(candidate).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** Host header values we answer to; anything else is a DNS-rebinding attempt. */
export function allowedHosts(port: number): Set<string> {
  return new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
}

export function allowedOrigins(port: number): Set<string> {
  return new Set([`http://127.0.0.1:${port}`, `http://localhost:${port}`]);
}

/** Reads one cookie from a Cookie header; the first occurrence wins. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}

export function tokenCookie(token: string): string {
  return `${TOKEN_COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/`;
}
