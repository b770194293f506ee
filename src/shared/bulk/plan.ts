// The plan of a bulk change for one target service: create, update, delete, unchanged, or cannot
// apply with the reason in plain words, and the per-service diff in the editors' labels. Pure: the
// core reads each target once (planReadFor) and runs the items through changes.apply.
import type { z } from 'zod';
import { diffFields } from '../api/field-diff.ts';
import { policyAsBody } from '../api/policy-bodies.ts';
import {
  createAccessControlPolicyBodySchema,
  updateAccessControlPolicyBodySchema,
} from '../api/schemas/access-control.ts';
import { updateCacheControlPolicyV2BodySchema } from '../api/schemas/cache-control.ts';
import { updateRedirectionPolicyBodySchema } from '../api/schemas/redirection.ts';
import type { OperationId } from '../api/operations.ts';
import type { JournalReadBackKind, MutatingOperationId } from '../api/operation-facts.ts';
import { SECRET_MASK } from '../security/secret-text.ts';
import { fieldLabel } from '../api/field-labels.ts';
import { cannotApply } from '../config-document/plan-items.ts';
import type { BulkChange } from './change.ts';
import type { BulkAction, BulkFieldChange } from './batch.ts';

type Json = Record<string, unknown>;

/** The one read a plan makes per target service, by change kind (docs/bulk-apply.md, "Reads"). */
export function planReadFor(kind: BulkChange['kind']): OperationId {
  switch (kind) {
    // The API cannot read CORS headers or the rate limit back: the "before" is the journal's last
    // applied value, and the read confirms the service exists before anything is written.
    case 'cors':
    case 'rate-limit-set':
    case 'rate-limit-delete':
      return 'getService';
    case 'access-control':
      return 'listAccessControlPolicies';
    case 'cache-control-edit':
      return 'listCacheControlPoliciesV2';
    case 'redirection-edit':
      return 'listRedirectionPoliciesV2';
  }
}

/**
 * The setting of the journal's last applied value a plan compares with, by change kind: the API
 * cannot read CORS headers or the rate limit back (null: the kind's read tells the current state).
 */
export function planLastAppliedFor(kind: BulkChange['kind']): JournalReadBackKind | null {
  switch (kind) {
    case 'cors':
      return 'cors';
    case 'rate-limit-set':
    case 'rate-limit-delete':
      return 'rate-limit';
    case 'access-control':
    case 'cache-control-edit':
    case 'redirection-edit':
      return null;
  }
}

/** What the plan's read found on one target. */
export type TargetRead =
  /** getService answered. */
  | { kind: 'service' }
  /** The list of the change's policy kind. */
  | { kind: 'policies'; policies: readonly Json[] }
  /** The API answered that the service does not exist. */
  | { kind: 'missing' }
  /** The read failed otherwise (mapped error). */
  | { kind: 'failed'; code: string; message: string };

/** The last CORS set / rate limit applied from this app (body null: the rate limit was deleted). */
export type LastApplied = { body: Json | null; at: string } | null;

export type PlannedItem = {
  action: BulkAction;
  reason: string | null;
  notes: string[];
  changes: BulkFieldChange[];
  operationId: MutatingOperationId | null;
  /** What the write sends; never leaves the core. */
  input: { params: Json; body?: unknown } | null;
};

/** The reasons a bulk item cannot apply; the tests cover each one. */
export const bulkCannotApply = {
  serviceMissing: (serviceId: number) =>
    `Service ${serviceId} does not exist in this account (the API answered that it does not exist or belongs to another customer). Remove it from the account's services, or choose other targets.`,
  readFailed: (message: string) =>
    `Its current configuration could not be read (${message}). Plan again when the account answers.`,
  accessControlAmbiguous: (name: string, count: number) => cannotApply.ambiguousTarget('access control', name, count),
  cacheControlAmbiguous: (name: string, count: number) => cannotApply.ambiguousTarget('cache control', name, count),
  redirectionAmbiguous: (name: string, count: number) => cannotApply.ambiguousTarget('redirection', name, count),
  cacheControlMissing: cannotApply.cacheControlMissing,
  redirectionMissing: cannotApply.redirectionMissing,
  priorityTaken: cannotApply.priorityTaken,
  invalid: cannotApply.invalid,
  tokenPolicyCreate: () =>
    'A token policy cannot be created without its token secret, and bulk changes do not carry secrets. Create it in the access control editor of this service.',
  tokenPolicyFromOtherType: (name: string) =>
    `The target's policy “${name}” is not a token policy; turning it into one needs a token secret, which bulk changes do not carry. Change it in its editor.`,
  cacheControlConditionsUnknown: (name: string) =>
    `The target's cache control policy “${name}” was listed without its conditions, so an edit (which must send them) cannot be built. Give the conditions in the change, or edit it in its editor.`,
  redirectionConditionsNotExpressible: () =>
    cannotApply.conditionsNotExpressible('redirection', 'the redirection edit'),
  // Revert
  createNotUndoable: () =>
    'This item created an access control policy, and the API cannot delete policies. Disable or edit the policy in its editor if it should not apply.',
  previousUnknown: () =>
    'The version before this change is not known (nothing had been applied to this service from this app before it), so there is no version to go back to.',
  previousTooLarge: () => 'This change was too large to keep in the journal, so the version before it is not known.',
  policyGone: (what: string, policyId: number) =>
    `The ${what} policy ${policyId} is no longer on the service, so its earlier version cannot be applied.`,
} as const;

