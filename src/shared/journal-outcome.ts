// How a journal entry's outcome reads, for the journal screen, its exports and `accel journal`. Apart
// from the journal channel's schemas so the screen loads without them.
import type { JournalResult } from './ipc/channels/journal.ts';

/** How an entry still marked as sending reads once nobody is sending it any more. */
export const UNANSWERED_MESSAGE = 'unknown — the app stopped before the gateway answered';

export type JournalOutcomeView = {
  outcome: 'applied' | 'failed' | 'unknown' | 'sending';
  label: string;
  detail: string | null;
};

/**
 * The one wording of an entry's outcome for the journal screen, its exports and `accel journal`.
 * `sending` entries are shown as such only while this process is sending them (the core answers
 * the others as unanswered, see journal.ts).
 */
export function journalOutcomeView(result: JournalResult): JournalOutcomeView {
  if (result.ok === true) {
    if (result.confirmed === 'read-back')
      return { outcome: 'applied', label: 'applied (confirmed by reading it back)', detail: result.message ?? null };
    if (result.confirmed === 'user')
      return { outcome: 'applied', label: 'applied (marked by the user)', detail: result.message ?? null };
    return { outcome: 'applied', label: 'applied', detail: null };
  }
  if (result.ok === false) return { outcome: 'failed', label: `failed: ${result.code}`, detail: result.message };
  if (result.sending === true)
    return { outcome: 'sending', label: 'sending', detail: 'The request is on its way; no answer yet.' };
  return { outcome: 'unknown', label: 'outcome unknown', detail: result.message ?? UNANSWERED_MESSAGE };
}
