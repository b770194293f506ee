// Planning the apply of a document's service configuration (or some parts of it) to a target
// service: per item create, update, unchanged, or cannot apply with the reason in plain words.
// Pure: the core reads the target, builds the plan, and applies the ticked items through
// changes.apply; the renderer shows the same plan.
import type { z } from 'zod';
import { policyAsBody, type PolicyBodyOperationId } from '../api/policy-bodies.ts';
import { createAccessControlPolicyBodySchema, updateAccessControlPolicyBodySchema, updateAccessControlPolicyV2BodySchema } from '../api/schemas/access-control.ts';
import { updateCacheControlPolicyV2BodySchema } from '../api/schemas/cache-control.ts';
import { corsHeadersSchema } from '../api/schemas/cors.ts';
import { rateLimitSchema } from '../api/schemas/rate-limit.ts';
import { updateRedirectionPolicyBodySchema } from '../api/schemas/redirection.ts';
import { SECRET_MASK } from '../ipc/channels/api.ts';
import type { MutatingOperationId } from '../ipc/channels/journal.ts';
import { matchesToV10, v10ToMatches, type MatchLike, type PatternMatchLike } from '../rules/index.ts';
import { fieldChanges, serviceSettings, type FieldChange } from './diff.ts';
import { documentFieldLabel, documentPartTitles, type DocumentPart } from './field-labels.ts';
import { SECRET_LEFT_OUT, serviceConfigLabel, type ServiceConfig } from './schema.ts';
import type { FlippedExpectation } from '../suites/schema.ts';

export type PlanAction = 'create' | 'update' | 'unchanged' | 'cannot';

export type PlanItem = {
  /** Stable within a plan: "cache-control/Static assets", "cors", "service". */
  id: string;
  part: DocumentPart;
  name: string;
  title: string;
  action: PlanAction;
  /** Why it cannot apply (action 'cannot'), in plain words. */
  reason: string | null;
  /** What the user should know before ticking it. */
  notes: string[];
  /**
   * Why to check this item before applying it (its values name the source's domain): such an
   * item is not ticked by default, in the app or the CLI. Null for the others.
   */
  caution: string | null;
  /** Target now (left) → the document (right). */
  changes: FieldChange[];
  /** The write that applies it (create / update), else null. */
  operationId: MutatingOperationId | null;
  /** Its input; may hold secrets from an encrypted document, so it never leaves the core. */
  input: { params: Record<string, unknown>; body?: unknown } | null;
  /** The target's rule test expectations this write would make fail (the core's plan checks them). */
  flippedExpectations?: FlippedExpectation[];
};

export type ApplyPlan = {
  source: string;
  target: string;
  items: PlanItem[];
  counts: Record<PlanAction, number>;
};

export type PlanOptions = {
  /** Only these parts of the configuration (default: all). */
  parts?: readonly DocumentPart[];
};

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
    'This token policy\'s token secret was left out of the document, and a token policy cannot be created without it. Export the source with secrets (an encrypted document), or create the policy in its editor.',
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

type Json = Record<string, unknown>;
type Policy = Json & { policyId: number; policyName?: string; priority?: number };

const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Comma lists the API may return in another order or spacing. */
function normalizedForCompare(body: Json): Json {
  const out = { ...body };
  if (typeof out.geoRestriction === 'string') out.geoRestriction = out.geoRestriction.split(',').map((c) => c.trim()).sort().join(',');
  for (const key of ['ipRestriction', 'tokenSecret'] as const) {
    if (typeof out[key] === 'string') out[key] = (out[key] as string).split(',').map((c) => c.trim()).join(',');
  }
  return out;
}

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return cannotApply.invalid('', 'not valid');
  return cannotApply.invalid(documentFieldLabel(issue.path.map(String).join('.')) || 'Body', issue.message);
}

function countByName<T extends { policyName?: string }>(policies: readonly T[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const p of policies) counts.set(p.policyName ?? '', (counts.get(p.policyName ?? '') ?? 0) + 1);
  return counts;
}

type ItemDraft = Omit<PlanItem, 'id' | 'title' | 'notes' | 'caution' | 'changes' | 'operationId' | 'input' | 'reason'> &
  Partial<Pick<PlanItem, 'notes' | 'caution' | 'changes' | 'operationId' | 'input' | 'reason'>>;

function item(draft: ItemDraft): Omit<PlanItem, 'id'> {
  const title = draft.part === 'service' || draft.part === 'cors' || draft.part === 'rate-limit'
    ? documentPartTitles[draft.part]
    : draft.part === 'rule-tests' ? RULE_TESTS_TITLE : `${documentPartTitles[draft.part]} “${draft.name}”`;
  return { reason: null, notes: [], caution: null, changes: [], operationId: null, input: null, ...draft, title };
}

