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

export function matchesServiceFilter(query: ServiceFilterQuery, service: FilterableService): boolean {
  for (const tag of query.tags) if (!service.tags?.includes(tag)) return false;
  for (const tag of query.withoutTags) if (service.tags?.includes(tag)) return false;
  if (query.words.length === 0) return true;
  const text = `${service.domainName} ${service.cName ?? ''} ${service.serviceId} ${service.searchText ?? ''}`.toLowerCase();
  return query.words.every((word) => text.includes(word));
}

/** Adds or removes `tag:x` in a filter text (the tag picker), leaving the rest as typed. */
export function toggleTagInFilter(text: string, tag: string): string {
  const wanted = normalizeTag(tag);
  const parts = text.trim().split(/\s+/u).filter((part) => part !== '');
  const without = parts.filter((part) => part.toLowerCase() !== `tag:${wanted}`);
  return (without.length === parts.length ? [...parts, `tag:${wanted}`] : without).join(' ');
}
