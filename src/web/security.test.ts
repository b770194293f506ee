import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, META_CONTENT_SECURITY_POLICY } from '#shared/security/csp.ts';
import { BootstrapTokens, SECURITY_HEADERS, createToken, readCookie, tokenCookie, tokensEqual } from './security.ts';

describe('CONTENT_SECURITY_POLICY (src/shared/security/csp.ts)', () => {
  it('is the policy of the renderer meta tag, minus what only works as a header', () => {
    const html = readFileSync(new URL('../renderer/index.html', import.meta.url), 'utf8');
    const meta = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]+)"/i.exec(html);
    expect(meta?.[1]).toBe(META_CONTENT_SECURITY_POLICY);
    // Exactly one policy on the page: a second meta tag would be combined with it.
    expect(html.match(/Content-Security-Policy/gi)).toHaveLength(1);
    // Chromium ignores frame-ancestors in a meta tag and warns in the console about it.
    expect(META_CONTENT_SECURITY_POLICY).not.toContain('frame-ancestors');
    expect(CONTENT_SECURITY_POLICY).toBe(`${META_CONTENT_SECURITY_POLICY}; frame-ancestors 'none'`);
  });

  it('is the policy the browser host sends (the Electron host uses the same import)', () => {
    expect(SECURITY_HEADERS['Content-Security-Policy']).toBe(CONTENT_SECURITY_POLICY);
  });

  it('allows no remote scripts and no remote connections', () => {
    expect(CONTENT_SECURITY_POLICY).toContain("default-src 'self'");
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self';");
    expect(CONTENT_SECURITY_POLICY).toContain("connect-src 'self';");
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-eval|https?:/);
  });
});

describe('tokens', () => {
  it('are random 32-byte base64url strings', () => {
    const a = createToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(createToken()).not.toBe(a);
  });

  it('compare equal only when identical', () => {
    const token = createToken();
    expect(tokensEqual(token, token)).toBe(true);
    expect(tokensEqual(`${token}x`, token)).toBe(false);
    expect(tokensEqual(token.slice(1), token)).toBe(false);
    expect(tokensEqual('', token)).toBe(false);
    expect(tokensEqual(undefined, token)).toBe(false);
  });
});

describe('cookies', () => {
  it('reads one cookie among others', () => {
    expect(readCookie('a=1; accel_token=abc; b=2', 'accel_token')).toBe('abc');
    expect(readCookie('xaccel_token=abc', 'accel_token')).toBeUndefined();
    expect(readCookie(undefined, 'accel_token')).toBeUndefined();
  });

  it('sets the token cookie HttpOnly, SameSite=Strict, Path=/', () => {
    expect(tokenCookie('t')).toBe('accel_token=t; HttpOnly; SameSite=Strict; Path=/');
  });
});

describe('bootstrap tokens', () => {
  it('redeem each issued token once, only before it expires', () => {
    let now = 1_000;
    const tokens = new BootstrapTokens(() => now);
    const first = tokens.issue(60_000);
    const second = tokens.issue(60_000);
    expect(first).not.toBe(second);
    expect(tokens.redeem(first)).toBe(true);
    expect(tokens.redeem(first)).toBe(false);
    expect(tokens.redeem('not-issued')).toBe(false);
    expect(tokens.redeem('')).toBe(false);
    now += 60_001;
    expect(tokens.redeem(second)).toBe(false);
    tokens.issue(10);
    now += 11;
    expect(tokens.pending).toBe(0);
  });
});
