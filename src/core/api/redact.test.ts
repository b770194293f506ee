import { describe, expect, it } from 'vitest';
import { redact, redactKnownSecrets, redactText, registerSecret, REDACTED } from './redact.ts';

const AUTH = 'HMAC-SHA256 AKIDEXAMPLE01:e5eb4ddc09eb73bfcb21d1404b88b52271f6e5460a595b471bda20ca79630300';

describe('redact', () => {
  it('removes Authorization values from text', () => {
    const out = redactText(`sent Authorization: ${AUTH} and failed`);
    expect(out).not.toContain('e5eb4ddc');
    expect(out).toContain(`HMAC-SHA256 ${REDACTED}`);
  });

  it('replaces secret-named keys at any depth and keeps the rest', () => {
    const input = {
      headers: { Authorization: AUTH, 'X-SFD-Nonce': '12345' },
      body: {
        origins: [{ s3Credential: { accessKey: 'AK', accessSecret: 'S3SECRET!!', region: 'eu' } }],
        tokenSecret: 'a'.repeat(64),
      },
      secret: 'shh',
      note: 'kept',
    };
    const out = redact(input);
    expect(JSON.stringify(out)).not.toContain('S3SECRET');
    expect(JSON.stringify(out)).not.toContain('aaaaaaaa');
    expect(out.headers.Authorization).toBe(REDACTED);
    expect(out.body.origins[0].s3Credential).toEqual({ accessKey: 'AK', accessSecret: REDACTED, region: 'eu' });
    expect(out.headers['X-SFD-Nonce']).toBe('12345');
    expect(out.note).toBe('kept');
    expect(input.secret).toBe('shh'); // input untouched
  });

  it('cuts secrets out of JSON embedded in text', () => {
    const out = redactText('echo {"accessSecret":"abc\\"def","tokenSecret": "zzz","x":1}');
    expect(out).toBe(`echo {"accessSecret":"${REDACTED}","tokenSecret": "${REDACTED}","x":1}`);
  });

  it('scrubs registered and extra secrets anywhere until released', () => {
    const release = registerSecret('registered-secret-value');
    expect(redactText('x registered-secret-value y')).toBe(`x ${REDACTED} y`);
    expect(redact({ message: 'k=registered-secret-value' }).message).toBe(`k=${REDACTED}`);
    release();
    expect(redactText('registered-secret-value')).toBe('registered-secret-value');
    expect(redactText('p=call-only-secret', ['call-only-secret'])).toBe(`p=${REDACTED}`);
    // Too short to scrub safely: left alone rather than shredding text.
    expect(redactText('abc', ['ab'])).toBe('abc');
  });

  it('handles errors and cycles', () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    const out = redact(cyclic);
    expect(out.self).toBe(out);
    const err = redact(new Error(`failed with ${AUTH}`)) as unknown as { name: string; message: string };
    expect(err).toMatchObject({ name: 'Error' });
    expect(err.message).not.toContain('e5eb4ddc');
  });

  it('redactKnownSecrets keeps secret-named values the user asked for, never an access key secret', () => {
    const release = registerSecret('access-key-secret-value');
    try {
      const text = JSON.stringify({
        tokenSecret: 'a'.repeat(64),
        accessSecret: 's3-shown',
        note: 'access-key-secret-value',
        auth: AUTH,
      });
      const out = redactKnownSecrets(text);
      expect(out).toContain('a'.repeat(64));
      expect(out).toContain('s3-shown');
      expect(out).not.toContain('access-key-secret-value');
      expect(out).not.toContain('e5eb4ddc');
      expect(redactKnownSecrets('x other-secret-value', ['other-secret-value'])).toBe(`x ${REDACTED}`);
    } finally {
      release();
    }
  });
});