function cannot(part: DocumentPart, name: string, reason: string, changes: FieldChange[] = []): Omit<PlanItem, 'id'> {
  return item({ part, name, action: 'cannot', reason, changes });
}

/**
 * Compares the document's body with the target's and returns update / unchanged. The token
 * secret of a document without secrets is not compared, and is sent as the mask, which the
 * change service turns into "keep the target's tokens".
 */
function updateOrUnchanged(
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
    notes: leftOut && typeof targetBody.tokenSecret === 'string' ? ['The token secret was left out of the document: the target keeps its tokens.', ...notes] : notes,
    operationId,
    input: { params, body: sent },
  });
}

function planCacheControl(source: ServiceConfig, target: ServiceConfig): Array<Omit<PlanItem, 'id'>> {
  const kind = 'cache control';
  const serviceId = target.source.serviceId;
  const inDocument = countByName(source.cacheControlPolicies);
  const onTarget = countByName(target.cacheControlPolicies);
  const withMatches = (p: Json): Json => {
    const matches = Array.isArray(p.matches)
      ? p.matches
      : isObject(p.matchUrlPath)
        ? v10ToMatches(p as { matchUrlPath?: PatternMatchLike; matchQueryString?: PatternMatchLike })
        : undefined;
    // autoGzipDisable is Mandatory on edit; the spec's default is false.
    return { ...p, matches, autoGzipDisable: p.autoGzipDisable ?? false };
  };
  const items: Array<Omit<PlanItem, 'id'>> = [];
  for (const policy of source.cacheControlPolicies as Policy[]) {
    const name = policy.policyName ?? '';
    const repeated = inDocument.get(name) ?? 0;
    if (repeated > 1) {
      items.push(cannot('cache-control', name, cannotApply.repeatedInDocument(kind, name, repeated)));
      continue;
    }
    const matching = (target.cacheControlPolicies as Policy[]).filter((p) => (p.policyName ?? '') === name);
    if (matching.length === 0) {
      items.push(cannot('cache-control', name, cannotApply.cacheControlMissing(name), fieldChanges({}, policy)));
      continue;
    }
    if (matching.length > 1) {
      items.push(cannot('cache-control', name, cannotApply.ambiguousTarget(kind, name, matching.length)));
      continue;
    }
    const document = withMatches(policy);
    if (document.matches === undefined) {
      items.push(cannot('cache-control', name, cannotApply.conditionsUnknown(kind)));
      continue;
    }
    const targetPolicy = matching[0] as Policy;
    items.push(
      updateOrUnchanged(
        'cache-control',
        name,
        'updateCacheControlPolicyV2',
        updateCacheControlPolicyV2BodySchema,
        policyAsBody('updateCacheControlPolicyV2', document),
        policyAsBody('updateCacheControlPolicyV2', withMatches(targetPolicy)),
        { serviceId, policyId: targetPolicy.policyId },
      ),
    );
  }
  for (const policy of target.cacheControlPolicies as Policy[]) {
    if (!inDocument.has(policy.policyName ?? '') && (onTarget.get(policy.policyName ?? '') ?? 0) > 0) {
      items.push(cannot('cache-control', policy.policyName ?? '', cannotApply.onlyOnTarget('cache control policy')));
    }
  }
  return items;
}

