// Checks on cache control, access control and redirection policies, decided with the rule engine
// (src/shared/rules) and the condition logic (condition-logic.ts).
import { evaluateRules } from '../rules/evaluate.ts';
import { evaluateMatch } from '../rules/match.ts';
import { parseCidr, parseIpv4, ipv4InNetwork } from '../rules/ipv4.ts';
import type { PolicyKind, TestRequest } from '../rules/types.ts';
import { DAY_MS } from '../time.ts';
import { atomOf, conjunctionImplies, conjunctionsDisjoint } from './condition-logic.ts';
import { defineCheck, fail, pass, unknown, type Finding } from './check-types.ts';
import {
  adminDeniedParameters,
  policyKindLabel,
  shadowedRuleParameters,
  staleDisabledPolicyParameters,
  staticCacheParameters,
  uniqueAccessPriorityParameters,
} from './check-parameters.ts';
import { documentRules, type DocumentRule } from './document-rules.ts';
import { findShadowedRules } from './shadowed-rules.ts';

const byRank = (a: DocumentRule, b: DocumentRule) => b.priority - a.priority || a.policyId - b.policyId;

/**
 * What depends on a check's parameters alone, worked out once per parsed parameters object (one
 * per baseline evaluation) instead of once per service.
 */
function perParams<P extends object, T>(derive: (params: P) => T): (params: P) => T {
  const derived = new WeakMap<P, T>();
  return (params) => {
    if (derived.has(params)) return derived.get(params) as T;
    const value = derive(params);
    derived.set(params, value);
    return value;
  };
}
// Enabled cache rules in the order they win, once per snapshot (documentRules' lists are shared per snapshot).
const rankedCache = new WeakMap<readonly DocumentRule[], DocumentRule[]>();
function enabledByRank(rules: readonly DocumentRule[]): DocumentRule[] {
  let ranked = rankedCache.get(rules);
  if (!ranked) {
    ranked = rules.filter((r) => r.enabled !== false).sort(byRank);
    rankedCache.set(rules, ranked);
  }
  return ranked;
}
const staticPattern = perParams(({ operator, path }: { operator: string; path: string }) =>
  atomOf({ field: 'req.path', operator, values: [path] }),
);

export const staticCacheCheck = defineCheck({
  ...staticCacheParameters,
  title: 'Static paths cached long enough',
  reason: 'Static files that are not cached at the edge send every request to the origin.',
  fixText:
    'Raise the TTL of the cache control policy that takes these paths (a bulk plan edits it where it exists). The API cannot create cache control policies: where none covers the paths, add one in the provider’s portal.',
  fixBy: 'api',
  configOnly: true,
  evaluate({ config }, params) {
    const { operator, path, minTtlSeconds } = params;
    const pattern = staticPattern(params);
    if (pattern === null)
      return unknown(`The path pattern ${operator} ${path} cannot be evaluated (an invalid regular expression?).`);
    const rules = enabledByRank(documentRules(config).cache);
    const label = `req.path ${operator} ${path}`;
    const good = (r: DocumentRule) => r.cache?.noCache !== true && (r.cache?.ttl ?? -1) >= minTtlSeconds;
    const describeTtl = (r: DocumentRule) =>
      r.cache?.noCache === true ? 'never cache' : r.cache?.ttl === undefined ? 'no TTL listed' : `TTL ${r.cache.ttl} s`;
    // Walk the rules in the order they win: rules that may take some of these paths must cache
    // long enough, until one provably takes all of them.
    for (const rule of rules) {
      if (rule.atoms !== null && conjunctionsDisjoint([pattern], rule.atoms)) continue;
      const takesAll = rule.atoms !== null && conjunctionImplies([pattern], rule.atoms);
      if (good(rule)) {
        if (takesAll) return pass();
        continue;
      }
      const finding: Finding = {
        item: `Cache control “${rule.policyName}”`,
        detail: `${takesAll ? 'takes every path' : 'may take paths'} matching ${label} with ${describeTtl(rule)} (at least ${minTtlSeconds} s wanted)`,
      };
      return fail([finding], {
        kind: 'cache-control-edit',
        policyName: rule.policyName,
        fields: { ttl: minTtlSeconds, ...(rule.cache?.noCache === true ? { noCache: false } : {}) },
      });
    }
    return fail([
      { item: 'Cache control', detail: `no enabled cache control policy provably takes every path matching ${label}` },
    ]);
  },
});

