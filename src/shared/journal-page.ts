// The page of the selected journal entries journal.list answers with (the core slices, so only a
// page crosses IPC; the renderer's tests page their fake answers the same way).
import type { JournalPage } from './ipc/channels/journal.ts';

/** Most entries one journal.list answer holds (the screen asks for pages of JOURNAL_PAGE_SIZE). */
export const JOURNAL_LIST_MAX = 1000;
/** Entries the journal screen shows at first and adds per "Show more". */
export const JOURNAL_PAGE_SIZE = 100;

/**
 * The page of the selected entries journal.list answers with: `limit` from `offset` (all when no
 * limit), extended to reach the entry `through` names when it comes later in the selection.
 */
export function journalPage<T extends { id: string }>(entries: readonly T[], page: JournalPage): T[] {
  const offset = page.offset ?? 0;
  let end = page.limit === undefined ? entries.length : offset + page.limit;
  if (page.through !== undefined) {
    const index = entries.findIndex((e) => e.id === page.through);
    if (index >= end) end = index + 1;
  }
  return entries.slice(offset, end);
}
