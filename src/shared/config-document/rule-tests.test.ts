// Rule test suites in configuration documents: optional per service (older documents stay valid),
// written in a stable key order, shown in the diff, and planned as a local write.
import { describe, expect, it } from 'vitest';
import {
  CONFIG_DOCUMENT_FORMAT,
  CONFIG_DOCUMENT_SCHEMA_VERSION,
  configDocumentSchema,
  describeDocumentIssue,
  type ConfigDocument,
  type ServiceConfig,
} from './schema.ts';
import { serializeConfigDocument } from './serialize.ts';
import { diffServiceConfigs } from './diff.ts';
import { planApply, RULE_TESTS_LOCAL_NOTE } from './plan.ts';
import { sameConfigElsewhere, serviceConfig } from './test-support/service-config.ts';
import type { Expectation } from '../suites/schema.ts';

const admin: Expectation = {
  name: 'Admin blocked',
  request: { url: '/admin', clientIp: '10.0.0.1' },
  expect: { status: 'denied', rule: 'Block admin' },
};
const css: Expectation = {
  name: 'CSS cached',
  request: { url: '/a.css' },
  expect: { status: 'served', cache: 'cached', ttl: 86_400 },
};

const documentOf = (...services: ServiceConfig[]): ConfigDocument => ({
  format: CONFIG_DOCUMENT_FORMAT,
  schemaVersion: CONFIG_DOCUMENT_SCHEMA_VERSION,
  exportedAt: '2026-11-23T20:00:00.000Z',
  secrets: 'left-out',
  services,
});

describe('rule tests in configuration documents', () => {
  it('keeps documents without suites valid and writes suites in a stable order after the other parts', () => {
    const without = serializeConfigDocument(documentOf(serviceConfig()));
    expect(without).not.toContain('ruleTests');
    expect(configDocumentSchema.parse(JSON.parse(without)).services[0]?.ruleTests).toBeUndefined();

    // Expectations in any order, keys in any order: the same bytes.
    const one = serializeConfigDocument(documentOf(serviceConfig({ ruleTests: [css, admin] })));
    const reversed = {
      expect: { ttl: 86_400, cache: 'cached', status: 'served' },
      request: { url: '/a.css' },
      name: 'CSS cached',
    } as unknown as Expectation;
    const two = serializeConfigDocument(documentOf(serviceConfig({ ruleTests: [admin, reversed] })));
    expect(two).toBe(one);
    const parsed = JSON.parse(one) as { services: Array<Record<string, unknown> & { ruleTests: unknown[] }> };
    expect(Object.keys(parsed.services[0]!).at(-1)).toBe('ruleTests');
    expect(parsed.services[0]!.ruleTests[0]).toEqual(admin);
    expect(Object.keys(parsed.services[0]!.ruleTests[1] as object)).toEqual(['name', 'request', 'expect']);
    expect(Object.keys((parsed.services[0]!.ruleTests[1] as { expect: object }).expect)).toEqual([
      'status',
      'cache',
      'ttl',
    ]);
  });

  it('refuses a suite with repeated names, naming the place', () => {
    const text = serializeConfigDocument(documentOf(serviceConfig({ ruleTests: [admin] })));
    const raw = JSON.parse(text) as { services: Array<{ ruleTests: unknown[] }> };
    raw.services[0]!.ruleTests.push(admin);
    const result = configDocumentSchema.safeParse(raw);
    expect(result.success).toBe(false);
    expect(describeDocumentIssue(result.error!)).toBe(
      'services.0.ruleTests.1.name: Another expectation is already named “Admin blocked”; names must be unique in a suite.',
    );
  });

  it('shows suite differences in the diff, one group per expectation', () => {
    const left = serviceConfig({ ruleTests: [admin, css] });
    const right = sameConfigElsewhere(
      serviceConfig({ ruleTests: [{ ...css, expect: { status: 'served', cache: 'cached', ttl: 3600 } }] }),
    );
    const diff = diffServiceConfigs(left, right);
    expect(diff.identical).toBe(false);
    const groups = diff.groups.filter((g) => g.part === 'rule-tests');
    expect(groups.map((g) => [g.title, g.status])).toEqual([
      ['Rule test “Admin blocked”', 'only-left'],
      ['Rule test “CSS cached”', 'changed'],
    ]);
    expect(groups[1]?.changes).toEqual([
      { path: 'expect.ttl', label: 'Expected — TTL', left: '1 day', right: '1 hour' },
    ]);
    // No suite on either side: no rule test groups at all.
    expect(
      diffServiceConfigs(serviceConfig(), sameConfigElsewhere(serviceConfig())).groups.some(
        (g) => g.part === 'rule-tests',
      ),
    ).toBe(false);
  });

  it('plans the suite as a local write the API has no part in, and leaves the target alone when the document has none', () => {
    const source = serviceConfig({ ruleTests: [admin, css] });
    const target = sameConfigElsewhere(serviceConfig());
    const item = planApply(source, target).items.find((i) => i.id === 'rule-tests');
    expect(item).toMatchObject({
      action: 'create',
      title: 'Rule test suite',
      operationId: null,
      notes: [RULE_TESTS_LOCAL_NOTE],
    });
    expect(item?.input?.body).toEqual([admin, css]);
    expect(RULE_TESTS_LOCAL_NOTE).toMatch(/^The API has no rule test suites: applying stores this suite in this app/);

    const same = planApply(source, sameConfigElsewhere(source)).items.find((i) => i.id === 'rule-tests');
    expect(same?.action).toBe('unchanged');
    const changed = planApply(source, sameConfigElsewhere(serviceConfig({ ruleTests: [admin] }))).items.find(
      (i) => i.id === 'rule-tests',
    );
    expect(changed?.action).toBe('update');
    expect(changed?.changes.map((c) => c.path)).toEqual([
      'CSS cached.request.url',
      'CSS cached.expect.status',
      'CSS cached.expect.cache',
      'CSS cached.expect.ttl',
    ]);
    expect(planApply(serviceConfig(), target).items.some((i) => i.part === 'rule-tests')).toBe(false);
    expect(planApply(source, target, { parts: ['cors'] }).items.some((i) => i.part === 'rule-tests')).toBe(false);
  });
});
