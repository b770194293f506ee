// Passphrase encryption of documents with secrets: round trip at the export cost, documents written
// with the earlier cost, wrong passphrase, changed file, and settings outside the accepted bounds
// refused before any key is derived (a spy on scrypt counts the derivations).
import { readFile } from 'node:fs/promises';
import { scrypt } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ACCEPTED_KDF,
  decryptConfigDocument,
  encryptConfigDocument,
  EXPORT_KDF_COST,
  kdfSettingsProblem,
} from './config-document-crypto.ts';
import {
  configDocumentSchema,
  encryptedConfigDocumentSchema,
  isEncryptedConfigDocument,
} from '#shared/config-document/schema.ts';

vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:crypto')>();
  return { ...actual, scrypt: vi.fn(actual.scrypt) };
});
const derivations = vi.mocked(scrypt);
afterEach(() => derivations.mockClear());

const SECRET_TEXT = '{"tokenSecret":"sandboxdemotokensandboxdemotokensandboxdemotokensandboxdemotoken"}\n';
/** The cheapest cost the app opens (what it wrote before N = 2^17). */
const OLD_COST = { N: 2 ** 15, r: 8, p: 1 };
const FIXTURES = new URL('../test-support/fixtures/', import.meta.url);
const FIXTURE_PASSPHRASE = 'fixture passphrase 2^15';

type Envelope = Record<string, unknown> & {
  ciphertext: string;
  cipher: { iv: string; tag: string };
  kdf: { N: number; r: number; p: number; salt: string };
};

async function rejection(
  promise: Promise<unknown>,
): Promise<{ code?: string; message: string; fields?: Record<string, string> }> {
  try {
    await promise;
  } catch (error) {
    return error as { code?: string; message: string };
  }
  throw new Error('expected a rejection');
}

async function fixture(name: string): Promise<Envelope> {
  return JSON.parse(await readFile(new URL(name, FIXTURES), 'utf8')) as Envelope;
}

