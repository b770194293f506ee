/**
 * Reusable string rules from the spec, as pure predicates plus small zod builders.
 * No zod message lives here without its field label: schemas pass the label in.
 */
export { iso3166Countries } from './iso-3166.ts';
import { iso3166Codes } from './iso-3166.ts';

/** Splits a comma-separated list; whitespace around entries is tolerated (trimmed). */
export function splitCommaList(value: string): string[] {
  return value.split(',').map((part) => part.trim());
}

/**
 * Entries of a list a user typed: separated by commas (with `orWhitespace`, also by spaces and
 * new lines), trimmed, empty entries dropped.
 */
export function listEntries(text: string | undefined, options: { orWhitespace?: boolean } = {}): string[] {
  if (!text) return [];
  return text
    .split(options.orWhitespace ? /[\s,]+/ : ',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/** Every entry non-empty and accepted by `test`. */
function isCommaList(value: string, test: (entry: string) => boolean): boolean {
  const entries = splitCommaList(value);
  return entries.every((e) => e.length > 0 && test(e));
}

/** Canonical form we send: entries joined by ',' without spaces. */
export function normalizeCommaList(value: string): string {
  return splitCommaList(value).join(',');
}

// ---------------------------------------------------------------- domain names

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

/**
 * A DNS name (ASCII/punycode, no trailing dot, at least two labels, last label not numeric).
 * `wildcard` allows one leading `*.` label (`*.example.com`), which CDN services use for
 * wildcard acceleration domains (decision in docs/api-decisions.md).
 */
export function isDomainName(value: string, options: { wildcard?: boolean } = {}): boolean {
  let name = value;
  if (options.wildcard && name.startsWith('*.')) name = name.slice(2);
  if (name.length === 0 || name.length > 253) return false;
  const labels = name.split('.');
  if (labels.length < 2) return false;
  if (!labels.every((l) => LABEL.test(l))) return false;
  return !/^\d+$/.test(labels[labels.length - 1]);
}

/** A host name for an origin: any DNS name (single labels too), IPv4, or [IPv6]. */
function isHostname(value: string): boolean {
  if (value.startsWith('[') && value.endsWith(']')) return isIPv6(value.slice(1, -1));
  if (isIPv4(value)) return true;
  if (/^[\d.]+$/.test(value)) return false; // looks like a broken IPv4 address
  if (value.length === 0 || value.length > 253) return false;
  return value.split('.').every((l) => LABEL.test(l));
}

// ---------------------------------------------------------------- origin URL

export interface ParsedOriginUrl {
  scheme?: 'http' | 'https';
  host: string;
  port?: number;
  path?: string;
}

const ORIGIN_URL = /^(?:(https?):\/\/)?(\[[0-9a-fA-F:.]+\]|[^/:[\]\s]+)(?::(\d{1,5}))?(\/[^\s?#]*)?$/i;

/** Parses `[http[s]://]hostname[:port][/path/prefix]`; null when it does not fit. */
export function parseOriginUrl(value: string): ParsedOriginUrl | null {
  const m = ORIGIN_URL.exec(value);
  if (!m) return null;
  const [, scheme, host, port, path] = m;
  if (!isHostname(host)) return null;
  const parsed: ParsedOriginUrl = { host };
  if (scheme) parsed.scheme = scheme.toLowerCase() as 'http' | 'https';
  if (port !== undefined) {
    const n = Number(port);
    if (n < 1 || n > 65535) return null;
    parsed.port = n;
  }
  if (path) parsed.path = path;
  return parsed;
}

export function isOriginUrl(value: string): boolean {
  return parseOriginUrl(value) !== null;
}

// ---------------------------------------------------------------- IP addresses

export function isIPv4(value: string): boolean {
  const parts = value.split('.');
  return parts.length === 4 && parts.every((p) => /^(?:0|[1-9]\d{0,2})$/.test(p) && Number(p) <= 255);
}

function ipv4ToInt(value: string): number {
  return value.split('.').reduce((acc, p) => ((acc << 8) | Number(p)) >>> 0, 0);
}

/** A dotted netmask with contiguous leading one bits (255.255.255.0, 255.255.0.0, ...). */
export function isDottedNetmask(value: string): boolean {
  if (!isIPv4(value)) return false;
  const inverted = ~ipv4ToInt(value) >>> 0;
  return (inverted & (inverted + 1)) === 0;
}

/** IPv6 in the usual text forms (`::` compression, trailing embedded IPv4), no zone id. */
export function isIPv6(value: string): boolean {
  if (value.length < 2 || value.length > 45) return false;
  const halves = value.split('::');
  if (halves.length > 2) return false;
  const groups = (s: string): string[] | null => (s === '' ? [] : s.split(':'));
  const head = groups(halves[0]);
  const tail = halves.length === 2 ? groups(halves[1]) : [];
  if (!head || !tail) return false;
  const all = [...head, ...tail];
  let count = 0;
  for (let i = 0; i < all.length; i++) {
    const g = all[i];
    if (i === all.length - 1 && g.includes('.')) {
      if (!isIPv4(g)) return false;
      count += 2;
    } else if (/^[0-9a-f]{1,4}$/i.test(g)) {
      count += 1;
    } else {
      return false;
    }
  }
  return halves.length === 2 ? count < 8 : count === 8;
}

function isPrefixLength(value: string, max: number): boolean {
  return /^(?:0|[1-9]\d{0,2})$/.test(value) && Number(value) <= max;
}

/**
 * One ipRestriction entry: a single address, address/dotted netmask (IPv4), or
 * address/prefix length (0-32 for IPv4, 0-128 for IPv6).
 */
export function isIpRestrictionEntry(entry: string): boolean {
  const slash = entry.indexOf('/');
  if (slash === -1) return isIPv4(entry) || isIPv6(entry);
  const address = entry.slice(0, slash);
  const suffix = entry.slice(slash + 1);
  if (isIPv4(address)) return isPrefixLength(suffix, 32) || isDottedNetmask(suffix);
  if (isIPv6(address)) return isPrefixLength(suffix, 128);
  return false;
}

/** Comma-separated ipRestriction entries; null when valid, else the first bad entry. */
export function invalidIpRestrictionEntry(value: string): string | null {
  for (const e of splitCommaList(value)) if (!isIpRestrictionEntry(e)) return e;
  return null;
}

/** CIDR (or a single address) for subnet / not_subnet match values. */
export function isCidr(value: string): boolean {
  const slash = value.indexOf('/');
  if (slash === -1) return isIPv4(value) || isIPv6(value);
  const address = value.slice(0, slash);
  const suffix = value.slice(slash + 1);
  if (isIPv4(address)) return isPrefixLength(suffix, 32);
  if (isIPv6(address)) return isPrefixLength(suffix, 128);
  return false;
}

// ---------------------------------------------------------------- geo, tokens, headers

/** ISO 3166-1 alpha-2 code, upper case, officially assigned. */
export function isCountryCode(value: string): boolean {
  return iso3166Codes.has(value);
}

/** First entry of a geoRestriction list that is not an upper-case ISO 3166 code, or null. */
export function invalidCountryCode(value: string): string | null {
  for (const e of splitCommaList(value)) if (!isCountryCode(e)) return e;
  return null;
}

/** One token of a tokenSecret list: exactly this many characters from TOKEN_SECRET_ALPHABET. */
export const TOKEN_SECRET_LENGTH = 64;
export const TOKEN_SECRET_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';
const TOKEN_SECRET_TOKEN = new RegExp(`^[0-9a-z]{${TOKEN_SECRET_LENGTH}}$`);
/** Whether every character is from TOKEN_SECRET_ALPHABET (whatever the length). */
export const isTokenSecretAlphabet = (token: string): boolean => /^[0-9a-z]*$/.test(token);

/** tokenSecret: comma-separated tokens, each exactly 64 characters from 0-9 a-z. */
export function isTokenSecretList(value: string): boolean {
  return isCommaList(value, (t) => TOKEN_SECRET_TOKEN.test(t));
}

/** HTTP header field name (RFC 9110 token). */
export function isHeaderName(value: string): boolean {
  return /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(value);
}

export function isHeaderNameList(value: string): boolean {
  return isCommaList(value, isHeaderName);
}

/** MIME type `type/subtype` (subtype may be `*`). */
export function isMimeType(value: string): boolean {
  return /^[a-z0-9][a-z0-9!#$&^_.+-]*\/(?:\*|[a-z0-9][a-z0-9!#$&^_.+-]*)$/i.test(value);
}

export const corsMethods = ['GET', 'POST', 'PUT', 'DELETE', 'HEAD', 'OPTIONS', 'CONNECT', 'TRACE', 'PATCH'] as const;

/** One method or a comma-separated list from `corsMethods` (upper case, as HTTP methods are). */
export function isCorsMethodList(value: string): boolean {
  return isCommaList(value, (m) => (corsMethods as readonly string[]).includes(m));
}

/**
 * What is wrong with an Access-Control-Allow-Origin value, one message per mistake, or null
 * when it is `*` or one origin `http(s)://fqdn[:port]` with nothing after it (the spec's
 * "* or scheme://fqdn"; docs/api-decisions.md explains each rule).
 */
export function corsAllowOriginProblem(value: string): string | null {
  const example = 'such as https://www.example.com';
  if (value === '*') return null;
  const trimmed = value.trim();
  if (trimmed === '') return `Allowed origin cannot be empty: enter * or one origin ${example}, or leave it unset.`;
  if (trimmed !== value) return 'Allowed origin cannot start or end with spaces.';
  if (/[\s,]/.test(value)) {
    return `Allowed origin takes one origin only (the header has a single value): enter * for any origin, or one origin ${example}.`;
  }
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\//.exec(value);
  if (!scheme)
    return `Allowed origin needs its scheme: write https://${value.replace(/^\/+/, '')} (an origin is scheme://domain, ${example}).`;
  if (scheme[1] !== 'http' && scheme[1] !== 'https') {
    return /^https?$/i.test(scheme[1])
      ? `Allowed origin's scheme must be written in lower case: ${scheme[1].toLowerCase()}://…`
      : `Allowed origin must start with http:// or https:// (browsers send no other scheme in Origin); “${scheme[1]}://” is not allowed.`;
  }
  const rest = value.slice(scheme[0].length);
  const authority = /^[^/?#]*/.exec(rest)?.[0] ?? '';
  const after = rest.slice(authority.length);
  if (after === '/') return `Allowed origin ends at the domain: remove the trailing slash (${scheme[0]}${authority}).`;
  if (after !== '')
    return `Allowed origin ends at the domain: remove “${after}” (an origin has no path, query or fragment).`;
  if (authority.includes('@')) return 'Allowed origin cannot contain a user name or password.';
  const hostPort = /^([^:]*)(?::(\d*))?$/.exec(authority);
  const host = hostPort?.[1] ?? authority;
  const port = hostPort?.[2];
  if (host.startsWith('*.') || host.includes('*')) {
    return `Allowed origin cannot be a wildcard subdomain (${host}): enter one origin such as ${scheme[0]}${host.replace(/^\*\./, 'www.')}, or * for any origin.`;
  }
  if (!hostPort || (port !== undefined && !/^\d{1,5}$/.test(port)))
    return 'Allowed origin has a malformed port: write :port with digits only, e.g. :8443.';
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535))
    return `Allowed origin port ${port} is out of range (1–65535).`;
  if (host === '') return `Allowed origin needs a domain after ${scheme[0]}, ${example}.`;
  if (!isDomainName(host))
    return `Allowed origin's domain “${host}” is not a fully qualified domain name such as www.example.com.`;
  return null;
}

/** A redirect destination: an absolute http(s) URL or an absolute path on the same host. */
export function isRedirectDestination(value: string): boolean {
  if (/\s/.test(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  const m = /^https?:\/\/([^/?#:]+|\[[0-9a-fA-F:.]+\])(?::\d{1,5})?(?:[/?#].*)?$/i.exec(value);
  return m !== null && isHostname(m[1]);
}

// ---------------------------------------------------------------- timestamps

const SFD_TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z$/;

/** Parses `yyyy-MM-ddTHH:mm:ssZ` (UTC); null when malformed or not a real date/time. */
export function parseApiTimestamp(value: string): Date | null {
  const m = SFD_TIMESTAMP.exec(value);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number);
  const ms = Date.UTC(y, mo - 1, d, h, mi, s);
  const date = new Date(ms);
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  if (h > 23 || mi > 59 || s > 59) return null;
  return date;
}

export function isApiTimestamp(value: string): boolean {
  return parseApiTimestamp(value) !== null;
}

/** Day form used with interval day: `yyyy-MM-ddT00:00:00Z`. */
export function isApiDayTimestamp(value: string): boolean {
  return isApiTimestamp(value) && value.endsWith('T00:00:00Z');
}
