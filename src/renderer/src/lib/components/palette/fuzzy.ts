// Small fuzzy matcher for the command palette: the query's characters must appear in order;
// matches at word starts and in runs score higher, so "wex" finds "www.example.com" and
// "cach" ranks "Cache control" above "Access control".

export interface FuzzyMatch {
  score: number;
  /** Indexes of matched characters in the text (for highlighting). */
  positions: number[];
}

const wordBoundary = /[\s./_\-:#(]/;

export function fuzzyMatch(query: string, text: string): FuzzyMatch | null {
  const positions: number[] = [];
  const score = scoreLowered(query.trim().toLowerCase(), text.toLowerCase(), positions);
  return score === null ? null : { score, positions };
}

/**
 * The score of `q` in `t` (both lower-cased already), or null. Positions are collected only when
 * asked for: ranking thousands of items needs the score alone.
 */
function scoreLowered(q: string, t: string, positions: number[] | null): number | null {
  if (q === '') return 0;
  // A plain substring is the strongest signal.
  const substring = t.indexOf(q);
  if (substring >= 0) {
    const atStart = substring === 0 || wordBoundary.test(t[substring - 1] ?? '');
    if (positions) for (let i = 0; i < q.length; i++) positions.push(substring + i);
    return 1000 + (atStart ? 200 : 0) - substring - (t.length - q.length) * 0.1;
  }
  let score = 0;
  let from = 0;
  let previous = -2;
  // Kept apart until the whole query is found: a miss must not leave half a highlight behind.
  const found: number[] | null = positions ? [] : null;
  for (const char of q) {
    if (char === ' ') continue;
    const index = t.indexOf(char, from);
    if (index < 0) return null;
    if (index === previous + 1) score += 15;
    if (index === 0 || wordBoundary.test(t[index - 1] ?? '')) score += 10;
    score -= Math.min(index - from, 10);
    found?.push(index);
    previous = index;
    from = index + 1;
  }
  if (positions && found) positions.push(...found);
  return score;
}

/** The words of a query (several words are matched one by one, in any field). */
export function queryWords(query: string): string[] {
  return query.trim().toLowerCase().split(/\s+/).filter((word) => word !== '');
}

/**
 * Several words: each must be found, fuzzily in the main text or as a substring of the other
 * fields (so "globex www" finds www.… of the Globex account and "static cors" the CORS section
 * of static.…). Fuzzy matching in the other fields would let short words match almost anything.
 * Texts are lower-cased already.
 */
function scoreWords(words: readonly string[], main: string, other: string, positions: number[] | null): number | null {
  let score = 0;
  for (const word of words) {
    const hit = scoreLowered(word, main, positions);
    if (hit !== null) score += hit;
    else if (other.includes(word)) score += 300;
    else return null;
  }
  return score;
}

/** One word (or the whole query): fuzzily in the main text, else fuzzily in the other fields. */
function scoreOne(query: string, main: string, other: string | null, positions: number[] | null): number | null {
  const hit = scoreLowered(query, main, positions);
  if (hit !== null || other === null) return hit;
  const extra = scoreLowered(query, other, null);
  return extra === null ? null : extra - 50;
}

export interface FuzzyIndex<T> {
  /**
   * The best `limit` items for `query`, best first (list order for an empty query; stable for
   * ties). `include` leaves items out before they are scored; pass the same one while typing
   * (see below).
   */
  search(query: string, limit?: number, include?: (item: T) => boolean): { item: T; match: FuzzyMatch }[];
}

/** The query as matched: lower-cased, words separated by one space. */
function normalise(query: string): string {
  return queryWords(query).join(' ');
}

/**
 * Prepares items for searching: their texts are lower-cased once here, not on every keystroke;
 * a search keeps only the best `limit` results instead of sorting every match; and a query that
 * extends the previous one (the user typed on) only scores the items the previous one matched —
 * matching is monotone: what matches "vide" matches "vid", what matches "video c" matches
 * "video". The palette searches 40,000 items (5,000 services and their sections) per keystroke.
 */
export function fuzzyIndex<T>(items: readonly T[], text: (item: T) => string, keywords?: (item: T) => string): FuzzyIndex<T> {
  const mains = items.map((item) => text(item).toLowerCase());
  const others = keywords ? items.map((item) => keywords(item).toLowerCase()) : null;
  // The previous search: its query, its `include`, and every item index it matched.
  let last: { query: string; include: ((item: T) => boolean) | undefined; matched: number[] } | null = null;
  return {
    search(query, limit = Number.POSITIVE_INFINITY, include) {
      const words = queryWords(query);
      const q = query.trim().toLowerCase();
      const normalised = normalise(query);
      const refines = last !== null && last.include === include && last.query !== '' && normalised.startsWith(last.query);
      const candidates = refines && last ? last.matched : null;
      const count = candidates ? candidates.length : items.length;
      const matched: number[] = [];
      // Best first; each entry is [score, index].
      const best: [number, number][] = [];
      for (let c = 0; c < count; c++) {
        const i = candidates ? (candidates[c] as number) : c;
        const item = items[i] as T;
        if (!candidates && include && !include(item)) continue;
        const main = mains[i] as string;
        const score = words.length === 0 ? 0 : words.length > 1 ? scoreWords(words, main, others?.[i] ?? '', null) : scoreOne(q, main, others?.[i] ?? null, null);
        if (score === null) continue;
        matched.push(i);
        if (best.length >= limit && score <= (best[best.length - 1] as [number, number])[0]) continue;
        // Insert after every entry that scores at least as well (earlier items win ties).
        let at = best.length;
        while (at > 0 && (best[at - 1] as [number, number])[0] < score) at--;
        best.splice(at, 0, [score, i]);
        if (best.length > limit) best.pop();
      }
      last = { query: normalised, include, matched };
      return best.map(([score, i]) => {
        const item = items[i] as T;
        const positions: number[] = [];
        const main = mains[i] as string;
        if (words.length > 1) scoreWords(words, main, others?.[i] ?? '', positions);
        else if (words.length === 1) scoreOne(q, main, null, positions);
        return { item, match: { score, positions: [...new Set(positions)].sort((a, b) => a - b) } };
      });
    },
  };
}

/** Filters and sorts items by how well `text(item)` (and optional keywords) match; stable for ties. */
export function fuzzyFilter<T>(items: readonly T[], query: string, text: (item: T) => string, keywords?: (item: T) => string): { item: T; match: FuzzyMatch }[] {
  return fuzzyIndex(items, text, keywords).search(query);
}
