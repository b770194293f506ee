// A snapshot's policies as rules for the rule engine and the condition logic. Cache control and
// redirection come from V2 lists (conditions complete); access control only from the version 1.0
// list, which cannot show conditions set through a V2 edit (docs/config-documents.md).
import { v10ToMatches } from '../rules/convert.ts';
import type { MatchLike, PolicyKind, RuleLike } from '../rules/types.ts';
import type { ServiceConfig } from '../config-document/schema.ts';
import { atomsOf, type Atom } from './condition-logic.ts';

export type DocumentRule = RuleLike & {
  /** The conditions as atoms, or null when one of them is unreadable (or there are none). */
  readonly atoms: Atom[] | null;
  /** Whether the listed conditions are all the rule has. */
  readonly conditionsComplete: boolean;
  /** The priority as listed; undefined when the list did not give one. */
  readonly listedPriority: number | undefined;
};

type Listed = {
  policyId: number;
  policyName?: string;
  priority?: number;
  enabled?: boolean;
  matches?: readonly MatchLike[];
  matchUrlPath?: { operator: string; patterns: readonly string[] };
  matchQueryString?: { operator: string; patterns: readonly string[] };
};

function conditionsOf(p: Listed): readonly MatchLike[] {
  if (p.matches !== undefined) return p.matches;
  return v10ToMatches({ matchUrlPath: p.matchUrlPath, matchQueryString: p.matchQueryString });
}

function toRule(kind: PolicyKind, p: Listed, conditionsComplete: boolean, extra: Partial<RuleLike>): DocumentRule {
  const matches = conditionsOf(p);
  return {
    kind,
    policyId: p.policyId,
    policyName: p.policyName ?? `policy ${p.policyId}`,
    priority: p.priority ?? 0,
    listedPriority: p.priority,
    ...(p.enabled !== undefined ? { enabled: p.enabled } : {}),
    matches,
    atoms: matches.length === 0 ? null : atomsOf(matches),
    conditionsComplete,
    ...extra,
  };
}

export type RuleOptions = {
  /** Treat the access control list's version 1.0 conditions as complete (an assumption the user makes). */
  trustListedAccessConditions?: boolean;
};

// Several checks read the same snapshot's rules: build them once per configuration object.
const cache = new WeakMap<ServiceConfig, Map<boolean, Record<PolicyKind, DocumentRule[]>>>();

/** Every policy of the snapshot as a rule, by kind (do not mutate: the result is shared). */
export function documentRules(config: ServiceConfig, options: RuleOptions = {}): Record<PolicyKind, DocumentRule[]> {
  const trust = options.trustListedAccessConditions === true;
  let byOption = cache.get(config);
  if (!byOption) {
    byOption = new Map();
    cache.set(config, byOption);
  }
  let rules = byOption.get(trust);
  if (!rules) {
    rules = buildRules(config, options);
    byOption.set(trust, rules);
  }
  return rules;
}

function buildRules(config: ServiceConfig, options: RuleOptions): Record<PolicyKind, DocumentRule[]> {
  return {
    cache: config.cacheControlPolicies.map((p) =>
      toRule('cache', p, p.matches !== undefined, {
        cache: { ttl: p.ttl, noCache: p.noCache, enableXCache: p.enableXCache },
      }),
    ),
    access: config.accessControlPolicies.map((p) =>
      toRule('access', p, options.trustListedAccessConditions === true && p.matchUrlPath !== undefined, {
        readBack: p.matchUrlPath ? 'v1.0-list' : 'v1.0-list-no-path',
        access: {
          type: p.type ?? '',
          ...(p.ipRestriction !== undefined ? { ipRestriction: p.ipRestriction } : {}),
          ...(p.geoRestriction !== undefined ? { geoRestriction: p.geoRestriction } : {}),
          ...(p.anonymousIp !== undefined ? { anonymousIp: p.anonymousIp } : {}),
        },
      }),
    ),
    redirection: config.redirectionPolicies.map((p) =>
      toRule('redirection', p, p.matches !== undefined, {
        redirect: { httpCode: p.httpCode, destination: p.redirectDestination },
      }),
    ),
  };
}
