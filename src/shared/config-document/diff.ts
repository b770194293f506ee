// Diff of two service configurations (two services, one service in two accounts, a service and a
// document, two exports): grouped by part and by policy (matched by name), one line per field,
// with the editors' labels. Pure, so the renderer can show it. Secret values never appear: a
// changed secret reads "changed", a secret left out of a document is not compared.
import { SECRET_MASK } from '../security/secret-text.ts';
import { apiSecretFields } from '../api/api-secret-fields.ts';
import { formatFieldValue } from '../api/field-labels.ts';
import { documentFieldLabel, documentPartTitles, type DocumentPart } from './field-labels.ts';
import { SECRET_LEFT_OUT, serviceConfigLabel, type ServiceConfig } from './schema.ts';

export type FieldChange = {
  /** Dotted path inside the service or policy ("matches.0.values"). */
  path: string;
  label: string;
  /** Shown value; null when the field is not set on that side. */
  left: string | null;
  right: string | null;
  /** The target's value (left) is not known: the API cannot read it back and this app applied none. */
  leftUnknown?: true;
};

type DiffStatus = 'same' | 'changed' | 'only-left' | 'only-right' | 'not-known';

type DiffGroup = {
  part: DocumentPart;
  /** Policy name; the part's title for service settings, CORS and rate limit. */
  name: string;
  title: string;
  status: DiffStatus;
  changes: FieldChange[];
  /** Why something is not known or not compared, in plain words. */
  note: string | null;
};

export type ConfigDiff = {
  left: string;
  right: string;
  identical: boolean;
  groups: DiffGroup[];
};

const secretNames = new Set(apiSecretFields);
/** IDs differ between services and accounts by nature; they are not configuration. */
const ignoredKeys = new Set(['id', 'policyId']);

type Leaf = { value: unknown; secret: boolean };

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);
const isScalarArray = (v: unknown[]) => v.every((item) => item === null || typeof item !== 'object');

/** Leaves of a value by dotted path: scalars and lists of scalars; objects and lists of objects are walked. */
function flattenFields(value: unknown, prefix = '', out = new Map<string, Leaf>()): Map<string, Leaf> {
  if (isPlainObject(value)) {
    for (const [key, child] of Object.entries(value)) {
      if (child === undefined || child === null || (prefix === '' && ignoredKeys.has(key))) continue;
      const path = prefix === '' ? key : `${prefix}.${key}`;
      if (secretNames.has(key) && typeof child === 'string') out.set(path, { value: child, secret: true });
      else flattenFields(child, path, out);
    }
  } else if (Array.isArray(value) && !isScalarArray(value)) {
    value.forEach((child, index) => flattenFields(child, prefix === '' ? String(index) : `${prefix}.${index}`, out));
  } else if (prefix !== '') {
    out.set(prefix, { value, secret: false });
  }
  return out;
}

/** A value as the editors show it: durations with units ("14 days"), switches On/Off, HTTP codes named. */
function show(path: string, leaf: Leaf | undefined): string | null {
  if (leaf === undefined) return null;
  if (leaf.secret) return leaf.value === SECRET_LEFT_OUT ? 'left out' : SECRET_MASK;
  return formatFieldValue(path, leaf.value);
}

function same(a: Leaf, b: Leaf): boolean {
  return JSON.stringify(a.value) === JSON.stringify(b.value);
}

/** Field-by-field changes between two values of one kind (a service, a policy, a CORS set). */
export function fieldChanges(left: unknown, right: unknown): FieldChange[] {
  const a = flattenFields(left);
  const b = flattenFields(right);
  const changes: FieldChange[] = [];
  for (const path of new Set([...a.keys(), ...b.keys()])) {
    const l = a.get(path);
    const r = b.get(path);
    if (l && r && same(l, r)) continue;
    // A secret left out of a document cannot be compared with anything.
    if ((l?.secret && l.value === SECRET_LEFT_OUT) || (r?.secret && r.value === SECRET_LEFT_OUT)) {
      if (l && r) continue;
    }
    // A unit in the label is dropped where the value carries it ("Time window: 1 minute"), as in the review diff.
    changes.push({
      path,
      label: documentFieldLabel(path).replace(/ \(seconds\)$/, ''),
      left: show(path, l),
      right: show(path, r),
    });
  }
  return changes;
}

type Policy = { policyName?: string } & Record<string, unknown>;

/** Pairs policies by name; the n-th of a repeated name pairs with the n-th on the other side. */
function pairByName<L extends Policy, R extends Policy>(
  left: readonly L[],
  right: readonly R[],
): Array<{ name: string; left?: L; right?: R }> {
  const key = (p: Policy) => p.policyName ?? '';
  const pairs: Array<{ name: string; left?: L; right?: R }> = [];
  const rightUsed = new Set<number>();
  for (const l of left) {
    const index = right.findIndex((r, i) => !rightUsed.has(i) && key(r) === key(l));
    if (index >= 0) rightUsed.add(index);
    pairs.push({ name: key(l), left: l, ...(index >= 0 ? { right: right[index] } : {}) });
  }
  right.forEach((r, i) => {
    if (!rightUsed.has(i)) pairs.push({ name: key(r), right: r });
  });
  return pairs.sort((x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : 0));
}

