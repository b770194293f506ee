import { describe, expect, it } from 'vitest';
import { evaluateAll, overallVerdict, parseRequest, type RuleLike, type TestRequest } from '#shared/rules/index.ts';
import { rowReadBackNote } from './read-back-note.ts';

function request(url: string): TestRequest {
  const parsed = parseRequest({ url, method: 'GET', clientIp: '10.0.0.1' });
  if (!parsed.ok) throw new Error(parsed.problem);
  return parsed.request;
}

const access = (policyId: number, priority: number, path: string, readBack: RuleLike['readBack']): RuleLike => ({
  kind: 'access',
  policyId,
  policyName: `Rule ${policyId}`,
  priority,
  enabled: true,
  // A rule whose path condition the v1.0 list omits is listed without it.
  ...(readBack === 'v1.0-list-no-path' ? {} : { matchUrlPath: { operator: 'prefix', patterns: [path] } }),
  access: { type: 'deny' },
  readBack,
});

describe('rowReadBackNote', () => {
  it('says the v1.0-list note once, in the verdict for the deciding rule, on no row', () => {
    const rules = [
      access(1, 20, '/admin', 'v1.0-list'),
      access(2, 10, '/', 'v1.0-list'),
      access(3, 5, '/other', 'v1.0-list'),
    ];
    const evaluation = evaluateAll(rules, request('/admin/users'));
    const notes = evaluation.access.results.map((r) => rowReadBackNote(r, evaluation.access));
    expect(notes).toEqual([null, null, null]);
    const verdict = overallVerdict(evaluation);
    const mentions = [verdict.headline, ...verdict.notes].filter((line) => line.includes('cannot be read back')).length;
    expect(mentions).toBe(1);
  });

  it('keeps the no-path note on a rule that may apply before the deciding one, not on rules after it', () => {
    const rules = [
      access(1, 30, '/x', 'v1.0-list-no-path'),
      access(2, 20, '/', undefined),
      access(3, 10, '/y', 'v1.0-list-no-path'),
    ];
    const evaluation = evaluateAll(rules, request('/admin'));
    const [first, , third] = evaluation.access.results;
    expect(rowReadBackNote(first!, evaluation.access)).toMatch(/omits this rule’s path condition/);
    expect(rowReadBackNote(third!, evaluation.access)).toBeNull();
  });
});
