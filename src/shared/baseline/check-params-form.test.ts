import { describe, expect, it } from 'vitest';
import { builtinChecks } from './catalogue.ts';
import { paramFieldsOf, paramFormOf, paramListEntryProblem, paramsFromForm } from './check-params-form.ts';

describe('check parameters as typed fields', () => {
  it('gives every parameter of every check a field, and the defaults round-trip through the form', () => {
    for (const check of builtinChecks) {
      const prepared = check.prepare({});
      if (!prepared.ok) throw new Error(prepared.message);
      const defaults = prepared.params as Record<string, unknown>;
      expect(
        paramFieldsOf(check.id)
          .map((f) => f.key)
          .sort(),
        check.id,
      ).toEqual(Object.keys(check.params.shape).sort());
      const back = paramsFromForm(check.id, paramFormOf(check.id, {}));
      expect(back, check.id).toEqual({ ok: true, params: defaults });
    }
  });

  it('types durations as a number and a unit, as the cache editor does', () => {
    const form = paramFormOf('static-cache-ttl', { minTtlSeconds: 7 * 86_400 });
    expect(form.minTtlSeconds).toEqual({ value: '7', unit: 'd' });
    expect(paramsFromForm('static-cache-ttl', { ...form, minTtlSeconds: { value: '90', unit: 'min' } })).toMatchObject({
      ok: true,
      params: { minTtlSeconds: 5_400 },
    });
    expect(paramsFromForm('static-cache-ttl', { ...form, minTtlSeconds: { value: '1.5', unit: 'h' } })).toEqual({
      ok: false,
      errors: { minTtlSeconds: 'Minimum TTL: enter a whole number of hours, 0 or more.' },
    });
  });

  it('reports each problem on its own field, with the rule of the check’s schema', () => {
    const form = paramFormOf('admin-path-denied', {});
    expect(
      paramsFromForm('admin-path-denied', { ...form, path: 'admin', allowedNetworks: ['10.0.0.0/8', 'office'] }),
    ).toEqual({
      ok: false,
      errors: {
        path: 'The admin path must start with /, for example /admin.',
        allowedNetworks: 'office: Each allowed network must be an IPv4 address or CIDR network such as 10.0.0.0/8.',
      },
    });
    expect(paramsFromForm('admin-path-denied', { ...form, allowedNetworks: [] })).toEqual({
      ok: false,
      errors: { allowedNetworks: 'Name at least one allowed network.' },
    });
    expect(paramsFromForm('rate-limit-applied', { timeWindow: '60', requestLimit: 'many' })).toEqual({
      ok: false,
      errors: { requestLimit: 'Requests per client IP per window: enter a whole number of requests.' },
    });
    expect(paramsFromForm('rate-limit-applied', { timeWindow: '0', requestLimit: '600' })).toEqual({
      ok: false,
      errors: { timeWindow: 'The time window must be a positive number of seconds.' },
    });
    expect(paramsFromForm('no-shadowed-rule', { kinds: [], trustListedAccessConditions: false })).toEqual({
      ok: false,
      errors: { kinds: 'Choose at least one kind of rule.' },
    });
    // An optional text left empty is left out (the fix then drops credentials).
    expect(paramsFromForm('cors-no-wildcard-with-credentials', { allowOrigin: '' })).toEqual({ ok: true, params: {} });
    expect(paramsFromForm('cors-no-wildcard-with-credentials', { allowOrigin: '*' })).toMatchObject({
      ok: false,
      errors: { allowOrigin: expect.stringMatching(/must look like https:\/\/www\.example\.com/) },
    });
  });

  it('checks one list entry on its own, as the list input adds it', () => {
    expect(paramListEntryProblem('admin-path-denied', 'allowedNetworks', '192.168.0.0/16')).toBeNull();
    expect(paramListEntryProblem('admin-path-denied', 'allowedNetworks', '10.0.0.0/33')).toMatch(
      /IPv4 address or CIDR network/,
    );
  });
});
