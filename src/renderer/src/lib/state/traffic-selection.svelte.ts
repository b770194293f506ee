// The traffic dashboard's selection (one account): services, metrics, range, interval and display
// options, remembered per account so that a reload shows the same charts, and the query and API
// call count it makes. TrafficDashboardState (traffic.svelte.ts) adds the fetch and its result.
import { metricIds, metricInfo, type Interval, type Metric } from '#shared/analytics/model.ts';
import {
  chooseInterval,
  planCalls,
  presetDurationMs,
  presetRange,
  rangePresets,
  type RangePreset,
} from '#shared/analytics/ranges.ts';
import { analyticsQuerySchema, MAX_QUERY_RANGE_MS, type AnalyticsQueryInput } from '#shared/analytics/query.ts';
import { fromDateTimeLocal, toDateTimeLocal, type ZoneChoice } from './time-format.ts';

export type RangeChoice = RangePreset | 'custom';
export type IntervalChoice = Interval | 'auto';

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

/** Names typed by the user: comma, space or line separated, duplicates dropped. */
export function parseTypedNames(text: string): string[] {
  const names = text
    .split(/[\s,;]+/)
    .map((s) => s.trim().toLowerCase())
    .filter((s) => s !== '');
  return names.filter((name, i) => names.indexOf(name) === i);
}

export class TrafficSelectionState {
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
    if (saved.range === 'custom' || (rangePresets as readonly string[]).includes(saved.range ?? ''))
      this.#range = saved.range as RangeChoice;
    if (typeof saved.customFrom === 'string') this.#customFrom = saved.customFrom;
    if (typeof saved.customTo === 'string') this.#customTo = saved.customTo;
    if (saved.interval === 'auto' || saved.interval === 'minute' || saved.interval === 'day')
      this.#interval = saved.interval;
    if (typeof saved.compare === 'boolean') this.#compare = saved.compare;
    if (typeof saved.stacked === 'boolean') this.#stacked = saved.stacked;
    if (saved.zone === 'utc' || saved.zone === 'local') this.#zone = saved.zone;
  }

  get allServices(): boolean {
    return this.#allServices;
  }
  set allServices(value: boolean) {
    this.#allServices = value;
    this.#save();
  }
  get selected(): string[] {
    return this.#selected;
  }
  set selected(value: string[]) {
    this.#selected = value;
    this.#save();
  }
  get typed(): string {
    return this.#typed;
  }
  set typed(value: string) {
    this.#typed = value;
    this.#save();
  }
  get metrics(): Metric[] {
    return this.#metrics;
  }
  set metrics(value: Metric[]) {
    this.#metrics = metricIds.filter((m) => value.includes(m));
    this.#save();
  }
  get range(): RangeChoice {
    return this.#range;
  }
  set range(value: RangeChoice) {
    if (value === 'custom' && this.#customFrom === '') {
      // Start the custom fields from the range on screen.
      const r = this.shownRange() ?? presetRange('24h', Date.now());
      this.#customFrom = toDateTimeLocal(r.from, this.#zone);
      this.#customTo = toDateTimeLocal(r.to, this.#zone);
    }
    this.#range = value;
    this.#save();
  }
  get customFrom(): string {
    return this.#customFrom;
  }
  set customFrom(value: string) {
    this.#customFrom = value;
    this.#save();
  }
  get customTo(): string {
    return this.#customTo;
  }
  set customTo(value: string) {
    this.#customTo = value;
    this.#save();
  }
  get interval(): IntervalChoice {
    return this.#interval;
  }
  set interval(value: IntervalChoice) {
    this.#interval = value;
    this.#save();
  }
  get compare(): boolean {
    return this.#compare;
  }
  set compare(value: boolean) {
    this.#compare = value;
    this.#save();
  }
  get stacked(): boolean {
    return this.#stacked;
  }
  set stacked(value: boolean) {
    this.#stacked = value;
    this.#save();
  }
  get zone(): ZoneChoice {
    return this.#zone;
  }
  set zone(value: ZoneChoice) {
    this.#zone = value;
    this.#save();
  }

  /** The range of the charts on screen, where the custom range fields start from. */
  protected shownRange(): { from: number; to: number } | undefined {
    return undefined;
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
    if (!inventoryLoaded)
      return this.#allServices
        ? []
        : [...this.#selected, ...parseTypedNames(this.#typed).filter((n) => !this.#selected.includes(n))];
    if (inventoryNames.length === 0) return parseTypedNames(this.#typed);
    if (this.#allServices) return [...inventoryNames];
    const chosen = this.#selected.filter((name) => inventoryNames.includes(name));
    return [...chosen, ...parseTypedNames(this.#typed).filter((n) => !inventoryNames.includes(n))];
  }

  /** The time range of the current choice, or a message saying what is wrong with it. */
  timeRange(now: number = Date.now()): { from: number; to: number } | { error: string } {
    if (this.#range !== 'custom') {
      const duration = presetDurationMs[this.#range];
      const interval: Interval =
        this.#interval === 'auto' ? chooseInterval(duration) : this.intervalApplies ? this.#interval : 'minute';
      return presetRange(this.#range, now, interval);
    }
    const from = fromDateTimeLocal(this.#customFrom, this.#zone);
    const to = fromDateTimeLocal(this.#customTo, this.#zone);
    if (!Number.isFinite(from) || !Number.isFinite(to))
      return { error: 'Enter both the start and the end of the custom range.' };
    if (to <= from) return { error: 'The end of the range must be after its start.' };
    if (to - from > MAX_QUERY_RANGE_MS) return { error: 'The range may cover at most 400 days.' };
    return { from, to };
  }

  /** The query for the current choice, or the first thing to fix. */
  query(
    inventoryNames: readonly string[],
    extra: Partial<AnalyticsQueryInput> = {},
    inventoryLoaded = true,
  ): AnalyticsQueryInput | { error: string } {
    const serviceNames = this.serviceNames(inventoryNames, inventoryLoaded);
    if (serviceNames.length === 0)
      return {
        error: inventoryNames.length === 0 ? 'Type at least one service domain name.' : 'Choose at least one service.',
      };
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

  /** API calls a fetch of the selection needs when nothing is cached (shown before fetching). */
  estimateCalls(inventoryNames: readonly string[]): number {
    const q = this.query(inventoryNames);
    if ('error' in q) return 0;
    const rangeMs = q.to - q.from;
    let calls = 0;
    for (const metric of q.metrics) {
      const interval: Interval = !metricInfo[metric].supportsDay
        ? 'minute'
        : q.interval === 'auto' || q.interval === undefined
          ? chooseInterval(rangeMs)
          : q.interval;
      const from = q.comparePrevious ? q.from - rangeMs : q.from;
      calls += planCalls({ metric, interval, serviceNames: q.serviceNames, range: { from, to: q.to } }).length;
    }
    return calls;
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
