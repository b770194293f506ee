// Planning the apply of a document's service configuration (or some parts of it) to a target
// service: per item create, update, unchanged, or cannot apply with the reason in plain words.
// Pure: the core reads the target, builds the plan, and applies the ticked items through
// changes.apply; the renderer shows the same plan. The parts: plan-policies.ts (cache control, access
// control, redirection), plan-last-applied.ts (CORS, rate limit), below (service settings, rule tests);
// their building blocks in plan-items.ts, the source-domain caution in source-domain.ts.
import type { MutatingOperationId } from '../api/operation-facts.ts';
import { fieldChanges, serviceSettings, type FieldChange } from './diff.ts';
import { documentPartTitles, type DocumentPart } from './field-labels.ts';
import { serviceConfigLabel, type ServiceConfig } from './schema.ts';
import type { FlippedExpectation } from '../suites/schema.ts';
import { cannot, cannotApply, item, RULE_TESTS_TITLE } from './plan-items.ts';
import { planAccessControl, planCacheControl, planRedirections } from './plan-policies.ts';
import { planCors, planRateLimit } from './plan-last-applied.ts';
import { sourceDomainCautionFor } from './source-domain.ts';

type PlanAction = 'create' | 'update' | 'unchanged' | 'cannot';

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
  const sorted = (list: ServiceConfig['ruleTests']) =>
    [...(list ?? [])].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const byName = (list: ServiceConfig['ruleTests']) =>
    Object.fromEntries(sorted(list).map((e) => [e.name, { request: e.request, expect: e.expect }]));
  const changes = fieldChanges(byName(target.ruleTests), byName(source.ruleTests));
  if (changes.length === 0)
    return [item({ part: 'rule-tests', name, action: 'unchanged', notes: [RULE_TESTS_LOCAL_NOTE] })];
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
    if (draft.action === 'create' || draft.action === 'update')
      draft.caution = sourceDomainCautionFor(draft.changes, source, target);
  }
  const seen = new Map<string, number>();
  const items = drafts.map((draft): PlanItem => {
    const base =
      draft.part === 'service' || draft.part === 'cors' || draft.part === 'rate-limit' || draft.part === 'rule-tests'
        ? draft.part
        : `${draft.part}/${draft.name}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return { id: n === 1 ? base : `${base}#${n}`, ...draft };
  });
  const counts: Record<PlanAction, number> = { create: 0, update: 0, unchanged: 0, cannot: 0 };
  for (const i of items) counts[i.action] += 1;
  return { source: serviceConfigLabel(source), target: serviceConfigLabel(target), items, counts };
}