function planAccessControl(source: ServiceConfig, target: ServiceConfig): Array<Omit<PlanItem, 'id'>> {
  const kind = 'access control';
  const serviceId = target.source.serviceId;
  const inDocument = countByName(source.accessControlPolicies);
  const targetPolicies = target.accessControlPolicies as Policy[];
  const items: Array<Omit<PlanItem, 'id'>> = [];
  for (const policy of source.accessControlPolicies as Policy[]) {
    const name = policy.policyName ?? '';
    const repeated = inDocument.get(name) ?? 0;
    if (repeated > 1) {
      items.push(cannot('access-control', name, cannotApply.repeatedInDocument(kind, name, repeated)));
      continue;
    }
    const matching = targetPolicies.filter((p) => (p.policyName ?? '') === name);
    if (matching.length > 1) {
      items.push(cannot('access-control', name, cannotApply.ambiguousTarget(kind, name, matching.length)));
      continue;
    }
    const existing = matching[0];
    if (!Array.isArray(policy.matches) && !isObject(policy.matchUrlPath)) {
      items.push(cannot('access-control', name, cannotApply.conditionsUnknown(kind)));
      continue;
    }
    if (typeof policy.priority === 'number') {
      const clash = targetPolicies.find((p) => p.priority === policy.priority && p !== existing);
      if (clash) {
        items.push(cannot('access-control', name, cannotApply.priorityTaken(policy.priority, clash.policyName ?? String(clash.policyId))));
        continue;
      }
    }
    if (existing === undefined) {
      if (policy.type === 'token' && policy.tokenSecret === SECRET_LEFT_OUT) {
        items.push(cannot('access-control', name, cannotApply.tokenSecretLeftOut(), fieldChanges({}, policy)));
        continue;
      }
      let document: Json = policy;
      if (!isObject(policy.matchUrlPath)) {
        const pair = matchesToV10(policy.matches as MatchLike[]);
        if (pair === null) {
          items.push(cannot('access-control', name, cannotApply.conditionsNotExpressible(kind, 'creating an access control policy')));
          continue;
        }
        document = { ...policy, ...pair };
      }
      const body = policyAsBody('createAccessControlPolicy', document);
      if (body.tokenSecret === SECRET_LEFT_OUT) delete body.tokenSecret;
      const parsed = createAccessControlPolicyBodySchema.safeParse(body);
      if (!parsed.success) {
        items.push(cannot('access-control', name, firstIssue(parsed.error)));
        continue;
      }
      items.push(
        item({
          part: 'access-control',
          name,
          action: 'create',
          changes: fieldChanges({}, body),
          notes: Array.isArray(policy.matches) ? [] : [V10_CONDITIONS_NOTE],
          operationId: 'createAccessControlPolicy',
          input: { params: { serviceId }, body },
        }),
      );
      continue;
    }
    // The document holds the version 1.0 shape (the only list); a hand-written V2 `matches` uses the V2 edit.
    const v2 = Array.isArray(policy.matches);
    const operationId = v2 ? 'updateAccessControlPolicyV2' : 'updateAccessControlPolicy';
    items.push(
      updateOrUnchanged(
        'access-control',
        name,
        operationId,
        v2 ? updateAccessControlPolicyV2BodySchema : updateAccessControlPolicyBodySchema,
        policyAsBody(operationId, policy),
        policyAsBody(operationId, existing),
        { serviceId, policyId: existing.policyId },
        v2 ? [] : [V10_CONDITIONS_NOTE],
      ),
    );
  }
  for (const policy of targetPolicies) {
    if (!inDocument.has(policy.policyName ?? '')) {
      items.push(cannot('access-control', policy.policyName ?? '', cannotApply.onlyOnTarget('access control policy')));
    }
  }
  return items;
}

function planRedirections(source: ServiceConfig, target: ServiceConfig): Array<Omit<PlanItem, 'id'>> {
  const kind = 'redirection';
  const serviceId = target.source.serviceId;
  const inDocument = countByName(source.redirectionPolicies);
  const items: Array<Omit<PlanItem, 'id'>> = [];
  for (const policy of source.redirectionPolicies as Policy[]) {
    const name = policy.policyName ?? '';
    const repeated = inDocument.get(name) ?? 0;
    if (repeated > 1) {
      items.push(cannot('redirection', name, cannotApply.repeatedInDocument(kind, name, repeated)));
      continue;
    }
    const matching = (target.redirectionPolicies as Policy[]).filter((p) => (p.policyName ?? '') === name);
    if (matching.length === 0) {
      items.push(cannot('redirection', name, cannotApply.redirectionMissing(name), fieldChanges({}, policy)));
      continue;
    }
    if (matching.length > 1) {
      items.push(cannot('redirection', name, cannotApply.ambiguousTarget(kind, name, matching.length)));
      continue;
    }
    if (!Array.isArray(policy.matches) && !isObject(policy.matchUrlPath)) {
      items.push(cannot('redirection', name, cannotApply.conditionsUnknown(kind)));
      continue;
    }
    const body = policyAsBody('updateRedirectionPolicy', policy);
    if (body.matchUrlPath === undefined) {
      items.push(cannot('redirection', name, cannotApply.conditionsNotExpressible(kind, 'the redirection edit')));
      continue;
    }
    const existing = matching[0] as Policy;
    items.push(
      updateOrUnchanged(
        'redirection',
        name,
        'updateRedirectionPolicy',
        updateRedirectionPolicyBodySchema,
        body,
        policyAsBody('updateRedirectionPolicy', existing),
        { serviceId, policyId: existing.policyId },
      ),
    );
  }
  for (const policy of target.redirectionPolicies as Policy[]) {
    if (!inDocument.has(policy.policyName ?? '')) {
      items.push(cannot('redirection', policy.policyName ?? '', cannotApply.onlyOnTarget('redirection policy')));
    }
  }
  return items;
}

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
    ? [`The target's current ${what} cannot be read through the API and nothing was applied to it from this app: applying replaces whatever is set.`]
    : [`Compared with what this app last applied to the target (${at}); the API cannot confirm the current value.`];
}

