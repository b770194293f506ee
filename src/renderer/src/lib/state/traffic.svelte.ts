// State of one traffic dashboard (one account): what is selected, the running fetch with its
// progress, the last result, and the exports. The selection is remembered per account, so a
// reload shows the same charts (from the offline cache when the API is out of reach).
import { invoke, onEvent } from './ipc.ts';
import { handleError, notify } from './errors.svelte.ts';
import { formatError, type FormattedError } from './format-error.ts';
import { AppCode } from '#shared/app-errors.ts';
import { getApi } from '../api/index.ts';
import { metricIds, metricInfo, type Interval, type Metric } from '#shared/analytics/model.ts';
import { chooseInterval, planCalls, presetDurationMs, presetRange, rangePresets, type RangePreset } from '#shared/analytics/ranges.ts';
import { analyticsQuerySchema, MAX_QUERY_RANGE_MS, type AnalyticsQueryInput, type AnalyticsResult } from '#shared/analytics/query.ts';
import { exportFileName } from '#shared/analytics/bundle.ts';
import { addPngText } from '#shared/analytics/png-text.ts';
import { fromDateTimeLocal, toDateTimeLocal, type ZoneChoice } from './time-format.ts';

export type RangeChoice = RangePreset | 'custom';
export type IntervalChoice = Interval | 'auto';

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

interface SavedSelection {
  allServices: boolean;
  selected: string[];
  typed: string;
  metrics: Metric[];
  range: RangeChoice;
  customFrom: string;
  customTo: string;
  interval: IntervalChoice;
  compare: boolean;
  stacked: boolean;
  zone: ZoneChoice;
}

const storagePrefix = 'accel.traffic.';

function loadSaved(accountId: string): Partial<SavedSelection> {
  try {
    const raw = globalThis.localStorage?.getItem(storagePrefix + accountId);
    return raw ? (JSON.parse(raw) as Partial<SavedSelection>) : {};
  } catch {
    return {};
  }
}

function newRequestId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** Names typed by the user: comma, space or line separated, duplicates dropped. */
export function parseTypedNames(text: string): string[] {
  const names = text.split(/[\s,;]+/).map((s) => s.trim().toLowerCase()).filter((s) => s !== '');
  return names.filter((name, i) => names.indexOf(name) === i);
}

export class TrafficDashboardState {
  readonly accountId: string;

  #allServices = $state(true);
  #selected = $state<string[]>([]);
  #typed = $state('');
  #metrics = $state<Metric[]>([...metricIds]);
  #range = $state<RangeChoice>('24h');
  #customFrom = $state('');
  #customTo = $state('');
  #interval = $state<IntervalChoice>('auto');
  #compare = $state(true);
  #stacked = $state(false);
  #zone = $state<ZoneChoice>('local');

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

  constructor(accountId: string) {
    this.accountId = accountId;
    const saved = loadSaved(accountId);
    if (typeof saved.allServices === 'boolean') this.#allServices = saved.allServices;
    if (Array.isArray(saved.selected)) this.#selected = saved.selected.filter((s) => typeof s === 'string');
    if (typeof saved.typed === 'string') this.#typed = saved.typed;
    if (Array.isArray(saved.metrics)) {
      const metrics = saved.metrics.filter((m): m is Metric => (metricIds as readonly string[]).includes(m));
      if (metrics.length > 0) this.#metrics = metrics;
    }
    if (saved.range === 'custom' || (rangePresets as readonly string[]).includes(saved.range ?? '')) this.#range = saved.range as RangeChoice;
    if (typeof saved.customFrom === 'string') this.#customFrom = saved.customFrom;
    if (typeof saved.customTo === 'string') this.#customTo = saved.customTo;
    if (saved.interval === 'auto' || saved.interval === 'minute' || saved.interval === 'day') this.#interval = saved.interval;
    if (typeof saved.compare === 'boolean') this.#compare = saved.compare;
    if (typeof saved.stacked === 'boolean') this.#stacked = saved.stacked;
    if (saved.zone === 'utc' || saved.zone === 'local') this.#zone = saved.zone;
  }

