// The create-service form's model: what the user types (strings, rows) → the API body, and the
// shared zod schemas' issues → messages keyed by form field path ("origins.0.originUrl").
import type { z } from 'zod';
import {
  createServiceBodySchema,
  type CreateServiceBody,
  type DefaultHostHeader,
  type TlsProfile,
} from '#shared/api/schemas/service.ts';
import { originSchema, type Origin } from '#shared/api/schemas/origin.ts';
import { listEntries } from '#shared/api/formats.ts';

export interface HeaderRow {
  key: number;
  name: string;
  value: string;
}

export interface OriginDraft {
  key: number;
  originUrl: string;
  sni: string;
  headers: HeaderRow[];
  s3Enabled: boolean;
  s3: { accessKey: string; accessSecret: string; region: string; dropQueryString: boolean };
}

export interface ServiceDraft {
  domainName: string;
  /** One per line or comma-separated. */
  alternateDomainNames: string;
  origins: OriginDraft[];
  defaultHostHeader: DefaultHostHeader | '';
  streaming: boolean;
  http2: boolean;
  http3: boolean;
  redirectHttpToHttps: boolean;
  tlsProfile: TlsProfile | '';
  enabled: boolean;
}

/** Field path → message. */
export type FieldErrors = Record<string, string>;

let nextKey = 1;
function newKey(): number {
  return nextKey++;
}

export function newHeaderRow(): HeaderRow {
  return { key: newKey(), name: '', value: '' };
}

export function newOrigin(originUrl = ''): OriginDraft {
  return {
    key: newKey(),
    originUrl,
    sni: '',
    headers: [],
    s3Enabled: false,
    s3: { accessKey: '', accessSecret: '', region: '', dropQueryString: false },
  };
}

export function newServiceDraft(): ServiceDraft {
  return {
    domainName: '',
    alternateDomainNames: '',
    origins: [newOrigin()],
    defaultHostHeader: 'originHost',
    streaming: false,
    http2: true,
    http3: false,
    redirectHttpToHttps: false,
    tlsProfile: '',
    enabled: true,
  };
}

/** The draft without its row keys (they only tie rows to their inputs). */
function content(draft: ServiceDraft): unknown {
  return {
    ...draft,
    origins: draft.origins.map(({ key: _key, headers, ...origin }) => ({
      ...origin,
      headers: headers.map(({ key: _k, ...row }) => row),
    })),
  };
}

/** The user typed or changed something (Cancel then asks first). */
export function serviceDraftHasInput(draft: ServiceDraft): boolean {
  return JSON.stringify(content(draft)) !== JSON.stringify(content(newServiceDraft()));
}

/**
 * A stored draft's rows get fresh keys (the stored ones may collide with rows added later); its
 * S3 secret is blank (drafts never hold secrets) and has to be typed again.
 */
export function rekeyServiceDraft(stored: ServiceDraft): ServiceDraft {
  return {
    ...stored,
    origins: stored.origins.map((origin) => ({
      ...origin,
      key: newKey(),
      headers: origin.headers.map((row) => ({ ...row, key: newKey() })),
    })),
  };
}

/** The spec's one-line meaning of each TLS profile and default host header value. */
export const tlsProfileMeanings: Record<TlsProfile, string> = {
  modern: 'TLS 1.3 only',
  intermediate: 'recommended for most',
  old: 'maximum compatibility',
};

export const defaultHostHeaderMeanings: Record<DefaultHostHeader, string> = {
  preserve: 'keep the host header and SNI of the original request',
  originHost: 'use the host of the origin URL',
};

/** Alternate domain names may be separated by commas, spaces or new lines. */
function splitList(text: string): string[] {
  return listEntries(text, { orWhitespace: true });
}

function toOrigin(draft: OriginDraft): Origin {
  const origin: Origin = { originUrl: draft.originUrl.trim() };
  if (draft.sni.trim() !== '') origin.sni = draft.sni.trim();
  const rows = draft.headers.filter((row) => row.name.trim() !== '' || row.value !== '');
  if (rows.length > 0) origin.headers = Object.fromEntries(rows.map((row) => [row.name.trim(), row.value]));
  if (draft.s3Enabled) {
    origin.s3Credential = {
      accessKey: draft.s3.accessKey.trim(),
      accessSecret: draft.s3.accessSecret,
      region: draft.s3.region.trim(),
      ...(draft.s3.dropQueryString ? { dropQueryString: true } : {}),
    };
  }
  return origin;
}

