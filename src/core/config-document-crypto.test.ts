// Passphrase encryption of documents with secrets: round trip, wrong passphrase, changed file.
import { describe, expect, it } from 'vitest';
import { decryptConfigDocument, encryptConfigDocument } from './config-document-crypto.ts';
import { encryptedConfigDocumentSchema, isEncryptedConfigDocument } from '#shared/config-document/schema.ts';

const SECRET_TEXT = '{"tokenSecret":"sandboxdemotokensandboxdemotokensandboxdemotokensandboxdemotoken"}\n';
const FAST = { N: 2 ** 10, r: 8, p: 1 };

async function rejection(promise: Promise<unknown>): Promise<{ code?: string; message: string; fields?: Record<string, string> }> {
  try {
    await promise;
  } catch (error) {
    return error as { code?: string; message: string };
  }
  throw new Error('expected a rejection');
}

describe('config document encryption', () => {
  it('round-trips with the default cost, and the envelope shows nothing of the secret', async () => {
    const text = await encryptConfigDocument(SECRET_TEXT, 'correct horse battery');
    const envelope = JSON.parse(text) as unknown;
    expect(isEncryptedConfigDocument(envelope)).toBe(true);
    expect(encryptedConfigDocumentSchema.parse(envelope).kdf).toMatchObject({ name: 'scrypt', N: 32768, r: 8, p: 1 });
    expect(text).not.toContain('sandboxdemotoken');
    expect(await decryptConfigDocument(envelope, 'correct horse battery')).toBe(SECRET_TEXT);
    // A fresh salt and IV every time.
    expect(await encryptConfigDocument(SECRET_TEXT, 'correct horse battery')).not.toBe(text);
  });

  it('says the passphrase is wrong (and not that the file was changed)', async () => {
    const envelope = JSON.parse(await encryptConfigDocument(SECRET_TEXT, 'correct horse battery', FAST)) as unknown;
    const error = await rejection(decryptConfigDocument(envelope, 'correct horse batterY'));
    expect(error.code).toBe('Config.WrongPassphrase');
    expect(error.message).toMatch(/passphrase is not the one this document was encrypted with/);
    expect(error.fields?.passphrase).toBe('Wrong passphrase.');
    expect((await rejection(decryptConfigDocument(envelope, undefined))).code).toBe('Config.PassphraseRequired');
  });

  it('refuses a changed file: ciphertext, tag, IV or key-derivation settings', async () => {
    const original = JSON.parse(await encryptConfigDocument(SECRET_TEXT, 'correct horse battery', FAST)) as Record<string, unknown> & {
      ciphertext: string;
      cipher: { iv: string; tag: string };
      kdf: { N: number };
    };
    const flip = (b64: string) => {
      const bytes = Buffer.from(b64, 'base64');
      bytes[0] = (bytes[0] ?? 0) ^ 1;
      return bytes.toString('base64');
    };
    const variants = [
      { ...original, ciphertext: flip(original.ciphertext) },
      { ...original, cipher: { ...original.cipher, tag: flip(original.cipher.tag) } },
      { ...original, cipher: { ...original.cipher, iv: flip(original.cipher.iv) } },
    ];
    for (const variant of variants) {
      const error = await rejection(decryptConfigDocument(variant, 'correct horse battery'));
      expect(error.code).toBe('Config.Tampered');
      expect(error.message).toMatch(/changed after it was exported/);
    }
    const huge = await rejection(decryptConfigDocument({ ...original, kdf: { ...original.kdf, N: 2 ** 30 } }, 'correct horse battery'));
    expect(huge.code).toBe('Config.Tampered');
    const truncated = await rejection(decryptConfigDocument({ format: original.format, ciphertext: original.ciphertext }, 'correct horse battery'));
    expect(truncated.code).toBe('Config.Tampered');
    expect(truncated.message).toMatch(/damaged/);
  });

  it('asks for a passphrase of at least 8 characters', async () => {
    const error = await rejection(encryptConfigDocument(SECRET_TEXT, 'short', FAST));
    expect(error.code).toBe('Config.PassphraseTooShort');
    expect(error.fields?.passphrase).toMatch(/At least 8 characters/);
  });
});
