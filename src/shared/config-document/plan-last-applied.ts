// The parts of a configuration plan the API cannot read back, CORS headers and the rate limit:
// known only from what this app last applied (to the source, recorded in the document, and to the
// target), so the plan says what it compares with.
import { corsHeadersSchema } from '../api/schemas/cors.ts';
import { rateLimitSchema } from '../api/schemas/rate-limit.ts';
import { fieldChanges, type FieldChange } from './diff.ts';
import { documentPartTitles } from './field-labels.ts';
import type { ServiceConfig } from './schema.ts';
import type { PlanItem } from './plan.ts';
import { cannot, cannotApply, firstIssue, item, type Json } from './plan-items.ts';

const corsFields = Object.keys(corsHeadersSchema.shape);
const rateLimitFields = Object.keys(rateLimitSchema.shape);
function pickFields(value: Json, fields: readonly string[]): Json {
  const out: Json = {};
  for (const f of fields) if (value[f] !== undefined && value[f] !== null) out[f] = value[f];
  return out;
}

/** Changes against a target value the API cannot read back and this app never applied: unknown, not "not set". */
function againstUnknown(changes: FieldChange[]): FieldChange[] {
  return changes.map((change) => ({ ...change, left: null, leftUnknown: true }));
}

function targetKnownNote(at: string | null, what: string): string[] {
  return at === null
    ? [
        `The target's current ${what} cannot be read through the API and nothing was applied to it from this app: applying replaces whatever is set.`,
      ]
    : [`Compared with what this app last applied to the target (${at}); the API cannot confirm the current value.`];
}

export function planCors(source: ServiceConfig, target: ServiceConfig): Omit<PlanItem, 'id'> {
  const name = documentPartTitles.cors;
  const last = source.lastAppliedFromThisApp.cors;
  if (last === null) return cannot('cors', name, cannotApply.corsNotKnown(source.service.domainName));
  const body = pickFields(last.headers, corsFields);
  const parsed = corsHeadersSchema.safeParse(body);
  if (!parsed.success) return cannot('cors', name, firstIssue(parsed.error));
  const current = target.lastAppliedFromThisApp.cors;
  const changes = current
    ? fieldChanges(pickFields(current.headers, corsFields), body)
    : againstUnknown(fieldChanges({}, body));
  if (current !== null && changes.length === 0) {
    return item({ part: 'cors', name, action: 'unchanged', notes: targetKnownNote(current.appliedAt, 'CORS headers') });
  }
  return item({
    part: 'cors',
    name,
    action: 'update',
    changes,
    notes: [
      "Setting CORS headers replaces all of the target's CORS headers.",
      ...targetKnownNote(current?.appliedAt ?? null, 'CORS headers'),
    ],
    operationId: 'setCorsHeaders',
    input: { params: { serviceId: target.source.serviceId }, body },
  });
}

export function planRateLimit(source: ServiceConfig, target: ServiceConfig): Omit<PlanItem, 'id'> {
  const name = documentPartTitles['rate-limit'];
  const last = source.lastAppliedFromThisApp.rateLimit;
  if (last === null) return cannot('rate-limit', name, cannotApply.rateLimitNotKnown(source.service.domainName));
  const current = target.lastAppliedFromThisApp.rateLimit;
  const notes = targetKnownNote(current?.appliedAt ?? null, 'rate limit');
  const params = { serviceId: target.source.serviceId };
  if (last.rateLimit === null) {
    if (current !== null && current.rateLimit === null)
      return item({ part: 'rate-limit', name, action: 'unchanged', notes });
    return item({
      part: 'rate-limit',
      name,
      action: 'update',
      changes: current?.rateLimit ? fieldChanges(pickFields(current.rateLimit, rateLimitFields), {}) : [],
      notes: ["The document says the rate limit was deleted: applying deletes the target's rate limit.", ...notes],
      operationId: 'deleteRateLimit',
      input: { params },
    });
  }
  const body = pickFields(last.rateLimit, rateLimitFields);
  const parsed = rateLimitSchema.safeParse(body);
  if (!parsed.success) return cannot('rate-limit', name, firstIssue(parsed.error));
  // A rate limit deleted from this app is really not set; one never applied from here is unknown.
  const changes =
    current === null
      ? againstUnknown(fieldChanges({}, body))
      : fieldChanges(current.rateLimit ? pickFields(current.rateLimit, rateLimitFields) : {}, body);
  if (current !== null && current.rateLimit !== null && changes.length === 0) {
    return item({ part: 'rate-limit', name, action: 'unchanged', notes });
  }
  return item({
    part: 'rate-limit',
    name,
    action: 'update',
    changes,
    notes,
    operationId: 'upsertRateLimit',
    input: { params, body },
  });
}
