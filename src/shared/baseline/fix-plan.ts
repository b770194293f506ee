// What a baseline's Fix changes, from the failing results of one check: every change the API can
// carry (a service may need several, e.g. a deny rule for direct and one for anonymous clients),
// one plain line per kind of action with its service count, and the failures left to do by hand.
// Pure: the core plans the changes as one bulk batch (src/core/baselines/baseline-fix.ts); the
// app and `accel baseline fix` show the lines.
import { formatSeconds } from '../api/field-labels.ts';
import type { BaselineFix } from './check-types.ts';
import type { ResultDetail } from './baseline.ts';

/** One write of the Fix on one service. */
type FixChange = { accountId: string; serviceId: number; domainName: string; change: BaselineFix };

/** One kind of action of the Fix, in plain words, with how many services it changes. */
export type FixLine = { text: string; services: number };

export type FixSelection = {
  changes: FixChange[];
  lines: FixLine[];
  /** Failing services no API change can fix (the check's fix text says what to do). */
  byHand: ResultDetail[];
};

/**
 * The action a fix takes, in plain words, and a key that is the same for the same action on
 * another service (a new rule's priority depends on each service's rules, so it is left out).
 */
export function describeFix(fix: BaselineFix): { key: string; text: string } {
  switch (fix.kind) {
    case 'cors': {
      const origin = fix.headers.accessControlAllowOrigin;
      if (fix.headers.accessControlAllowCredentials === undefined) {
        return {
          key: 'cors without credentials',
          text: 'Turn off “Allow credentials” in the CORS headers (any origin stays allowed; the other CORS headers are kept)',
        };
      }
      return {
        key: `cors origin ${String(origin)}`,
        text: `Allow only ${String(origin)} instead of any origin (*) in the CORS headers, keeping “Allow credentials”`,
      };
    }
    case 'rate-limit-set':
      return {
        key: `rate ${fix.rateLimit.requestLimit}/${fix.rateLimit.timeWindow}`,
        text: `Set a rate limit of ${fix.rateLimit.requestLimit.toLocaleString('en-US')} requests per client IP every ${formatSeconds(fix.rateLimit.timeWindow)}`,
      };
    case 'access-control': {
      const { priority: _priority, ...policy } = fix.policy;
      const paths = policy.matchUrlPath.patterns.join(', ');
      const who = policy.anonymousIp
        ? 'clients behind VPNs and proxies'
        : 'clients on a direct connection (not behind a VPN or proxy)';
      const text =
        policy.type === 'deny' && policy.ipRestriction
          ? `Add an access rule “${policy.policyName}” that blocks ${paths} for ${who} outside ${policy.ipRestriction.split(',').join(', ')}`
          : `Add the access rule “${policy.policyName}” (${policy.type} ${paths}, ${who})`;
      return { key: `access ${JSON.stringify(policy)}`, text };
    }
    case 'cache-control-edit': {
      const cacheOn = fix.fields.noCache === false ? ', and let it cache (it is set to never cache)' : '';
      return {
        key: `cache ${JSON.stringify(fix)}`,
        text: `Raise the TTL of the cache rule “${fix.policyName}” to ${formatSeconds(fix.fields.ttl)}${cacheOn}`,
      };
    }
  }
}

/** The Fix of one check (optionally in one account) from a report's failing results. */
export function selectFixes(details: readonly ResultDetail[], check: number, accountId?: string): FixSelection {
  const changes: FixChange[] = [];
  const byHand: ResultDetail[] = [];
  const lines = new Map<string, { text: string; services: Set<string> }>();
  for (const d of details) {
    if (d.check !== check || d.status !== 'fail' || (accountId !== undefined && d.accountId !== accountId)) continue;
    if (d.fixes.length === 0) {
      byHand.push(d);
      continue;
    }
    for (const change of d.fixes) {
      changes.push({ accountId: d.accountId, serviceId: d.serviceId, domainName: d.domainName, change });
      const { key, text } = describeFix(change);
      const line = lines.get(key) ?? { text, services: new Set<string>() };
      line.services.add(`${d.accountId}/${d.serviceId}`);
      lines.set(key, line);
    }
  }
  return { changes, lines: [...lines.values()].map((l) => ({ text: l.text, services: l.services.size })), byHand };
}

/** "… on 3 services." */
export function fixLineText(line: FixLine): string {
  return `${line.text} — on ${line.services} service${line.services === 1 ? '' : 's'}.`;
}
