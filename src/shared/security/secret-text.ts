// Secret-shaped text, recognised without knowing the secret: a signature v2 Authorization value,
// and a value under a secret-named key in JSON text. The core's redaction (src/core/api/redact.ts,
// with the exact secret field names and the secrets it holds) and the renderer's error formatter
// (which has neither) both use these patterns. No imports: it loads in the renderer at start-up.

export const REDACTED = '[REDACTED]';

/** What replaces a secret value (S3 accessSecret, tokenSecret) in data sent to the renderer. */
export const SECRET_MASK = '••••••';

/** An Authorization header value: `HMAC-SHA256 <accessKeyId>:<hex signature>`. */
export const AUTHORIZATION_VALUE_RE = /HMAC-SHA256\s+[^\s:"']+:[0-9a-fA-F]{8,}/g;

/** A JSON member `"name": "value"` whose name is one of `names` (plain identifiers). */
export function jsonMemberPattern(names: readonly string[]): RegExp {
  return new RegExp(`("(?:${names.join('|')})"\\s*:\\s*)"(?:[^"\\\\]|\\\\.)*"`, 'gi');
}

// Every secret field name of the schemas contains one of these words (secret-fields.test.ts checks
// it), so a renderer that does not load the schemas still recognises them.
const SECRET_NAME_WORDS = /secret|password|passphrase|authorization/i;
const JSON_SECRET_NAMED_RE =
  /("[A-Za-z0-9_-]*(?:secret|password|passphrase|authorization)[A-Za-z0-9_-]*"\s*:\s*)"(?:[^"\\]|\\.)*"/gi;

/** Whether a field name is secret-shaped (accessSecret, tokenSecret, secret, passphrase, …). */
export function isSecretShapedName(name: string): boolean {
  return SECRET_NAME_WORDS.test(name);
}

/** Short strings would shred unrelated text; real secrets are far longer. */
export const MIN_SCRUB_LENGTH = 6;

/**
 * `text` with Authorization values, JSON values under secret-shaped keys and each of `secrets`
 * (values the caller holds, e.g. what the user typed in a secret field) replaced by REDACTED.
 */
export function scrubSecretText(text: string, secrets: readonly string[] = []): string {
  let out = text
    .replace(AUTHORIZATION_VALUE_RE, `HMAC-SHA256 ${REDACTED}`)
    .replace(JSON_SECRET_NAMED_RE, `$1"${REDACTED}"`);
  const known = secrets.filter((s) => s.length >= MIN_SCRUB_LENGTH).sort((a, b) => b.length - a.length);
  for (const secret of known) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
  return out;
}
