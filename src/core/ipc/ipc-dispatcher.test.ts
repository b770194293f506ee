import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createDispatcher } from './ipc-dispatcher.ts';
import { CoreError } from '../errors.ts';
import { ApiError, registerSecret } from '../api/errors.ts';
import { maskSecrets, scrubOutput, SECRET_MASK, valueAtPath } from '../secrets/secret-mask.ts';
import { defineChannels } from '#shared/ipc/define.ts';
import { channelNames, ipcContract } from '#shared/ipc/contract.ts';

const contract = defineChannels({
  'demo.echo': {
    input: z.strictObject({ name: z.string().min(1, 'Enter a name'), count: z.number().int() }),
    output: z.object({ text: z.string() }),
  },
  'demo.leak': { input: z.undefined().optional(), output: z.unknown() },
  'demo.fail': { input: z.undefined().optional(), output: z.unknown() },
  'demo.badOutput': { input: z.undefined().optional(), output: z.object({ n: z.number() }) },
  'demo.unhandled': { input: z.undefined().optional(), output: z.unknown() },
});

describe('IPC dispatcher', () => {
  let failWith: unknown;
  let leak: unknown;
  const dispatcher = createDispatcher(
    {
      'demo.echo': async (input: { name: string; count: number }) => ({ text: `${input.name}×${input.count}` }),
      'demo.leak': async () => leak,
      'demo.fail': async () => {
        throw failWith;
      },
      'demo.badOutput': async () => ({ n: 'not a number', secret: 'hunter2-very-secret' }),
    },
    { contract, validateOutput: true },
  );

  it('returns { ok: true, data } for a valid call', async () => {
    expect(await dispatcher.invoke('demo.echo', { name: 'a', count: 2 })).toEqual({ ok: true, data: { text: 'a×2' } });
  });

  it('rejects unknown channels, including prototype names', async () => {
    for (const channel of ['demo.nope', '__proto__', 'constructor', 'toString']) {
      const result = await dispatcher.invoke(channel, {});
      expect(result).toMatchObject({ ok: false, error: { code: 'Ipc.UnknownChannel', retryable: false } });
    }
  });

  it('reports a channel without handler', async () => {
    expect(await dispatcher.invoke('demo.unhandled', undefined)).toMatchObject({
      ok: false,
      error: { code: 'Ipc.NoHandler' },
    });
  });

  it('rejects payloads failing the input schema with field messages', async () => {
    const result = await dispatcher.invoke('demo.echo', { name: '', count: 1.5, extra: true });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('Ipc.InvalidInput');
    expect(result.error.fields).toMatchObject({
      name: 'Enter a name',
      count: expect.any(String),
      '': expect.stringMatching(/extra/),
    });
  });

  it('turns thrown errors into the error shape, keeping status and trace ID of API errors', async () => {
    failWith = new CoreError('Accounts.NotFound', 'No such account', { fields: { accountId: 'unknown' } });
    expect(await dispatcher.invoke('demo.fail', undefined)).toEqual({
      ok: false,
      error: {
        code: 'Accounts.NotFound',
        message: 'No such account',
        fields: { accountId: 'unknown' },
        retryable: false,
      },
    });
    failWith = new ApiError({ status: 401, code: 'Signature.NotMatch', message: 'signature mismatch', traceId: 't-1' });
    expect(await dispatcher.invoke('demo.fail', undefined)).toMatchObject({
      ok: false,
      error: { code: 'Signature.NotMatch', status: 401, traceId: 't-1', retryable: false },
    });
    failWith = 'a string';
    expect(await dispatcher.invoke('demo.fail', undefined)).toMatchObject({
      ok: false,
      error: { code: 'Internal.Error' },
    });
  });

  it('never lets a known secret or a secret-named field out, in data or errors', async () => {
    const secret = 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY';
    const release = registerSecret(secret);
    try {
      leak = {
        note: `key is ${secret}`,
        nested: [{ accessSecret: 'abc', tokenSecret: '', header: 'HMAC-SHA256 AK1:' + 'ab'.repeat(32) }],
      };
      const result = await dispatcher.invoke('demo.leak', undefined);
      const text = JSON.stringify(result);
      expect(text).not.toContain(secret);
      expect(text).not.toContain('abababab');
      expect(result).toMatchObject({ ok: true, data: { nested: [{ accessSecret: SECRET_MASK, tokenSecret: '' }] } });

      failWith = new CoreError('Internal.Error', `could not use ${secret}`);
      expect(JSON.stringify(await dispatcher.invoke('demo.fail', undefined))).not.toContain(secret);
    } finally {
      release();
    }
  });

  it('validates outputs and reports paths only (no values)', async () => {
    const result = await dispatcher.invoke('demo.badOutput', undefined);
    expect(result).toMatchObject({ ok: false, error: { code: 'Ipc.InvalidOutput' } });
    expect(JSON.stringify(result)).not.toContain('hunter2');
  });
});

describe('secret masking', () => {
  it('masks accessSecret/tokenSecret and lists their paths; valueAtPath finds them in the original', () => {
    const answer = {
      id: 5,
      origins: [
        { originUrl: 'https://o.example', s3Credential: { accessKey: 'AK', accessSecret: 's3-secret', region: 'eu' } },
      ],
      policies: [{ tokenSecret: 'a'.repeat(64) }, { tokenSecret: null }],
    };
    const { data, secretFields } = maskSecrets(answer);
    expect(secretFields).toEqual(['origins.0.s3Credential.accessSecret', 'policies.0.tokenSecret']);
    expect(JSON.stringify(data)).not.toContain('s3-secret');
    expect(valueAtPath(data, 'origins.0.s3Credential.accessKey')).toBe('AK');
    expect(valueAtPath(answer, secretFields[0])).toBe('s3-secret');
    expect(valueAtPath(answer, 'origins.9.x')).toBeUndefined();
    expect(scrubOutput({ a: [{ Authorization: 'x' }] })).toEqual({ a: [{ Authorization: SECRET_MASK }] });
  });
});

describe('IPC contract', () => {
  it('names every channel <feature>.<action> with zod input and output', () => {
    for (const name of channelNames) {
      expect(name).toMatch(/^[a-z]+\.[a-zA-Z]+$/);
      const spec = ipcContract[name];
      expect(spec.input).toBeInstanceOf(z.ZodType);
      expect(spec.output).toBeInstanceOf(z.ZodType);
    }
    expect(channelNames).toEqual(
      expect.arrayContaining(['accounts.list', 'accounts.ensureSandbox', 'api.call', 'api.revealSecret', 'app.status']),
    );
  });
});
