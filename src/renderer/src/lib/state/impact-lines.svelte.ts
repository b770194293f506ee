// Impact lines of journal entries (impact.lines): asked for in batches as entries appear, kept per
// entry for the chosen number of hours. One instance for the app, so every entry of the journal
// shares one request and the hours choice (remembered in localStorage).
import { invoke } from './ipc.ts';
import { getApi } from '../api/index.ts';
import { handleError, notify } from './errors.svelte.ts';
import { DEFAULT_IMPACT_HOURS, impactHourChoices, type ImpactLine } from '#shared/analytics/impact.ts';

const storageKey = 'accel.impactHours';
/** impact.lines takes at most this many entries per call. */
const BATCH = 200;

function savedHours(): number {
  try {
    const value = Number(globalThis.localStorage?.getItem(storageKey));
    return (impactHourChoices as readonly number[]).includes(value) ? value : DEFAULT_IMPACT_HOURS;
  } catch {
    return DEFAULT_IMPACT_HOURS;
  }
}

class ImpactLinesState {
  #hours = $state(savedHours());
  #lines = $state<Record<string, ImpactLine>>({});
  #fetching = $state<string | null>(null);
  #offline = $state(false);
  // Bookkeeping of what to ask for, not state anything renders.
  #wanted = new Set<string>();
  #queue = new Set<string>();
  #scheduled = false;
  /** Answers for an earlier hours choice are dropped. */
  #generation = 0;

  get hours(): number {
    return this.#hours;
  }
  set hours(value: number) {
    if (value === this.#hours) return;
    this.#hours = value;
    try {
      globalThis.localStorage?.setItem(storageKey, String(value));
    } catch {
      // Not remembered; the choice still applies now.
    }
    this.#generation++;
    this.#lines = {};
    for (const id of this.#wanted) this.#queue.add(id);
    this.#schedule();
  }
  /** The entry whose missing hours are being fetched. */
  get fetching(): string | null {
    return this.#fetching;
  }
  /** The last fetch of missing hours could not reach the API. */
  get offline(): boolean {
    return this.#offline;
  }

  line(entryId: string): ImpactLine | undefined {
    return this.#lines[entryId];
  }

  /** Asks for the entry's line (batched with the others asked for at the same time). */
  request(entryId: string): void {
    this.#wanted.add(entryId);
    if (this.#lines[entryId]) return;
    this.#queue.add(entryId);
    this.#schedule();
  }

  #schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    queueMicrotask(() => {
      this.#scheduled = false;
      const ids = [...this.#queue];
      this.#queue.clear();
      for (let i = 0; i < ids.length; i += BATCH) {
        this.#load(ids.slice(i, i + BATCH), false).catch((error: unknown) =>
          handleError(error, 'Could not compute the impact of changes'),
        );
      }
    });
  }

  async #load(entryIds: string[], fetchMissing: boolean): Promise<void> {
    const generation = this.#generation;
    const { lines, offline } = await invoke('impact.lines', { entryIds, hours: this.#hours, fetchMissing });
    if (generation !== this.#generation) return;
    this.#lines = { ...this.#lines, ...Object.fromEntries(lines.map((l) => [l.entryId, l])) };
    if (fetchMissing) this.#offline = offline;
  }

  /** Fetches the hours the cache lacks for one entry (inside the key's request budget), then computes again. */
  async fetchMissing(entryId: string, accountId: string): Promise<void> {
    this.#fetching = entryId;
    try {
      await this.#load([entryId], true);
      if (this.#offline)
        notify(
          'Traffic could not be fetched',
          'warning',
          'The API could not be reached; the impact line uses the saved data.',
          { accountId },
        );
    } catch (error) {
      handleError(error, 'Could not fetch the traffic for this change', { accountId });
    } finally {
      this.#fetching = null;
    }
  }
}

export const impactLines = new ImpactLinesState();

/** Saves the impact lines of the journal's applied changes (one account, or all) as CSV or JSON. */
export async function exportImpact(accountId: string | undefined, format: 'csv' | 'json'): Promise<void> {
  try {
    const file = await invoke('impact.export', {
      ...(accountId === undefined ? {} : { accountId }),
      hours: impactLines.hours,
      format,
    });
    const saved = await getApi().host.saveFile({
      suggestedName: file.suggestedName,
      mimeType: file.mimeType,
      content: file.content,
    });
    if (saved) notify('Change impact exported', 'success', file.suggestedName);
  } catch (error) {
    handleError(error, 'Could not export the change impact');
  }
}
