// Editor forms ↔ API bodies. Forms hold what the inputs show (strings, lists, toggles); bodies are
// what the operation sends. Validation of bodies uses the shared zod schemas (src/shared/api).
import { matchesToV10 } from '#shared/rules/index.ts';
import { v11OperatorOf } from '#shared/api/match-vocabulary.ts';
import { isTokenSecretAlphabet, listEntries, TOKEN_SECRET_ALPHABET, TOKEN_SECRET_LENGTH } from '#shared/api/formats.ts';
import { accessControlTypes, type AccessControlType } from '#shared/api/schemas/access-control.ts';
import { aclTypes, type AclType } from '#shared/api/schemas/acl.ts';
import { responseHeaderOperations, type ResponseHeaderOperation } from '#shared/api/schemas/response-header.ts';
import { SECRET_MASK } from '#shared/security/secret-text.ts';
import { cacheControlSwitchDefaults } from '#shared/api/policy-defaults.ts';
import { topFieldLabel } from '#shared/api/field-labels.ts';
import { durationUnits, type DurationUnit } from '#shared/api/duration-units.ts';
import type { CacheItem, AccessItem, RedirectionItem } from './policy-lists.svelte.ts';

export type MatchRow = { field: string; operator: string; values: string[] };
export type PatternForm = { operator: string; patterns: string[] };
type OptionalPatternForm = PatternForm & { enabled: boolean };
export type AclForm = { enabled: boolean; aclType: AclType; domainList: string[] };
type HeaderRow = { name: string; operationType: ResponseHeaderOperation; value: string };
export type TtlUnit = DurationUnit;
export const ttlUnits = durationUnits;

/** Text of a whole number input: a number when it is one, else the text (zod then names the rule). */
export function numberOrText(value: string): number | string | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
}

const str = (v: unknown): string => (v === undefined || v === null ? '' : String(v));

// ------------------------------------------------------------------ cache control (V2)

export const cacheBooleans = [
  {
    key: 'ignoreClientNoCache',
    label: topFieldLabel('ignoreClientNoCache'),
    meaning: 'Ignore no-cache headers sent by clients.',
  },
  {
    key: 'ignoreOriginNoCache',
    label: topFieldLabel('ignoreOriginNoCache'),
    meaning: 'Ignore no-cache headers sent by the origin.',
  },
  {
    key: 'ignoreQueryString',
    label: topFieldLabel('ignoreQueryString'),
    meaning: 'Cache one object per URL path, whatever the query string.',
  },
  {
    key: 'enableXCache',
    label: topFieldLabel('enableXCache'),
    meaning: 'Edge responses carry an X-Cache header with HIT or MISS.',
  },
  {
    key: 'noCache',
    label: topFieldLabel('noCache'),
    meaning: 'Never cache matched objects, even when the origin allows it.',
  },
  {
    key: 'autoGzipDisable',
    label: topFieldLabel('autoGzipDisable'),
    meaning: 'Do not compress matched responses with Gzip at the edge.',
  },
  {
    key: 'enabled',
    label: topFieldLabel('enabled'),
    meaning: 'The rule is active. Disabled rules are kept but never apply.',
  },
] as const;
export type CacheBooleanKey = (typeof cacheBooleans)[number]['key'];
/** The spec's defaults (shared with the sandbox, which gives them to new policies). */
export const cacheBooleanDefaults: Readonly<Record<CacheBooleanKey, boolean>> = cacheControlSwitchDefaults;

export type CacheForm = {
  policyName: string;
  priority: string;
  matches: MatchRow[];
  ttlValue: string;
  ttlUnit: TtlUnit;
  refererAcl: AclForm;
  originAcl: AclForm;
  responseHeaders: HeaderRow[];
  varyMIMEs: string[];
  flags: Record<CacheBooleanKey, boolean>;
};

/**
 * What is wrong with the TTL as typed, in the unit the user chose ("TTL must be a whole number
 * of days…"); null when it is fine or empty. `badInput`: the number box holds text it cannot
 * read as a number (its value is then empty).
 */
export function ttlProblem(form: Pick<CacheForm, 'ttlValue' | 'ttlUnit'>, badInput = false): string | null {
  const unit = ttlUnits.find((u) => u.id === form.ttlUnit) ?? ttlUnits[0];
  const text = form.ttlValue.trim();
  const rule = `TTL must be a whole number of ${unit.label}, 0 or more (e.g. 1 for one ${unit.label.replace(/s$/, '')}), or empty to leave it unset.`;
  if (badInput) return rule;
  if (text === '') return null;
  if (!/^\d+$/.test(text)) return rule;
  const largest = Math.floor(Number.MAX_SAFE_INTEGER / unit.seconds);
  if (Number(text) > largest) return `TTL must be at most ${largest} ${unit.label}.`;
  return null;
}

