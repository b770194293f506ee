import { describe, expect, it } from 'vitest';
import { changedFieldsText } from './field-diff.ts';

describe('changedFieldsText', () => {
  it('names the first changed fields in the form labels and counts the rest', () => {
    expect(
      changedFieldsText({ accessControlAllowOrigin: '*' }, { accessControlAllowOrigin: 'https://a.example' }),
    ).toBe('Access-Control-Allow-Origin: * → https://a.example');
    const text = changedFieldsText(
      { policyName: 'A', priority: 1, type: 'deny' },
      { policyName: 'B', priority: 2, type: 'allow' },
      { limit: 2 },
    );
    expect(text).toMatch(/^[^;]+: A → B; [^;]+: 1 → 2; 1 more$/);
  });
  it('reads a missing side as fields not set', () => {
    expect(changedFieldsText(null, { accessControlAllowOrigin: '*' })).toBe('Access-Control-Allow-Origin: not set → *');
    // A CORS set journaled without a before: the API could not read what was there.
    expect(changedFieldsText(null, { accessControlAllowOrigin: '*' }, { beforeUnknown: true })).toBe(
      'Access-Control-Allow-Origin: unknown → *',
    );
  });
  it('says nothing when nothing changed', () => {
    expect(changedFieldsText({ a: 1 }, { a: 1 })).toBeUndefined();
  });
});
