// The service list's filter text: words match the domain name, edge CNAME or ID (all of them, any
// order, case-insensitive); `tag:retail` keeps services carrying the tag (their own or their
// account's), `-tag:staging` drops them. Parsed once per keystroke, then one cheap test per service
// (the overview filters 5,000 services per keystroke).
import { normalizeTag } from './tags.ts';

export type ServiceFilterQuery = {
  words: string[];
  tags: string[];
  withoutTags: string[];
};

export type FilterableService = {
  serviceId: number;
  domainName: string;
  cName?: string;
  /** Effective tags (the service's own and its account's), stored form. */
  tags?: readonly string[];
  /** Further text the words may match, e.g. the account's name in a list of several accounts. */
  searchText?: string;
};

export function parseServiceFilterQuery(text: string): ServiceFilterQuery {
  const query: ServiceFilterQuery = { words: [], tags: [], withoutTags: [] };
  for (const part of text.trim().split(/\s+/u)) {
    if (part === '') continue;
    const tag = /^(-?)tag:(.*)$/iu.exec(part);
    if (tag) {
      // "tag:" alone (still being typed) filters nothing yet.
      if (tag[2] !== '') (tag[1] === '-' ? query.withoutTags : query.tags).push(normalizeTag(tag[2] ?? ''));
      continue;
    }
    query.words.push(part.toLowerCase().replace(/^#(?=\d)/u, ''));
  }
  return query;
}

export function isEmptyServiceFilter(query: ServiceFilterQuery): boolean {
  return query.words.length === 0 && query.tags.length === 0 && query.withoutTags.length === 0;
}

/** The lower-cased text the words are looked for in; a long list prepares it once per service. */
export function serviceFilterText(service: FilterableService): string {
  return `${service.domainName} ${service.cName ?? ''} ${service.serviceId} ${service.searchText ?? ''}`.toLowerCase();
}

/** `text`: the service's serviceFilterText, when prepared already. */
export function matchesServiceFilter(query: ServiceFilterQuery, service: FilterableService, text?: string): boolean {
  for (const tag of query.tags) if (!service.tags?.includes(tag)) return false;
  for (const tag of query.withoutTags) if (service.tags?.includes(tag)) return false;
  if (query.words.length === 0) return true;
  const haystack = text ?? serviceFilterText(service);
  for (const word of query.words) if (!haystack.includes(word)) return false;
  return true;
}

/**
 * Whether every service `next` keeps was kept by `previous` too (the user typed on: "med" →
 * "media" → "media c"), so `next` only needs to test what `previous` matched. Each previous word
 * must lie inside the word at its place; tags must be the same ("tag:re" → "tag:ret" is not a
 * narrowing: tags match whole).
 */
export function narrowsServiceFilter(previous: ServiceFilterQuery, next: ServiceFilterQuery): boolean {
  const same = (a: readonly string[], b: readonly string[]): boolean =>
    a.length === b.length && a.every((x, i) => x === b[i]);
  if (!same(previous.tags, next.tags) || !same(previous.withoutTags, next.withoutTags)) return false;
  if (previous.words.length > next.words.length) return false;
  return previous.words.every((word, i) => next.words[i]?.includes(word) === true);
}

/** Adds or removes `tag:x` in a filter text (the tag picker), leaving the rest as typed. */
export function toggleTagInFilter(text: string, tag: string): string {
  const wanted = normalizeTag(tag);
  const parts = text
    .trim()
    .split(/\s+/u)
    .filter((part) => part !== '');
  const without = parts.filter((part) => part.toLowerCase() !== `tag:${wanted}`);
  return (without.length === parts.length ? [...parts, `tag:${wanted}`] : without).join(' ');
}
