// Signature verification cases against a running gateway (hand-signed requests: the client never
// produces these on purpose).
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authorizationHeader,
  computeSignature,
  formatSfdDate,
  hostHeaderFor,
  legacyV1CanonicalString,
} from '#signing/signature.ts';
import type { SandboxHandle } from './index.ts';
import { signedCall, startTestSandbox, testNonces } from './test-support/sandbox-clients.ts';

let sandbox: SandboxHandle;
let path: string;
const code = (r: { json: unknown }): string => (r.json as { code: string }).code;

beforeAll(async () => {
  sandbox = await startTestSandbox({
    keys: [{ accessKeyId: 'SECONDKEY01', accessKeySecret: 'second-secret', customerId: 4096 }],
  });
  path = `/cdn/v1.0/service/${sandbox.services[0].id}`;
});

afterAll(() => sandbox.stop());

describe('signature version 2', () => {
  it('accepts a correctly signed request, with extra signed X-SFD- headers', async () => {
    const r = await signedCall(sandbox, { method: 'GET', path, extraSfdHeaders: { 'X-SFD-FZone': '1' } });
    expect(r.status).toBe(200);
    expect(r.headers['x-sfd-trace-id']).toMatch(/^[0-9a-f]{32}$/);
  });

  it('rejects a tampered body', async () => {
    const body = JSON.stringify({ timeWindow: 10, requestLimit: 5 });
    const r = await signedCall(sandbox, {
      method: 'POST',
      path: `/cdn/v1.0/services/${sandbox.services[0].id}/rateLimit`,
      body,
      sendBody: body.replace('5', '6'),
    });
    expect([r.status, code(r)]).toEqual([401, 'Signature.NotMatch']);
    expect(sandbox.store.rateLimitOf(sandbox.services[0].id)).not.toEqual(expect.objectContaining({ requestLimit: 6 }));
  });

  it('rejects a tampered path', async () => {
    const r = await signedCall(sandbox, {
      method: 'GET',
      path,
      sendPath: `/cdn/v1.0/service/${sandbox.services[1].id}`,
    });
    expect([r.status, code(r)]).toEqual([401, 'Signature.NotMatch']);
  });

  it('rejects a tampered signed header value and an added X-SFD- header', async () => {
    const changed = await signedCall(sandbox, {
      method: 'GET',
      path,
      extraSfdHeaders: { 'X-SFD-FZone': '1' },
      mutateHeaders: (h) => (h['X-SFD-FZone'] = '2'),
    });
    expect([changed.status, code(changed)]).toEqual([401, 'Signature.NotMatch']);
    const added = await signedCall(sandbox, { method: 'GET', path, mutateHeaders: (h) => (h['X-SFD-Extra'] = 'x') });
    expect([added.status, code(added)]).toEqual([401, 'Signature.NotMatch']);
  });

  it('ignores headers that are not X-SFD- (not signed)', async () => {
    const r = await signedCall(sandbox, { method: 'GET', path, mutateHeaders: (h) => (h['X-Other'] = 'anything') });
    expect(r.status).toBe(200);
  });

  it('signs the Host header as received', async () => {
    const r = await signedCall(sandbox, { method: 'GET', path, mutateHeaders: (h) => (h.host = 'api.example.net') });
    expect([r.status, code(r)]).toEqual([401, 'Signature.NotMatch']);
  });

  it('rejects a wrong secret and an unknown key', async () => {
    const wrong = await signedCall(sandbox, { method: 'GET', path, secret: 'not-the-secret' });
    expect([wrong.status, code(wrong)]).toEqual([401, 'Signature.NotMatch']);
    // Another valid key signs fine but its customer does not own the demo service.
    const other = await signedCall(sandbox, { method: 'GET', path, keyId: 'SECONDKEY01', secret: 'second-secret' });
    expect([other.status, code(other)]).toEqual([400, 'InvalidService.IdPermission']);
    const unknown = await signedCall(sandbox, { method: 'GET', path, keyId: 'NOPE', secret: 'x' });
    expect([unknown.status, code(unknown)]).toEqual([401, 'Auth.AccessKeyUnknown']);
  });

  it('rejects a date one hour or more away, in both directions, and accepts 59 minutes', async () => {
    const at = (ms: number): string => formatSfdDate(new Date(Date.now() + ms));
    // X-SFD-Date has whole seconds: +1 h 1 s is surely an hour ahead after truncation.
    for (const offset of [-3_600_000, 3_601_000, -86_400_000]) {
      const r = await signedCall(sandbox, { method: 'GET', path, date: at(offset) });
      expect([r.status, code(r)]).toEqual([401, 'Auth.DateExpired']);
    }
    const ok = await signedCall(sandbox, { method: 'GET', path, date: at(-59 * 60_000) });
    expect(ok.status).toBe(200);
    const bad = await signedCall(sandbox, { method: 'GET', path, date: '2026-11-22T10:00:00Z' });
    expect([bad.status, code(bad)]).toEqual([401, 'Auth.HeaderInvalid']);
  });

  it('rejects a reused nonce for the same key only, and a forged request does not burn a nonce', async () => {
    const nonce = testNonces();
    const forged = await signedCall(sandbox, { method: 'GET', path, nonce, secret: 'forged' });
    expect(code(forged)).toBe('Signature.NotMatch');
    expect((await signedCall(sandbox, { method: 'GET', path, nonce })).status).toBe(200);
    const again = await signedCall(sandbox, { method: 'GET', path, nonce });
    expect([again.status, code(again)]).toEqual([401, 'Auth.NonceReused']);
    const otherKey = await signedCall(sandbox, {
      method: 'GET',
      path: '/v1.1/customer/4096',
      nonce,
      keyId: 'SECONDKEY01',
      secret: 'second-secret',
    });
    expect(otherKey.status).toBe(200);
  });

  it('requires 5 to 18 digits in the nonce', async () => {
    for (const nonce of ['1234', '1234567890123456789', '12345a']) {
      const r = await signedCall(sandbox, { method: 'GET', path, mutateHeaders: (h) => (h['X-SFD-Nonce'] = nonce) });
      expect([nonce, r.status, code(r)]).toEqual([nonce, 401, 'Auth.NonceInvalid']);
    }
    for (const nonce of ['12345', '123456789012345678']) {
      expect((await signedCall(sandbox, { method: 'GET', path, nonce })).status).toBe(200);
    }
  });

  it('names the missing headers', async () => {
    for (const name of ['Authorization', 'X-SFD-Date', 'X-SFD-Nonce']) {
      const r = await signedCall(sandbox, { method: 'GET', path, mutateHeaders: (h) => delete h[name] });
      expect([name, r.status, code(r)]).toEqual([name, 401, 'Auth.HeaderMissing']);
      expect((r.json as { message: string }).message).toContain(name);
    }
  });

  it('requires version 2 when X-SFD-Signature-Version is sent', async () => {
    const r = await signedCall(sandbox, {
      method: 'GET',
      path,
      mutateHeaders: (h) => (h['X-SFD-Signature-Version'] = '1'),
    });
    expect([r.status, code(r)]).toEqual([400, 'Auth.SignatureVersionUnsupported']);
  });

  it('checks Content-Type when a body is sent', async () => {
    const body = JSON.stringify({ timeWindow: 10, requestLimit: 5 });
    const p = `/cdn/v1.0/services/${sandbox.services[0].id}/rateLimit`;
    const wrong = await signedCall(sandbox, { method: 'POST', path: p, body, contentType: 'text/plain' });
    expect([wrong.status, code(wrong)]).toEqual([415, 'Request.ContentTypeInvalid']);
    const missing = await signedCall(sandbox, { method: 'POST', path: p, body, contentType: null });
    expect([missing.status, code(missing)]).toEqual([415, 'Request.ContentTypeInvalid']);
    const plain = await signedCall(sandbox, { method: 'POST', path: p, body, contentType: 'application/json' });
    expect(plain.status).toBe(200);
  });
});

describe('legacy signature version 1', () => {
  async function legacyCall(secret: string): Promise<{ status: number; code?: string }> {
    const url = new URL(sandbox.url);
    const date = formatSfdDate(new Date());
    const nonce = testNonces();
    const { accessKeyId } = sandbox.credentials;
    const canonical = legacyV1CanonicalString({ method: 'GET', uri: path, date, nonce, keyId: accessKeyId, body: '' });
    const res = await request(new URL(path, url), {
      headers: {
        host: hostHeaderFor(url),
        'X-SFD-Date': date,
        'X-SFD-Nonce': nonce,
        Authorization: authorizationHeader(accessKeyId, computeSignature(secret, canonical)),
      },
    });
    const json = (await res.body.json()) as { code?: string };
    return { status: res.statusCode, code: json.code };
  }

  it('accepts a version 1 signature when no X-SFD-Signature-Version header is sent', async () => {
    expect((await legacyCall(sandbox.credentials.accessKeySecret)).status).toBe(200);
  });

  it('still verifies it', async () => {
    expect(await legacyCall('wrong')).toEqual({ status: 401, code: 'Signature.NotMatch' });
  });
});
