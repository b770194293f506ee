// The journal's applied changes on the traffic charts: loaded for the services and range of each
// result (impact.markers); opening one goes to its journal entry.
import { invoke } from './ipc.ts';
import { handleError } from './errors.svelte.ts';
import { navigation } from './navigation.svelte.ts';
import type { ChangeMarker } from '#shared/ipc/channels/impact.ts';

export class ChangeMarkersState {
  #markers = $state.raw<ChangeMarker[]>([]);
  /** Only the answer to the newest load counts. */
  #generation = 0;

  get markers(): readonly ChangeMarker[] {
    return this.#markers;
  }

  async load(accountId: string, serviceNames: readonly string[], range: { from: number; to: number }): Promise<void> {
    const generation = ++this.#generation;
    if (serviceNames.length === 0) {
      this.#markers = [];
      return;
    }
    try {
      const { markers } = await invoke('impact.markers', {
        accountId,
        serviceNames: [...serviceNames],
        from: range.from,
        to: range.to,
      });
      if (generation === this.#generation) this.#markers = markers;
    } catch (error) {
      if (generation !== this.#generation) return;
      this.#markers = [];
      handleError(error, 'Could not show the journal’s changes on the charts', { accountId });
    }
  }
}

/** Opens a change's entry in the change journal. */
export function openJournalEntry(marker: ChangeMarker): void {
  navigation.go({ screen: 'journal', entryId: marker.entryId });
}