/** Largest unit that expresses the seconds exactly (3600 → 1 h). */
export function splitTtl(seconds: number | undefined): { ttlValue: string; ttlUnit: TtlUnit } {
  if (seconds === undefined || seconds === null) return { ttlValue: '', ttlUnit: 's' };
  for (const unit of [...ttlUnits].reverse()) {
    if (seconds !== 0 && seconds % unit.seconds === 0)
      return { ttlValue: String(seconds / unit.seconds), ttlUnit: unit.id };
  }
  return { ttlValue: String(seconds), ttlUnit: 's' };
}

function aclForm(acl: { aclType?: string; domainList?: string[] } | undefined): AclForm {
  return acl
    ? {
        enabled: true,
        aclType: aclTypes.find((type) => type === acl.aclType) ?? 'whitelist',
        domainList: [...(acl.domainList ?? [])],
      }
    : { enabled: false, aclType: 'whitelist', domainList: [] };
}

export function cacheFormFrom(p: CacheItem): CacheForm {
  const flags = { ...cacheBooleanDefaults };
  for (const { key } of cacheBooleans) if (typeof p[key] === 'boolean') flags[key] = p[key] as boolean;
  return {
    policyName: str(p.policyName),
    priority: str(p.priority),
    matches: (p.matches ?? []).map((m) => ({ field: m.field, operator: m.operator, values: [...m.values] })),
    ...splitTtl(p.ttl),
    refererAcl: aclForm(p.refererAcl),
    originAcl: aclForm(p.originAcl),
    responseHeaders: (p.responseHeaders ?? []).map((h) => ({
      name: h.name,
      operationType: responseHeaderOperations.find((op) => op === h.operationType) ?? 'add',
      value: str(h.value),
    })),
    varyMIMEs: [...(p.varyMIMEs ?? [])],
    flags,
  };
}

export function cacheBody(form: CacheForm): Record<string, unknown> {
  const body: Record<string, unknown> = {
    policyName: form.policyName,
    priority: numberOrText(form.priority),
    matches: form.matches.map((m) => ({ field: m.field, operator: m.operator, values: [...m.values] })),
    autoGzipDisable: form.flags.autoGzipDisable,
  };
  const ttl = numberOrText(form.ttlValue);
  if (ttl !== undefined) {
    const factor = ttlUnits.find((u) => u.id === form.ttlUnit)?.seconds ?? 1;
    body.ttl = typeof ttl === 'number' ? ttl * factor : ttl;
  }
  if (form.refererAcl.enabled)
    body.refererAcl = { aclType: form.refererAcl.aclType, domainList: [...form.refererAcl.domainList] };
  if (form.originAcl.enabled)
    body.originAcl = { aclType: form.originAcl.aclType, domainList: [...form.originAcl.domainList] };
  for (const { key } of cacheBooleans) if (key !== 'autoGzipDisable') body[key] = form.flags[key];
  if (form.responseHeaders.length > 0) {
    body.responseHeaders = form.responseHeaders.map((h) =>
      h.operationType === 'delete' ? { name: h.name, operationType: h.operationType } : { ...h },
    );
  }
  if (form.varyMIMEs.length > 0) body.varyMIMEs = [...form.varyMIMEs];
  return body;
}

// ------------------------------------------------------------------ access control

export type AccessForm = {
  /** Which edit operation: v1.0 (URL path / query string) or V2 (matches). New policies are v1.0. */
  shape: 'v1' | 'v2';
  policyName: string;
  type: AccessControlType;
  priority: string;
  matchUrlPath: PatternForm;
  matchQueryString: OptionalPatternForm;
  matches: MatchRow[];
  ipRestriction: string[];
  geoRestriction: string[];
  anonymousIp: boolean;
  /** The policy has tokens on the server (masked) and they are kept unless replaced. */
  keepTokens: boolean;
  /** New tokens typed or generated. Named tokenSecret so the core blanks it in stored drafts. */
  tokenSecret: string[];
  enabled: boolean;
};

export function emptyAccessForm(): AccessForm {
  return {
    shape: 'v1',
    policyName: '',
    type: 'deny',
    priority: '',
    matchUrlPath: { operator: 'prefix', patterns: [] },
    matchQueryString: { enabled: false, operator: 'prefix', patterns: [] },
    matches: [],
    ipRestriction: [],
    geoRestriction: [],
    anonymousIp: false,
    keepTokens: false,
    tokenSecret: [],
    enabled: true,
  };
}

