import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isSecretSchema, secret, secretFieldNamesIn } from '../api/secret-mark.ts';
import { apiSecretFields, isRevealableSecretField, isSecretFieldName, secretFieldNames } from './secret-fields.ts';
import { isSecretShapedName } from '../security/secret-text.ts';

describe('secret mark', () => {
  it('is found through optional, default and refine/transform wrappers, at any depth', () => {
    const schema = z.object({
      plain: z.string(),
      a: secret(z.string()).optional(),
      nested: z.array(
        z.object({
          b: secret(z.string().refine(Boolean))
            .transform((v) => v.trim())
            .default(''),
        }),
      ),
      either: z.union([z.object({ c: secret(z.string()) }), z.null()]),
    });
    expect([...secretFieldNamesIn([schema])].sort()).toEqual(['a', 'b', 'c']);
    expect(isSecretSchema(schema.shape.plain)).toBe(false);
  });

  it('keeps a description given before the mark', () => {
    const described = secret(z.string().describe('kept'));
    expect(z.globalRegistry.get(described)).toMatchObject({ description: 'kept', secret: true });
  });
});

describe('secret field names', () => {
  it('are read from the marked schemas of the operation table and the IPC table', () => {
    expect(apiSecretFields).toEqual(['accessSecret', 'tokenSecret']);
    // `secret` is the access key secret field of accounts.add / rotateSecret / import.
    expect(secretFieldNames).toEqual([
      'accessKeySecret',
      'accessSecret',
      'authorization',
      'passphrase',
      'password',
      'secret',
      'tokenSecret',
    ]);
  });

  it('are all secret-shaped, so the renderer (which loads no schemas) recognises them in text', () => {
    for (const name of secretFieldNames) expect(isSecretShapedName(name), name).toBe(true);
  });

  it('compare case-insensitively; only API secrets are revealable', () => {
    expect(isSecretFieldName('TokenSecret')).toBe(true);
    expect(isSecretFieldName('Authorization')).toBe(true);
    expect(isSecretFieldName('accessKey')).toBe(false);
    expect(isRevealableSecretField('accessSecret')).toBe(true);
    expect(isRevealableSecretField('authorization')).toBe(false);
  });
});
