// What to do with a write whose answer never came (the app stopped mid-run, a timeout, a cancel
// while the request was out): the target is read and compared with what was sent, so nothing is
// sent again blind. Pure: the core makes the read (operation-facts.ts says which) and acts on the
// decision. docs/bulk-apply.md, "When the app stops mid-run".
import { changeFacts, type MutatingOperationId, type UnknownOutcomeCheck } from './operation-facts.ts';
import { policyAsBody } from './policy-bodies.ts';
import { matchesToV10, type MatchLike } from '../rules/index.ts';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * - applied: the target already has the change (nothing is sent; the entry is settled as applied);
 * - not-applied: the target does not have it (the unknown write did not apply: it is sent);
 * - resend: the target cannot be read back, and sending again is safe (the reason says why);
 * - ask: the read cannot tell; the user decides (the app asks, the CLI needs --resend-unknown).
 */
export type UnknownOutcomeDecision =
  | { decision: 'applied'; policyId: number | null; message: string }
  | { decision: 'not-applied'; message: string }
  | { decision: 'resend'; message: string }
  | { decision: 'ask'; message: string };

/** What the check's read found (the list of the policy kind, or why there is none). */
export type OutcomeRead =
  | { kind: 'policies'; policies: readonly Json[] }
  | { kind: 'missing' }
  | { kind: 'failed'; code: string; message: string };

/** When the check runs: after the app restarted, right after a write got no answer, or later (a resumed cancel). */
export type OutcomeCheckContext = 'restart' | 'no-answer' | 'later';

const confirmed = (context: OutcomeCheckContext) =>
  context === 'restart'
    ? 'Confirmed after restart'
    : context === 'no-answer'
      ? 'Confirmed after the gateway did not answer'
      : 'Confirmed by reading the service';

/** Why sending again is safe for the writes the API cannot read back. */
function resendReason(because: Extract<UnknownOutcomeCheck, { by: 'resend' }>['because']): string {
  switch (because) {
    case 'full-replacement':
      return 'The CORS headers cannot be read back; setting them is a full replacement, so sending it again is safe.';
    case 'upsert':
      return 'The rate limit cannot be read back; setting it creates or updates the one configuration, so sending it again is safe.';
    case 'delete':
      return 'The rate limit cannot be read back; deleting it again is safe (the gateway answers the same whether one was set or not).';
    case 'unique-domain':
      return 'A service cannot be found by its domain name; creating it again is safe: the gateway refuses a second service with the same domain name.';
  }
}

/** Defaults the API stores for a field left out, so that "not listed" and "sent the default" compare equal. */
const FIELD_DEFAULTS: Json = { enabled: true, anonymousIp: false, autoGzipDisable: false };
/** Comma-separated lists the gateway may return in another order (geoRestriction, per the spec). */
const UNORDERED_LISTS = new Set(['geoRestriction', 'ipRestriction']);
/** Secrets are compared by nobody: they are returned as sent but journaled redacted. */
const NOT_COMPARED = new Set(['tokenSecret']);

const listItems = (v: unknown) =>
  String(v)
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean)
    .sort()
    .join(',');

function sameValue(key: string, sent: unknown, found: unknown): boolean {
  if (found === undefined || found === null) return key in FIELD_DEFAULTS ? sent === FIELD_DEFAULTS[key] : false;
  if (UNORDERED_LISTS.has(key) && typeof sent === 'string' && typeof found === 'string')
    return listItems(sent) === listItems(found);
  return JSON.stringify(sent) === JSON.stringify(found);
}

/**
 * The fields that were sent and differ on the target (empty: the target has the change). A body
 * with V2 `matches` is compared with a version 1.0 listing through its version 1.0 form.
 */
export function differingFields(sent: Json, found: Json): string[] {
  let body = sent;
  if (Array.isArray(sent.matches) && found.matches === undefined && found.matchUrlPath !== undefined) {
    const pair = matchesToV10(sent.matches as MatchLike[]);
    if (pair === null) return ['matches'];
    const { matches: _matches, ...rest } = sent;
    body = { ...rest, ...pair };
  }
  return Object.entries(body)
    .filter(([key, value]) => !NOT_COMPARED.has(key) && value !== undefined && !sameValue(key, value, found[key]))
    .map(([key]) => key);
}

function policyIdOf(policy: Json): number | null {
  return typeof policy.policyId === 'number' ? policy.policyId : null;
}

/**
 * The decision for an unanswered write of `operationId` with `input`, from what `read` found
 * (ignored for writes checked by resending).
 */
export function decideUnknownOutcome(
  operationId: MutatingOperationId,
  input: { params: Json; body?: unknown },
  read: OutcomeRead | null,
  context: OutcomeCheckContext,
): UnknownOutcomeDecision {
  const check = changeFacts(operationId).unknownOutcome;
  if (check.by === 'resend') return { decision: 'resend', message: resendReason(check.because) };
  const body = isObject(input.body) ? input.body : null;
  if (body === null)
    return {
      decision: 'ask',
      message:
        'What was sent is not known (too large to keep in the journal), so the service cannot be compared with it.',
    };
  if (read === null || read.kind === 'failed') {
    const why = read === null ? 'it was not read' : `${read.message} (${read.code})`;
    return {
      decision: 'ask',
      message: `The service could not be read to check whether the change applied: ${why}. Check again later, or decide yourself.`,
    };
  }
  if (read.kind === 'missing') {
    return { decision: 'not-applied', message: 'The service no longer exists, so the change is not on it.' };
  }
  const name = typeof body.policyName === 'string' ? body.policyName : '';
  const facts = changeFacts(operationId);
  if (facts.policyList?.how === 'add') {
    // A create: the policy it adds, by name (the ID is given by the gateway).
    const policy = `${facts.label} policy`;
    const anPolicy = `${/^[aeiou]/i.test(policy) ? 'an' : 'a'} ${policy}`;
    const named = read.policies.filter((p) => p.policyName === name);
    const same = named.find((p) => differingFields(body, policyAsBody(operationId, p)).length === 0);
    if (same) {
      return {
        decision: 'applied',
        policyId: policyIdOf(same),
        message: `${confirmed(context)}: the service has the ${policy} “${name}” (ID ${String(same.policyId)}) with the fields that were sent.`,
      };
    }
    if (named.length === 0) {
      return {
        decision: 'not-applied',
        message: `The service has no ${policy} named “${name}”: the create did not apply.`,
      };
    }
    const fields = differingFields(body, policyAsBody(operationId, named[0] as Json));
    return {
      decision: 'ask',
      message: `The service has ${named.length === 1 ? anPolicy : `${named.length} ${facts.label} policies`} named “${name}”, but not with the fields that were sent (${fields.join(', ')} differ${fields.length === 1 ? 's' : ''}): it may have been created and then edited, or created by someone else.`,
    };
  }
  // An edit: the policy it edits, by ID.
  const policyId = Number(input.params.policyId);
  const found = read.policies.find((p) => Number(p.policyId) === policyId);
  if (found === undefined) {
    return {
      decision: 'not-applied',
      message: `The policy ${policyId} is no longer on the service: the edit is not there.`,
    };
  }
  const fields = differingFields(body, policyAsBody(operationId, found));
  if (fields.length === 0) {
    return {
      decision: 'applied',
      policyId,
      message: `${confirmed(context)}: the policy ${policyId}${name ? ` “${name}”` : ''} already has the values that were sent.`,
    };
  }
  return {
    decision: 'not-applied',
    message: `The policy ${policyId} does not have the values that were sent (${fields.join(', ')}): the edit did not apply.`,
  };
}
