// The --change check of `accel bulk`: plain words naming the field, its rule and the expected shape.
import { describe, expect, it } from 'vitest';
import { bulkChangeExamples, bulkChangeProblems } from './bulk-change-argument.ts';
import { bulkChangeSchema } from '#shared/bulk/change.ts';

describe('bulkChangeProblems', () => {
  it('accepts every example the help shows (each one a valid change of its kind)', () => {
    for (const [kind, example] of Object.entries(bulkChangeExamples)) {
      const value = JSON.parse(example) as unknown;
      expect(bulkChangeSchema.safeParse(value).success, kind).toBe(true);
      expect(bulkChangeProblems(value), kind).toEqual([]);
    }
  });

  it('names the missing part of a kind and the unknown field, then shows the shape', () => {
    const problems = bulkChangeProblems({ kind: 'rate-limit-set', limit: -5 });
    expect(problems).toEqual([
      'rate-limit-set needs "rateLimit": {"timeWindow": …, "requestLimit": …} ("rateLimit" is missing)',
      '"limit" is not a field of a rate-limit-set change',
      `a rate-limit-set change looks like ${bulkChangeExamples['rate-limit-set']}`,
    ]);
    expect(problems.join('\n')).not.toMatch(/expected object|received undefined|Unrecognized key/);
  });

  it('says which shape a field takes when its JSON type is wrong, and keeps the rule of a bad value', () => {
    expect(bulkChangeProblems({ kind: 'cors', headers: { accessControlAllowMethods: ['GET', 'HEAD'] } })[0]).toBe(
      '"headers.accessControlAllowMethods": Allowed methods must be text — a comma-separated string such as "GET,HEAD"',
    );
    expect(bulkChangeProblems({ kind: 'rate-limit-set', rateLimit: { timeWindow: 0, requestLimit: 5 } })[0]).toMatch(
      /^"rateLimit\.timeWindow": Time window \(seconds\) must be/,
    );
  });

  it('writes the example line with the right article', () => {
    expect(bulkChangeProblems({ kind: 'access-control' }).at(-1)).toBe(
      `an access-control change looks like ${bulkChangeExamples['access-control']}`,
    );
  });

  it('lists the kinds when the kind is missing or unknown', () => {
    expect(bulkChangeProblems({ headers: {} })[0]).toBe(
      'the change has no "kind"; "kind" must be one of cors, rate-limit-set, rate-limit-delete, access-control, cache-control-edit, redirection-edit',
    );
    expect(bulkChangeProblems([1])[0]).toMatch(/^the change has no "kind"/);
    expect(bulkChangeProblems({ kind: 'cors-set' })[0]).toMatch(
      /^the change has "kind": "cors-set"; "kind" must be one of cors,/,
    );
  });
});
