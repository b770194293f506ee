// The evaluation reuses configuration-only results per snapshot object (baseline.ts): the report
// must be the same with and without that, and a replaced snapshot or other parameters evaluated anew.
import { describe, expect, it } from 'vitest';
import { baselineSchema, evaluateBaseline, NOT_CHECKED_NOTE, type EvaluationTarget } from './baseline.ts';
import { builtinCheckIds, builtinChecks } from './catalogue.ts';
import { DAY_MS } from '../time.ts';
import { NOW, serviceConfig, target } from './test-support/service-config.ts';
import type { ServiceConfig } from '../config-document/schema.ts';

const path = (operator: string, ...values: string[]) => ({ field: 'req.path', operator, values });

function fleet(): EvaluationTarget[] {
  const configs: ServiceConfig[] = [
    serviceConfig({}, 1),
    serviceConfig(
      {
        service: {
          redirectHttpToHttps: false,
          tlsProfile: 'old',
          http2: false,
          origins: [{ originUrl: 'http://o.example' }],
        },
      },
      2,
    ),
    serviceConfig(
      {
        cacheControlPolicies: [
          { policyId: 1, policyName: 'c1', priority: 10, matches: [path('startswith', '/static/')], ttl: 5 },
          {
            policyId: 2,
            policyName: 'c2',
            priority: 5,
            matches: [path('startswith', '/static/img/')],
            ttl: 90_000,
            enabled: false,
          },
        ],
        accessControlPolicies: [
          {
            policyId: 3,
            policyName: 'a1',
            priority: 4,
            type: 'allow',
            matchUrlPath: { operator: 'prefix', patterns: ['/admin'] },
          },
          {
            policyId: 4,
            policyName: 'a2',
            priority: 4,
            type: 'deny',
            matchUrlPath: { operator: 'prefix', patterns: ['/admin'] },
            ipRestriction: '10.0.0.0/8',
          },
        ],
        lastAppliedFromThisApp: {
          cors: { appliedAt: 'x', headers: { accessControlAllowOrigin: '*', accessControlAllowCredentials: true } },
        },
      },
      3,
    ),
  ];
  const facts = { disabledSince: { 'cache:2': new Date(NOW - 45 * DAY_MS).toISOString() } };
  return configs.map((config) => ({
    ...target(config, config.source.serviceId === 3 ? facts : {}),
    accountName: 'Acme',
    domainName: config.service.domainName,
  }));
}

/** Every built-in check with its default parameters. */
const everyCheck = baselineSchema.parse({
  name: 'Every check',
  checks: builtinCheckIds.map((checkId) => ({ checkId })),
});

