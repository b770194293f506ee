// State of one traffic dashboard (one account): the selection (traffic-selection.svelte.ts), the
// running fetch with its progress, the last result, and the exports. A reload shows the same
// charts from the offline cache when the API is out of reach.
import { invoke, onEvent } from './ipc.ts';
import { handleError, notify } from './errors.svelte.ts';
import { formatError, type FormattedError } from './format-error.ts';
import { AppCode } from '#shared/app-errors.ts';
import { getApi } from '../api/index.ts';
import type { Metric } from '#shared/analytics/model.ts';
import type { AnalyticsQueryInput, AnalyticsResult } from '#shared/analytics/query.ts';
import { exportFileName } from '#shared/analytics/bundle.ts';
import { addPngText } from '#shared/analytics/png-text.ts';
import { toDateTimeLocal } from './time-format.ts';
import { TrafficSelectionState } from './traffic-selection.svelte.ts';

/** Above this many API calls a fetch says what it will cost and asks before it starts. */
export const ASK_ABOVE_CALLS = 100;
/** The API's budget per access key (spec: 100 requests a minute). */
const CALLS_PER_MINUTE = 100;

/** "about 4 minutes" for a fetch of `calls` API calls at the API's pace. */
export function estimateDuration(calls: number): string {
  const minutes = Math.ceil(calls / CALLS_PER_MINUTE);
  return minutes <= 1 ? 'about a minute' : `about ${minutes} minutes`;
}

export interface TrafficProgress {
  done: number;
  total: number;
  failed: number;
}

function newRequestId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

export class TrafficDashboardState extends TrafficSelectionState {
  #loading = $state(false);
  #progress = $state<TrafficProgress | null>(null);
  #result = $state.raw<AnalyticsResult | null>(null);
  #error = $state<FormattedError | null>(null);
  #requestId: string | null = null;
  #lastQuery: AnalyticsQueryInput | null = null;
  #exporting = $state(false);
  #cacheInfo = $state<{ bytes: number; maxBytes: number } | null>(null);
  /** The charts show saved data while the refresh from the API is still running. */
  #saved = $state(false);
  /** The selection the charts on screen were fetched for (see selectionKey). */
  #appliedKey = $state<string | null>(null);

  get loading(): boolean {
    return this.#loading;
  }
  get progress(): TrafficProgress | null {
    return this.#progress;
  }
  get result(): AnalyticsResult | null {
    return this.#result;
  }
  get error(): FormattedError | null {
    return this.#error;
  }
  get exporting(): boolean {
    return this.#exporting;
  }
  /** The result on screen came from the offline cache and a refresh is (or was) under way. */
  get showingSaved(): boolean {
    return this.#saved;
  }
  get cacheInfo(): { bytes: number; maxBytes: number } | null {
    return this.#cacheInfo;
  }

  async refreshCacheInfo(): Promise<void> {
    try {
      const info = await invoke('analytics.cacheInfo', {});
      this.#cacheInfo = { bytes: info.bytes, maxBytes: info.maxBytes };
    } catch {
      this.#cacheInfo = null;
    }
  }

  /** Forgets this account's saved traffic (it is fetched again when needed). */
  async clearCache(): Promise<void> {
    try {
      await invoke('analytics.clearCache', { accountId: this.accountId });
      notify('Saved traffic data cleared', 'success', 'Charts are fetched from the API again next time.', {
        accountId: this.accountId,
      });
    } catch (error) {
      handleError(error, 'Could not clear the saved traffic data', { accountId: this.accountId });
    }
    await this.refreshCacheInfo();
  }

  protected override shownRange(): { from: number; to: number } | undefined {
    return this.#result?.range;
  }