function group(part: DocumentPart, name: string, left: unknown, right: unknown): DiffGroup {
  const title = part === 'service' ? documentPartTitles.service : `${documentPartTitles[part]} “${name}”`;
  if (left === undefined)
    return { part, name, title, status: 'only-right', changes: fieldChanges({}, right), note: null };
  if (right === undefined)
    return { part, name, title, status: 'only-left', changes: fieldChanges(left, {}), note: null };
  const changes = fieldChanges(left, right);
  return { part, name, title, status: changes.length === 0 ? 'same' : 'changed', changes, note: null };
}

function lastAppliedGroup(part: 'cors' | 'rate-limit', left: ServiceConfig, right: ServiceConfig): DiffGroup {
  const pick = (config: ServiceConfig) => {
    const last = config.lastAppliedFromThisApp;
    if (part === 'cors') return last.cors ? { at: last.cors.appliedAt, value: last.cors.headers } : null;
    return last.rateLimit ? { at: last.rateLimit.appliedAt, value: last.rateLimit.rateLimit ?? {} } : null;
  };
  const title = documentPartTitles[part];
  const l = pick(left);
  const r = pick(right);
  if (l === null || r === null) {
    const which = l === null && r === null ? 'either side' : l === null ? 'the left side' : 'the right side';
    return {
      part,
      name: title,
      title,
      status: 'not-known',
      changes: [],
      note: `Not known for ${which}: the API cannot read ${part === 'cors' ? 'CORS headers' : 'the rate limit'} back, and nothing was applied to it from this app.`,
    };
  }
  const changes = fieldChanges(l.value, r.value);
  return {
    part,
    name: title,
    title,
    status: changes.length === 0 ? 'same' : 'changed',
    changes,
    note: `As last applied from this app (left ${l.at}, right ${r.at}).`,
  };
}

/**
 * The rule test suites (kept by this app, not by the API), one group per expectation matched by
 * name. A side without a suite compares as an empty one.
 */
function ruleTestGroups(left: ServiceConfig, right: ServiceConfig): DiffGroup[] {
  if (left.ruleTests === undefined && right.ruleTests === undefined) return [];
  const named = (list: ServiceConfig['ruleTests']) => (list ?? []).map((e) => ({ ...e, policyName: e.name }));
  return pairByName(named(left.ruleTests), named(right.ruleTests)).map((pair) => {
    const strip = (e: (typeof pair)['left']) =>
      e === undefined ? undefined : { request: e.request, expect: e.expect };
    return group('rule-tests', pair.name, strip(pair.left), strip(pair.right));
  });
}

/** Settings of the service that are configuration (not its ID or CNAME, which every service has its own). */
export function serviceSettings(config: ServiceConfig): Record<string, unknown> {
  const { id: _id, cName: _cName, ...settings } = config.service;
  return settings;
}

export function diffServiceConfigs(left: ServiceConfig, right: ServiceConfig): ConfigDiff {
  const groups: DiffGroup[] = [
    group('service', documentPartTitles.service, serviceSettings(left), serviceSettings(right)),
  ];
  const policyParts = [
    ['cache-control', left.cacheControlPolicies, right.cacheControlPolicies],
    ['access-control', left.accessControlPolicies, right.accessControlPolicies],
    ['redirection', left.redirectionPolicies, right.redirectionPolicies],
  ] as const;
  for (const [part, l, r] of policyParts) {
    for (const pair of pairByName<Policy, Policy>(l, r)) groups.push(group(part, pair.name, pair.left, pair.right));
  }
  groups.push(lastAppliedGroup('cors', left, right), lastAppliedGroup('rate-limit', left, right));
  groups.push(...ruleTestGroups(left, right));
  return {
    left: serviceConfigLabel(left),
    right: serviceConfigLabel(right),
    identical: groups.every((g) => g.status === 'same' || (g.status === 'not-known' && g.changes.length === 0)),
    groups,
  };
}

export type DiffSummary = {
  /** Groups that really differ (changed, or only on one side). */
  differences: number;
  /** Parts not known on a side (CORS, rate limit), in plain words, or null when every part is known. */
  notKnown: string | null;
};

/**
 * What the compare headline counts: only real differences. A part not known for a side (the API
 * cannot read it back) is not a difference; it is said separately.
 */
export function diffSummary(diff: Pick<ConfigDiff, 'groups'>): DiffSummary {
  const differences = diff.groups.filter(
    (g) => g.status === 'changed' || g.status === 'only-left' || g.status === 'only-right',
  ).length;
  const unknown = diff.groups.filter((g) => g.status === 'not-known');
  if (unknown.length === 0) return { differences, notKnown: null };
  // "CORS headers and rate limit": later names in lower case, an acronym kept.
  const names = unknown.map((g, i) =>
    i === 0 || /^[A-Z]{2}/.test(g.title) ? g.title : `${g.title.charAt(0).toLowerCase()}${g.title.slice(1)}`,
  );
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  // Each group's note says for which side.
  return {
    differences,
    notKnown: `${list} not known: the API cannot read ${unknown.length === 1 ? 'it' : 'them'} back.`,
  };
}