describe('evaluateBaseline reusing configuration-only results', () => {
  it('gives the same report with and without reuse, on the first and on a later evaluation', () => {
    const targets = fleet();
    const fresh = evaluateBaseline(everyCheck, targets, { now: NOW, reuseResults: false });
    const first = evaluateBaseline(everyCheck, targets, { now: NOW });
    const second = evaluateBaseline(everyCheck, targets, { now: NOW });
    expect(first).toEqual(fresh);
    expect(second).toEqual(fresh);
    // Something fails and something passes: the comparison is not about empty reports.
    expect(fresh.totals.fail).toBeGreaterThan(3);
    expect(fresh.totals.pass).toBeGreaterThan(3);
  });

  it('reuses a result only for the same snapshot object: a replaced snapshot is checked anew', () => {
    const [t] = fleet();
    const baseline = baselineSchema.parse({ name: 'One', checks: [{ checkId: 'https-redirect' }] });
    expect(evaluateBaseline(baseline, [t], { now: NOW }).totals).toEqual({
      pass: 1,
      fail: 0,
      unknown: 0,
      unchecked: 0,
    });
    // Snapshots are never changed in place; doing so shows that the stored result is what is read.
    const sameObject = t.config;
    sameObject.service.redirectHttpToHttps = false;
    expect(evaluateBaseline(baseline, [t], { now: NOW }).totals).toEqual({
      pass: 1,
      fail: 0,
      unknown: 0,
      unchecked: 0,
    });
    expect(evaluateBaseline(baseline, [t], { now: NOW, reuseResults: false }).totals).toEqual({
      pass: 0,
      fail: 1,
      unknown: 0,
      unchecked: 0,
    });
    // A new snapshot (a new object, as the snapshot store makes) is evaluated anew.
    const replaced = { ...t, config: structuredClone(sameObject) };
    expect(evaluateBaseline(baseline, [replaced], { now: NOW }).totals).toEqual({
      pass: 0,
      fail: 1,
      unknown: 0,
      unchecked: 0,
    });
  });

  it('keeps results apart per parameters, and never reuses checks that read facts or the time', () => {
    const [, , t] = fleet();
    const strict = baselineSchema.parse({
      name: 'Strict',
      checks: [{ checkId: 'static-cache-ttl', params: { minTtlSeconds: 1 } }, { checkId: 'no-stale-disabled-policy' }],
    });
    const loose = baselineSchema.parse({
      name: 'Loose',
      checks: [
        { checkId: 'static-cache-ttl', params: { minTtlSeconds: 10 } },
        { checkId: 'no-stale-disabled-policy', params: { maxDays: 60 } },
      ],
    });
    expect(evaluateBaseline(strict, [t], { now: NOW }).accounts[0]?.cells).toEqual([
      { pass: 1, fail: 0, unknown: 0, unchecked: 0 },
      { pass: 0, fail: 1, unknown: 0, unchecked: 0 },
    ]);
    expect(evaluateBaseline(loose, [t], { now: NOW }).accounts[0]?.cells).toEqual([
      { pass: 0, fail: 1, unknown: 0, unchecked: 0 },
      { pass: 1, fail: 0, unknown: 0, unchecked: 0 },
    ]);
    // Same snapshot, other facts and time: the facts check follows them.
    expect(
      evaluateBaseline(strict, [{ ...t, facts: { disabledSince: {}, traffic: null } }], { now: NOW }).accounts[0]
        ?.cells[1],
    ).toEqual({ pass: 0, fail: 0, unknown: 1, unchecked: 0 });
    expect(evaluateBaseline(strict, [t], { now: NOW - 40 * DAY_MS }).accounts[0]?.cells[1]).toEqual({
      pass: 1,
      fail: 0,
      unknown: 0,
      unchecked: 0,
    });
  });

  it('marks as configuration-only exactly the checks that read neither facts nor the time', () => {
    expect(builtinChecks.filter((c) => !c.configOnly).map((c) => c.id)).toEqual([
      'no-stale-disabled-policy',
      'no-idle-enabled-service',
    ]);
  });
});

describe('services without a snapshot', () => {
  const baseline = baselineSchema.parse({
    name: 'Two',
    checks: [{ checkId: 'https-redirect' }, { checkId: 'rate-limit-applied' }],
  });
  const unchecked = [
    { serviceId: 7, domainName: 'a.example.com' },
    { serviceId: 8, domainName: 'b.example.com' },
  ];

  it('are never counted as passing: every cell says not checked and the totals count them as not known', () => {
    const report = evaluateBaseline(baseline, [], {
      now: NOW,
      accounts: [{ accountId: 'acme', accountName: 'Acme', unchecked }],
    });
    expect(report.accounts).toEqual([
      {
        accountId: 'acme',
        accountName: 'Acme',
        services: 2,
        withoutSnapshot: 2,
        oldestSnapshotAt: null,
        newestSnapshotAt: null,
        cells: [
          { pass: 0, fail: 0, unknown: 2, unchecked: 2 },
          { pass: 0, fail: 0, unknown: 2, unchecked: 2 },
        ],
      },
    ]);
    expect(report.totals).toEqual({ pass: 0, fail: 0, unknown: 4, unchecked: 4 });
    // The drill-down and the CLI say why, per service and check.
    expect(report.details).toHaveLength(4);
    expect(report.details[0]).toMatchObject({
      serviceId: 7,
      snapshotAt: null,
      status: 'unknown',
      note: NOT_CHECKED_NOTE,
      fixes: [],
    });
  });

  it('sit beside the checked services of the same account', () => {
    const [checked] = fleet();
    const report = evaluateBaseline(baseline, [checked], {
      now: NOW,
      accounts: [{ accountId: 'acme', accountName: 'Acme', unchecked: unchecked.slice(0, 1) }],
    });
    expect(report.accounts[0]).toMatchObject({
      services: 2,
      withoutSnapshot: 1,
      cells: [
        { pass: 1, fail: 0, unknown: 1, unchecked: 1 },
        { pass: 0, fail: 1, unknown: 1, unchecked: 1 },
      ],
    });
    expect(report.totals).toEqual({ pass: 1, fail: 1, unknown: 2, unchecked: 2 });
  });
});
