import { describe, expect, it } from 'vitest';
import { expectationFromForm, formFromExpectation, formFromTester } from './rule-suite.svelte.ts';
import { emptyTesterForm } from './rule-tester.svelte.ts';
import type { Expectation } from '#shared/suites/schema.ts';

const css: Expectation = {
  name: 'CSS',
  request: { url: '/a.css', clientIp: '10.0.0.1' },
  expect: { status: 'served', rule: 'Static', cache: 'cached', ttl: 60 },
};

describe('the expectation form', () => {
  it('round-trips an expectation through the form', () => {
    const result = expectationFromForm(formFromExpectation(css));
    expect(result).toEqual({ ok: true, expectation: css });
  });

  it('names the field of each problem and keeps what was typed', () => {
    const form = { ...formFromExpectation(css), name: ' ', ttl: 'a day' };
    const result = expectationFromForm(form);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors['expect.ttl']).toBe('TTL must be a number of seconds, such as 86400 (got “a day”).');
    expect(result.errors.name).toBe('Name is required, e.g. “Admin blocked from outside”.');
    expect(form.ttl).toBe('a day');
  });

  it('drops fields that do not belong to the chosen status', () => {
    const form = { ...formFromExpectation(css), status: 'denied' as const, rule: '' };
    expect(expectationFromForm(form)).toEqual({
      ok: true,
      expectation: { name: 'CSS', request: css.request, expect: { status: 'denied' } },
    });
  });

  it('prefills from the tester: name from the request, served when the tester cannot tell', () => {
    const request = {
      ...emptyTesterForm(),
      url: 'https://www.example.com/admin?x=1',
      method: 'POST',
      clientIp: '10.0.0.1',
      clientCountry: 'de',
    };
    const form = formFromTester(request, null);
    expect(form.name).toBe('POST /admin?x=1 from 10.0.0.1 in DE');
    expect(form.status).toBe('served');
  });
});