export function accessFormFrom(p: AccessItem): AccessForm {
  const withMatches = p as AccessItem & { matches?: MatchRow[] };
  return {
    shape: 'v1',
    policyName: str(p.policyName),
    type: accessControlTypes.find((type) => type === p.type) ?? 'deny',
    priority: str(p.priority),
    matchUrlPath: { operator: p.matchUrlPath?.operator ?? 'prefix', patterns: [...(p.matchUrlPath?.patterns ?? [])] },
    matchQueryString: p.matchQueryString
      ? { enabled: true, operator: p.matchQueryString.operator, patterns: [...p.matchQueryString.patterns] }
      : { enabled: false, operator: 'prefix', patterns: [] },
    matches: withMatches.matches
      ? withMatches.matches.map((m) => ({ ...m, values: [...m.values] }))
      : v10Rows(p.matchUrlPath, p.matchQueryString),
    ipRestriction: listEntries(p.ipRestriction),
    geoRestriction: listEntries(p.geoRestriction),
    anonymousIp: p.anonymousIp ?? false,
    keepTokens: typeof p.tokenSecret === 'string' && p.tokenSecret !== '',
    tokenSecret: [],
    enabled: p.enabled ?? true,
  };
}

function v10Rows(
  path?: { operator: string; patterns: string[] },
  query?: { operator: string; patterns: string[] },
): MatchRow[] {
  const rows: MatchRow[] = [];
  if (path) rows.push({ field: 'req.path', operator: v11OperatorOf(path.operator), values: [...path.patterns] });
  if (query) rows.push({ field: 'req.query', operator: v11OperatorOf(query.operator), values: [...query.patterns] });
  return rows;
}

export function accessBody(form: AccessForm): Record<string, unknown> {
  const body: Record<string, unknown> = { policyName: form.policyName, type: form.type };
  if (form.shape === 'v2') {
    body.matches = form.matches.map((m) => ({ field: m.field, operator: m.operator, values: [...m.values] }));
  } else {
    body.matchUrlPath = { operator: form.matchUrlPath.operator, patterns: [...form.matchUrlPath.patterns] };
    if (form.matchQueryString.enabled) {
      body.matchQueryString = {
        operator: form.matchQueryString.operator,
        patterns: [...form.matchQueryString.patterns],
      };
    }
  }
  const priority = numberOrText(form.priority);
  if (priority !== undefined) body.priority = priority;
  if (form.ipRestriction.length > 0) body.ipRestriction = form.ipRestriction.join(',');
  if (form.geoRestriction.length > 0) body.geoRestriction = form.geoRestriction.join(',');
  body.anonymousIp = form.anonymousIp;
  if (form.type === 'token') {
    if (form.tokenSecret.length > 0) body.tokenSecret = form.tokenSecret.join(',');
    // The core puts the current tokens back in place of the mask.
    else if (form.keepTokens) body.tokenSecret = SECRET_MASK;
  }
  body.enabled = form.enabled;
  return body;
}

/** A stored draft has no tokens (the core blanks them): keep the server's token state instead. */
export function mergeAccessDraft(stored: AccessForm, initial: AccessForm): AccessForm {
  return { ...stored, tokenSecret: [], keepTokens: initial.keepTokens };
}

/** The body as the schema sees it: a kept (masked) token list is valid by construction. */
export function accessBodyForValidation(body: Record<string, unknown>): Record<string, unknown> {
  if (body.tokenSecret !== SECRET_MASK) return body;
  const { tokenSecret: _kept, ...rest } = body;
  return rest;
}

// ------------------------------------------------------------------ redirection (edit v1.0)

export type RedirectionForm = {
  policyName: string;
  matchUrlPath: PatternForm;
  matchQueryString: OptionalPatternForm;
  redirectDestination: string;
  httpCode: '301' | '302';
  priority: string;
  enabled: boolean;
};

export function redirectionFormFrom(p: RedirectionItem): { form: RedirectionForm; converted: boolean } {
  const pair = matchesToV10(p.matches ?? []);
  const withV10 = p as RedirectionItem & { matchUrlPath?: PatternForm; matchQueryString?: PatternForm };
  const path = withV10.matchUrlPath ?? pair?.matchUrlPath;
  const query = withV10.matchQueryString ?? pair?.matchQueryString;
  return {
    converted: (p.matches?.length ?? 0) === 0 || pair !== null || withV10.matchUrlPath !== undefined,
    form: {
      policyName: str(p.policyName),
      matchUrlPath: { operator: path?.operator ?? 'prefix', patterns: [...(path?.patterns ?? [])] },
      matchQueryString: query
        ? { enabled: true, operator: query.operator, patterns: [...query.patterns] }
        : { enabled: false, operator: 'prefix', patterns: [] },
      redirectDestination: str(p.redirectDestination),
      httpCode: p.httpCode === 302 ? '302' : '301',
      priority: str(p.priority),
      enabled: p.enabled ?? true,
    },
  };
}

