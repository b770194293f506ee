/**
 * From zod issues to the spec's error codes, in the order the spec's Errors table suggests.
 * validateOperationBody is the single source the sandbox gateway uses for 400 validation
 * errors; the client and UI use the schemas' messages via issuesToFieldErrors.
 */
import type { z } from 'zod';
import { findApiError, type ApiErrorCode } from './errors.ts';
import { operations, type AnyOperation, type OperationId } from './operations.ts';
import { issuesToFieldErrors } from '../ipc/result.ts';

type IssuePath = readonly PropertyKey[];

export interface RuleContext {
  issue: z.core.$ZodIssue;
  /** Value in the request body at the issue's path. */
  value: unknown;
  /** Value in the request body at any path. */
  at: (path: IssuePath) => unknown;
}

/**
 * One validation rule: issues at `path` (dotted, `*` = any array index) or below it map to
 * `code`; '' matches only issues about the body itself. The most specific matching path wins; among rules with the same
 * path the first whose `when` holds. A rule's position in the list is its check order.
 * `path: null` rules are reached only by issues that carry `params.apiCode` equal to `code`.
 */
export interface ValidationRule {
  path: string | null;
  code: ApiErrorCode;
  when?: (ctx: RuleContext) => boolean;
}

/** Missing, null, blank text, an empty list or an empty object. */
export function isEmptyValue(v: unknown): boolean {
  if (v === undefined || v === null) return true;
  if (typeof v === 'string') return v.trim() === '';
  if (Array.isArray(v)) return v.length === 0;
  if (typeof v === 'object') return Object.keys(v).length === 0;
  return false;
}

const empty = (c: RuleContext): boolean => isEmptyValue(c.value);
const tooBig = (c: RuleContext): boolean => c.issue.code === 'too_big';
/** The whole body is an empty object (or missing). */
const bodyEmpty = (c: RuleContext): boolean => isEmptyValue(c.at([]));
/** The origin element that holds the issue (origins.N) is empty. */
const originElementEmpty = (c: RuleContext): boolean => isEmptyValue(c.at(c.issue.path.slice(0, 2)));

function r(path: string | null, code: ApiErrorCode, when?: (ctx: RuleContext) => boolean): ValidationRule {
  return when ? { path, code, when } : { path, code };
}

const matchesRules: ValidationRule[] = [
  r('matches', 'InvalidPolicy.MatchesIncorrect'),
  r('matches.*', 'InvalidPolicy.MatchesIncorrect'),
  r('matches.*.field', 'InvalidPolicy.MatchFieldIncorrect'),
  r('matches.*.operator', 'InvalidPolicy.MatchOperatorIncorrect'),
  r('matches.*.values', 'InvalidPolicy.MatchValuesIncorrect'),
  r('matches.*.values.*', 'InvalidPolicy.MatchValueIncorrect'),
];

const accessControlTail: ValidationRule[] = [
  r('priority', 'InvalidPolicy.Priority'),
  r('ipRestriction', 'InvalidPolicy.IpRestriction'),
  r('geoRestriction', 'InvalidPolicy.GeoFormat'),
  r('tokenSecret', 'Request.BadRequest'),
];

const accessControlV1Rules: ValidationRule[] = [
  r('', 'Request.BadRequest'),
  r('policyName', 'Invalid.PolicyName'),
  r('type', 'InvalidPolicy.TypeEmpty', empty),
  r('type', 'InvalidPolicy.AccessType'),
  r('matchUrlPath', 'InvalidPolicy.MatchURLIncorrect'),
  r('matchUrlPath.operator', 'InvalidPolicy.Operator'),
  r('matchUrlPath.patterns', 'InvalidPolicy.MatchUrlPathPatternsIncorrect'),
  r('matchQueryString', 'Request.BadRequest'),
  r('matchQueryString.operator', 'InvalidPolicy.Operator'),
  r('matchQueryString.patterns', 'InvalidPolicy.Patterns'),
  ...accessControlTail,
];

const analyticsRules = (withInterval: boolean): ValidationRule[] => [
  r('', 'Request.BadRequest'),
  r('serviceNames', 'ServiceNames.NumberInvalid', tooBig),
  r('serviceNames', 'ServiceNames.Invalid'),
  r('startTime', 'Time.Invalid', empty),
  r('endTime', 'Time.Invalid', empty),
  ...(withInterval ? [r('interval', 'IntervalType.Invalid')] : []),
  r('startTime', 'TimeFormat.Invalid'),
  r('endTime', 'TimeFormat.Invalid'),
  r(null, 'TimeRange.EndBeforeStart'),
  r(null, 'TimeRange.Exceeded'),
];

/**
 * Per-operation check order. Issues that no rule covers get Request.BadRequest after
 * every listed rule. Operations without a body have no rules.
 */
