// The policy body fields come from the operations' body schemas; checked here against the body
// fields the spec lists for each operation (its "Body:" line).
import { describe, expect, it } from 'vitest';
import { bodyFieldsOf, policyAsBody } from './policy-bodies.ts';
import { policyBodyOperationIds } from './test-support/policy-body-operations.ts';
import { specNumberOf } from './test-support/spec-numbers.ts';
import { readSpec } from './test-support/spec-tables.ts';

const spec = readSpec();

/** The field names of the "Body:" line of the spec's section of operation n ("Body as operation 7" follows 7). */
function specBodyFields(n: number): string[] {
  const section = spec.split('\n### ').find((s) => s.startsWith(`${n}. `)) ?? '';
  const line = /Body(?: as operation (\d+)\.|: (.*?)\. Response)/.exec(section);
  if (line?.[1]) return specBodyFields(Number(line[1]));
  const list = (line?.[2] ?? '').replaceAll(/\([^)]*\)/g, '');
  return [...list.matchAll(/[a-zA-Z][a-zA-Z0-9]*/g)].map((m) => m[0]).filter((w) => w !== 'and' && w !== 'Optional');
}

describe('policy body fields', () => {
  it.each(policyBodyOperationIds.map((id) => [id, specNumberOf(id)] as const))(
    '%s (operation %i): the spec’s body fields',
    (id, n) => {
      const fields = specBodyFields(n);
      expect(fields.length).toBeGreaterThan(5);
      expect([...bodyFieldsOf(id)].sort()).toEqual(fields.sort());
    },
  );

  it('picks only the body fields from a listed policy, and leaves out empty ones', () => {
    const listed = {
      policyId: 4,
      policyName: 'p',
      type: 'deny',
      priority: 2,
      matchUrlPath: { operator: 'prefix', patterns: ['/a'] },
      geoRestriction: null,
      extra: 1,
    };
    expect(policyAsBody('updateAccessControlPolicy', listed)).toEqual({
      policyName: 'p',
      type: 'deny',
      priority: 2,
      matchUrlPath: { operator: 'prefix', patterns: ['/a'] },
    });
    expect(policyAsBody('setCorsHeaders', { a: 1, b: null })).toEqual({ a: 1 });
  });
});