  /**
   * Charts fetched before the service list was known (a remembered selection) belong to the
   * selection as it reads once the list is there.
   */
  adoptSelection(inventoryNames: readonly string[]): void {
    if (this.#result !== null && this.#appliedKey === null && !this.#loading)
      this.#appliedKey = this.selectionKey(inventoryNames);
  }

  /** The selection was changed since the charts on screen were fetched. */
  isPending(inventoryNames: readonly string[]): boolean {
    return this.#result !== null && this.#appliedKey !== null && this.#appliedKey !== this.selectionKey(inventoryNames);
  }

  async load(inventoryNames: readonly string[], inventoryLoaded = true): Promise<void> {
    const q = this.query(inventoryNames, {}, inventoryLoaded);
    if ('error' in q) {
      this.#error = formatError({ code: AppCode.Traffic.InvalidSelection, message: q.error });
      return;
    }
    if (this.#requestId) await this.cancel();
    const key = this.selectionKey(inventoryNames, inventoryLoaded);
    const requestId = newRequestId();
    this.#requestId = requestId;
    this.#loading = true;
    this.#error = null;
    this.#progress = null;
    const unsubscribe = onEvent('analytics.progress', (p) => {
      if (p.requestId === requestId) this.#progress = { done: p.done, total: p.total, failed: p.failed };
    });
    let answered = false;
    const show = (result: AnalyticsResult, saved: boolean): void => {
      this.#lastQuery = q;
      // Before the inventory was known the key lists the saved names; the full list follows.
      this.#appliedKey = inventoryLoaded ? key : null;
      // Benchmark mark: data arrival (scripts/bench.ts measures from here to the charts' paint).
      globalThis.performance?.mark?.('traffic:data');
      this.#result = result;
      this.#saved = saved;
    };
    // Charts not on screen yet: paint what the offline cache holds at once and refresh behind
    // it, so a slow or unreachable gateway never holds back data already saved.
    if (this.#appliedKey !== key || this.#result === null) {
      void invoke('analytics.fetch', { ...q, cacheOnly: true }).then(
        (cached) => {
          if (answered || this.#requestId !== requestId || cached.asOf === null) return;
          // "Not saved yet" is no failure while the refresh is still running.
          show({ ...cached, failures: cached.failures.filter((f) => f.code !== AppCode.Analytics.NotCached) }, true);
        },
        () => undefined,
      );
    }
    try {
      const query = { ...q, requestId };
      const result = await invoke('analytics.fetch', query);
      answered = true;
      if (this.#requestId !== requestId) return;
      show(result, false);
      if (result.cancelled)
        notify('Fetch cancelled', 'info', 'The charts show what arrived before you cancelled.', {
          accountId: this.accountId,
        });
      void this.refreshCacheInfo();
    } catch (error) {
      answered = true;
      if (this.#requestId === requestId) this.#error = formatError(error);
    } finally {
      unsubscribe();
      if (this.#requestId === requestId) {
        this.#requestId = null;
        this.#loading = false;
        this.#progress = null;
      }
    }
  }

  async cancel(): Promise<void> {
    const requestId = this.#requestId;
    if (!requestId) return;
    try {
      await invoke('analytics.cancel', { requestId });
    } catch (error) {
      handleError(error, 'Could not cancel the fetch', { accountId: this.accountId });
    }
  }

  /** The query of the charts on screen, answered from the cache (no new API calls). */
  #exportQuery(): AnalyticsQueryInput | null {
    const result = this.#result;
    const q = this.#lastQuery;
    if (!result || !q) return null;
    return { ...q, requestId: undefined, cacheOnly: true };
  }

  async exportBundle(): Promise<void> {
    const q = this.#exportQuery();
    if (!q) return;
    this.#exporting = true;
    try {
      const file = await invoke('stats.exportBundle', q);
      const saved = await getApi().host.saveFile({
        suggestedName: file.suggestedName,
        mimeType: file.mimeType,
        content: file.content,
      });
      if (saved) notify('Bundle exported', 'success', `${file.suggestedName} — SHA-256 ${file.sha256.slice(0, 12)}…`);
    } catch (error) {
      handleError(error, 'Could not export the bundle');
    } finally {
      this.#exporting = false;
    }
  }

  async exportCsv(): Promise<void> {
    const q = this.#exportQuery();
    if (!q) return;
    this.#exporting = true;
    try {
      const file = await invoke('stats.exportCsv', q);
      const saved = await getApi().host.saveFile({
        suggestedName: file.suggestedName,
        mimeType: file.mimeType,
        content: file.content,
      });
      if (saved) notify('CSV exported', 'success', file.suggestedName);
    } catch (error) {
      handleError(error, 'Could not export the CSV');
    } finally {
      this.#exporting = false;
    }
  }

  pngName(metric: Metric): string {
    const range = this.#result?.range ?? { from: Date.now(), to: Date.now() + 1 };
    return exportFileName(range, 'png').replace('traffic-', `traffic-${metric}-`);
  }
}

/**
 * Makes the account's dashboard open on these services over this range (the fleet overview's
 * click-through): the selection is saved the way the dashboard saves it, so it opens with it.
 */
export function showTrafficOn(
  accountId: string,
  serviceNames: readonly string[],
  range: { from: number; to: number },
): void {
  const dash = new TrafficDashboardState(accountId);
  dash.allServices = false;
  dash.selected = [...serviceNames];
  dash.typed = '';
  dash.customFrom = toDateTimeLocal(range.from, dash.zone);
  dash.customTo = toDateTimeLocal(range.to, dash.zone);
  dash.range = 'custom';
}

/** Saves a chart's PNG data URL through the host's save dialog, with `text` as PNG text chunks. */
export async function savePng(
  dataUrl: string,
  suggestedName: string,
  text: Record<string, string> = {},
): Promise<void> {
  try {
    const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
    const binary = atob(base64);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    const content = addPngText(bytes, text);
    const saved = await getApi().host.saveFile({ suggestedName, mimeType: 'image/png', content });
    if (saved) notify('Chart saved', 'success', suggestedName);
  } catch (error) {
    handleError(error, 'Could not save the chart');
  }
}
