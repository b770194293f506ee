// Passphrase encryption of the files that carry secrets — configuration documents and profile
// exports (accounts/profile-transfer.ts) share this one envelope: scrypt derives 64 bytes from the
// passphrase and a random salt (32 for AES-256-GCM, 32 for a passphrase check), the envelope's
// header is authenticated as additional data. Settings out of bounds, a wrong passphrase and a
// changed file give different, clear errors.
import { AppCode } from '#shared/app-errors.ts';
import { createCipheriv, createDecipheriv, createHmac, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { CoreError } from '../errors.ts';
import {
  CONFIG_DOCUMENT_SCHEMA_VERSION,
  ENCRYPTED_CONFIG_DOCUMENT_FORMAT,
  encryptedConfigDocumentSchema,
  type EncryptedConfigDocument,
} from '#shared/config-document/schema.ts';
import { stableJson } from '#shared/config-document/serialize.ts';
import { MIN_PASSPHRASE_LENGTH } from '#shared/config-document/format.ts';

/** What this app writes: N = 2^17 (OWASP's minimum for scrypt), r = 8, p = 1 — 128 MiB, about half a second. */
export const EXPORT_KDF_COST = { N: 2 ** 17, r: 8, p: 1 } as const;

/**
 * What this app opens: what it writes, what it wrote before (N = 2^15) and one step of margin
 * above. Anything else is refused before deriving: a crafted N, r or p would otherwise take
 * gigabytes and minutes of a libuv worker thread before it could say "wrong passphrase".
 */
export const ACCEPTED_KDF = { minLog2N: 15, maxLog2N: 18, r: 8, p: 1 } as const;
/** AES-256-GCM as written: a 12-byte IV, a 16-byte tag (a cut tag would be easier to forge), a 16-byte salt. */
const GCM_IV_BYTES = 12;
const GCM_TAG_BYTES = 16;
const KDF_SALT_BYTES = 16;

export type KdfCost = { N: number; r: number; p: number };

const ACCEPTED_RULE = `this app opens documents with N between 2^${ACCEPTED_KDF.minLog2N} and 2^${ACCEPTED_KDF.maxLog2N} (a power of two), r = ${ACCEPTED_KDF.r}, p = ${ACCEPTED_KDF.p}`;

function isPowerOfTwo(n: number): boolean {
  return Number.isInteger(n) && n > 0 && 2 ** Math.round(Math.log2(n)) === n;
}

/** The first key-derivation setting outside the accepted bounds, as a sentence naming it; null when all fit. */
export function kdfSettingsProblem(cost: KdfCost): string | null {
  const { N, r, p } = cost;
  if (!isPowerOfTwo(N)) return `kdf.N is ${N}, which is not a power of two; ${ACCEPTED_RULE}.`;
  if (N < 2 ** ACCEPTED_KDF.minLog2N || N > 2 ** ACCEPTED_KDF.maxLog2N)
    return `kdf.N is ${N} (2^${Math.log2(N)}); ${ACCEPTED_RULE}.`;
  if (r !== ACCEPTED_KDF.r) return `kdf.r is ${r}; ${ACCEPTED_RULE}.`;
  if (p !== ACCEPTED_KDF.p) return `kdf.p is ${p}; ${ACCEPTED_RULE}.`;
  return null;
}

function unsupported(problem: string): CoreError {
  return new CoreError(
    AppCode.Config.UnsupportedEncryption,
    `The encrypted document uses settings this app does not open: ${problem} It was changed or written by another program; export it again from Acceleration Console.`,
  );
}

function deriveKeys(passphrase: string, salt: Buffer, cost: KdfCost): Promise<{ key: Buffer; check: Buffer }> {
  // The one gate before every derivation, writing included: nothing outside the bounds is derived.
  const problem = kdfSettingsProblem(cost);
  if (problem) return Promise.reject(unsupported(problem));
  const { N, r, p } = cost;
  return new Promise((resolve, reject) => {
    // scrypt needs 128·r·(N + p + 2) bytes; Node refuses anything above maxmem (32 MiB by default).
    scrypt(
      passphrase.normalize('NFC'),
      salt,
      64,
      { N, r, p, maxmem: 128 * r * (N + p + 2) + 1024 * 1024 },
      (error, derived) => {
        if (error) reject(error);
        else resolve({ key: derived.subarray(0, 32), check: derived.subarray(32) });
      },
    );
  });
}

function checkValue(checkKey: Buffer, salt: Buffer): Buffer {
  return createHmac('sha256', checkKey).update('acceleration-console passphrase check').update(salt).digest();
}

/** The header fields as authenticated data: changing any of them fails decryption. */
function additionalData(
  envelope: Omit<EncryptedConfigDocument, 'ciphertext' | 'cipher'> & { cipher: { name: string; iv: string } },
): Buffer {
  return Buffer.from(
    stableJson({
      format: envelope.format,
      schemaVersion: envelope.schemaVersion,
      kdf: envelope.kdf,
      cipher: { name: envelope.cipher.name, iv: envelope.cipher.iv },
    }),
    'utf8',
  );
}

export function checkPassphrase(passphrase: string | undefined): string {
  if (passphrase === undefined || passphrase.length < MIN_PASSPHRASE_LENGTH) {
    throw new CoreError(
      AppCode.Config.PassphraseTooShort,
      `A document with secrets is encrypted with a passphrase of at least ${MIN_PASSPHRASE_LENGTH} characters; enter a longer passphrase.`,
      { fields: { passphrase: `At least ${MIN_PASSPHRASE_LENGTH} characters.` } },
    );
  }
  return passphrase;
}

/** Encrypts a document's text; returns the envelope's text. */
export async function encryptConfigDocument(
  plaintext: string,
  passphrase: string,
  cost: KdfCost = EXPORT_KDF_COST,
): Promise<string> {
  checkPassphrase(passphrase);
  const problem = kdfSettingsProblem(cost);
  // Never write a document this app would refuse to open.
  if (problem) throw new RangeError(`encryptConfigDocument: ${problem}`);
  const salt = randomBytes(KDF_SALT_BYTES);
  const iv = randomBytes(GCM_IV_BYTES);
  const { key, check } = await deriveKeys(passphrase, salt, cost);
  const header = {
    format: ENCRYPTED_CONFIG_DOCUMENT_FORMAT,
    schemaVersion: CONFIG_DOCUMENT_SCHEMA_VERSION,
    kdf: { name: 'scrypt' as const, N: cost.N, r: cost.r, p: cost.p, salt: salt.toString('base64') },
    cipher: { name: 'aes-256-gcm' as const, iv: iv.toString('base64') },
  };
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: GCM_TAG_BYTES });
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

