// The pieces every part of a configuration plan is built of: an item (its title from the part and
// name), an item that cannot apply with the reason in plain words (cannotApply, also used by bulk
// plans), and an update compared field by field with the target, or unchanged.
import type { z } from 'zod';
import type { PolicyBodyOperationId } from '../api/policy-bodies.ts';
import { SECRET_MASK } from '../security/secret-text.ts';
import { fieldChanges, type FieldChange } from './diff.ts';
import { documentFieldLabel, documentPartTitles, type DocumentPart } from './field-labels.ts';
import { SECRET_LEFT_OUT } from './schema.ts';
import type { PlanItem } from './plan.ts';

/** The reasons a plan item cannot apply; the tests cover each one. */
export const cannotApply = {
  serviceSettings: (fields: string[]) =>
    `The API has no operation to change a service's settings (${fields.join(', ')}); change them in the provider's console or create a new service with them.`,
  cacheControlMissing: (name: string) =>
    `The target service has no cache control policy named “${name}”, and the API cannot create cache control policies (it can only edit one of the same name). Create or rename one in the provider's console, then plan again.`,
  redirectionMissing: (name: string) =>
    `The target service has no redirection policy named “${name}”, and the API cannot create redirection policies (it can only edit one of the same name). Create or rename one in the provider's console, then plan again.`,
  onlyOnTarget: (kind: string) =>
    `Only on the target: the document has no ${kind} of this name, and the API cannot delete policies, so it stays as it is. Disable it in its editor if it should not apply.`,
  ambiguousTarget: (kind: string, name: string, count: number) =>
    `The target service has ${count} ${kind} policies named “${name}”, so it is not clear which one to update. Rename them to be unique, then plan again.`,
  repeatedInDocument: (kind: string, name: string, count: number) =>
    `The document has ${count} ${kind} policies named “${name}”; policies are matched by name, so rename them to be unique.`,
  conditionsUnknown: (kind: string) =>
    `The document does not hold this ${kind} policy's conditions (the API lists it without conditions it can show in the version 1.0 shape), so it cannot be written.`,
  conditionsNotExpressible: (kind: string, operation: string) =>
    `Its conditions cannot be written in the version 1.0 form (URL path and query string) that ${operation} takes.`,
  tokenSecretLeftOut: () =>
    "This token policy's token secret was left out of the document, and a token policy cannot be created without it. Export the source with secrets (an encrypted document), or create the policy in its editor.",
  priorityTaken: (priority: number, other: string) =>
    `Priority ${priority} is already used by the target's access control policy “${other}”, and access control priorities must be unique. Change one of them, then plan again.`,
  invalid: (label: string, message: string) => `The document's value is not accepted by the API — ${label}: ${message}`,
  corsNotKnown: (source: string) =>
    `No CORS headers were applied to ${source} from this app, so the document does not know them (the API cannot read CORS headers back).`,
  rateLimitNotKnown: (source: string) =>
    `No rate limit was set or deleted on ${source} from this app, so the document does not know it (the API cannot read the rate limit back).`,
} as const;

/** Access control policies are listed (and so exported) only in the version 1.0 shape. */
export const V10_CONDITIONS_NOTE =
  'Access control policies are read in the version 1.0 form: only URL path and query string conditions are carried over, and conditions on other fields (client IP, host, headers) are not.';

export type Json = Record<string, unknown>;
export type Policy = Json & { policyId: number; policyName?: string; priority?: number };

export const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

export const RULE_TESTS_TITLE = 'Rule test suite';

/** Comma lists the API may return in another order or spacing. */
function normalizedForCompare(body: Json): Json {
  const out = { ...body };
  if (typeof out.geoRestriction === 'string')
    out.geoRestriction = out.geoRestriction
      .split(',')
      .map((c) => c.trim())
      .sort()
      .join(',');
  for (const key of ['ipRestriction', 'tokenSecret'] as const) {
    if (typeof out[key] === 'string')
      out[key] = (out[key] as string)
        .split(',')
        .map((c) => c.trim())
        .join(',');
  }
  return out;
}

export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return cannotApply.invalid('', 'not valid');
  return cannotApply.invalid(documentFieldLabel(issue.path.map(String).join('.')) || 'Body', issue.message);
}

export function countByName<T extends { policyName?: string }>(policies: readonly T[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const p of policies) counts.set(p.policyName ?? '', (counts.get(p.policyName ?? '') ?? 0) + 1);
  return counts;
}

type ItemDraft = Omit<PlanItem, 'id' | 'title' | 'notes' | 'caution' | 'changes' | 'operationId' | 'input' | 'reason'> &
  Partial<Pick<PlanItem, 'notes' | 'caution' | 'changes' | 'operationId' | 'input' | 'reason'>>;

export function item(draft: ItemDraft): Omit<PlanItem, 'id'> {
  const title =
    draft.part === 'service' || draft.part === 'cors' || draft.part === 'rate-limit'
      ? documentPartTitles[draft.part]
      : draft.part === 'rule-tests'
        ? RULE_TESTS_TITLE
        : `${documentPartTitles[draft.part]} “${draft.name}”`;
  return { reason: null, notes: [], caution: null, changes: [], operationId: null, input: null, ...draft, title };
}

export function cannot(
  part: DocumentPart,
  name: string,
  reason: string,
  changes: FieldChange[] = [],
): Omit<PlanItem, 'id'> {
  return item({ part, name, action: 'cannot', reason, changes });
}

/**
 * Compares the document's body with the target's and returns update / unchanged. The token
 * secret of a document without secrets is not compared, and is sent as the mask, which the
 * change service turns into "keep the target's tokens".
 */
export function updateOrUnchanged(
  part: DocumentPart,
  name: string,
  operationId: PolicyBodyOperationId,
  schema: z.ZodType,
  documentBody: Json,
  targetBody: Json,
  params: Json,
  notes: string[] = [],
): Omit<PlanItem, 'id'> {
  const body = { ...documentBody };
  const compareTarget = { ...targetBody };
  const leftOut = body.tokenSecret === SECRET_LEFT_OUT;
  if (leftOut) {
    delete body.tokenSecret;
    delete compareTarget.tokenSecret;
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) return cannot(part, name, firstIssue(parsed.error));
  const changes = fieldChanges(normalizedForCompare(compareTarget), normalizedForCompare(body));
  if (changes.length === 0) return item({ part, name, action: 'unchanged' });
  const sent = leftOut && typeof targetBody.tokenSecret === 'string' ? { ...body, tokenSecret: SECRET_MASK } : body;
  return item({
    part,
    name,
    action: 'update',
    changes,
    notes:
      leftOut && typeof targetBody.tokenSecret === 'string'
        ? ['The token secret was left out of the document: the target keeps its tokens.', ...notes]
        : notes,
    operationId,
    input: { params, body: sent },
  });
}
