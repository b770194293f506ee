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
  const q = query.trim().toLowerCase();
  if (q === '') return { score: 0, positions: [] };
  const t = text.toLowerCase();
  // A plain substring is the strongest signal.
  const substring = t.indexOf(q);
  if (substring >= 0) {
    const atStart = substring === 0 || wordBoundary.test(t[substring - 1] ?? '');
    return {
      score: 1000 + (atStart ? 200 : 0) - substring - (t.length - q.length) * 0.1,
      positions: Array.from({ length: q.length }, (_, i) => substring + i),
    };
  }
  const positions: number[] = [];
  let score = 0;
  let from = 0;
  for (const char of q) {
    if (char === ' ') continue;
    const index = t.indexOf(char, from);
    if (index < 0) return null;
    const previous = positions[positions.length - 1];
    if (previous !== undefined && index === previous + 1) score += 15;
    if (index === 0 || wordBoundary.test(t[index - 1] ?? '')) score += 10;
    score -= Math.min(index - from, 10);
    positions.push(index);
    from = index + 1;
  }
  return { score, positions };
}

/** The words of a query (several words are matched one by one, in any field). */
export function queryWords(query: string): string[] {
  return query.trim().toLowerCase().split(/\s+/).filter((word) => word !== '');
}

/**
 * Several words: each must be found, fuzzily in the main text or as a substring of the other
 * fields (so "globex www" finds www.… of the Globex account and "static cors" the CORS section
 * of static.…). Fuzzy matching in the other fields would let short words match almost anything.
 */
function matchWords(words: readonly string[], main: string, other: string): FuzzyMatch | null {
  let score = 0;
  const positions: number[] = [];
  const otherText = other.toLowerCase();
  for (const word of words) {
    const hit = fuzzyMatch(word, main);
    if (hit) {
      score += hit.score;
      positions.push(...hit.positions);
    } else if (otherText.includes(word)) {
      score += 300;
    } else {
      return null;
    }
  }
  return { score, positions: [...new Set(positions)].sort((a, b) => a - b) };
}

/** Filters and sorts items by how well `text(item)` (and optional keywords) match; stable for ties. */
export function fuzzyFilter<T>(items: readonly T[], query: string, text: (item: T) => string, keywords?: (item: T) => string): { item: T; match: FuzzyMatch }[] {
  const results: { item: T; match: FuzzyMatch; order: number }[] = [];
  const words = queryWords(query);
  items.forEach((item, order) => {
    let best: FuzzyMatch | null;
    if (words.length > 1) {
      best = matchWords(words, text(item), keywords ? keywords(item) : '');
    } else {
      const main = fuzzyMatch(query, text(item));
      const extra = keywords ? fuzzyMatch(query, keywords(item)) : null;
      best = main ?? (extra ? { score: extra.score - 50, positions: [] } : null);
    }
    if (best) results.push({ item, match: best, order });
  });
  if (words.length > 0) results.sort((a, b) => b.match.score - a.match.score || a.order - b.order);
  return results.map(({ item, match }) => ({ item, match }));
}
