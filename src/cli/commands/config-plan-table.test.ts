// `accel config apply --dry-run` / `clone`: the plan table says "(unknown)" for a value the API
// cannot read back (review S2) and marks items whose values name the source's domain (review M6).
import { describe, expect, it } from 'vitest';
import { planApply } from '#shared/config-document/plan.ts';
import { sameConfigElsewhere, serviceConfig } from '#shared/config-document/test-support/service-config.ts';
import { defaultItemIds } from './config-apply.ts';
import { planTable } from './config-tables.ts';

describe('config plan table', () => {
  it("prints (unknown), not (not set), for the target's CORS headers this app never applied, and the source-domain caution", () => {
    const source = serviceConfig();
    source.service.domainName = 'www.customer-5101.example.org';
    source.redirectionPolicies[0]!.redirectDestination = 'https://www.customer-5101.example.org/';
    const target = sameConfigElsewhere(source);
    target.service.domainName = 'shop.globex.example';
    target.redirectionPolicies[0]!.redirectDestination = 'https://shop.globex.example/';
    target.lastAppliedFromThisApp = { ...target.lastAppliedFromThisApp, cors: null };
    const table = planTable(planApply(source, target, { parts: ['cors', 'redirection'] }));
    expect(table).toMatch(/^update\s+cors\s+.*Access-Control-Allow-Origin: \(unknown\) → \*/m);
    expect(table).not.toContain('(not set)');
    expect(table).toMatch(
      /^update\s+redirection\/Old blog\s+CHECK: Redirect destination points at the source's domain www\.customer-5101\.example\.org; check before applying/m,
    );
    // Without --items, apply and clone leave the flagged item out, as the app leaves it unticked.
    expect(defaultItemIds(planApply(source, target, { parts: ['cors', 'redirection'] }).items)).toEqual(['cors']);
  });
});