  get allServices(): boolean { return this.#allServices; }
  set allServices(value: boolean) { this.#allServices = value; this.#save(); }
  get selected(): string[] { return this.#selected; }
  set selected(value: string[]) { this.#selected = value; this.#save(); }
  get typed(): string { return this.#typed; }
  set typed(value: string) { this.#typed = value; this.#save(); }
  get metrics(): Metric[] { return this.#metrics; }
  set metrics(value: Metric[]) { this.#metrics = metricIds.filter((m) => value.includes(m)); this.#save(); }
  get range(): RangeChoice { return this.#range; }
  set range(value: RangeChoice) {
    if (value === 'custom' && this.#customFrom === '') {
      // Start the custom fields from the range on screen.
      const r = this.#result?.range ?? presetRange('24h', Date.now());
      this.#customFrom = toDateTimeLocal(r.from, this.#zone);
      this.#customTo = toDateTimeLocal(r.to, this.#zone);
    }
    this.#range = value;
    this.#save();
  }
  get customFrom(): string { return this.#customFrom; }
  set customFrom(value: string) { this.#customFrom = value; this.#save(); }
  get customTo(): string { return this.#customTo; }
  set customTo(value: string) { this.#customTo = value; this.#save(); }
  get interval(): IntervalChoice { return this.#interval; }
  set interval(value: IntervalChoice) { this.#interval = value; this.#save(); }
  get compare(): boolean { return this.#compare; }
  set compare(value: boolean) { this.#compare = value; this.#save(); }
  get stacked(): boolean { return this.#stacked; }
  set stacked(value: boolean) { this.#stacked = value; this.#save(); }
  get zone(): ZoneChoice { return this.#zone; }
  set zone(value: ZoneChoice) { this.#zone = value; this.#save(); }

  get loading(): boolean { return this.#loading; }
  get progress(): TrafficProgress | null { return this.#progress; }
  get result(): AnalyticsResult | null { return this.#result; }
  get error(): FormattedError | null { return this.#error; }
  get exporting(): boolean { return this.#exporting; }
  /** The result on screen came from the offline cache and a refresh is (or was) under way. */
  get showingSaved(): boolean { return this.#saved; }
  get cacheInfo(): { bytes: number; maxBytes: number } | null { return this.#cacheInfo; }

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
      notify('Saved traffic data cleared', 'success', 'Charts are fetched from the API again next time.', { accountId: this.accountId });
    } catch (error) {
      handleError(error, 'Could not clear the saved traffic data', { accountId: this.accountId });
    }
    await this.refreshCacheInfo();
  }

  /** Whether the interval choice matters: only volume and bandwidth have daily data. */
  get intervalApplies(): boolean {
    return this.#metrics.some((m) => metricInfo[m].supportsDay);
  }

  /**
   * The services a fetch would cover, from the inventory (all or chosen) or typed names. Before
   * the inventory has loaded, a saved choice of services is used as it is (so a reload can show
   * cached charts without waiting for the list).
   */
  serviceNames(inventoryNames: readonly string[], inventoryLoaded = true): string[] {
    if (!inventoryLoaded) return this.#allServices ? [] : [...this.#selected, ...parseTypedNames(this.#typed).filter((n) => !this.#selected.includes(n))];
    if (inventoryNames.length === 0) return parseTypedNames(this.#typed);
    if (this.#allServices) return [...inventoryNames];
    const chosen = this.#selected.filter((name) => inventoryNames.includes(name));
    return [...chosen, ...parseTypedNames(this.#typed).filter((n) => !inventoryNames.includes(n))];
  }

  /** The time range of the current choice, or a message saying what is wrong with it. */
  timeRange(now: number = Date.now()): { from: number; to: number } | { error: string } {
    if (this.#range !== 'custom') {
      const duration = presetDurationMs[this.#range];
      const interval: Interval = this.#interval === 'auto' ? chooseInterval(duration) : this.intervalApplies ? this.#interval : 'minute';
      return presetRange(this.#range, now, interval);
    }
    const from = fromDateTimeLocal(this.#customFrom, this.#zone);
    const to = fromDateTimeLocal(this.#customTo, this.#zone);
    if (!Number.isFinite(from) || !Number.isFinite(to)) return { error: 'Enter both the start and the end of the custom range.' };
    if (to <= from) return { error: 'The end of the range must be after its start.' };
    if (to - from > MAX_QUERY_RANGE_MS) return { error: 'The range may cover at most 400 days.' };
    return { from, to };
  }

  /** The query for the current choice, or the first thing to fix. */
  query(inventoryNames: readonly string[], extra: Partial<AnalyticsQueryInput> = {}, inventoryLoaded = true): AnalyticsQueryInput | { error: string } {
    const serviceNames = this.serviceNames(inventoryNames, inventoryLoaded);
    if (serviceNames.length === 0) return { error: inventoryNames.length === 0 ? 'Type at least one service domain name.' : 'Choose at least one service.' };
    if (this.#metrics.length === 0) return { error: 'Choose at least one metric.' };
    const range = this.timeRange();
    if ('error' in range) return range;
    const input: AnalyticsQueryInput = {
      accountId: this.accountId,
      serviceNames,
      metrics: [...this.#metrics],
      from: range.from,
      to: range.to,
      interval: this.#interval,
      comparePrevious: this.#compare,
      ...extra,
    };
    const checked = analyticsQuerySchema.safeParse(input);
    if (!checked.success) return { error: checked.error.issues[0]?.message ?? 'The selection is not valid.' };
    return input;
  }

  /**
   * What a fetch depends on (not the display options, which apply at once). The charts show an
   * older selection while this differs from the one they were fetched for.
   */
  selectionKey(inventoryNames: readonly string[], inventoryLoaded = true): string {
    return JSON.stringify({
      services: this.serviceNames(inventoryNames, inventoryLoaded),
      metrics: this.#metrics,
      range: this.#range,
      custom: this.#range === 'custom' ? [this.#customFrom, this.#customTo] : null,
      interval: this.intervalApplies ? this.#interval : 'auto',
      compare: this.#compare,
    });
  }

  /**
   * Charts fetched before the service list was known (a remembered selection) belong to the
   * selection as it reads once the list is there.
   */
  adoptSelection(inventoryNames: readonly string[]): void {
    if (this.#result !== null && this.#appliedKey === null && !this.#loading) this.#appliedKey = this.selectionKey(inventoryNames);
  }

  /** The selection was changed since the charts on screen were fetched. */
  isPending(inventoryNames: readonly string[]): boolean {
    return this.#result !== null && this.#appliedKey !== null && this.#appliedKey !== this.selectionKey(inventoryNames);
  }

  /** API calls a fetch of the selection needs when nothing is cached (shown before fetching). */
  estimateCalls(inventoryNames: readonly string[]): number {
    const q = this.query(inventoryNames);
    if ('error' in q) return 0;
    const rangeMs = q.to - q.from;
    let calls = 0;
    for (const metric of q.metrics) {
      const interval: Interval = !metricInfo[metric].supportsDay ? 'minute' : q.interval === 'auto' || q.interval === undefined ? chooseInterval(rangeMs) : q.interval;
      const from = q.comparePrevious ? q.from - rangeMs : q.from;
      calls += planCalls({ metric, interval, serviceNames: q.serviceNames, range: { from, to: q.to } }).length;
    }
    return calls;
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
      if (result.cancelled) notify('Fetch cancelled', 'info', 'The charts show what arrived before you cancelled.', { accountId: this.accountId });
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
      const saved = await getApi().host.saveFile({ suggestedName: file.suggestedName, mimeType: file.mimeType, content: file.content });
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
      const saved = await getApi().host.saveFile({ suggestedName: file.suggestedName, mimeType: file.mimeType, content: file.content });
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

  #save(): void {
    const saved: SavedSelection = {
      allServices: this.#allServices,
      selected: this.#selected,
      typed: this.#typed,
      metrics: this.#metrics,
      range: this.#range,
      customFrom: this.#customFrom,
      customTo: this.#customTo,
      interval: this.#interval,
      compare: this.#compare,
      stacked: this.#stacked,
      zone: this.#zone,
    };
    try {
      globalThis.localStorage?.setItem(storagePrefix + this.accountId, JSON.stringify(saved));
    } catch {
      // Not remembered; the dashboard still works.
    }
  }
}

/**
 * Makes the account's dashboard open on these services over this range (the fleet overview's
 * click-through): the selection is saved the way the dashboard saves it, so it opens with it.
 */
export function showTrafficOn(accountId: string, serviceNames: readonly string[], range: { from: number; to: number }): void {
  const dash = new TrafficDashboardState(accountId);
  dash.allServices = false;
  dash.selected = [...serviceNames];
  dash.typed = '';
  dash.customFrom = toDateTimeLocal(range.from, dash.zone);
  dash.customTo = toDateTimeLocal(range.to, dash.zone);
  dash.range = 'custom';
}

/** Saves a chart's PNG data URL through the host's save dialog, with `text` as PNG text chunks. */
export async function savePng(dataUrl: string, suggestedName: string, text: Record<string, string> = {}): Promise<void> {
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