/** Documentation addresses first (RFC 5737), so the probe is never a real customer's client. */
const PROBE_ADDRESSES = ['203.0.113.77', '198.51.100.77', '192.0.2.77', '100.64.0.77', '8.8.8.8', '1.1.1.1'];

/** The first probe address outside the allowed networks. */
const probeOutside = perParams(({ allowedNetworks }: { allowedNetworks: readonly string[] }) => {
  const networks = allowedNetworks.map((n) => parseCidr(n)).filter((n) => n !== null);
  return PROBE_ADDRESSES.find((a) => {
    const address = parseIpv4(a);
    return address !== null && !networks.some((n) => ipv4InNetwork(address, n));
  });
});

export const adminDeniedCheck = defineCheck({
  ...adminDeniedParameters,
  title: 'Admin path denied outside allowed networks',
  reason: 'An admin area reachable from anywhere invites password guessing and exploits.',
  fixText:
    'Block the admin path for everyone outside the allowed networks. The Fix adds a deny access rule that lets only those networks through: one for clients on a direct connection and, when asked, one for clients behind VPNs and proxies.',
  fixBy: 'api',
  configOnly: true,
  evaluate({ config }, params) {
    const { path, allowedNetworks, includeAnonymousClients } = params;
    const probe = probeOutside(params);
    if (probe === undefined) return unknown('The allowed networks cover every address the check probes with.');
    const access = documentRules(config).access;
    const scopes = includeAnonymousClients ? [false, true] : [false];
    const findings: Finding[] = [];
    let undecided: string | null = null;
    // Every client group (direct / anonymous) that gets through needs its own deny rule: a rule
    // applies to one group only (anonymousIp). One Fix plans them all.
    const failingScopes: boolean[] = [];
    for (const anonymous of scopes) {
      const request: TestRequest = {
        path,
        query: '',
        method: 'GET',
        clientIp: probe,
        host: config.service.domainName,
        userAgent: '',
        cookie: '',
        origin: '',
        via: '',
        clientCountry: '',
        clientAnonymous: anonymous,
        hasToken: false,
      };
      const who = anonymous ? `a client at ${probe} behind a VPN or proxy` : `a client at ${probe}`;
      // Only rules whose conditions match (or cannot be told) can decide: the engine's full
      // evaluation, with its explanations, runs on those alone.
      const candidates = access.filter(
        (r) => r.readBack === 'v1.0-list-no-path' || (r.matches ?? []).every((m) => evaluateMatch(m, request).matched),
      );
      const evaluation = evaluateRules(candidates, request);
      if (evaluation.undecided.length > 0) {
        undecided = `Whether “${evaluation.undecided[0].rule.policyName}” applies to ${path} cannot be told from the version 1.0 list.`;
        continue;
      }
      const winner = evaluation.winner;
      if (winner === null) {
        findings.push({
          item: `${path} from ${who}`,
          detail: 'no access control policy applies: the request is let through',
        });
        failingScopes.push(anonymous);
      } else if (winner.access?.decision !== 'deny') {
        findings.push({
          item: `${path} from ${who}`,
          detail: `let through by “${winner.rule.policyName}”: ${whyLetThrough(winner.rule, winner.access?.reason)}`,
        });
        failingScopes.push(anonymous);
      }
    }
    if (findings.length === 0) {
      return undecided === null
        ? pass(
            'Access control conditions are read from the version 1.0 list; conditions set through a V2 edit are not seen.',
          )
        : unknown(undecided);
    }
    const highest = Math.max(0, ...access.map((r) => r.listedPriority ?? 0));
    return fail(
      findings,
      failingScopes.map((anonymous, index) => ({
        kind: 'access-control' as const,
        policy: {
          policyName: `Deny ${path} outside allowed networks${anonymous ? ' (anonymous clients)' : ''}`,
          type: 'deny' as const,
          matchUrlPath: { operator: 'prefix' as const, patterns: [path] },
          // A deny rule's IP list names the clients it lets through (spec: only requests from them are allowed).
          ipRestriction: allowedNetworks.join(','),
          anonymousIp: anonymous,
          // Above every existing rule, so it decides before any allow rule on the path; each its own (the API requires unique priorities).
          priority: highest + 1 + index,
          enabled: true as const,
        },
      })),
    );
  },
});