/** Target now → after, field by field, in the editors' labels; secrets are never shown. */
export function bulkFieldChanges(before: Json | null, after: Json | null): BulkFieldChange[] {
  const strip = (v: Json | null) => {
    if (v === null) return {};
    const { tokenSecret: _tokenSecret, policyId: _policyId, ...rest } = v;
    return rest;
  };
  return diffFields(strip(before), strip(after))
    .filter((row) => row.status !== 'same')
    .map((row) => ({ path: row.path, label: row.label, before: row.before ?? null, after: row.after ?? null }));
}

/**
 * The field changes when the value before is what this app last applied: null `last` means it
 * is not known (the API cannot read it back), which is not "not set" (a deleted rate limit is).
 */
export function changesFromLastApplied(last: LastApplied, after: Json | null): BulkFieldChange[] {
  if (last !== null) return bulkFieldChanges(last.body, after);
  return bulkFieldChanges(null, after).map((change) => ({ ...change, before: null, beforeUnknown: true }));
}

function firstIssueReason(error: z.ZodError): string {
  const issue = error.issues[0];
  const path = issue?.path.map(String).join('.') ?? '';
  return cannotApply.invalid(fieldLabel(path) || 'Body', issue?.message ?? 'not valid');
}

function cannot(reason: string, changes: BulkFieldChange[] = []): PlannedItem {
  return { action: 'cannot', reason, notes: [], changes, operationId: null, input: null };
}

function unchanged(notes: string[] = []): PlannedItem {
  return { action: 'unchanged', reason: null, notes, changes: [], operationId: null, input: null };
}

function write(
  action: BulkAction,
  operationId: MutatingOperationId,
  input: PlannedItem['input'],
  changes: BulkFieldChange[],
  notes: string[] = [],
): PlannedItem {
  return { action, reason: null, notes, changes, operationId, input };
}

function lastAppliedNote(last: LastApplied, what: string): string {
  return last === null
    ? `The API cannot read ${what} back and nothing was applied to this service from this app: applying replaces whatever is set.`
    : // The time stays ISO: the app and `accel bulk` write it as their other times (withReadableTimes).
      `Compared with what this app last applied (${last.at}); the API cannot confirm the current ${what}.`;
}

/** Body fields the change sets all equal the last applied ones (omitted optional fields keep theirs). */
function sameAsLast(body: Json, last: Json): boolean {
  return Object.entries(body).every(([key, value]) => JSON.stringify(last[key]) === JSON.stringify(value));
}

function byName(policies: readonly Json[], name: string): Json[] {
  return policies.filter((p) => (p.policyName ?? '') === name);
}

function planAccessControl(
  change: Extract<BulkChange, { kind: 'access-control' }>,
  policies: readonly Json[],
  serviceId: number,
): PlannedItem {
  const { tokenSecret: _never, ...policy } = change.policy;
  const name = policy.policyName;
  const matching = byName(policies, name);
  if (matching.length > 1) return cannot(bulkCannotApply.accessControlAmbiguous(name, matching.length));
  const existing = matching[0];
  if (typeof policy.priority === 'number') {
    const clash = policies.find((p) => p.priority === policy.priority && p !== existing);
    if (clash)
      return cannot(bulkCannotApply.priorityTaken(policy.priority, String(clash.policyName ?? clash.policyId)));
  }
  if (existing === undefined) {
    if (policy.type === 'token') return cannot(bulkCannotApply.tokenPolicyCreate());
    const parsed = createAccessControlPolicyBodySchema.safeParse(policy);
    if (!parsed.success) return cannot(firstIssueReason(parsed.error));
    const body: Json = parsed.data;
    return write('create', 'createAccessControlPolicy', { params: { serviceId }, body }, bulkFieldChanges(null, body));
  }
  const keepsTokens = policy.type === 'token' && existing.type === 'token';
  if (policy.type === 'token' && !keepsTokens) return cannot(bulkCannotApply.tokenPolicyFromOtherType(name));
  const parsed = updateAccessControlPolicyBodySchema.safeParse(policy);
  if (!parsed.success) return cannot(firstIssueReason(parsed.error));
  const body: Json = parsed.data;
  const current = policyAsBody('updateAccessControlPolicy', existing);
  // Fields the change leaves out keep the target's value on edit, so only the given ones count.
  const compared: Json = {};
  for (const key of Object.keys(body)) if (current[key] !== undefined) compared[key] = current[key];
  const changes = bulkFieldChanges(compared, body);
  if (changes.length === 0) return unchanged();
  // The mask means "keep the target's tokens" to changes.apply (it puts the current secret back).
  const sent = keepsTokens ? { ...body, tokenSecret: SECRET_MASK } : body;
  return write(
    'update',
    'updateAccessControlPolicy',
    { params: { serviceId, policyId: existing.policyId }, body: sent },
    changes,
    keepsTokens ? ['The token policy keeps its tokens.'] : [],
  );
}