function planCors(source: ServiceConfig, target: ServiceConfig): Omit<PlanItem, 'id'> {
  const name = documentPartTitles.cors;
  const last = source.lastAppliedFromThisApp.cors;
  if (last === null) return cannot('cors', name, cannotApply.corsNotKnown(source.service.domainName));
  const body = pickFields(last.headers, corsFields);
  const parsed = corsHeadersSchema.safeParse(body);
  if (!parsed.success) return cannot('cors', name, firstIssue(parsed.error));
  const current = target.lastAppliedFromThisApp.cors;
  const changes = current ? fieldChanges(pickFields(current.headers, corsFields), body) : againstUnknown(fieldChanges({}, body));
  if (current !== null && changes.length === 0) {
    return item({ part: 'cors', name, action: 'unchanged', notes: targetKnownNote(current.appliedAt, 'CORS headers') });
  }
  return item({
    part: 'cors',
    name,
    action: 'update',
    changes,
    notes: ['Setting CORS headers replaces all of the target\'s CORS headers.', ...targetKnownNote(current?.appliedAt ?? null, 'CORS headers')],
    operationId: 'setCorsHeaders',
    input: { params: { serviceId: target.source.serviceId }, body },
  });
}

function planRateLimit(source: ServiceConfig, target: ServiceConfig): Omit<PlanItem, 'id'> {
  const name = documentPartTitles['rate-limit'];
  const last = source.lastAppliedFromThisApp.rateLimit;
  if (last === null) return cannot('rate-limit', name, cannotApply.rateLimitNotKnown(source.service.domainName));
  const current = target.lastAppliedFromThisApp.rateLimit;
  const notes = targetKnownNote(current?.appliedAt ?? null, 'rate limit');
  const params = { serviceId: target.source.serviceId };
  if (last.rateLimit === null) {
    if (current !== null && current.rateLimit === null) return item({ part: 'rate-limit', name, action: 'unchanged', notes });
    return item({
      part: 'rate-limit',
      name,
      action: 'update',
      changes: current?.rateLimit ? fieldChanges(pickFields(current.rateLimit, rateLimitFields), {}) : [],
      notes: ['The document says the rate limit was deleted: applying deletes the target\'s rate limit.', ...notes],
      operationId: 'deleteRateLimit',
      input: { params },
    });
  }
  const body = pickFields(last.rateLimit, rateLimitFields);
  const parsed = rateLimitSchema.safeParse(body);
  if (!parsed.success) return cannot('rate-limit', name, firstIssue(parsed.error));
  // A rate limit deleted from this app is really not set; one never applied from here is unknown.
  const changes = current === null
    ? againstUnknown(fieldChanges({}, body))
    : fieldChanges(current.rateLimit ? pickFields(current.rateLimit, rateLimitFields) : {}, body);
  if (current !== null && current.rateLimit !== null && changes.length === 0) {
    return item({ part: 'rate-limit', name, action: 'unchanged', notes });
  }
  return item({ part: 'rate-limit', name, action: 'update', changes, notes, operationId: 'upsertRateLimit', input: { params, body } });
}

export const RULE_TESTS_TITLE = 'Rule test suite';

/** Rule test suites live in this app: the plan says so, and applying stores the suite locally. */
export const RULE_TESTS_LOCAL_NOTE =
  'The API has no rule test suites: applying stores this suite in this app for the target service, replacing the suite it has here.';

/**
 * The document's rule test suite for the target (one item; its input's body is the suite, stored
 * locally by the core). A document without a suite leaves the target's suite alone.
 */
function planRuleTests(source: ServiceConfig, target: ServiceConfig): Array<Omit<PlanItem, 'id'>> {
  if (source.ruleTests === undefined) return [];
  const name = RULE_TESTS_TITLE;
  const sorted = (list: ServiceConfig['ruleTests']) => [...(list ?? [])].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const byName = (list: ServiceConfig['ruleTests']) => Object.fromEntries(sorted(list).map((e) => [e.name, { request: e.request, expect: e.expect }]));
  const changes = fieldChanges(byName(target.ruleTests), byName(source.ruleTests));
  if (changes.length === 0) return [item({ part: 'rule-tests', name, action: 'unchanged', notes: [RULE_TESTS_LOCAL_NOTE] })];
  return [
    item({
      part: 'rule-tests',
      name,
      action: (target.ruleTests ?? []).length === 0 ? 'create' : 'update',
      changes,
      notes: [RULE_TESTS_LOCAL_NOTE],
      input: { params: { serviceId: target.source.serviceId }, body: sorted(source.ruleTests) },
    }),
  ];
}

