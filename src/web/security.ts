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
