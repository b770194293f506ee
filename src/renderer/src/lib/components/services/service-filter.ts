// The services overview's filter as plain functions, apart from the screen, so further criteria
// (tags, …) add to the predicate without touching the list. Every word of the query must occur in
// a service's text (domain name, ID, edge CNAME, and the account's name when several accounts are
// listed). The lower-cased text is built once per list, not per keystroke: 5,000 services filter
// in a few milliseconds.

export interface FilterableService {
  domainName: string;
  serviceId: number;
  cName?: string;
}

/** The words of a filter query, lower-cased. */
export function filterWords(query: string): string[] {
  return query.trim().toLowerCase().split(/\s+/).filter((word) => word !== '');
}

/** What a service is found by; `extra` adds e.g. the account's name. */
export function serviceSearchText(service: FilterableService, extra: readonly string[] = []): string {
  return [service.domainName, String(service.serviceId), `#${service.serviceId}`, service.cName ?? '', ...extra].join('\n').toLowerCase();
}

/** Every word occurs in the text. */
export function matchesWords(text: string, words: readonly string[]): boolean {
  for (const word of words) if (!text.includes(word)) return false;
  return true;
}

export interface SearchableList<T> {
  readonly items: readonly T[];
  /** Items whose text contains every word of `query`, in list order (all of them for an empty query). */
  filter(query: string): readonly T[];
}

/** Prepares a list for filtering: the text of each item is computed here, once. */
export function searchableList<T>(items: readonly T[], textOf: (item: T) => string): SearchableList<T> {
  const texts = items.map(textOf);
  return {
    items,
    filter(query) {
      const words = filterWords(query);
      if (words.length === 0) return items;
      const out: T[] = [];
      for (let i = 0; i < items.length; i++) if (matchesWords(texts[i] as string, words)) out.push(items[i] as T);
      return out;
    },
  };
}
