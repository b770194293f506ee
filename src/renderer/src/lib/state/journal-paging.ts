// The journal screen's pages: it shows the newest JOURNAL_PAGE_SIZE entries the filters select and
// adds a page per "Show more"; only those pages cross IPC (journal.list's offset/limit), so a
// journal of thousands of entries (bulk runs journal one entry per service) stays a small answer.
import { JOURNAL_PAGE_SIZE } from '#shared/journal-page.ts';
import { formatCount } from '#shared/analytics/units.ts';

export { JOURNAL_PAGE_SIZE };

/** How many entries "Show more" adds: a page, or the rest when fewer are left. */
export function nextPageCount(shown: number, total: number, pageSize = JOURNAL_PAGE_SIZE): number {
  return Math.max(0, Math.min(pageSize, total - shown));
}

/**
 * The entries shown after a later page arrived, and those it added. Changes journaled meanwhile
 * move every entry down, so the page may repeat the last ones shown: those are skipped.
 */
export function appendPage<T extends { id: string }>(
  shown: readonly T[],
  page: readonly T[],
): { entries: T[]; added: T[] } {
  const ids = new Set(shown.map((e) => e.id));
  const added = page.filter((e) => !ids.has(e.id));
  return { entries: [...shown, ...added], added };
}

/** The status line above the entries: "12 changes", or "Showing 100 of 2,400 changes", and whether filters apply. */
export function journalCountText(shown: number, total: number, filtered: boolean): string {
  const all = Math.max(total, shown);
  const counted =
    shown >= all
      ? `${formatCount(all)} change${all === 1 ? '' : 's'}`
      : `Showing ${formatCount(shown)} of ${formatCount(all)} changes`;
  return `${counted}${filtered ? ' matching the filters' : ''}.`;
}

/** Beside "Show more": how many are not shown yet ("2,300 older changes not shown yet; …"). */
export function notShownText(shown: number, total: number): string {
  const left = Math.max(0, total - shown);
  return `${formatCount(left)} older change${left === 1 ? '' : 's'} not shown yet; the export holds all of them.`;
}