/** Why the deciding rule lets the probe through, in plain words (the engine's reason otherwise). */
function whyLetThrough(rule: DocumentRule, reason: string | undefined): string {
  const type = rule.access?.type;
  if (type === 'deny')
    return 'it is a deny rule, but its IP or geo list lets this client through (a deny rule blocks only clients outside its lists)';
  if (type === 'allow') return 'it is an allow rule';
  return reason ?? 'it does not deny the request';
}

export const uniqueAccessPriorityCheck = defineCheck({
  ...uniqueAccessPriorityParameters,
  title: 'No two access rules with the same priority',
  reason: 'With equal priorities, which access rule decides is not defined by the API.',
  fixText:
    'Give each access control policy its own priority in its editor (Policies → Access control), then refresh the snapshot.',
  fixBy: 'by-hand',
  configOnly: true,
  evaluate({ config }) {
    const byPriority = new Map<number, string[]>();
    for (const p of config.accessControlPolicies) {
      if (p.priority === undefined) continue;
      byPriority.set(p.priority, [...(byPriority.get(p.priority) ?? []), p.policyName ?? `policy ${p.policyId}`]);
    }
    const findings: Finding[] = [...byPriority]
      .filter(([, names]) => names.length > 1)
      .map(([priority, names]) => ({
        item: `Priority ${priority}`,
        detail: `shared by ${names.map((n) => `“${n}”`).join(', ')}`,
      }));
    return findings.length === 0 ? pass() : fail(findings);
  },
});

export const shadowedRuleCheck = defineCheck({
  ...shadowedRuleParameters,
  title: 'No shadowed rule',
  reason: 'A rule that can never win is dead configuration and usually hides a mistake.',
  fixText:
    'Raise the shadowed rule’s priority above the rule that always matches first, narrow that rule, or delete the shadowed one (the API cannot delete policies: use the provider’s portal).',
  fixBy: 'by-hand',
  configOnly: true,
  evaluate({ config }, { kinds, trustListedAccessConditions }) {
    const rules = documentRules(config, { trustListedAccessConditions });
    const findings: Finding[] = kinds.flatMap((kind) =>
      findShadowedRules(rules[kind]).map((s) => ({
        item: `${policyKindLabel[kind]} “${s.shadowed.policyName}”`,
        detail: s.explanation,
      })),
    );
    const note =
      kinds.includes('access') && !trustListedAccessConditions && rules.access.length > 0
        ? 'Access control rules are only checked as shadowed, not as shadowing others: the version 1.0 list may not show all their conditions.'
        : null;
    return findings.length === 0 ? pass(note) : fail(findings, null, note);
  },
});

export const staleDisabledPolicyCheck = defineCheck({
  ...staleDisabledPolicyParameters,
  title: 'No disabled policy left behind',
  reason: 'Policies disabled long ago clutter the configuration and get re-enabled by mistake.',
  fixText:
    'Delete the policy in the provider’s portal (the API cannot delete policies), or enable it again if it is still needed.',
  fixBy: 'by-hand',
  evaluate({ config, facts }, { maxDays }, { now }) {
    const findings: Finding[] = [];
    let unknownAge = 0;
    const visit = (kind: PolicyKind, p: { policyId: number; policyName?: string; enabled?: boolean }) => {
      if (p.enabled !== false) return;
      const since = facts.disabledSince[`${kind}:${p.policyId}`];
      if (since === undefined) {
        unknownAge += 1;
        return;
      }
      const days = Math.floor((now - Date.parse(since)) / DAY_MS);
      if (days > maxDays)
        findings.push({
          item: `${policyKindLabel[kind]} “${p.policyName ?? `policy ${p.policyId}`}”`,
          detail: `disabled for at least ${days} days (seen disabled since ${since.slice(0, 10)})`,
        });
    };
    config.cacheControlPolicies.forEach((p) => visit('cache', p));
    config.accessControlPolicies.forEach((p) => visit('access', p));
    config.redirectionPolicies.forEach((p) => visit('redirection', p));
    if (findings.length > 0) return fail(findings);
    return unknownAge > 0
      ? unknown(
          `${unknownAge} disabled ${unknownAge === 1 ? 'policy has' : 'policies have'} no recorded time of being disabled yet.`,
        )
      : pass();
  },
});