function planCacheControlEdit(
  change: Extract<BulkChange, { kind: 'cache-control-edit' }>,
  policies: readonly Json[],
  serviceId: number,
): PlannedItem {
  const name = change.policyName;
  const matching = byName(policies, name);
  if (matching.length === 0) return cannot(bulkCannotApply.cacheControlMissing(name));
  if (matching.length > 1) return cannot(bulkCannotApply.cacheControlAmbiguous(name, matching.length));
  const existing = matching[0] as Json;
  // autoGzipDisable is Mandatory on edit; the spec's default is false.
  const current = {
    ...policyAsBody('updateCacheControlPolicyV2', existing),
    autoGzipDisable: existing.autoGzipDisable ?? false,
  };
  const merged: Json = { ...current, ...change.fields, policyName: name };
  if (!Array.isArray(merged.matches)) return cannot(bulkCannotApply.cacheControlConditionsUnknown(name));
  const parsed = updateCacheControlPolicyV2BodySchema.safeParse(merged);
  if (!parsed.success) return cannot(firstIssueReason(parsed.error));
  const changes = bulkFieldChanges(current, parsed.data);
  if (changes.length === 0) return unchanged();
  return write(
    'update',
    'updateCacheControlPolicyV2',
    { params: { serviceId, policyId: existing.policyId }, body: parsed.data },
    changes,
  );
}

function planRedirectionEdit(
  change: Extract<BulkChange, { kind: 'redirection-edit' }>,
  policies: readonly Json[],
  serviceId: number,
): PlannedItem {
  const name = change.policyName;
  const matching = byName(policies, name);
  if (matching.length === 0) return cannot(bulkCannotApply.redirectionMissing(name));
  if (matching.length > 1) return cannot(bulkCannotApply.redirectionAmbiguous(name, matching.length));
  const existing = matching[0] as Json;
  const current = policyAsBody('updateRedirectionPolicy', existing);
  const merged: Json = { ...current, ...change.fields, policyName: name };
  // The edit takes the version 1.0 conditions; V2 conditions that have no such form cannot be sent.
  if (merged.matchUrlPath === undefined) return cannot(bulkCannotApply.redirectionConditionsNotExpressible());
  delete merged.matches;
  const parsed = updateRedirectionPolicyBodySchema.safeParse(merged);
  if (!parsed.success) return cannot(firstIssueReason(parsed.error));
  const { matches: _matches, ...currentV10 } = current;
  const changes = bulkFieldChanges(currentV10, parsed.data);
  if (changes.length === 0) return unchanged();
  return write(
    'update',
    'updateRedirectionPolicy',
    { params: { serviceId, policyId: existing.policyId }, body: parsed.data },
    changes,
  );
}

/**
 * The plan item of `change` for one target: `read` is what planReadFor(change.kind) found, `last`
 * the journal's last applied CORS set / rate limit (only used for those kinds).
 */
export function planBulkItem(change: BulkChange, serviceId: number, read: TargetRead, last: LastApplied): PlannedItem {
  if (read.kind === 'missing') return cannot(bulkCannotApply.serviceMissing(serviceId));
  if (read.kind === 'failed') return cannot(bulkCannotApply.readFailed(read.message));
  const policies = read.kind === 'policies' ? read.policies : [];
  const params = { serviceId };
  switch (change.kind) {
    case 'cors': {
      const body: Json = { ...change.headers };
      if (last !== null && last.body !== null && sameAsLast(body, last.body) && sameAsLast(last.body, body)) {
        return unchanged([lastAppliedNote(last, 'CORS headers')]);
      }
      return write('update', 'setCorsHeaders', { params, body }, changesFromLastApplied(last, body), [
        "Setting CORS headers replaces all of the service's CORS headers.",
        lastAppliedNote(last, 'CORS headers'),
      ]);
    }
    case 'rate-limit-set': {
      const body: Json = { ...change.rateLimit };
      if (last !== null && last.body !== null && sameAsLast(body, last.body))
        return unchanged([lastAppliedNote(last, 'rate limit')]);
      return write('update', 'upsertRateLimit', { params, body }, changesFromLastApplied(last, body), [
        lastAppliedNote(last, 'rate limit'),
      ]);
    }
    case 'rate-limit-delete':
      if (last !== null && last.body === null) return unchanged([lastAppliedNote(last, 'rate limit')]);
      return write('delete', 'deleteRateLimit', { params }, changesFromLastApplied(last, null), [
        lastAppliedNote(last, 'rate limit'),
      ]);
    case 'access-control':
      return planAccessControl(change, policies, serviceId);
    case 'cache-control-edit':
      return planCacheControlEdit(change, policies, serviceId);
    case 'redirection-edit':
      return planRedirectionEdit(change, policies, serviceId);
  }
}
