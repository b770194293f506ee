// A service's policy lists (as the API lists them) → the rules the engine evaluates. One place for
// the rule tester (renderer), rule test suites and the draft check (core, CLI).
import type { MatchLike, PatternMatchLike, RuleLike } from './types.ts';

/** A listed policy: the fields the engine reads (lists are lenient; anything else is ignored). */
export type ListedPolicy = {
  policyId: number;
  policyName?: string;
  priority?: number;
  enabled?: boolean;
  matches?: readonly MatchLike[];
  matchUrlPath?: PatternMatchLike;
  matchQueryString?: PatternMatchLike;
};
export type ListedCachePolicy = ListedPolicy & { ttl?: number; noCache?: boolean; enableXCache?: boolean };
export type ListedAccessPolicy = ListedPolicy & {
  type?: string;
  ipRestriction?: string;
  geoRestriction?: string;
  anonymousIp?: boolean;
};
export type ListedRedirection = ListedPolicy & { httpCode?: number; redirectDestination?: string };

/** The three lists of a service: cache control (V2), access control (v1.0 shape), redirections (V2). */
export type ServicePolicyLists = {
  cache: readonly ListedCachePolicy[];
  access: readonly ListedAccessPolicy[];
  redirections: readonly ListedRedirection[];
};

/** What a journal entry holds that the access read-back needs (structural: shared cannot import the IPC schema's type cycle). */
export type AppliedAccessChange = {
  policyId: number | null;
  operationId: string;
  /** null: the outcome is not known (such an entry is not taken as applied). */
  result: { ok: boolean | null };
  after: unknown;
};

type MatchRow = { field: string; operator: string; values: string[] };
type Pattern = { operator: string; patterns: string[] };

const v10Of: Record<string, string> = { startswith: 'prefix', endswith: 'suffix', equals: 'equals', regex: 'regex' };

/** What the v1.0 list shows of V2 matches: the first req.path / req.query condition with a v1.0 operator. */
function v10View(matches: readonly MatchLike[]): { matchUrlPath?: Pattern; matchQueryString?: Pattern } {
  const out: { matchUrlPath?: Pattern; matchQueryString?: Pattern } = {};
  for (const m of matches) {
    const operator = v10Of[m.operator];
    if (!operator) continue;
    if (m.field === 'req.path' && !out.matchUrlPath) out.matchUrlPath = { operator, patterns: [...m.values] };
    else if (m.field === 'req.query' && !out.matchQueryString)
      out.matchQueryString = { operator, patterns: [...m.values] };
  }
  return out;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

const accessEdits = ['updateAccessControlPolicy', 'updateAccessControlPolicyV2', 'createAccessControlPolicy'];

/**
 * The API lists access control policies in the v1.0 shape only. When this app applied V2 matches
 * to a policy and the listed v1.0 conditions still agree with them, the full matches are used.
 * `entries`: the journal, newest first.
 */
export function accessMatchesFromJournal(
  policies: readonly ListedPolicy[],
  entries: readonly AppliedAccessChange[],
): Map<number, MatchRow[]> {
  const out = new Map<number, MatchRow[]>();
  for (const p of policies) {
    const last = entries.find(
      (e) => e.policyId === p.policyId && e.result.ok === true && accessEdits.includes(e.operationId),
    );
    const matches = (last?.after as { matches?: MatchRow[] } | null | undefined)?.matches;
    if (last?.operationId !== 'updateAccessControlPolicyV2' || !Array.isArray(matches)) continue;
    const view = v10View(matches);
    if (same(view.matchUrlPath, p.matchUrlPath) && same(view.matchQueryString, p.matchQueryString))
      out.set(p.policyId, matches);
  }
  return out;
}

function toRule(kind: RuleLike['kind'], p: ListedPolicy, extra: Partial<RuleLike> = {}): RuleLike {
  return {
    kind,
    policyId: p.policyId,
    policyName: p.policyName ?? `policy ${p.policyId}`,
    priority: p.priority ?? 0,
    enabled: p.enabled,
    ...(p.matches !== undefined
      ? { matches: p.matches }
      : { matchUrlPath: p.matchUrlPath, matchQueryString: p.matchQueryString }),
    ...extra,
  };
}

function accessRule(p: ListedAccessPolicy, matches: readonly MatchLike[] | undefined): RuleLike {
  const access = {
    type: p.type ?? '',
    ...(p.ipRestriction !== undefined ? { ipRestriction: p.ipRestriction } : {}),
    ...(p.geoRestriction !== undefined ? { geoRestriction: p.geoRestriction } : {}),
    ...(p.anonymousIp !== undefined ? { anonymousIp: p.anonymousIp } : {}),
  };
  // Matches known in full: carried by the policy (a draft's V2 edit), or from the journal.
  const known = p.matches ?? matches;
  if (known) return toRule('access', { ...p, matches: known }, { access, readBack: 'complete' });
  // The list only has the v1.0 shape: say what cannot be known instead of testing less silently.
  return toRule('access', p, { access, readBack: p.matchUrlPath ? 'v1.0-list' : 'v1.0-list-no-path' });
}

/** Rules of every kind from a service's lists. */
export function rulesFromLists(
  lists: ServicePolicyLists,
  accessMatches?: ReadonlyMap<number, readonly MatchLike[]>,
): RuleLike[] {
  return [
    ...lists.cache.map((p) =>
      toRule('cache', p, { cache: { ttl: p.ttl, noCache: p.noCache, enableXCache: p.enableXCache } }),
    ),
    ...lists.access.map((p) => accessRule(p, accessMatches?.get(p.policyId))),
    ...lists.redirections.map((p) =>
      toRule('redirection', p, { redirect: { httpCode: p.httpCode, destination: p.redirectDestination } }),
    ),
  ];
}
