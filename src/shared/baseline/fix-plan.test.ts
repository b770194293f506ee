import { describe, expect, it } from 'vitest';
import { baselineSchema, evaluateBaseline } from './baseline.ts';
import { describeFix, fixLineText, selectFixes } from './fix-plan.ts';
import { NOW, serviceConfig, target } from './test-support/service-config.ts';

const allowPublic = (priority: number) => ({
  policyId: 1,
  policyName: 'public',
  type: 'allow',
  priority,
  matchUrlPath: { operator: 'prefix', patterns: ['/public'] },
});

describe('selectFixes', () => {
  // Three services whose highest access rule differs: each new rule gets its own priority.
  const targets = [3, 9, 20].map((priority, i) => ({
    ...target(serviceConfig({ accessControlPolicies: [allowPublic(priority)] }, 101 + i)),
    accountName: 'Acme',
    domainName: `s${101 + i}.example.com`,
  }));
  const baseline = baselineSchema.parse({
    name: 'Admin',
    checks: [{ checkId: 'admin-path-denied' }, { checkId: 'https-redirect' }],
  });
  const report = evaluateBaseline(baseline, targets, { now: NOW });

  it('plans every write the check needs (two rules per service here) and one line per action with its service count', () => {
    const selection = selectFixes(report.details, 0);
    expect(selection.byHand).toEqual([]);
    expect(selection.changes).toHaveLength(6);
    expect(
      selection.changes.map((c) =>
        c.change.kind === 'access-control'
          ? [c.serviceId, c.change.policy.anonymousIp, c.change.policy.priority]
          : null,
      ),
    ).toEqual([
      [101, false, 4],
      [101, true, 5],
      [102, false, 10],
      [102, true, 11],
      [103, false, 21],
      [103, true, 22],
    ]);
    // Different priorities, the same action: one line each, not one per service.
    expect(selection.lines.map(fixLineText)).toEqual([
      'Add an access rule “Deny /admin outside allowed networks” that blocks /admin for clients on a direct connection (not behind a VPN or proxy) outside 10.0.0.0/8 — on 3 services.',
      'Add an access rule “Deny /admin outside allowed networks (anonymous clients)” that blocks /admin for clients behind VPNs and proxies outside 10.0.0.0/8 — on 3 services.',
    ]);
  });

  it('keeps to one account when asked, and lists what only a person can fix', () => {
    expect(selectFixes(report.details, 0, 'other').changes).toEqual([]);
    const byHand = selectFixes(
      evaluateBaseline(
        baseline,
        [{ ...targets[0], config: serviceConfig({ service: { redirectHttpToHttps: false } }) }],
        { now: NOW },
      ).details,
      1,
    );
    expect(byHand.changes).toEqual([]);
    expect(byHand.byHand.map((d) => d.serviceId)).toEqual([101]);
  });
});

describe('describeFix', () => {
  it('says each action in plain words, with the editors’ units', () => {
    expect(describeFix({ kind: 'rate-limit-set', rateLimit: { timeWindow: 60, requestLimit: 1200 } }).text).toBe(
      'Set a rate limit of 1,200 requests per client IP every 1 minute',
    );
    expect(
      describeFix({ kind: 'cache-control-edit', policyName: 'static', fields: { ttl: 86_400, noCache: false } }).text,
    ).toBe('Raise the TTL of the cache rule “static” to 1 day, and let it cache (it is set to never cache)');
    expect(
      describeFix({ kind: 'cors', headers: { accessControlAllowOrigin: '*', accessControlMaxAge: 60 } }).text,
    ).toMatch(/^Turn off “Allow credentials”/);
    expect(
      describeFix({
        kind: 'cors',
        headers: { accessControlAllowOrigin: 'https://app.example.com', accessControlAllowCredentials: true },
      }).text,
    ).toMatch(/^Allow only https:\/\/app\.example\.com instead of any origin/);
  });
});