export function toCreateServiceBody(draft: ServiceDraft): CreateServiceBody {
  const alternates = splitList(draft.alternateDomainNames);
  return {
    domainName: draft.domainName.trim(),
    origins: draft.origins.map(toOrigin),
    defaultHostHeader: draft.defaultHostHeader as DefaultHostHeader,
    ...(alternates.length > 0 ? { alternateDomainNames: alternates } : {}),
    streaming: draft.streaming,
    http2: draft.http2,
    http3: draft.http3,
    redirectHttpToHttps: draft.redirectHttpToHttps,
    ...(draft.tlsProfile ? { tlsProfile: draft.tlsProfile } : {}),
    enabled: draft.enabled,
  };
}

type Issue = z.core.$ZodIssue;

function issueMessage(issue: Issue): string {
  if (issue.code === 'invalid_key' && issue.issues[0]) return issue.issues[0].message;
  return issue.message;
}

/** Issues of one origin, keyed relative to it ("originUrl", "headers.1.name", "s3Credential.region"). */
function originIssues(draft: OriginDraft, issues: readonly Issue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const [first, second, third] = issue.path;
    let key: string;
    if (first === 'headers' && typeof second === 'string') {
      const row = draft.headers.findIndex((header) => header.name.trim() === second);
      key = `headers.${Math.max(row, 0)}.${issue.code === 'invalid_key' ? 'name' : 'value'}`;
    } else if (first === 's3Credential' && typeof second === 'string') {
      key = `s3Credential.${second}`;
    } else {
      key = [first, second, third].filter((part) => part !== undefined).join('.') || 'originUrl';
    }
    errors[key] ??= issueMessage(issue);
  }
  // Rows the schema cannot see: a value without a name, or the same name twice.
  const seen = new Map<string, number>();
  draft.headers.forEach((row, index) => {
    const name = row.name.trim().toLowerCase();
    if (name === '' && row.value !== '')
      errors[`headers.${index}.name`] ??= 'Origin header name is required for a header with a value.';
    else if (name !== '' && seen.has(name))
      errors[`headers.${index}.name`] ??= `Origin header “${row.name.trim()}” is listed twice; keep one row.`;
    if (name !== '') seen.set(name, index);
  });
  return errors;
}

export function validateOrigin(draft: OriginDraft): FieldErrors {
  const result = originSchema.safeParse(toOrigin(draft));
  return originIssues(draft, result.success ? [] : result.error.issues);
}

/** Every problem of the draft, keyed by form path (empty when the body is valid). */
export function validateServiceDraft(draft: ServiceDraft): FieldErrors {
  const errors: FieldErrors = {};
  const body = toCreateServiceBody(draft);
  const result = createServiceBodySchema.safeParse(body);
  const alternates = body.alternateDomainNames ?? [];
  if (!result.success) {
    for (const issue of result.error.issues) {
      const [first, index] = issue.path;
      if (first === 'origins' && typeof index === 'number') continue; // per origin below, with row mapping
      if (first === 'alternateDomainNames' && typeof index === 'number') {
        errors.alternateDomainNames ??= `“${alternates[index] ?? ''}”: ${issue.message}`;
        continue;
      }
      errors[String(first ?? 'form')] ??= issueMessage(issue);
    }
  }
  draft.origins.forEach((origin, index) => {
    for (const [key, message] of Object.entries(validateOrigin(origin))) errors[`origins.${index}.${key}`] = message;
  });
  return errors;
}

/**
 * The server's field errors (formatError's fields: the error's own, else the error table's field
 * for its code, e.g. InvalidService.DomainName → domainName) as the form's paths.
 */
export function fieldErrorsFromServer(fields: Record<string, string>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [path, message] of Object.entries(fields))
    errors[path.replace(/^body\./, '').replace(/\[\]|\.\*/g, '.0')] = message;
  return errors;
}
