// Short text forms of conditions for policy tables.
import { formatSeconds } from '#shared/api/field-labels.ts';

type MatchLike = { field: string; operator: string; values: readonly string[] };
type PatternLike = { operator: string; patterns: readonly string[] } | undefined;

export function describeMatches(matches: readonly MatchLike[] | undefined): string {
  if (!matches || matches.length === 0) return '—';
  return matches.map((m) => `${m.field} ${m.operator} ${m.values.join(' | ')}`).join(' AND ');
}

export function describePatterns(path: PatternLike, query: PatternLike): string {
  const parts: string[] = [];
  if (path) parts.push(`path ${path.operator} ${path.patterns.join(' | ')}`);
  if (query) parts.push(`query ${query.operator} ${query.patterns.join(' | ')}`);
  return parts.length ? parts.join(' AND ') : '—';
}

/** A TTL in the app's one duration wording ("1 day", "90 minutes"), see formatSeconds. */
export function describeTtl(ttl: number | undefined): string {
  return ttl === undefined ? '—' : formatSeconds(ttl);
}