/** The header's sizes and key-derivation settings checked, before any passphrase is asked or key derived. */
function acceptedHeader(envelope: EncryptedConfigDocument): { salt: Buffer; iv: Buffer; tag: Buffer } {
  const kdfProblem = kdfSettingsProblem(envelope.kdf);
  if (kdfProblem) throw unsupported(kdfProblem);
  const salt = Buffer.from(envelope.kdf.salt, 'base64');
  const iv = Buffer.from(envelope.cipher.iv, 'base64');
  const tag = Buffer.from(envelope.cipher.tag, 'base64');
  const sizes: [string, Buffer, number][] = [
    ['kdf.salt', salt, KDF_SALT_BYTES],
    ['cipher.iv', iv, GCM_IV_BYTES],
    ['cipher.tag', tag, GCM_TAG_BYTES],
  ];
  for (const [field, bytes, expected] of sizes) {
    if (bytes.length !== expected)
      throw unsupported(
        `${field} is ${bytes.length} bytes; this app opens documents whose ${field} is ${expected} bytes.`,
      );
  }
  return { salt, iv, tag };
}

/**
 * Decrypts an envelope (already parsed JSON). Throws Config.UnsupportedEncryption (settings out of
 * bounds, checked first), Config.PassphraseRequired, Config.WrongPassphrase or Config.Tampered.
 */
export async function decryptConfigDocument(value: unknown, passphrase: string | undefined): Promise<string> {
  const parsed = encryptedConfigDocumentSchema.safeParse(value);
  if (!parsed.success) {
    throw new CoreError(
      AppCode.Config.Tampered,
      'The encrypted document is damaged: its header is incomplete or was changed. Export it again.',
    );
  }
  const envelope = parsed.data;
  const { salt, iv, tag } = acceptedHeader(envelope);
  if (passphrase === undefined || passphrase === '') {
    throw new CoreError(
      AppCode.Config.PassphraseRequired,
      'This document is encrypted (it includes secrets); enter its passphrase.',
      {
        fields: { passphrase: 'Enter the passphrase the document was exported with.' },
      },
    );
  }
  const { key, check } = await deriveKeys(passphrase, salt, envelope.kdf);
  const expected = checkValue(check, salt);
  const stored = Buffer.from(envelope.passphraseCheck, 'base64');
  if (stored.length !== expected.length || !timingSafeEqual(stored, expected)) {
    throw new CoreError(
      AppCode.Config.WrongPassphrase,
      'The passphrase is not the one this document was encrypted with. Check it and try again.',
      {
        fields: { passphrase: 'Wrong passphrase.' },
      },
    );
  }
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: GCM_TAG_BYTES });
    decipher.setAAD(additionalData({ ...envelope, passphraseCheck: '' }));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(Buffer.from(envelope.ciphertext, 'base64')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    throw new CoreError(
      AppCode.Config.Tampered,
      'The encrypted document was changed after it was exported (its contents no longer match their seal), so it is not used. Export it again.',
    );
  }
}