function planService(source: ServiceConfig, target: ServiceConfig): Omit<PlanItem, 'id'> {
  const name = documentPartTitles.service;
  // The domain name is what tells the services apart; it is not a setting to carry over.
  const settings = (config: ServiceConfig) => {
    const { domainName: _domainName, ...rest } = serviceSettings(config);
    return rest;
  };
  const changes = fieldChanges(settings(target), settings(source));
  if (changes.length === 0) return item({ part: 'service', name, action: 'unchanged' });
  const fields = [...new Set(changes.map((c) => c.label.split(' — ')[0] ?? c.label))];
  return cannot('service', name, cannotApply.serviceSettings(fields), changes);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `domain` as a whole host name inside `text` ("https://www.a.example/x" names www.a.example, not a.example). */
function namesDomain(text: string, domain: string): boolean {
  const wildcard = domain.startsWith('*.');
  const base = wildcard ? domain.slice(2) : domain;
  if (base === '') return false;
  // A wildcard alternate domain (*.a.example) covers its subdomains too.
  const before = wildcard ? '(?:^|[^a-z0-9-])(?:[a-z0-9-]+\\.)*' : '(?:^|[^a-z0-9.-])';
  return new RegExp(`${before}${escapeRegExp(base.toLowerCase())}(?![a-z0-9-]|\\.[a-z0-9])`).test(text.toLowerCase());
}

/** The domain names of a service (its own and its alternate ones), in lower case. */
function domainsOf(config: ServiceConfig): string[] {
  return [config.service.domainName, ...(config.service.alternateDomainNames ?? [])].map((d) => d.trim().toLowerCase()).filter((d) => d !== '');
}

/** What a plan item says when the values it would write name the source's domain (review M6). */
export const sourceDomainCaution = (labels: readonly string[], domain: string) =>
  `${labels.join(', ')} ${labels.length === 1 ? 'points' : 'point'} at the source's domain ${domain}; check before applying (not ticked by default).`;

/**
 * A caution for an item whose new values name one of the source's domains that the target does not
 * have: copied to another service (a clone, another customer), they would point it at the source.
 */
export function sourceDomainCautionFor(changes: readonly FieldChange[], source: ServiceConfig, target: ServiceConfig): string | null {
  const own = new Set(domainsOf(target));
  const domains = domainsOf(source).filter((d) => !own.has(d));
  for (const domain of domains) {
    const labels = changes.filter((c) => c.right !== null && namesDomain(c.right, domain)).map((c) => c.label);
    if (labels.length > 0) return sourceDomainCaution([...new Set(labels)], domain);
  }
  return null;
}

/** The plan for applying `source` (a document's service) to `target` (the target service as read now). */
export function planApply(source: ServiceConfig, target: ServiceConfig, options: PlanOptions = {}): ApplyPlan {
  const wanted = (part: DocumentPart) => options.parts === undefined || options.parts.includes(part);
  const drafts: Array<Omit<PlanItem, 'id'>> = [];
  if (wanted('service')) drafts.push(planService(source, target));
  if (wanted('cache-control')) drafts.push(...planCacheControl(source, target));
  if (wanted('access-control')) drafts.push(...planAccessControl(source, target));
  if (wanted('redirection')) drafts.push(...planRedirections(source, target));
  if (wanted('cors')) drafts.push(planCors(source, target));
  if (wanted('rate-limit')) drafts.push(planRateLimit(source, target));
  if (wanted('rule-tests')) drafts.push(...planRuleTests(source, target));

  for (const draft of drafts) {
    if (draft.action === 'create' || draft.action === 'update') draft.caution = sourceDomainCautionFor(draft.changes, source, target);
  }
  const seen = new Map<string, number>();
  const items = drafts.map((draft): PlanItem => {
    const base = draft.part === 'service' || draft.part === 'cors' || draft.part === 'rate-limit' || draft.part === 'rule-tests' ? draft.part : `${draft.part}/${draft.name}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return { id: n === 1 ? base : `${base}#${n}`, ...draft };
  });
  const counts: Record<PlanAction, number> = { create: 0, update: 0, unchanged: 0, cannot: 0 };
  for (const i of items) counts[i.action] += 1;
  return { source: serviceConfigLabel(source), target: serviceConfigLabel(target), items, counts };
}
