// The bulk change as the picker's inputs hold it (strings, lists, "leave as is" choices), and the
// change it sends. One form per kind is kept, so switching kinds loses nothing typed. Validation
// is the shared bulkChangeSchema's: its messages name the field and the rule.
import { bulkChangeSchema, type BulkChange, type BulkChangeInput, type BulkChangeKind } from '#shared/bulk/change.ts';
import { issuesToFieldErrors, type FieldErrors } from './field-errors.ts';
import {
  accessBody,
  corsBody,
  corsFormFrom,
  emptyAccessForm,
  numberOrText,
  rateLimitBody,
  rateLimitFormFrom,
  ttlProblem,
  ttlUnits,
  type AccessForm,
  type CorsForm,
  type KeepBoolean,
  type RateLimitForm,
  type TtlUnit,
} from './policy-forms.ts';

export const changeKindLabels: Record<BulkChangeKind, string> = {
  cors: 'Set CORS headers',
  'rate-limit-set': 'Set a rate limit',
  'rate-limit-delete': 'Delete the rate limit',
  'access-control': 'Access control policy (create, or update the one of the same name)',
  'cache-control-edit': 'Edit a cache control policy by name',
  'redirection-edit': 'Edit a redirection policy by name',
};

/** The cache control switches a bulk edit may set (same labels as the cache editor). */
const cacheEditSwitches = [
  'enabled',
  'ignoreClientNoCache',
  'ignoreOriginNoCache',
  'ignoreQueryString',
  'enableXCache',
  'noCache',
  'autoGzipDisable',
] as const;
type CacheEditSwitch = (typeof cacheEditSwitches)[number];

export type CacheEditForm = {
  policyName: string;
  /** Empty = leave the TTL as it is. */
  ttlValue: string;
  ttlUnit: TtlUnit;
  /** Empty = leave the priority as it is. */
  priority: string;
  switches: Record<CacheEditSwitch, KeepBoolean>;
};

export type RedirectionEditForm = {
  policyName: string;
  /** Empty = leave as it is. */
  redirectDestination: string;
  httpCode: 'keep' | '301' | '302';
  priority: string;
  enabled: KeepBoolean;
};

export type BulkChangeForms = {
  kind: BulkChangeKind;
  cors: CorsForm;
  rateLimit: RateLimitForm;
  access: AccessForm;
  cacheEdit: CacheEditForm;
  redirectionEdit: RedirectionEditForm;
};

export function emptyChangeForms(): BulkChangeForms {
  return {
    kind: 'cors',
    cors: corsFormFrom(null),
    rateLimit: rateLimitFormFrom(null),
    access: emptyAccessForm(),
    cacheEdit: {
      policyName: '',
      ttlValue: '',
      ttlUnit: 's',
      priority: '',
      switches: Object.fromEntries(cacheEditSwitches.map((key) => [key, 'keep'])) as Record<
        CacheEditSwitch,
        KeepBoolean
      >,
    },
    redirectionEdit: { policyName: '', redirectDestination: '', httpCode: 'keep', priority: '', enabled: 'keep' },
  };
}

const keepToBoolean = (value: KeepBoolean): boolean | undefined => (value === 'keep' ? undefined : value === 'true');
const booleanToKeep = (value: unknown): KeepBoolean => (value === true ? 'true' : value === false ? 'false' : 'keep');
const text = (value: unknown): string => (value === undefined || value === null ? '' : String(value));

function cacheEditFields(form: CacheEditForm): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  const ttl = numberOrText(form.ttlValue);
  if (ttl !== undefined)
    fields.ttl = typeof ttl === 'number' ? ttl * (ttlUnits.find((u) => u.id === form.ttlUnit)?.seconds ?? 1) : ttl;
  const priority = numberOrText(form.priority);
  if (priority !== undefined) fields.priority = priority;
  for (const key of cacheEditSwitches) {
    const value = keepToBoolean(form.switches[key]);
    if (value !== undefined) fields[key] = value;
  }
  return fields;
}

function redirectionEditFields(form: RedirectionEditForm): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  if (form.redirectDestination.trim() !== '') fields.redirectDestination = form.redirectDestination.trim();
  if (form.httpCode !== 'keep') fields.httpCode = Number(form.httpCode);
  const priority = numberOrText(form.priority);
  if (priority !== undefined) fields.priority = priority;
  const enabled = keepToBoolean(form.enabled);
  if (enabled !== undefined) fields.enabled = enabled;
  return fields;
}