export function redirectionBody(form: RedirectionForm): Record<string, unknown> {
  const body: Record<string, unknown> = {
    policyName: form.policyName,
    matchUrlPath: { operator: form.matchUrlPath.operator, patterns: [...form.matchUrlPath.patterns] },
    redirectDestination: form.redirectDestination.trim(),
    httpCode: Number(form.httpCode),
    priority: numberOrText(form.priority),
    enabled: form.enabled,
  };
  if (form.matchQueryString.enabled) {
    body.matchQueryString = { operator: form.matchQueryString.operator, patterns: [...form.matchQueryString.patterns] };
  }
  return body;
}

// ------------------------------------------------------------------ CORS and rate limit

export type CorsForm = {
  allowOrigin: string;
  allowMethods: string[];
  allowHeaders: string;
  exposeHeaders: string;
  maxAge: string;
  allowCredentials: boolean;
};

export function corsFormFrom(c: Record<string, unknown> | null): CorsForm {
  return {
    allowOrigin: str(c?.accessControlAllowOrigin),
    allowMethods: listEntries(
      typeof c?.accessControlAllowMethods === 'string' ? c.accessControlAllowMethods : undefined,
    ),
    allowHeaders: str(c?.accessControlAllowHeaders),
    exposeHeaders: str(c?.accessControlExposeHeaders),
    maxAge: str(c?.accessControlMaxAge),
    allowCredentials: c?.accessControlAllowCredentials === true,
  };
}

/** Empty inputs are left out (the spec: omit instead of null/false). */
export function corsBody(form: CorsForm): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (form.allowOrigin.trim() !== '') body.accessControlAllowOrigin = form.allowOrigin.trim();
  if (form.allowMethods.length > 0) body.accessControlAllowMethods = form.allowMethods.join(',');
  if (form.allowHeaders.trim() !== '')
    body.accessControlAllowHeaders = form.allowHeaders
      .split(',')
      .map((s) => s.trim())
      .join(',');
  if (form.exposeHeaders.trim() !== '')
    body.accessControlExposeHeaders = form.exposeHeaders
      .split(',')
      .map((s) => s.trim())
      .join(',');
  const maxAge = numberOrText(form.maxAge);
  if (maxAge !== undefined) body.accessControlMaxAge = maxAge;
  if (form.allowCredentials) body.accessControlAllowCredentials = true;
  return body;
}

export type KeepBoolean = 'keep' | 'true' | 'false';
export type RateLimitForm = {
  timeWindow: string;
  requestLimit: string;
  ignoreUrlPath: KeepBoolean;
  ignoreQueryString: KeepBoolean;
};

export function rateLimitFormFrom(r: Record<string, unknown> | null): RateLimitForm {
  const keep = (v: unknown): KeepBoolean => (v === true ? 'true' : v === false ? 'false' : 'keep');
  return {
    timeWindow: str(r?.timeWindow),
    requestLimit: str(r?.requestLimit),
    ignoreUrlPath: keep(r?.ignoreUrlPath),
    ignoreQueryString: keep(r?.ignoreQueryString),
  };
}

export function rateLimitBody(form: RateLimitForm): Record<string, unknown> {
  const body: Record<string, unknown> = {
    timeWindow: numberOrText(form.timeWindow),
    requestLimit: numberOrText(form.requestLimit),
  };
  if (form.ignoreUrlPath !== 'keep') body.ignoreUrlPath = form.ignoreUrlPath === 'true';
  if (form.ignoreQueryString !== 'keep') body.ignoreQueryString = form.ignoreQueryString === 'true';
  return body;
}

// ------------------------------------------------------------------ tokens

/** A 64-character token of 0-9a-z from the platform CSPRNG (rejection sampling: no modulo bias). */
export function generateToken(
  random: (array: Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer> = (a) => crypto.getRandomValues(a),
): string {
  let out = '';
  while (out.length < TOKEN_SECRET_LENGTH) {
    const bytes = random(new Uint8Array(96));
    for (const b of bytes) {
      // 252 = 7 * 36: bytes at or above it would favour the first characters.
      if (b < 252 && out.length < TOKEN_SECRET_LENGTH) out += TOKEN_SECRET_ALPHABET[b % 36];
    }
  }
  return out;
}

/** Problem with one token (never echoes the token itself). */
export function tokenProblem(token: string, index: number): string | null {
  if (token.length !== TOKEN_SECRET_LENGTH)
    return `Token ${index + 1} has ${token.length} characters; each token must have exactly ${TOKEN_SECRET_LENGTH}.`;
  if (!isTokenSecretAlphabet(token)) return `Token ${index + 1} has characters other than 0-9 and a-z (lower case).`;
  return null;
}
