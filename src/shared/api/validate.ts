/**
 * From zod issues to the spec's error codes, in the order the spec's Errors table suggests.
 * validateOperationBody is the single source the sandbox gateway uses for 400 validation
 * errors; the client and UI use the schemas' messages via issuesToFieldErrors.
 */
import type { z } from 'zod';
import { findApiError, type ApiErrorCode } from './errors.ts';
import { operationIds, operations, type AnyOperation, type OperationId } from './operations.ts';
import type { IssuePath, RuleContext, ValidationRule } from './validation-rules.ts';
import { issuesToFieldErrors } from '../ipc/result.ts';

export type { ValidationRule };

/**
 * Per-operation check order: each entry's `validation` in the operation table. Issues that no
 * rule covers get Request.BadRequest after every listed rule. Operations without a body have no rules.
 */
export const validationRules = Object.fromEntries(operationIds.map((id) => [id, operations[id].validation])) as {
  readonly [Id in OperationId]: readonly ValidationRule[];
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
  const rules = operations[id].validation;
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
export function apiCodeForIssue(
  issue: z.core.$ZodIssue,
  operationId?: OperationId,
  body?: unknown,
): string | undefined {
  const attached = issueApiCode(issue);
  if (attached !== undefined) return attached;
  return operationId ? rankIssue(operationId, issue, body).code : undefined;
}

/** Dotted path of an issue: ['origins', 0, 'originUrl'] → 'origins.0.originUrl' ('' for the body itself). */
function issuePath(issue: { path: IssuePath }): string {
  return issue.path.map(String).join('.');
}

export { issuesToFieldErrors };

interface ValidationError {
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
  for (const [k, v] of Object.entries(raw))
    converted[k] = typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : v;
  const result = op.pathParams.safeParse(converted);
  if (result.success) return ok(result.data as Record<string, number>);
  const issue = result.error.issues[0];
  const field = String(issue.path[0] ?? '');
  const code = paramCodes[field] ?? 'Request.BadRequest';
  return fail({ code, status: statusOf(code), message: issue.message, field });
}
