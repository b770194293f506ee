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

/** A rate limit in words ("at most 100 requests per client IP every 60 s, query string ignored"). */
export function describeRateLimit(config: unknown): string | null {
  if (config === null || typeof config !== 'object') return null;
  const { timeWindow, requestLimit, ignoreUrlPath, ignoreQueryString } = config as Record<string, unknown>;
  if (typeof timeWindow !== 'number' || typeof requestLimit !== 'number') return null;
  const extras = [
    ignoreUrlPath === true ? 'one limit for all URLs' : ignoreUrlPath === false ? 'counted per URL' : null,
    ignoreQueryString === true ? 'query string ignored' : ignoreQueryString === false ? 'query string counted' : null,
  ].filter((part): part is string => part !== null);
  return `at most ${requestLimit} ${requestLimit === 1 ? 'request' : 'requests'} per client IP every ${timeWindow} s${extras.length ? `, ${extras.join(', ')}` : ''}`;
}
