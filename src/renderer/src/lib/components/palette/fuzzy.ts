// The command palette's matcher. Every word of a query must be found in an item, in its label
// (whole word, word start, inside a word, or as letters in order), in its other fields, or in the
// name of the account it belongs to. How a word is found decides the rank, strongest first:
//
//   1. a word that names the item's account (whole word, or the start of one from 3 letters on):
//      that account's items come before every other item — "acme www" is about Acme;
//   2. in the label: whole word > word start > inside a word;
//   3. in the other fields (keywords, group, detail): whole word > word start > inside a word;
//   4. letters scattered in order through the label ("wex" → www.example.com), weakest of all:
//      "acme" is found in "ex·a·mple-shop.·c·o·m", which must never outrank Acme's own entries.
//
// Each word counts once, by the best way it was found.

export interface FuzzyMatch {
  score: number;
  /** Indexes of matched characters in the text (for highlighting). */
  positions: number[];
}

/** Characters that end a word (a lookup by char code: this runs for every candidate occurrence). */
const boundaryChars = ' \t\n./_-:#(),·—›';
const boundaryCodes = new Set([...boundaryChars].map((char) => char.charCodeAt(0)));

/** An item whose account a query word names ranks above any item whose account none does. */
const ACCOUNT_RANK = 100_000;
/** Shorter words than this name an account only as a whole word ("ac" is not "Acme"). */
const ACCOUNT_PREFIX_MIN = 3;
/** Letters in order never score as much as the word itself found anywhere. */
const SCATTERED_MAX = 250;

const isBoundary = (text: string, index: number): boolean =>
  index < 0 || index >= text.length || boundaryCodes.has(text.charCodeAt(index));

/**
 * Where `word` occurs in `text` (both lower-cased), as the best kind of occurrence — 3 whole
 * word, 2 word start, 1 inside a word, 0 absent — and that occurrence's index, packed into one
 * number (`index * 4 + kind`; 0 when absent): this runs for every entry on every keystroke, and
 * an object per call would keep the garbage collector busy.
 */
function bestOccurrence(word: string, text: string): number {
  let at = text.indexOf(word);
  if (at < 0) return 0;
  let best = at * 4 + 1;
  while (at >= 0) {
    if (isBoundary(text, at - 1)) {
      const kind = isBoundary(text, at + word.length) ? 3 : 2;
      if (kind > (best & 3)) best = at * 4 + kind;
      if (kind === 3) break;
    }
    at = text.indexOf(word, at + 1);
  }
  return best;
}

const kindOf = (occurrence: number): number => occurrence & 3;
const positionOf = (occurrence: number): number => occurrence >>> 2;

/** The letters of `q` in order through `t`: a score (≤ SCATTERED_MAX) and their indexes, or null. */
function scattered(q: string, t: string, found: number[] | null): number | null {
  let score = 0;
  let from = 0;
  let previous = -2;
  const hits: number[] | null = found ? [] : null;
  for (const char of q) {
    if (char === ' ') continue;
    const index = t.indexOf(char, from);
    if (index < 0) return null;
    if (index === previous + 1) score += 15;
    if (isBoundary(t, index - 1)) score += 10;
    score -= Math.min(index - from, 10);
    hits?.push(index);
    previous = index;
    from = index + 1;
  }
  // Kept apart until the whole word is found: a miss must not leave half a highlight behind.
  if (found && hits) found.push(...hits);
  return Math.min(score, SCATTERED_MAX);
}

const labelScores = [0, 1000, 1200, 1300] as const;

/** The score of a found occurrence in the label `t`: earlier and in shorter labels is better ("Cache control" before "www… › Cache control"). */
function occurrenceScore(kind: number, at: number, q: string, t: string): number {
  return (labelScores[kind] as number) - at - (t.length - q.length) * 0.1;
}

/** The score of `q` in the label `t` (both lower-cased), or null; `positions` collects highlights. */
function labelScore(q: string, t: string, positions: number[] | null): number | null {
  if (q === '') return 0;
  const occurrence = bestOccurrence(q, t);
  const kind = kindOf(occurrence);
  const at = positionOf(occurrence);
  if (kind === 0) return scattered(q, t, positions);
  if (positions) for (let i = 0; i < q.length; i++) positions.push(at + i);
  return occurrenceScore(kind, at, q, t);
}

const otherScores = [0, 300, 700, 800] as const;
const OTHER_MAX = otherScores[3];
const accountScores = [0, 300, 1000, 1100] as const;

type AccountHit = { score: number; names: boolean } | null;

/** How a word names an account (lower-cased): its score and whether it ranks the account first. */
function accountScore(word: string, account: string): AccountHit {
  const kind = kindOf(bestOccurrence(word, account));
  if (kind === 0) return null;
  const names = kind === 3 || (kind === 2 && word.length >= ACCOUNT_PREFIX_MIN);
  return { score: accountScores[kind] as number, names };
}

export function fuzzyMatch(query: string, text: string): FuzzyMatch | null {
  const positions: number[] = [];
  const score = labelScore(query.trim().toLowerCase(), text.toLowerCase(), positions);
  return score === null ? null : { score, positions };
}

