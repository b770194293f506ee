import { describe, expect, it } from 'vitest';
import { MAX_TAG_CHARS, MAX_TAGS_PER_ITEM, effectiveTags, parseTagInput, tagListSchema, tagProblem } from './tags.ts';

describe('tag rules', () => {
  it('accepts words with letters, digits, "-", "_" and "." and stores them lower-case', () => {
    expect(parseTagInput('Retail, staging  eu-west_2 v1.2 Käse')).toEqual({
      ok: true,
      tags: ['retail', 'staging', 'eu-west_2', 'v1.2', 'käse'],
    });
    expect(tagListSchema.parse(['Retail', 'retail', ' staging '])).toEqual(['retail', 'staging']);
  });

  it('names the bad tag and the rule', () => {
    expect(tagProblem('')).toBe('A tag cannot be empty.');
    expect(tagProblem('x'.repeat(MAX_TAG_CHARS + 1))).toContain(`at most ${MAX_TAG_CHARS} characters`);
    expect(tagProblem('x'.repeat(MAX_TAG_CHARS))).toBeNull();
    expect(tagProblem('eu retail')).toContain('contains a space');
    expect(tagProblem('-retail')).toContain('must start with a letter or digit');
    expect(tagProblem('re@tail')).toBe(
      'Tag “re@tail” may only contain letters, digits, "-", "_" and ".", and must start with a letter or digit.',
    );
    expect(parseTagInput('good, b@d')).toEqual({ ok: false, message: expect.stringContaining('“b@d”') });
    const result = tagListSchema.safeParse(['ok', 'not ok']);
    expect(result.success).toBe(false);
    if (!result.success)
      expect(result.error.issues[0]).toMatchObject({ path: [1], message: expect.stringContaining('contains a space') });
  });

  it('limits the number of tags per item', () => {
    const many = Array.from({ length: MAX_TAGS_PER_ITEM + 1 }, (_, i) => `t${i}`);
    expect(parseTagInput(many.join(','))).toEqual({
      ok: false,
      message: `At most ${MAX_TAGS_PER_ITEM} tags per account or service (${MAX_TAGS_PER_ITEM + 1} given).`,
    });
    expect(tagListSchema.safeParse(many).success).toBe(false);
    expect(parseTagInput(many.slice(1).join(',')).ok).toBe(true);
  });

  it('gives a service its account tags too, once each', () => {
    expect(effectiveTags(['staging', 'retail'], ['retail', 'acme'])).toEqual(['acme', 'retail', 'staging']);
    expect(effectiveTags(undefined, undefined)).toEqual([]);
  });
});
