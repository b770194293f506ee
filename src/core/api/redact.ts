// Redaction before anything is recorded or thrown (Octokit's RequestError model): Authorization
// values, access key secrets, S3 accessSecret and tokenSecret never reach a log, error or export.

import { isSecretFieldName, REDACTED, secretFieldNames } from '#shared/ipc/secret-fields.ts';
import { AUTHORIZATION_VALUE_RE, jsonMemberPattern, MIN_SCRUB_LENGTH } from '#shared/security/secret-text.ts';

export { REDACTED };

// Secrets embedded in JSON text, e.g. a response snippet or a body in a message.
// The names are plain identifiers, so they need no escaping inside the pattern.
const JSON_SECRET_RE = jsonMemberPattern(secretFieldNames);

// Secrets known to this process (access key secrets of live clients), scrubbed from any text even
// when they appear outside a recognisable key. Reference-counted: two clients may share a key.
const knownSecrets = new Map<string, number>();

/** Makes `secret` scrubbed by redact() until the returned function is called. */
export function registerSecret(secret: string): () => void {
  if (secret.length < MIN_SCRUB_LENGTH) return () => {};
  knownSecrets.set(secret, (knownSecrets.get(secret) ?? 0) + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const count = (knownSecrets.get(secret) ?? 1) - 1;
    if (count <= 0) knownSecrets.delete(secret);
    else knownSecrets.set(secret, count);
  };
}

export function redactText(text: string, extraSecrets: readonly string[] = []): string {
  return redactKnownSecrets(text.replace(JSON_SECRET_RE, `$1"${REDACTED}"`), extraSecrets);
}

/**
 * Only Authorization values and access key secrets (registered or given) are cut out; values
 * under secret-named JSON keys stay. For output the user explicitly asked to see with its
 * secrets (`accel call --show-secrets`), which must still never show an access key secret.
 */
export function redactKnownSecrets(text: string, extraSecrets: readonly string[] = []): string {
  let out = text.replace(AUTHORIZATION_VALUE_RE, `HMAC-SHA256 ${REDACTED}`);
  // Longest first so a secret containing another is removed whole.
  const secrets = [...knownSecrets.keys(), ...extraSecrets.filter((s) => s.length >= MIN_SCRUB_LENGTH)].sort(
    (a, b) => b.length - a.length,
  );
  for (const secret of secrets) {
    if (out.includes(secret)) out = out.split(secret).join(REDACTED);
  }
  return out;
}

/**
 * Returns a copy of `value` with secrets removed: values under secret keys (authorization,
 * accessSecret, tokenSecret, ...) replaced, and Authorization values / known secrets cut out of
 * every string. Errors become plain { name, message, code } objects.
 */
export function redact<T>(value: T, extraSecrets: readonly string[] = []): T {
  return redactValue(value, extraSecrets, new WeakMap()) as T;
}

function redactValue(value: unknown, extra: readonly string[], seen: WeakMap<object, unknown>): unknown {
  if (typeof value === 'string') return redactText(value, extra);
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value)) return seen.get(value);
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    seen.set(value, out);
    for (const item of value) out.push(redactValue(item, extra, seen));
    return out;
  }
  const out: Record<string, unknown> = {};
  seen.set(value, out);
  if (value instanceof Error) {
    out.name = value.name;
    out.message = redactText(value.message, extra);
  }
  for (const [key, item] of Object.entries(value)) {
    out[key] =
      isSecretFieldName(key) && item !== undefined && item !== null && item !== ''
        ? REDACTED
        : redactValue(item, extra, seen);
  }
  return out;
}