/** The words of a query (several words are matched one by one, in any field). */
export function queryWords(query: string): string[] {
  return query
    .trim()
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== '');
}

/** One prepared item: its texts, lower-cased once. */
interface Texts {
  main: string;
  other: string;
}

/**
 * The score of the whole query for one item, or null when a word is not found. A one-word query
 * may also be found as letters in order in the other fields (a short word among several would
 * match almost any long keyword string that way). `hits`: how each word names the item's
 * account (scored once per account and search), null for an item without one.
 */
function scoreItem(
  words: readonly string[],
  texts: Texts,
  hits: readonly AccountHit[] | null,
  positions: number[] | null,
): number | null {
  let total = 0;
  for (let w = 0; w < words.length; w++) {
    const word = words[w] as string;
    const account = hits?.[w] ?? null;
    const occurrence = bestOccurrence(word, texts.main);
    const kind = kindOf(occurrence);
    const at = positionOf(occurrence);
    const label = kind > 0 ? occurrenceScore(kind, at, word, texts.main) : null;
    // The other fields only when they could beat the label (their best is a whole word, 800).
    const other =
      label !== null && label >= OTHER_MAX ? 0 : (otherScores[kindOf(bestOccurrence(word, texts.other))] as number);
    let best = Math.max(other, account?.score ?? 0);
    if (label !== null) {
      if (label >= best) {
        best = label;
        if (positions) for (let i = 0; i < word.length; i++) positions.push(at + i);
      }
    } else if (best === 0) {
      // Letters in order through the label: only when the word was not found as such anywhere.
      const found: number[] | null = positions ? [] : null;
      const loose = scattered(word, texts.main, found);
      if (loose !== null) {
        best = loose;
        if (positions && found) positions.push(...found);
      } else {
        // One word alone may also be letters in order through the other fields.
        const elsewhere = words.length === 1 && texts.other !== '' ? scattered(word, texts.other, null) : null;
        if (elsewhere === null) return null;
        best = elsewhere - 50;
      }
    }
    total += best + (account?.names ? ACCOUNT_RANK : 0);
  }
  return total;
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
 * "video". The palette searches 40,000 items (5,000 services and their sections) per keystroke:
 * the work per item is a few `indexOf` per word, and each account's name is scored once per
 * search, not once per item.
 *
 * `text` is the label (highlighted), `keywords` the other fields, `account` the name of the
 * account the item belongs to ('' for none).
 */
export function fuzzyIndex<T>(
  items: readonly T[],
  text: (item: T) => string,
  keywords?: (item: T) => string,
  account?: (item: T) => string,
): FuzzyIndex<T> {
  const texts: Texts[] = items.map((item) => ({
    main: text(item).toLowerCase(),
    other: keywords ? keywords(item).toLowerCase() : '',
  }));
  // Each item's account as an index into the distinct names (40,000 entries share twenty).
  const accountNames: string[] = [];
  const accountIndex = new Map<string, number>();
  const accountOf = items.map((item) => {
    const name = account?.(item) ?? '';
    if (name === '') return -1;
    let index = accountIndex.get(name);
    if (index === undefined) {
      index = accountNames.push(name.toLowerCase()) - 1;
      accountIndex.set(name, index);
    }
    return index;
  });
  // The previous search: its query, its `include`, and every item index it matched.
  let last: { query: string; include: ((item: T) => boolean) | undefined; matched: number[] } | null = null;
  return {
    search(query, limit = Number.POSITIVE_INFINITY, include) {
      const words = queryWords(query);
      const normalised = normalise(query);
      const refines =
        last !== null && last.include === include && last.query !== '' && normalised.startsWith(last.query);
      const candidates = refines && last ? last.matched : null;
      const count = candidates ? candidates.length : items.length;
      const accountHits = accountNames.map((name) => words.map((word) => accountScore(word, name)));
      const matched: number[] = [];
      // Best first; each entry is [score, index].
      const best: [number, number][] = [];
      for (let c = 0; c < count; c++) {
        const i = candidates ? (candidates[c] as number) : c;
        const item = items[i] as T;
        if (!candidates && include && !include(item)) continue;
        const score =
          words.length === 0
            ? 0
            : scoreItem(words, texts[i] as Texts, accountHits[accountOf[i] as number] ?? null, null);
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
        const positions: number[] = [];
        if (words.length > 0)
          scoreItem(words, texts[i] as Texts, accountHits[accountOf[i] as number] ?? null, positions);
        return { item: items[i] as T, match: { score, positions: [...new Set(positions)].sort((a, b) => a - b) } };
      });
    },
  };
}

/** Filters and sorts items by how well they match (see fuzzyIndex); stable for ties. */
export function fuzzyFilter<T>(
  items: readonly T[],
  query: string,
  text: (item: T) => string,
  keywords?: (item: T) => string,
  account?: (item: T) => string,
): { item: T; match: FuzzyMatch }[] {
  return fuzzyIndex(items, text, keywords, account).search(query);
}