describe('config document encryption', () => {
  it('writes new documents with N = 2^17, r = 8, p = 1, round-trips, and the envelope shows nothing of the secret', async () => {
    const text = await encryptConfigDocument(SECRET_TEXT, 'correct horse battery');
    const envelope = JSON.parse(text) as unknown;
    expect(isEncryptedConfigDocument(envelope)).toBe(true);
    expect(EXPORT_KDF_COST).toEqual({ N: 131072, r: 8, p: 1 });
    expect(encryptedConfigDocumentSchema.parse(envelope).kdf).toMatchObject({ name: 'scrypt', N: 131072, r: 8, p: 1 });
    expect(Buffer.from(encryptedConfigDocumentSchema.parse(envelope).cipher.tag, 'base64')).toHaveLength(16);
    expect(text).not.toContain('sandboxdemotoken');
    expect(await decryptConfigDocument(envelope, 'correct horse battery')).toBe(SECRET_TEXT);
    // A fresh salt and IV every time.
    expect(await encryptConfigDocument(SECRET_TEXT, 'correct horse battery', OLD_COST)).not.toBe(text);
  });

  it('opens documents written earlier with N = 2^15 (fixtures made by that version)', async () => {
    const config = await fixture('config-scrypt-n15.encrypted.json');
    expect(config.kdf).toMatchObject({ N: 32768, r: 8, p: 1 });
    const document = configDocumentSchema.parse(JSON.parse(await decryptConfigDocument(config, FIXTURE_PASSPHRASE)));
    expect(document).toMatchObject({
      secrets: 'included',
      services: [{ service: { domainName: 'www.example-shop.com' } }],
    });
    const accounts = await fixture('accounts-scrypt-n15.encrypted.json');
    expect(JSON.parse(await decryptConfigDocument(accounts, FIXTURE_PASSPHRASE))).toMatchObject({
      accounts: [{ name: 'Fixture Co' }],
    });
    expect(derivations).toHaveBeenCalledTimes(2);
  });

  it('says the passphrase is wrong (and not that the file was changed)', async () => {
    const envelope = JSON.parse(await encryptConfigDocument(SECRET_TEXT, 'correct horse battery', OLD_COST)) as unknown;
    const error = await rejection(decryptConfigDocument(envelope, 'correct horse batterY'));
    expect(error.code).toBe('Config.WrongPassphrase');
    expect(error.message).toMatch(/passphrase is not the one this document was encrypted with/);
    expect(error.fields?.passphrase).toBe('Wrong passphrase.');
    expect((await rejection(decryptConfigDocument(envelope, undefined))).code).toBe('Config.PassphraseRequired');
  });

  it('refuses a changed file: ciphertext, tag or IV', async () => {
    const original = JSON.parse(
      await encryptConfigDocument(SECRET_TEXT, 'correct horse battery', OLD_COST),
    ) as Envelope;
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
    const truncated = await rejection(
      decryptConfigDocument({ format: original.format, ciphertext: original.ciphertext }, 'correct horse battery'),
    );
    expect(truncated.code).toBe('Config.Tampered');
    expect(truncated.message).toMatch(/damaged/);
  });

  describe('key-derivation settings outside the bounds are refused before deriving', () => {
    const rule = 'this app opens documents with N between 2^15 and 2^18 (a power of two), r = 8, p = 1';
    const cases: { name: string; kdf: Partial<Envelope['kdf']>; says: string }[] = [
      { name: 'N = 2^20 (too large)', kdf: { N: 2 ** 20, r: 16, p: 2 }, says: `kdf.N is 1048576 (2^20); ${rule}.` },
      { name: 'N = 2^30 (far too large)', kdf: { N: 2 ** 30 }, says: `kdf.N is 1073741824 (2^30); ${rule}.` },
      { name: 'N = 2^19 (one step above the margin)', kdf: { N: 2 ** 19 }, says: `kdf.N is 524288 (2^19); ${rule}.` },
      { name: 'N = 1 (too small, not a valid scrypt cost)', kdf: { N: 1 }, says: `kdf.N is 1 (2^0); ${rule}.` },
      { name: 'N = 2^14 (too small)', kdf: { N: 2 ** 14 }, says: `kdf.N is 16384 (2^14); ${rule}.` },
      {
        name: 'N not a power of two',
        kdf: { N: 3 * 2 ** 15 },
        says: `kdf.N is 98304, which is not a power of two; ${rule}.`,
      },
      { name: 'r = 16', kdf: { r: 16 }, says: `kdf.r is 16; ${rule}.` },
      { name: 'r = 1', kdf: { r: 1 }, says: `kdf.r is 1; ${rule}.` },
      { name: 'p = 2', kdf: { p: 2 }, says: `kdf.p is 2; ${rule}.` },
    ];
    it.each(cases)('$name', async ({ kdf, says }) => {
      const original = await fixture('config-scrypt-n15.encrypted.json');
      const changed = { ...original, kdf: { ...original.kdf, ...kdf } };
      for (const passphrase of [FIXTURE_PASSPHRASE, undefined]) {
        const error = await rejection(decryptConfigDocument(changed, passphrase));
        expect(error.code).toBe('Config.UnsupportedEncryption');
        expect(error.message).toContain(says);
        expect(error.message).toMatch(/export it again from Acceleration Console/);
      }
      expect(derivations).not.toHaveBeenCalled();
    });

    it('the bounds hold what the app writes and what it wrote', () => {
      expect(ACCEPTED_KDF).toEqual({ minLog2N: 15, maxLog2N: 18, r: 8, p: 1 });
      for (const N of [2 ** 15, 2 ** 16, 2 ** 17, 2 ** 18]) expect(kdfSettingsProblem({ N, r: 8, p: 1 })).toBeNull();
      expect(kdfSettingsProblem(EXPORT_KDF_COST)).toBeNull();
    });

    it('never writes a document it would refuse', async () => {
      await expect(
        encryptConfigDocument(SECRET_TEXT, 'correct horse battery', { N: 2 ** 10, r: 8, p: 1 }),
      ).rejects.toThrow(/kdf\.N is 1024/);
      expect(derivations).not.toHaveBeenCalled();
    });
  });

  it('refuses a GCM tag cut to 4 bytes (and an IV or salt of another size) before deriving, without a Node warning', async () => {
    const original = await fixture('config-scrypt-n15.encrypted.json');
    const warnings: string[] = [];
    const onWarning = (warning: Error & { code?: string }) => warnings.push(warning.code ?? warning.name);
    process.on('warning', onWarning);
    try {
      const cut = {
        ...original,
        cipher: {
          ...original.cipher,
          tag: Buffer.from(original.cipher.tag, 'base64').subarray(0, 4).toString('base64'),
        },
      };
      const error = await rejection(decryptConfigDocument(cut, FIXTURE_PASSPHRASE));
      expect(error.code).toBe('Config.UnsupportedEncryption');
      expect(error.message).toContain('cipher.tag is 4 bytes; this app opens documents whose cipher.tag is 16 bytes.');
      const iv = { ...original, cipher: { ...original.cipher, iv: Buffer.alloc(16).toString('base64') } };
      expect((await rejection(decryptConfigDocument(iv, FIXTURE_PASSPHRASE))).message).toContain(
        'cipher.iv is 16 bytes; this app opens documents whose cipher.iv is 12 bytes.',
      );
      const salt = { ...original, kdf: { ...original.kdf, salt: '' } };
      expect((await rejection(decryptConfigDocument(salt, FIXTURE_PASSPHRASE))).message).toContain(
        'kdf.salt is 0 bytes',
      );
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', onWarning);
    }
    expect(derivations).not.toHaveBeenCalled();
    expect(warnings).not.toContain('DEP0182');
  });

  it('asks for a passphrase of at least 8 characters', async () => {
    const error = await rejection(encryptConfigDocument(SECRET_TEXT, 'short', OLD_COST));
    expect(error.code).toBe('Config.PassphraseTooShort');
    expect(error.fields?.passphrase).toMatch(/At least 8 characters/);
  });
});