export const validationRules: { readonly [Id in OperationId]: readonly ValidationRule[] } = {
  getCustomer: [],
  createService: [
    r('', 'InvalidService.Empty'),
    r('domainName', 'InvalidService.Empty', bodyEmpty),
    r('domainName', 'InvalidService.DomainNameEmpty'),
    r('origins', 'InvalidService.OriginsEmpty', empty),
    r('origins', 'Request.BadRequest'),
    r('origins.*', 'InvalidService.OriginEmpty'),
    r('origins.*.originUrl', 'InvalidService.OriginEmpty', originElementEmpty),
    r('origins.*.originUrl', 'InvalidService.OriginUrlEmpty'),
    r('origins.*.s3Credential.accessKey', 'InvalidService.S3CredentialAccessKeyEmpty'),
    r('origins.*.s3Credential.accessSecret', 'InvalidService.S3CredentialAccessSecretEmpty'),
    r('origins.*.s3Credential.region', 'InvalidService.S3CredentialRegionEmpty'),
    r('defaultHostHeader', 'InvalidService.DefaultHostHeaderEmpty', empty),
    r('defaultHostHeader', 'InvalidService.DefaultHostHeaderInCorrect'),
    r('tlsProfile', 'InvalidService.TLSProfileInCorrect'),
  ],
  getService: [],
  listCacheControlPolicies: [],
  listCacheControlPoliciesV2: [],
  updateCacheControlPolicyV2: [
    r('', 'Request.BadRequest'),
    r('policyName', 'Invalid.PolicyName'),
    r('priority', 'InvalidPolicy.Priority'),
    ...matchesRules,
    r('autoGzipDisable', 'Request.BadRequest'),
    r('ttl', 'Request.BadRequest'),
    r('refererAcl', 'InvalidPolicy.RefererAcl'),
    r('refererAcl.aclType', 'InvalidPolicy.RefererAcl'),
    r('refererAcl.domainList', 'InvalidPolicy.AclDomainList'),
    r(null, 'InvalidPolicy.AclDomainType'),
    r('originAcl', 'InvalidPolicy.RefererAcl'),
    r('originAcl.aclType', 'InvalidPolicy.RefererAcl'),
    r('originAcl.domainList', 'InvalidPolicy.AclDomainList'),
    r('responseHeaders', 'InvalidPolicy.ResponseHeader'),
    r('varyMIMEs', 'InvalidService.VaryMiME'),
  ],
  createAccessControlPolicy: accessControlV1Rules,
  listAccessControlPolicies: [],
  updateAccessControlPolicy: accessControlV1Rules,
  updateAccessControlPolicyV2: [
    r('', 'Request.BadRequest'),
    r('policyName', 'Invalid.PolicyName'),
    r('type', 'InvalidPolicy.TypeEmpty', empty),
    r('type', 'InvalidPolicy.AccessType'),
    ...matchesRules,
    ...accessControlTail,
  ],
  updateRedirectionPolicy: [
    r('', 'Request.BadRequest'),
    r('policyName', 'InvalidRedirection.PolicyName'),
    r('matchUrlPath', 'InvalidRedirection.MatchURLIncorrect'),
    r('matchUrlPath.operator', 'InvalidRedirection.Operator'),
    r('matchUrlPath.patterns', 'InvalidRedirection.MatchUrlPathPatternsIncorrect'),
    r('matchQueryString', 'Request.BadRequest'),
    r('matchQueryString.operator', 'InvalidRedirection.Operator'),
    r('matchQueryString.patterns', 'InvalidRedirection.MatchUrlPathPatternsIncorrect'),
    r('redirectDestination', 'InvalidRedirection.URLEmpty'),
    r('httpCode', 'InvalidRedirection.HttpCodeEmpty', empty),
    r('httpCode', 'InvalidRedirection.HttpCode'),
    r('priority', 'InvalidRedirection.Priority'),
  ],
  listRedirectionPoliciesV2: [],
  setCorsHeaders: [
    r('', 'Request.BadRequest'),
    r('accessControlAllowOrigin', 'InvalidOrigin.UrlFormat'),
    r('accessControlAllowMethods', 'InvalidPolicy.CorsHeaderForMethod'),
    r('accessControlAllowCredentials', 'InvalidPolicy.CorsHeaderForCredentials'),
    r('accessControlAllowHeaders', 'InvalidPolicy.CorsHeaderForHeader'),
    r('accessControlMaxAge', 'InvalidPolicy.CorsHeaderForMaxAge'),
    r('accessControlExposeHeaders', 'InvalidPolicy.CorsHeaderForExposeHeader'),
  ],
  upsertRateLimit: [
    r('', 'Request.BadRequest'),
    r('timeWindow', 'InvalidRateLimit.TimeWindow'),
    r('requestLimit', 'InvalidRateLimit.RequestLimit'),
  ],
  deleteRateLimit: [],
  getVolume: analyticsRules(true),
  getBandwidth: analyticsRules(true),
  getRequestNumber: analyticsRules(false),
  getOriginRequestNumber: analyticsRules(false),
};

function splitPattern(pattern: string): string[] {
  return pattern === '' ? [] : pattern.split('.');
}

function patternMatches(pattern: string[], path: IssuePath): boolean {
  // The body rule ('') covers only issues about the body itself, not every field below it.
  if (pattern.length === 0) return path.length === 0;
  if (pattern.length > path.length) return false;
  return pattern.every((seg, i) => (seg === '*' ? typeof path[i] === 'number' : String(path[i]) === seg));
}

