import { describe, expect, it } from 'vitest';
import {
  authorizationHeader,
  canonicalHeaders,
  canonicalString,
  computeSignature,
  createNonceGenerator,
  formatSfdDate,
  hostHeaderFor,
  isValidNonce,
  legacyV1CanonicalString,
  parseAuthorizationHeader,
  parseSfdDate,
  pickSfdHeaders,
  signaturesEqual,
  signRequest,
} from './signature.ts';
import { verifyIncomingSignature } from './verify.ts';
import { loadSignatureVectors } from '#core/test-support/signature-vectors.ts';

const vectors = loadSignatureVectors();

describe('signature v2 vectors', () => {
  it('fixture has vectors', () => {
    expect(vectors.length).toBeGreaterThan(0);
  });

  for (const v of vectors) {
    describe(v.name, () => {
      it('builds the exact canonical string and Authorization', () => {
        const canonical = canonicalString({
          method: v.method,
          uri: v.uri,
          host: v.host,
          sfdHeaders: v.sfdHeaders,
          keyId: v.keyId,
          body: v.body,
        });
        expect(canonical).toBe(v.canonicalString);
        expect(authorizationHeader(v.keyId, computeSignature(v.secret, canonical))).toBe(v.authorization);
      });

      it('signRequest sends and signs the same headers', () => {
        const extra = Object.fromEntries(
          Object.entries(v.sfdHeaders).filter(
            ([k]) => !['x-sfd-date', 'x-sfd-nonce', 'x-sfd-signature-version'].includes(k.toLowerCase()),
          ),
        );
        const signed = signRequest({
          method: v.method,
          uri: v.uri,
          host: v.host,
          keyId: v.keyId,
          secret: v.secret,
          body: v.body,
          date: v.date,
          nonce: v.nonce,
          extraSfdHeaders: extra,
        });
        expect(signed.canonicalString).toBe(v.canonicalString);
        expect(signed.headers.Authorization).toBe(v.authorization);
        expect(signed.headers.Host).toBe(v.host);
        // Every X-SFD- header sent is exactly the set the vector signs.
        expect(pickSfdHeaders(signed.headers)).toEqual(
          Object.fromEntries(Object.entries(v.sfdHeaders).map(([k, val]) => [k.toLowerCase(), val])),
        );
      });

      it('verifyIncomingSignature accepts the vector as received and rejects a tampered body', () => {
        const headers: Record<string, string> = { host: v.host, 'content-type': 'application/json; charset=utf-8' };
        for (const [k, val] of Object.entries(v.sfdHeaders)) headers[k.toLowerCase()] = val;
        const signature = v.authorization.split(':')[1];
        const base = {
          method: v.method,
          uri: v.uri,
          headers,
          keyId: v.keyId,
          secret: v.secret,
          body: v.body,
          signature,
        };
        expect(verifyIncomingSignature(base)).toEqual({ valid: true, canonicalString: v.canonicalString });
        expect(verifyIncomingSignature({ ...base, body: v.body + ' ' }).valid).toBe(false);
        expect(verifyIncomingSignature({ ...base, headers: { ...headers, 'x-sfd-extra': '1' } }).valid).toBe(false);
      });

      it('the legacy v1 string differs from v2 and has the v1 shape', () => {
        const legacy = legacyV1CanonicalString({
          method: v.method.toLowerCase(),
          uri: v.uri,
          date: v.date,
          nonce: v.nonce,
          keyId: v.keyId,
          body: v.body,
        });
        expect(legacy).toBe([v.method, v.uri, v.date, v.nonce, v.keyId, v.body].join('\n'));
        expect(legacy).not.toBe(v.canonicalString);
      });
    });
  }
});

describe('canonicalHeaders', () => {
  it('puts host first and sorts X-SFD- headers by lowercase name', () => {
    expect(
      canonicalHeaders('h:81', { 'X-SFD-Nonce': '12345', 'x-sfd-Date': 'd', 'X-SFD-FZone': '1', 'X-SFD-A': 'a' }),
    ).toBe('host:h:81\nx-sfd-a:a\nx-sfd-date:d\nx-sfd-fzone:1\nx-sfd-nonce:12345');
  });
  it('rejects non X-SFD- headers and duplicates', () => {
    expect(() => canonicalHeaders('h', { 'Content-Type': 'x' })).toThrow(/not an X-SFD-/);
    expect(() => canonicalHeaders('h', { 'X-SFD-Date': 'a', 'x-sfd-date': 'b' })).toThrow(/twice/);
  });
  it('signRequest refuses to let extra headers override the signer', () => {
    const base = {
      method: 'GET',
      uri: '/',
      host: 'h',
      keyId: 'k',
      secret: 's',
      body: '',
      date: new Date(0),
      nonce: '12345',
    };
    expect(() => signRequest({ ...base, extraSfdHeaders: { 'x-sfd-nonce': '99999' } })).toThrow(/set by the signer/);
    expect(() => signRequest({ ...base, extraSfdHeaders: { 'X-Other': '1' } })).toThrow(/not an X-SFD-/);
    expect(() => signRequest({ ...base, nonce: '1234' })).toThrow(/5 to 18 digits/);
  });
});