/** The change as sent (unchecked: the schema names what is wrong). */
function changeOf(forms: BulkChangeForms): Record<string, unknown> {
  switch (forms.kind) {
    case 'cors':
      return { kind: 'cors', headers: corsBody(forms.cors) };
    case 'rate-limit-set':
      return { kind: 'rate-limit-set', rateLimit: rateLimitBody(forms.rateLimit) };
    case 'rate-limit-delete':
      return { kind: 'rate-limit-delete' };
    case 'access-control': {
      // Bulk rules never carry tokens (they are stored as files): the body is built without them.
      const body = accessBody({ ...forms.access, shape: 'v1', tokenSecret: [], keepTokens: false });
      return { kind: 'access-control', policy: body };
    }
    case 'cache-control-edit':
      return {
        kind: 'cache-control-edit',
        policyName: forms.cacheEdit.policyName.trim(),
        fields: cacheEditFields(forms.cacheEdit),
      };
    case 'redirection-edit':
      return {
        kind: 'redirection-edit',
        policyName: forms.redirectionEdit.policyName.trim(),
        fields: redirectionEditFields(forms.redirectionEdit),
      };
  }
}

export type ChangeCheck =
  { ok: true; change: BulkChangeInput; parsed: BulkChange } | { ok: false; errors: FieldErrors };

/**
 * Checks the change against the shared schema. Errors are keyed by the change's paths
 * ("headers.accessControlAllowOrigin", "fields.ttl"); `within` gives a fields component its part.
 */
export function checkChange(forms: BulkChangeForms): ChangeCheck {
  const change = changeOf(forms);
  const errors: FieldErrors = {};
  if (forms.kind === 'cache-control-edit') {
    // In the unit the user chose ("a whole number of days"), before the schema sees seconds.
    const problem = ttlProblem(forms.cacheEdit);
    if (problem) errors['fields.ttl'] = problem;
  }
  const parsed = bulkChangeSchema.safeParse(change);
  if (!parsed.success) {
    for (const [path, message] of Object.entries(issuesToFieldErrors(parsed.error.issues))) errors[path] ??= message;
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, change: change as BulkChangeInput, parsed: parsed.data };
}

/** The errors under `prefix.`, keyed by the rest of the path (what the shared field components expect). */
export function within(errors: FieldErrors, prefix: string): FieldErrors {
  const out: FieldErrors = {};
  const start = `${prefix}.`;
  for (const [path, message] of Object.entries(errors))
    if (path.startsWith(start)) out[path.slice(start.length)] = message;
  return out;
}

/** A stored change (a template, a batch) back in the picker's inputs; the other kinds keep what they hold. */
export function formsFromChange(change: BulkChange, base: BulkChangeForms = emptyChangeForms()): BulkChangeForms {
  const forms = plainCopy(base);
  forms.kind = change.kind;
  switch (change.kind) {
    case 'cors':
      forms.cors = corsFormFrom(change.headers);
      break;
    case 'rate-limit-set':
      forms.rateLimit = rateLimitFormFrom(change.rateLimit);
      break;
    case 'rate-limit-delete':
      break;
    case 'access-control': {
      const p = change.policy;
      const empty = emptyAccessForm();
      forms.access = {
        ...empty,
        policyName: p.policyName,
        type: p.type,
        priority: text(p.priority),
        matchUrlPath: { operator: p.matchUrlPath.operator, patterns: [...p.matchUrlPath.patterns] },
        matchQueryString: p.matchQueryString
          ? { enabled: true, operator: p.matchQueryString.operator, patterns: [...p.matchQueryString.patterns] }
          : empty.matchQueryString,
        ipRestriction: p.ipRestriction ? p.ipRestriction.split(',').filter((s) => s !== '') : [],
        geoRestriction: p.geoRestriction ? p.geoRestriction.split(',').filter((s) => s !== '') : [],
        anonymousIp: p.anonymousIp ?? false,
        enabled: p.enabled ?? true,
      };
      break;
    }
    case 'cache-control-edit': {
      const f = change.fields as Record<string, unknown>;
      const ttl = typeof f.ttl === 'number' ? f.ttl : undefined;
      const unit =
        [...ttlUnits].reverse().find((u) => ttl !== undefined && ttl !== 0 && ttl % u.seconds === 0) ?? ttlUnits[0];
      forms.cacheEdit = {
        policyName: change.policyName,
        ttlValue: ttl === undefined ? '' : String(ttl / unit.seconds),
        ttlUnit: unit.id,
        priority: text(f.priority),
        switches: Object.fromEntries(cacheEditSwitches.map((key) => [key, booleanToKeep(f[key])])) as Record<
          CacheEditSwitch,
          KeepBoolean
        >,
      };
      break;
    }
    case 'redirection-edit': {
      const f = change.fields as Record<string, unknown>;
      forms.redirectionEdit = {
        policyName: change.policyName,
        redirectDestination: text(f.redirectDestination),
        httpCode: f.httpCode === 301 ? '301' : f.httpCode === 302 ? '302' : 'keep',
        priority: text(f.priority),
        enabled: booleanToKeep(f.enabled),
      };
      break;
    }
  }
  return forms;
}

/** A plain copy of forms that may be a $state proxy (structuredClone refuses proxies). */
export function plainCopy(forms: BulkChangeForms): BulkChangeForms {
  return JSON.parse(JSON.stringify(forms)) as BulkChangeForms;
}