function valueAt(root: unknown, path: IssuePath): unknown {
  let cur = root;
  for (const key of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[key];
  }
  return cur;
}

/** The spec code a custom issue carries (set by the schema), if any. */
export function issueApiCode(issue: z.core.$ZodIssue): string | undefined {
  if (issue.code !== 'custom') return undefined;
  const code = (issue.params as { apiCode?: unknown } | undefined)?.apiCode;
  return typeof code === 'string' ? code : undefined;
}

interface Ranked {
  code: ApiErrorCode;
  rank: number;
}

function rankIssue(id: OperationId, issue: z.core.$ZodIssue, body: unknown): Ranked {
  const rules = validationRules[id];
  const attached = issueApiCode(issue);
  if (attached !== undefined) {
    const i = rules.findIndex((rule) => rule.code === attached);
    if (i !== -1) return { code: rules[i].code, rank: i };
  }
  const ctx: RuleContext = { issue, value: valueAt(body, issue.path), at: (p) => valueAt(body, p) };
  let best: { index: number; length: number } | undefined;
  rules.forEach((rule, index) => {
    if (rule.path === null) return;
    const pattern = splitPattern(rule.path);
    if (!patternMatches(pattern, issue.path)) return;
    if (rule.when && !rule.when(ctx)) return;
    if (!best || pattern.length > best.length) best = { index, length: pattern.length };
  });
  if (best) return { code: rules[best.index].code, rank: best.index };
  return { code: 'Request.BadRequest', rank: rules.length };
}

/**
 * The spec code for one issue: the code the schema attached (params.apiCode), else — when
 * the operation is known — the code its validation rules give for the issue's path.
 */
export function apiCodeForIssue(issue: z.core.$ZodIssue, operationId?: OperationId, body?: unknown): string | undefined {
  const attached = issueApiCode(issue);
  if (attached !== undefined) return attached;
  return operationId ? rankIssue(operationId, issue, body).code : undefined;
}

/** Dotted path of an issue: ['origins', 0, 'originUrl'] → 'origins.0.originUrl' ('' for the body itself). */
export function issuePath(issue: { path: IssuePath }): string {
  return issue.path.map(String).join('.');
}

export { issuesToFieldErrors };

export interface ValidationError {
  code: ApiErrorCode;
  status: number;
  message: string;
  /** Dotted request path of the failing value (or the code's field for body-level errors). */
  field: string | undefined;
}

/** The contract's result shape: the parsed value, or the first failing rule's fields flat beside `ok`. */
export type ValidationResult<T = unknown> = { ok: true; value: T } | ({ ok: false } & ValidationError);

function ok<T>(value: T): ValidationResult<T> {
  return { ok: true, value };
}

function fail<T>(e: ValidationError): ValidationResult<T> {
  return { ok: false, ...e };
}

function statusOf(code: ApiErrorCode): number {
  return findApiError(code)?.status ?? 400;
}

/**
 * Validates a request body for an operation and returns the FIRST failing rule in the
 * spec's order (see validationRules) with the spec's code, status and a plain message.
 * Operations without a body accept anything (the body is ignored).
 */
export function validateOperationBody(operationId: OperationId, body: unknown): ValidationResult {
  const op: AnyOperation = operations[operationId];
  if (op.body === null) return ok(undefined);
  const result = op.body.safeParse(body);
  if (result.success) return ok(result.data);
  let chosen: { issue: z.core.$ZodIssue; ranked: Ranked } | undefined;
  for (const issue of result.error.issues) {
    const ranked = rankIssue(operationId, issue, body);
    if (!chosen || ranked.rank < chosen.ranked.rank) chosen = { issue, ranked };
  }
  // safeParse failed, so there is at least one issue.
  const { issue, ranked } = chosen!;
  const path = issuePath(issue);
  return fail({
    code: ranked.code,
    status: statusOf(ranked.code),
    message: issue.message,
    field: path === '' ? findApiError(ranked.code)?.field : path,
  });
}

const paramCodes: Record<string, ApiErrorCode> = {
  customer_id: 'InvalidCustomer.IdEmpty',
  serviceId: 'InvalidService.IdIncorrect',
  policyId: 'Request.BadRequest',
};

/**
 * Validates raw path parameters (strings from a URL, or numbers). customer_id →
 * InvalidCustomer.IdEmpty, serviceId → InvalidService.IdIncorrect, policyId → Request.BadRequest.
 */
export function validateOperationParams(
  operationId: OperationId,
  raw: Readonly<Record<string, string | number | undefined>>,
): ValidationResult<Record<string, number>> {
  const op: AnyOperation = operations[operationId];
  const converted: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) converted[k] = typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : v;
  const result = op.pathParams.safeParse(converted);
  if (result.success) return ok(result.data as Record<string, number>);
  const issue = result.error.issues[0];
  const field = String(issue.path[0] ?? '');
  const code = paramCodes[field] ?? 'Request.BadRequest';
  return fail({ code, status: statusOf(code), message: issue.message, field });
}