describe('X-SFD-Date', () => {
  it('formats in UTC as yyyyMMddTHHmmssZ', () => {
    expect(formatSfdDate(new Date('2026-11-22T23:59:59.999Z'))).toBe('20261122T235959Z');
    expect(formatSfdDate(new Date(Date.UTC(2026, 0, 2, 3, 4, 5)))).toBe('20260102T030405Z');
    expect(formatSfdDate(new Date())).toMatch(/^\d{8}T\d{6}Z$/);
  });
  it('parses valid values and rejects impossible ones', () => {
    expect(parseSfdDate('20261122T120000Z')?.toISOString()).toBe('2026-11-22T12:00:00.000Z');
    expect(parseSfdDate('20261322T120000Z')).toBeNull();
    expect(parseSfdDate('20261122T250000Z')).toBeNull();
    expect(parseSfdDate('2026-11-22T12:00:00Z')).toBeNull();
  });
  it('signRequest formats a Date argument', () => {
    const signed = signRequest({
      method: 'get',
      uri: '/x',
      host: 'h',
      keyId: 'k',
      secret: 's',
      body: '',
      date: new Date('2026-01-01T00:00:00Z'),
      nonce: '123456',
    });
    expect(signed.headers['X-SFD-Date']).toBe('20260101T000000Z');
    expect(signed.canonicalString.startsWith('GET\n/x\nhost:h\nx-sfd-date:20260101T000000Z\n')).toBe(true);
  });
});

describe('nonce generator', () => {
  it('produces 5-18 digit values, unique across generators', () => {
    const a = createNonceGenerator();
    const b = createNonceGenerator();
    const seen = new Set<string>();
    for (let i = 0; i < 5000; i++) {
      for (const n of [a(), b()]) {
        expect(isValidNonce(n)).toBe(true);
        seen.add(n);
      }
    }
    expect(seen.size).toBe(10_000);
  });
  it('skips a value the process already issued even if the random source repeats', () => {
    let calls = 0;
    const fixed = (size: number): Uint8Array => {
      calls++;
      const out = new Uint8Array(size);
      out[size - 1] = calls <= 3 ? 7 : 9; // first three draws identical
      return out;
    };
    const gen = createNonceGenerator({ randomBytes: fixed });
    const first = gen();
    const second = gen();
    expect(second).not.toBe(first);
    expect(calls).toBe(4);
    expect(() => createNonceGenerator({ randomBytes: (s) => new Uint8Array(s) })()).not.toThrow();
  });
  it('isValidNonce enforces 5 to 18 digits', () => {
    expect(isValidNonce('12345')).toBe(true);
    expect(isValidNonce('1234')).toBe(false);
    expect(isValidNonce('1234567890123456789')).toBe(false);
    expect(isValidNonce('12a45')).toBe(false);
  });
});

describe('hostHeaderFor', () => {
  it('includes the port only when it is not the scheme default', () => {
    expect(hostHeaderFor(new URL('https://api.example.net/x'))).toBe('api.example.net');
    expect(hostHeaderFor(new URL('https://api.example.net:443/x'))).toBe('api.example.net');
    expect(hostHeaderFor(new URL('http://api.example.net:80/'))).toBe('api.example.net');
    expect(hostHeaderFor(new URL('http://127.0.0.1:8443/'))).toBe('127.0.0.1:8443');
    expect(hostHeaderFor(new URL('https://API.Example.net:80/'))).toBe('api.example.net:80');
    expect(hostHeaderFor(new URL('http://[::1]:8080/'))).toBe('[::1]:8080');
  });
});

describe('Authorization parsing', () => {
  it('round-trips and compares in constant time', () => {
    const sig = computeSignature('s', 'c');
    expect(parseAuthorizationHeader(authorizationHeader('AK-2', sig))).toEqual({ keyId: 'AK-2', signature: sig });
    expect(parseAuthorizationHeader('HMAC-SHA1 AK:abc')).toBeNull();
    expect(signaturesEqual(sig, sig)).toBe(true);
    expect(signaturesEqual(sig, sig.slice(0, 63) + (sig.endsWith('0') ? '1' : '0'))).toBe(false);
    expect(signaturesEqual(sig, 'short')).toBe(false);
  });
});
