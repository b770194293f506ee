// Masking of secrets in data going to the renderer. API responses echo S3 `accessSecret` and
// `tokenSecret` as sent; the renderer gets a marker plus the list of masked paths, and asks for
// one value explicitly (api.revealSecret) when the user clicks "show".
import { redactText } from '../api/errors.ts';
import { SECRET_MASK } from '#shared/security/secret-text.ts';
import { isSecretFieldName } from '#shared/ipc/secret-fields.ts';

export { SECRET_MASK };

const isSecretKey = isSecretFieldName;

/** Returns a copy with secret values replaced by SECRET_MASK, and the dotted paths replaced. */
export function maskSecrets(value: unknown): { data: unknown; secretFields: string[] } {
  const secretFields: string[] = [];
  const walk = (item: unknown, path: string[]): unknown => {
    if (Array.isArray(item)) return item.map((child, index) => walk(child, [...path, String(index)]));
    if (item === null || typeof item !== 'object') return item;
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(item)) {
      if (isSecretKey(key) && typeof child === 'string' && child !== '') {
        out[key] = SECRET_MASK;
        secretFields.push([...path, key].join('.'));
      } else {
        out[key] = walk(child, [...path, key]);
      }
    }
    return out;
  };
  return { data: walk(value, []), secretFields };
}

/** The value at a dotted path (`origins.0.s3Credential.accessSecret`), or undefined. */
export function valueAtPath(value: unknown, path: string): unknown {
  let current: unknown = value;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/**
 * Last line of defence for every IPC result: secret-named values become SECRET_MASK and known
 * access key secrets / Authorization values are cut out of every string.
 */
export function scrubOutput(value: unknown): unknown {
  if (typeof value === 'string') return redactText(value);
  if (Array.isArray(value)) return value.map(scrubOutput);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    out[key] = isSecretKey(key) && typeof child === 'string' && child !== '' ? SECRET_MASK : scrubOutput(child);
  }
  return out;
}
