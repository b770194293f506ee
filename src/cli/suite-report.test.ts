import { describe, expect, it } from 'vitest';
import { anyFailure, junitReport, tableReport, xmlText } from './suite-report.ts';
import type { SuiteRun } from '#shared/ipc/channels/suites.ts';
import { elements, parseXml } from './test-support/xml.ts';

const run = (over: Partial<SuiteRun>): SuiteRun => ({
  accountId: 'a1',
  accountName: 'Acme & Co <prod>',
  serviceId: 101,
  domainName: 'www.example-shop.com',
  results: [],
  counts: { pass: 0, fail: 0, cannotTell: 0 },
  error: null,
  ...over,
});

const runs: SuiteRun[] = [
  run({
    results: [
      {
        name: 'Admin "blocked" <outside>',
        outcome: 'pass',
        expected: '403 by “Block admin”',
        actual: '403 — denied',
        reason: null,
      },
      {
        name: 'CSS cached',
        outcome: 'fail',
        expected: 'served, cached 30 days',
        actual: 'Served — no cache rule applies',
        reason: 'Expected served, cached 30 days, got served & more\u0007.',
      },
      {
        name: 'Geo',
        outcome: 'cannot-tell',
        expected: '403',
        actual: 'Cannot tell — enter a country',
        reason: 'Cannot tell — enter a country',
      },
    ],
    counts: { pass: 1, fail: 1, cannotTell: 1 },
  }),
  run({
    serviceId: 999,
    domainName: null,
    error: { code: 'InvalidService.IdPermission', message: 'No <such> service' },
  }),
];

describe('accel test reports', () => {
  it('writes well-formed JUnit XML: suites per service, failures, skipped cannot-tell, errors for unreadable services', () => {
    const root = parseXml(junitReport(runs, '2026-11-23T22:00:00.000Z'));
    expect(root.name).toBe('testsuites');
    const { tests, failures, errors, skipped } = root.attributes;
    expect([tests, failures, errors, skipped]).toEqual(['4', '1', '1', '1']);
    const suites = elements(root, 'testsuite');
    expect(suites.map((s) => s.attributes.name)).toEqual([
      'www.example-shop.com (Acme & Co <prod>, 101)',
      'service 999 (Acme & Co <prod>, 999)',
    ]);
    const cases = elements(root, 'testcase');
    expect(cases.map((c) => c.attributes.name)).toEqual([
      'Admin "blocked" <outside>',
      'CSS cached',
      'Geo',
      'read the rules',
    ]);
    expect(elements(cases[1]!, 'failure')[0]?.attributes.message).toBe(
      'Expected served, cached 30 days, got served & more.',
    );
    expect(elements(cases[1]!, 'failure')[0]?.text).toContain('Verdict: Served — no cache rule applies');
    expect(elements(cases[2]!, 'skipped')[0]?.attributes.message).toBe('Cannot tell: Cannot tell — enter a country');
    expect(elements(cases[3]!, 'error')[0]?.attributes.type).toBe('InvalidService.IdPermission');
  });

  it('parses as XML even when the parser would refuse raw markup (the check works)', () => {
    expect(() => parseXml('<a><b></a>')).toThrow();
    expect(xmlText(`<&>"'`)).toBe('&lt;&amp;&gt;&quot;&apos;');
  });

  it('prints a table with the reasons, and fails on a failure or an unreadable service only', () => {
    const text = tableReport(runs);
    expect(text).toContain('  FAIL         CSS cached — expected served, cached 30 days');
    expect(text).toContain('  cannot tell  Geo — expected 403');
    expect(text).toContain('ERROR  the rules could not be read: InvalidService.IdPermission');
    expect(text).toMatch(/2 service\(s\): 1 passed, 1 failed, 1 cannot tell, 1 could not be read\.\n$/);
    expect(anyFailure(runs)).toBe(true);
    expect(anyFailure([run({ counts: { pass: 2, fail: 0, cannotTell: 3 } })])).toBe(false);
  });
});
