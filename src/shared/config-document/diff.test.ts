// Diff of two service configurations: grouped by part and policy name, editor labels, secrets never shown.
import { describe, expect, it } from 'vitest';
import { diffServiceConfigs, diffSummary, fieldChanges } from './diff.ts';
import { SECRET_LEFT_OUT } from './schema.ts';
import { SECRET_MASK } from '../security/secret-text.ts';
import { sameConfigElsewhere, serviceConfig, TOKEN } from './test-support/service-config.ts';

describe('diffServiceConfigs', () => {
  it('finds nothing between the same configuration on two services (IDs and CNAME are not configuration)', () => {
    const left = serviceConfig();
    const right = sameConfigElsewhere(left);
    right.service.domainName = left.service.domainName;
    const diff = diffServiceConfigs(left, right);
    expect(diff.identical).toBe(true);
    expect(diff.groups.map((g) => `${g.part}:${g.status}`)).toEqual([
      'service:same',
      'cache-control:same',
      'access-control:same',
      'redirection:same',
      'cors:same',
      'rate-limit:same',
    ]);
  });

  it('groups by policy name with human labels, and lists policies only on one side', () => {
    const left = serviceConfig();
    const right = sameConfigElsewhere(left);
    right.cacheControlPolicies[0]!.ttl = 3600;
    right.cacheControlPolicies[0]!.matches = [{ field: 'req.path', operator: 'regex', values: ['\\.css$', '\\.js$'] }];
    right.redirectionPolicies = [];
    right.accessControlPolicies.push({
      policyId: 77,
      policyName: 'Office only',
      type: 'allow',
      priority: 3,
      enabled: true,
    });
    right.service.http3 = true;
    const diff = diffServiceConfigs(left, right);
    expect(diff.identical).toBe(false);
    const cache = diff.groups.find((g) => g.part === 'cache-control');
    expect(cache).toMatchObject({
      name: 'Static assets',
      title: 'Cache control policy “Static assets”',
      status: 'changed',
    });
    expect(cache?.changes).toEqual(
      expect.arrayContaining([
        { path: 'ttl', label: 'TTL', left: '10 minutes', right: '1 hour' },
        { path: 'matches.0.values', label: 'Condition 1 — values', left: '\\.css$', right: '\\.css$, \\.js$' },
      ]),
    );
    expect(diff.groups.find((g) => g.part === 'redirection')).toMatchObject({ name: 'Old blog', status: 'only-left' });
    expect(diff.groups.find((g) => g.name === 'Office only')).toMatchObject({
      part: 'access-control',
      status: 'only-right',
    });
    const service = diff.groups.find((g) => g.part === 'service');
    expect(service?.changes).toEqual(
      expect.arrayContaining([
        { path: 'domainName', label: 'Domain name', left: 'www.example.com', right: 'www.globex.example' },
        { path: 'http3', label: 'HTTP/3', left: 'Off', right: 'On' },
      ]),
    );
    expect(diff.left).toBe('www.example.com (Acme, service 101)');
  });

  it('never shows a secret: a changed token reads as the mask, a secret left out is not compared', () => {
    const left = serviceConfig();
    left.accessControlPolicies[0]!.type = 'token';
    left.accessControlPolicies[0]!.tokenSecret = TOKEN;
    const right = sameConfigElsewhere(left);
    right.accessControlPolicies[0]!.tokenSecret = 'z'.repeat(64);
    const changed = diffServiceConfigs(left, right).groups.find((g) => g.part === 'access-control');
    expect(changed?.changes).toEqual([
      { path: 'tokenSecret', label: 'Token secret', left: SECRET_MASK, right: SECRET_MASK },
    ]);
    expect(JSON.stringify(diffServiceConfigs(left, right))).not.toContain(TOKEN);

    right.accessControlPolicies[0]!.tokenSecret = SECRET_LEFT_OUT;
    expect(diffServiceConfigs(left, right).groups.find((g) => g.part === 'access-control')?.status).toBe('same');
    right.service.origins = [
      {
        originUrl: 'https://origin.example.com',
        s3Credential: { accessKey: 'K', accessSecret: 'real-secret', region: 'eu' },
      },
    ];
    const origin = diffServiceConfigs(left, right).groups.find((g) => g.part === 'service');
    expect(origin?.changes).toContainEqual({
      path: 'origins.0.s3Credential.accessSecret',
      label: 'Origin 1 — S3 credential — access secret',
      left: null,
      right: SECRET_MASK,
    });
  });

  it('says when CORS or the rate limit is not known, and compares them as last applied when both are', () => {
    const left = serviceConfig();
    const right = sameConfigElsewhere(left);
    right.lastAppliedFromThisApp = {
      ...right.lastAppliedFromThisApp,
      cors: null,
      rateLimit: { appliedAt: '2026-11-22T00:00:00.000Z', rateLimit: null },
    };
    const diff = diffServiceConfigs(left, right);
    const cors = diff.groups.find((g) => g.part === 'cors');
    expect(cors).toMatchObject({ status: 'not-known', changes: [] });
    expect(cors?.note).toMatch(/Not known for the right side: the API cannot read CORS headers back/);
    const rate = diff.groups.find((g) => g.part === 'rate-limit');
    expect(rate?.status).toBe('changed');
    expect(rate?.changes).toContainEqual({ path: 'requestLimit', label: 'Request limit', left: '100', right: null });
    expect(rate?.note).toMatch(/As last applied from this app/);
  });
});

describe('diffSummary (the compare headline, review M1)', () => {
  it('counts only real differences and names the parts not known for either side separately', () => {
    const left = serviceConfig();
    const right = sameConfigElsewhere(left);
    right.service.domainName = left.service.domainName;
    right.service.http2 = !left.service.http2;
    right.redirectionPolicies[0]!.httpCode = 302;
    for (const config of [left, right])
      config.lastAppliedFromThisApp = { ...config.lastAppliedFromThisApp, cors: null, rateLimit: null };
    const diff = diffServiceConfigs(left, right);
    expect(diff.groups.filter((g) => g.status === 'not-known')).toHaveLength(2);
    expect(diffSummary(diff)).toEqual({
      differences: 2,
      notKnown: 'CORS headers and rate limit not known: the API cannot read them back.',
    });
  });

  it('says nothing is unknown when every part is known', () => {
    const left = serviceConfig();
    const diff = diffServiceConfigs(left, sameConfigElsewhere(left));
    expect(diffSummary(diff).notKnown).toBeNull();
  });
});

describe('values and labels as the editors show them', () => {
  it('durations with units, switches On/Off, HTTP codes named, the editors’ field names', () => {
    const changes = fieldChanges(
      { ttl: 1_209_600, noCache: false, enabled: true, httpCode: 301, accessControlMaxAge: -1, timeWindow: 60 },
      { ttl: 2_592_000, noCache: true, enabled: false, httpCode: 302, accessControlMaxAge: 600, timeWindow: 3_600 },
    );
    expect(changes.map((c) => `${c.label}: ${c.left} → ${c.right}`)).toEqual([
      'TTL: 14 days → 30 days',
      'Never cache: Off → On',
      'Enabled: On → Off',
      'HTTP code: 301 Moved Permanently → 302 Found (temporary)',
      'Access-Control-Max-Age: default (cache indefinitely) → 10 minutes',
      'Time window: 1 minute → 1 hour',
    ]);
  });
});
