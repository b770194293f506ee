import { describe, expect, it } from 'vitest';
import { checkChange, emptyChangeForms, formsFromChange, within } from './bulk-change-form.ts';

describe('bulk change form', () => {
  it('sends a CORS set as typed and reads it back into the inputs', () => {
    const forms = emptyChangeForms();
    forms.cors.allowOrigin = ' https://www.example.com ';
    forms.cors.allowMethods = ['GET', 'POST'];
    forms.cors.maxAge = '600';
    const check = checkChange(forms);
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(check.change).toEqual({
      kind: 'cors',
      headers: {
        accessControlAllowOrigin: 'https://www.example.com',
        accessControlAllowMethods: 'GET,POST',
        accessControlMaxAge: 600,
      },
    });
    const back = formsFromChange(check.parsed);
    expect(back.cors).toMatchObject({
      allowOrigin: 'https://www.example.com',
      allowMethods: ['GET', 'POST'],
      maxAge: '600',
    });
  });

  it('names the field and the rule, keyed so the shared fields find it, and keeps the input', () => {
    const forms = emptyChangeForms();
    forms.cors.allowOrigin = 'https://www.example.com/path';
    const check = checkChange(forms);
    expect(check.ok).toBe(false);
    if (check.ok) return;
    const cors = within(check.errors, 'headers');
    expect(cors.accessControlAllowOrigin).toMatch(/origin/i);
    expect(forms.cors.allowOrigin).toBe('https://www.example.com/path');
  });

  it('a rate limit needs its window and limit; a delete needs nothing', () => {
    const forms = emptyChangeForms();
    forms.kind = 'rate-limit-set';
    forms.rateLimit.timeWindow = 'ten';
    const check = checkChange(forms);
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(Object.keys(within(check.errors, 'rateLimit')).sort()).toEqual(['requestLimit', 'timeWindow']);
    forms.kind = 'rate-limit-delete';
    expect(checkChange(forms)).toMatchObject({ ok: true, change: { kind: 'rate-limit-delete' } });
  });

  it('a cache control edit sends only the fields chosen, the TTL in seconds, and needs at least one', () => {
    const forms = emptyChangeForms();
    forms.kind = 'cache-control-edit';
    forms.cacheEdit.policyName = 'Static assets';
    const none = checkChange(forms);
    expect(none.ok).toBe(false);
    if (!none.ok) expect(Object.values(none.errors).join(' ')).toMatch(/at least one field/);
    forms.cacheEdit.ttlValue = '2';
    forms.cacheEdit.ttlUnit = 'd';
    forms.cacheEdit.switches.noCache = 'false';
    const check = checkChange(forms);
    expect(check).toMatchObject({
      ok: true,
      change: { kind: 'cache-control-edit', policyName: 'Static assets', fields: { ttl: 172800, noCache: false } },
    });
    if (check.ok)
      expect(formsFromChange(check.parsed).cacheEdit).toMatchObject({
        ttlValue: '2',
        ttlUnit: 'd',
        switches: { noCache: 'false', enabled: 'keep' },
      });
  });

  it('says the TTL rule in the unit chosen', () => {
    const forms = emptyChangeForms();
    forms.kind = 'cache-control-edit';
    forms.cacheEdit.policyName = 'Static assets';
    forms.cacheEdit.ttlValue = '1.5';
    forms.cacheEdit.ttlUnit = 'h';
    const check = checkChange(forms);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.errors['fields.ttl']).toMatch(/whole number of hours/);
  });

  it('a redirection edit needs a policy name', () => {
    const forms = emptyChangeForms();
    forms.kind = 'redirection-edit';
    forms.redirectionEdit.httpCode = '302';
    const check = checkChange(forms);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.errors.policyName).toMatch(/Policy name/);
  });

  it('an access control policy is the v1.0 shape without tokens; switching kinds keeps the other forms', () => {
    const forms = emptyChangeForms();
    forms.kind = 'access-control';
    forms.access.policyName = 'Block admin';
    forms.access.matchUrlPath = { operator: 'prefix', patterns: ['/admin'] };
    forms.access.ipRestriction = ['10.0.0.0/8'];
    forms.cors.allowOrigin = '*';
    const check = checkChange(forms);
    expect(check).toMatchObject({
      ok: true,
      change: {
        kind: 'access-control',
        policy: { policyName: 'Block admin', type: 'deny', ipRestriction: '10.0.0.0/8' },
      },
    });
    if (!check.ok) return;
    expect(check.change).not.toHaveProperty('policy.tokenSecret');
    const back = formsFromChange(check.parsed, forms);
    expect(back.cors.allowOrigin).toBe('*');
    expect(back.access.matchUrlPath.patterns).toEqual(['/admin']);
  });
});
