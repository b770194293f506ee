// Tags on accounts and services ("retail", "staging"): one rule for what a tag may be, used by the
// IPC input check, the editors, the stores and the filters. Tags are kept lower-case so "Retail"
// and "retail" are one tag; a service also carries its account's tags when selecting by tag.
import { z } from 'zod';

export const MAX_TAG_CHARS = 32;
export const MAX_TAGS_PER_ITEM = 20;
/** Letters and digits of any script, then also "-", "_" and "."; no spaces (a tag is one word in `tag:x`). */
const TAG_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N}._-]*$/u;

/** Why a tag is not acceptable, in plain words; null when it is fine. The text is the trimmed input. */
export function tagProblem(text: string): string | null {
  const tag = text.trim();
  if (tag === '') return 'A tag cannot be empty.';
  if (tag.length > MAX_TAG_CHARS)
    return `Tag “${tag.slice(0, MAX_TAG_CHARS)}…” is too long: at most ${MAX_TAG_CHARS} characters.`;
  if (/\s/u.test(tag))
    return `Tag “${tag}” contains a space: use one word, or join words with "-" (for example "eu-retail").`;
  if (!TAG_PATTERN.test(tag))
    return `Tag “${tag}” may only contain letters, digits, "-", "_" and ".", and must start with a letter or digit.`;
  return null;
}

/** The stored form of a valid tag: trimmed, lower-case (NFC). */
export function normalizeTag(text: string): string {
  return text.trim().normalize('NFC').toLowerCase();
}

export const tagSchema = z
  .string()
  .trim()
  .max(MAX_TAG_CHARS, { error: (issue) => tagProblem(String(issue.input)) ?? `At most ${MAX_TAG_CHARS} characters.` })
  .superRefine((value, ctx) => {
    // Too long was reported by max() above.
    const problem = value.length > MAX_TAG_CHARS ? null : tagProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform(normalizeTag);

/** A list of tags: each valid, duplicates (after lower-casing) dropped, order kept. */
export const tagListSchema = z
  .array(tagSchema)
  .max(MAX_TAGS_PER_ITEM, { error: `At most ${MAX_TAGS_PER_ITEM} tags per account or service.` })
  .transform((tags) => [...new Set(tags)]);

export type ParsedTags = { ok: true; tags: string[] } | { ok: false; message: string };

/**
 * Parses what a user typed into a tag field: tags separated by commas (or spaces), e.g.
 * "retail, staging". The message names the first bad tag and the rule.
 */
export function parseTagInput(text: string): ParsedTags {
  const parts = text.split(/[,\s]+/u).filter((part) => part !== '');
  for (const part of parts) {
    const problem = tagProblem(part);
    if (problem) return { ok: false, message: problem };
  }
  const tags = [...new Set(parts.map(normalizeTag))];
  if (tags.length > MAX_TAGS_PER_ITEM)
    return { ok: false, message: `At most ${MAX_TAGS_PER_ITEM} tags per account or service (${tags.length} given).` };
  return { ok: true, tags };
}

/** Every tag of a service as target selection sees it: its own and its account's, sorted, once each. */
export function effectiveTags(
  serviceTags: readonly string[] | undefined,
  accountTags: readonly string[] | undefined,
): string[] {
  return [...new Set([...(serviceTags ?? []), ...(accountTags ?? [])])].sort();
}
