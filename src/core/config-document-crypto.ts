// Passphrase encryption of configuration documents that include secrets: scrypt derives 64 bytes
// from the passphrase and a random salt (32 for AES-256-GCM, 32 for a passphrase check), the
// envelope's header is authenticated as additional data. A wrong passphrase and a changed file
// give different, clear errors.
import { createCipheriv, createDecipheriv, createHmac, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { CoreError } from './errors.ts';
import {
  CONFIG_DOCUMENT_SCHEMA_VERSION,
  ENCRYPTED_CONFIG_DOCUMENT_FORMAT,
  encryptedConfigDocumentSchema,
  type EncryptedConfigDocument,
} from '#shared/config-document/schema.ts';
import { stableJson } from '#shared/config-document/serialize.ts';
import { MIN_PASSPHRASE_LENGTH } from '#shared/config-document/format.ts';

/** scrypt cost (N = 2^15, r = 8: about 32 MiB and a tenth of a second). */
const DEFAULT_COST = { N: 2 ** 15, r: 8, p: 1 };
/** A file may not ask for more than this (a crafted N would make reading it hang or exhaust memory). */
const MAX_N = 2 ** 20;
export { MIN_PASSPHRASE_LENGTH };

function deriveKeys(passphrase: string, salt: Buffer, cost: { N: number; r: number; p: number }): Promise<{ key: Buffer; check: Buffer }> {
  return new Promise((resolve, reject) => {
    scrypt(passphrase.normalize('NFC'), salt, 64, { ...cost, maxmem: 256 * cost.N * cost.r + 1024 * 1024 }, (error, derived) => {
      if (error) reject(error);
      else resolve({ key: derived.subarray(0, 32), check: derived.subarray(32) });
    });
  });
}

function checkValue(checkKey: Buffer, salt: Buffer): Buffer {
  return createHmac('sha256', checkKey).update('acceleration-console passphrase check').update(salt).digest();
}

/** The header fields as authenticated data: changing any of them fails decryption. */
function additionalData(envelope: Omit<EncryptedConfigDocument, 'ciphertext' | 'cipher'> & { cipher: { name: string; iv: string } }): Buffer {
  return Buffer.from(stableJson({ format: envelope.format, schemaVersion: envelope.schemaVersion, kdf: envelope.kdf, cipher: { name: envelope.cipher.name, iv: envelope.cipher.iv } }), 'utf8');
}

export function checkPassphrase(passphrase: string | undefined): string {
  if (passphrase === undefined || passphrase.length < MIN_PASSPHRASE_LENGTH) {
    throw new CoreError(
      'Config.PassphraseTooShort',
      `A document with secrets is encrypted with a passphrase of at least ${MIN_PASSPHRASE_LENGTH} characters; enter a longer passphrase.`,
      { fields: { passphrase: `At least ${MIN_PASSPHRASE_LENGTH} characters.` } },
    );
  }
  return passphrase;
}

/** Encrypts a document's text; returns the envelope's text. */
export async function encryptConfigDocument(plaintext: string, passphrase: string, cost = DEFAULT_COST): Promise<string> {
  checkPassphrase(passphrase);
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const { key, check } = await deriveKeys(passphrase, salt, cost);
  const header = {
    format: ENCRYPTED_CONFIG_DOCUMENT_FORMAT,
    schemaVersion: CONFIG_DOCUMENT_SCHEMA_VERSION,
    kdf: { name: 'scrypt' as const, ...cost, salt: salt.toString('base64') },
    cipher: { name: 'aes-256-gcm' as const, iv: iv.toString('base64') },
  };
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(additionalData({ ...header, passphraseCheck: '' }));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const envelope: EncryptedConfigDocument = {
    ...header,
    cipher: { ...header.cipher, tag: cipher.getAuthTag().toString('base64') },
    passphraseCheck: checkValue(check, salt).toString('base64'),
    ciphertext: ciphertext.toString('base64'),
  };
  return stableJson(envelope);
}

/** Decrypts an envelope (already parsed JSON); throws Config.WrongPassphrase or Config.Tampered. */
export async function decryptConfigDocument(value: unknown, passphrase: string | undefined): Promise<string> {
  const parsed = encryptedConfigDocumentSchema.safeParse(value);
  if (!parsed.success) {
    throw new CoreError('Config.Tampered', 'The encrypted document is damaged: its header is incomplete or was changed. Export it again.');
  }
  const envelope = parsed.data;
  if (passphrase === undefined || passphrase === '') {
    throw new CoreError('Config.PassphraseRequired', 'This document is encrypted (it includes secrets); enter its passphrase.', {
      fields: { passphrase: 'Enter the passphrase the document was exported with.' },
    });
  }
  const { N, r, p } = envelope.kdf;
  if (N > MAX_N || (N & (N - 1)) !== 0 || r > 32 || p > 16) {
    throw new CoreError('Config.Tampered', 'The encrypted document asks for key-derivation settings this app does not accept; it was changed or is not ours.');
  }
  const salt = Buffer.from(envelope.kdf.salt, 'base64');
  const { key, check } = await deriveKeys(passphrase, salt, { N, r, p });
  const expected = checkValue(check, salt);
  const stored = Buffer.from(envelope.passphraseCheck, 'base64');
  if (stored.length !== expected.length || !timingSafeEqual(stored, expected)) {
    throw new CoreError('Config.WrongPassphrase', 'The passphrase is not the one this document was encrypted with. Check it and try again.', {
      fields: { passphrase: 'Wrong passphrase.' },
    });
  }
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(envelope.cipher.iv, 'base64'));
    decipher.setAAD(additionalData({ ...envelope, passphraseCheck: '' }));
    decipher.setAuthTag(Buffer.from(envelope.cipher.tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(envelope.ciphertext, 'base64')), decipher.final()]).toString('utf8');
  } catch {
    throw new CoreError(
      'Config.Tampered',
      'The encrypted document was changed after it was exported (its contents no longer match their seal), so it is not used. Export it again.',
    );
  }
}
