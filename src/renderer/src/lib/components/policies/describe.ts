// Short text forms of conditions for policy tables.
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

export function describeTtl(ttl: number | undefined): string {
  if (ttl === undefined) return '—';
  if (ttl === 0) return '0 s';
  if (ttl % 86400 === 0) return `${ttl / 86400} d`;
  if (ttl % 3600 === 0) return `${ttl / 3600} h`;
  if (ttl % 60 === 0) return `${ttl / 60} min`;
  return `${ttl} s`;
}
