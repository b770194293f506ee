// Plan of applying a document's service to a target: create / update / unchanged, and every
// "cannot apply" reason (the table below must name each one: the type checks it).
import { describe, expect, it } from 'vitest';
import { planApply, type PlanItem } from './plan.ts';
import { cannotApply } from './plan-items.ts';
import { sourceDomainCaution } from './source-domain.ts';
import { SECRET_LEFT_OUT, type ServiceConfig } from './schema.ts';
import { SECRET_MASK } from '../security/secret-text.ts';
import { sameConfigElsewhere, serviceConfig, TOKEN } from './test-support/service-config.ts';

function pair(): { source: ServiceConfig; target: ServiceConfig } {
  const source = serviceConfig();
  return { source, target: sameConfigElsewhere(source) };
}

function itemOf(items: PlanItem[], id: string): PlanItem {
  const found = items.find((i) => i.id === id);
  if (!found) throw new Error(`no plan item ${id}; have ${items.map((i) => i.id).join(', ')}`);
  return found;
}

describe('planApply', () => {
  it('plans nothing to do for the same configuration on another service', () => {
    const { source, target } = pair();
    const plan = planApply(source, target);
    expect(plan.items.map((i) => `${i.id}:${i.action}`)).toEqual([
      'service:unchanged',
      'cache-control/Static assets:unchanged',
      'access-control/Block admin:unchanged',
      'redirection/Old blog:unchanged',
      'cors:unchanged',
      'rate-limit:unchanged',
    ]);
    expect(plan.counts).toEqual({ create: 0, update: 0, unchanged: 6, cannot: 0 });
    expect(itemOf(plan.items, 'cors').notes.join(' ')).toMatch(/last applied to the target/);
    // Never applied to the target from this app: it cannot be compared, so applying replaces it.
    target.lastAppliedFromThisApp = { ...target.lastAppliedFromThisApp, cors: null, rateLimit: null };
    const again = planApply(source, target);
    expect(itemOf(again.items, 'cors')).toMatchObject({ action: 'update', operationId: 'setCorsHeaders' });
    expect(itemOf(again.items, 'cors').notes.join(' ')).toMatch(/cannot be read through the API/);
    expect(itemOf(again.items, 'rate-limit')).toMatchObject({ action: 'update', operationId: 'upsertRateLimit' });
  });

  it('updates a policy of the same name on the target with its ID, in the edit operation shape', () => {
    const { source, target } = pair();
    source.cacheControlPolicies[0]!.ttl = 86_400;
    source.redirectionPolicies[0]!.httpCode = 302;
    const plan = planApply(source, target);
    const cache = itemOf(plan.items, 'cache-control/Static assets');
    expect(cache).toMatchObject({ action: 'update', operationId: 'updateCacheControlPolicyV2' });
    expect(cache.input).toEqual({
      params: { serviceId: 901, policyId: 9100 },
      body: {
        policyName: 'Static assets',
        priority: 20,
        matches: [{ field: 'req.path', operator: 'regex', values: ['\\.css$'] }],
        ttl: 86_400,
        autoGzipDisable: false,
        enabled: true,
      },
    });
    expect(cache.changes).toEqual([{ path: 'ttl', label: 'TTL', left: '10 minutes', right: '1 day' }]);
    const redirect = itemOf(plan.items, 'redirection/Old blog');
    // Redirections are listed in V2 and edited in v1.0: the conditions are converted.
    expect(redirect.input?.body).toMatchObject({
      matchUrlPath: { operator: 'prefix', patterns: ['/blog'] },
      httpCode: 302,
    });
    expect(redirect.input?.params).toEqual({ serviceId: 901, policyId: 9300 });
  });

  it('creates an access control policy the target lacks, and keeps the target tokens when the document left them out', () => {
    const { source, target } = pair();
    source.accessControlPolicies.push({
      policyId: 22,
      policyName: 'Signed downloads',
      type: 'token',
      priority: 30,
      matchUrlPath: { operator: 'prefix', patterns: ['/downloads/'] },
      tokenSecret: TOKEN,
    });
    const create = itemOf(planApply(source, target).items, 'access-control/Signed downloads');
    expect(create).toMatchObject({
      action: 'create',
      operationId: 'createAccessControlPolicy',
      input: { params: { serviceId: 901 } },
    });
    expect(create.input?.body).toMatchObject({
      tokenSecret: TOKEN,
      matchUrlPath: { operator: 'prefix', patterns: ['/downloads/'] },
    });
    expect(JSON.stringify(create.changes)).not.toContain(TOKEN);

    target.accessControlPolicies.push({
      ...source.accessControlPolicies[1]!,
      policyId: 9299,
      tokenSecret: 'q'.repeat(64),
      priority: 30,
    });
    source.accessControlPolicies[1]!.tokenSecret = SECRET_LEFT_OUT;
    const kept = itemOf(planApply(source, target).items, 'access-control/Signed downloads');
    expect(kept.action).toBe('unchanged');
    source.accessControlPolicies[1]!.geoRestriction = 'DE,AT';
    const update = itemOf(planApply(source, target).items, 'access-control/Signed downloads');
    expect(update).toMatchObject({ action: 'update', operationId: 'updateAccessControlPolicy' });
    expect(update.input?.body).toMatchObject({ tokenSecret: SECRET_MASK, geoRestriction: 'DE,AT' });
    expect(update.notes.join(' ')).toMatch(/target keeps its tokens/);
  });

  it('deletes the rate limit when the document says it was deleted, and applies only the parts asked for', () => {
    const { source, target } = pair();
    source.lastAppliedFromThisApp.rateLimit = { appliedAt: '2026-11-21T00:00:00.000Z', rateLimit: null };
    source.lastAppliedFromThisApp.cors!.headers.accessControlMaxAge = 60;
    const plan = planApply(source, target, { parts: ['rate-limit', 'cors'] });
    expect(plan.items.map((i) => i.id)).toEqual(['cors', 'rate-limit']);
    expect(itemOf(plan.items, 'rate-limit')).toMatchObject({
      action: 'update',
      operationId: 'deleteRateLimit',
      input: { params: { serviceId: 901 } },
    });
    expect(itemOf(plan.items, 'cors')).toMatchObject({
      action: 'update',
      operationId: 'setCorsHeaders',
      input: { body: { accessControlAllowOrigin: '*', accessControlMaxAge: 60 } },
    });
  });

  // One case per reason; Record<keyof typeof cannotApply, …> makes a missing reason a type error.
  const reasonCases: Record<
    keyof typeof cannotApply,
    { build: (s: ServiceConfig, t: ServiceConfig) => void; id: string; expected: RegExp }
  > = {
    serviceSettings: {
      build: (s) => {
        s.service.http3 = true;
        s.service.origins = [{ originUrl: 'https://other.example.com' }];
      },
      id: 'service',
      expected: /no operation to change a service's settings \((Origin 1, HTTP\/3|HTTP\/3, Origin 1)\)/,
    },
    cacheControlMissing: {
      build: (_s, t) => (t.cacheControlPolicies[0]!.policyName = 'Renamed'),
      id: 'cache-control/Static assets',
      expected: /no cache control policy named “Static assets”, and the API cannot create cache control policies/,
    },
    redirectionMissing: {
      build: (_s, t) => (t.redirectionPolicies = []),
      id: 'redirection/Old blog',
      expected: /no redirection policy named “Old blog”, and the API cannot create redirection policies/,
    },
    onlyOnTarget: {
      build: (s) => (s.redirectionPolicies = []),
      id: 'redirection/Old blog',
      expected: /Only on the target: .*the API cannot delete policies/,
    },
    ambiguousTarget: {
      build: (_s, t) => t.cacheControlPolicies.push({ ...t.cacheControlPolicies[0]!, policyId: 9999 }),
      id: 'cache-control/Static assets',
      expected: /target service has 2 cache control policies named “Static assets”/,
    },
    repeatedInDocument: {
      build: (s) => s.accessControlPolicies.push({ ...s.accessControlPolicies[0]!, policyId: 29, priority: 11 }),
      id: 'access-control/Block admin',
      expected: /document has 2 access control policies named “Block admin”/,
    },
    conditionsUnknown: {
      build: (s) => {
        delete s.accessControlPolicies[0]!.matchUrlPath;
      },
      id: 'access-control/Block admin',
      expected: /does not hold this access control policy's conditions/,
    },
    conditionsNotExpressible: {
      build: (s) =>
        (s.redirectionPolicies[0]!.matches = [{ field: 'req.host', operator: 'iequals', values: ['example.com'] }]),
      id: 'redirection/Old blog',
      expected: /cannot be written in the version 1.0 form .* the redirection edit/,
    },
    tokenSecretLeftOut: {
      build: (s) =>
        s.accessControlPolicies.push({
          policyId: 23,
          policyName: 'Tokens',
          type: 'token',
          priority: 40,
          matchUrlPath: { operator: 'prefix', patterns: ['/t/'] },
          tokenSecret: SECRET_LEFT_OUT,
        }),
      id: 'access-control/Tokens',
      expected: /token secret was left out of the document/,
    },
    priorityTaken: {
      build: (s, t) => {
        t.accessControlPolicies.push({ policyId: 9250, policyName: 'Office', type: 'allow', priority: 12 });
        s.accessControlPolicies[0]!.priority = 12;
        s.accessControlPolicies.push({
          policyId: 24,
          policyName: 'Office',
          type: 'allow',
          priority: 13,
          matchUrlPath: { operator: 'prefix', patterns: ['/'] },
        });
      },
      id: 'access-control/Block admin',
      expected: /Priority 12 is already used by the target's access control policy “Office”/,
    },
    invalid: {
      build: (s) => (s.redirectionPolicies[0]!.httpCode = 307),
      id: 'redirection/Old blog',
      expected: /not accepted by the API — HTTP code: HTTP code must be 301 \(permanent\) or 302/,
    },
    corsNotKnown: {
      build: (s) => (s.lastAppliedFromThisApp.cors = null),
      id: 'cors',
      expected: /No CORS headers were applied to www.example.com from this app.*cannot read CORS headers back/,
    },
    rateLimitNotKnown: {
      build: (s) => (s.lastAppliedFromThisApp.rateLimit = null),
      id: 'rate-limit',
      expected: /No rate limit was set or deleted on www.example.com from this app/,
    },
  };

  for (const [reason, { build, id, expected }] of Object.entries(reasonCases)) {
    it(`cannot apply: ${reason}`, () => {
      const { source, target } = pair();
      build(source, target);
      const plan = planApply(source, target);
      const found = itemOf(plan.items, id);
      expect(found.action).toBe('cannot');
      expect(found.reason).toMatch(expected);
      expect(found.operationId).toBeNull();
      expect(found.input).toBeNull();
      expect(plan.counts.cannot).toBeGreaterThan(0);
    });
  }

  it('cannot create an access control policy whose conditions the create operation cannot express', () => {
    const { source, target } = pair();
    source.accessControlPolicies.push({
      policyId: 25,
      policyName: 'Office network',
      type: 'allow',
      priority: 50,
      matches: [{ field: 'client.ip', operator: 'subnet', values: ['192.0.2.0/24'] }],
    });
    const item = itemOf(planApply(source, target).items, 'access-control/Office network');
    expect(item.action).toBe('cannot');
    expect(item.reason).toMatch(/creating an access control policy/);
  });

  it('gives repeated target-only names distinct item IDs', () => {
    const { source, target } = pair();
    target.redirectionPolicies.push(
      { ...target.redirectionPolicies[0]!, policyId: 1, policyName: 'Extra' },
      { ...target.redirectionPolicies[0]!, policyId: 2, policyName: 'Extra' },
    );
    const ids = planApply(source, target).items.map((i) => i.id);
    expect(ids).toContain('redirection/Extra');
    expect(ids).toContain('redirection/Extra#2');
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('the target\'s CORS headers and rate limit: unknown is not "not set" (review S2)', () => {
  it('marks the target side unknown when nothing was applied to it from this app', () => {
    const { source, target } = pair();
    target.lastAppliedFromThisApp = { ...target.lastAppliedFromThisApp, cors: null, rateLimit: null };
    const plan = planApply(source, target, { parts: ['cors', 'rate-limit'] });
    for (const id of ['cors', 'rate-limit']) {
      const changes = itemOf(plan.items, id).changes;
      expect(changes.length).toBeGreaterThan(0);
      for (const c of changes) expect(c).toMatchObject({ left: null, leftUnknown: true });
    }
  });

  it('keeps "not set" for a rate limit this app deleted on the target', () => {
    const { source, target } = pair();
    target.lastAppliedFromThisApp.rateLimit = { appliedAt: '2026-11-21T00:00:00.000Z', rateLimit: null };
    const changes = itemOf(planApply(source, target, { parts: ['rate-limit'] }).items, 'rate-limit').changes;
    expect(changes).toContainEqual({ path: 'requestLimit', label: expect.any(String), left: null, right: '100' });
    for (const c of changes) expect(c.leftUnknown).toBeUndefined();
  });
});

describe("values that name the source's domain (review M6)", () => {
  function redirecting(destination: string) {
    const { source, target } = pair();
    source.service.domainName = 'www.customer-5101.example.org';
    source.service.alternateDomainNames = ['shop.acme.example', '*.cdn.acme.example'];
    target.service.domainName = 'shop.globex.example';
    source.redirectionPolicies[0]!.redirectDestination = destination;
    target.redirectionPolicies[0]!.redirectDestination = 'https://shop.globex.example/';
    return planApply(source, target, { parts: ['redirection'] });
  }

  it("flags an update whose value points at the source's domain, with a plain caution", () => {
    const item = itemOf(redirecting('https://www.customer-5101.example.org/').items, 'redirection/Old blog');
    expect(item.action).toBe('update');
    expect(item.caution).toBe(sourceDomainCaution(['Redirect destination'], 'www.customer-5101.example.org'));
    expect(item.caution).toMatch(
      /^Redirect destination points at the source's domain www\.customer-5101\.example\.org; check before applying/,
    );
  });

  it("flags the source's alternate domains, a wildcard one covering its subdomains, in any letter case", () => {
    expect(itemOf(redirecting('https://SHOP.acme.example/sale').items, 'redirection/Old blog').caution).toMatch(
      /shop\.acme\.example/,
    );
    expect(itemOf(redirecting('https://img.cdn.acme.example/').items, 'redirection/Old blog').caution).toMatch(
      /\*\.cdn\.acme\.example/,
    );
  });

  it("does not flag other hosts that merely contain the domain's text, nor values the item leaves as they are", () => {
    expect(
      itemOf(redirecting('https://old.www.customer-5101.example.org.evil.example/').items, 'redirection/Old blog')
        .caution,
    ).toBeNull();
    expect(itemOf(redirecting('https://blog.example.com/').items, 'redirection/Old blog').caution).toBeNull();
    const { source, target } = pair();
    expect(planApply(source, target).items.every((i) => i.caution === null)).toBe(true);
  });

  it("does not flag a domain the target has too (applying a service's own document back to it)", () => {
    const { source, target } = pair();
    target.service.domainName = source.service.domainName;
    source.redirectionPolicies[0]!.redirectDestination = `https://${source.service.domainName}/`;
    expect(
      itemOf(planApply(source, target, { parts: ['redirection'] }).items, 'redirection/Old blog').caution,
    ).toBeNull();
  });
});
