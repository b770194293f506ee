import { describe, expect, it } from 'vitest';
import { fieldLabel } from './field-labels.ts';

describe('fieldLabel', () => {
  it('names list entries by their number as the editor shows them', () => {
    expect(fieldLabel('responseHeaders.0.name')).toBe('Response header 1 — name');
    expect(fieldLabel('responseHeaders.2.value')).toBe('Response header 3 — value');
    expect(fieldLabel('matches.1.values')).toBe('Condition 2 — values');
    expect(fieldLabel('matches.0.values.2')).toBe('Condition 1 — value 3');
    expect(fieldLabel('tokenSecret.0')).toBe('Token 1');
    expect(fieldLabel('ipRestriction.4')).toBe('IP entry 5');
  });

  it('uses the field labels of every editor', () => {
    expect(fieldLabel('policyName')).toBe('Policy name');
    expect(fieldLabel('timeWindow')).toBe('Time window (seconds)');
    expect(fieldLabel('accessControlMaxAge')).toBe('Access-Control-Max-Age');
    expect(fieldLabel('redirectDestination')).toBe('Redirect destination');
    expect(fieldLabel('refererAcl.domainList')).toBe('Referer ACL — domains');
    expect(fieldLabel('matchUrlPath.patterns.0')).toBe('URL path — pattern 1');
  });

  it('falls back to readable words, and to nothing for the form as a whole', () => {
    expect(fieldLabel('someNewField.0.innerThing')).toBe('Some new field 1 — inner thing');
    expect(fieldLabel('')).toBe('');
  });
});
