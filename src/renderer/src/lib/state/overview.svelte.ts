// State of the fleet overview's screen (docs/fleet-overview.md): one row per customer account from
// the saved data (overview.summary), an account's services when it is expanded or read ahead
// (overview.services), refreshing within each key's budget with progress per account
// (overview.changed), background watching, snoozes, and bringing an opened alert's service into
// view. The alerts themselves live for the app's lifetime: overview-alerts.svelte.ts.
import { SvelteMap, SvelteSet } from 'svelte/reactivity';
import { invoke, onEvent } from './ipc.ts';
import { handleError, notify } from './errors.svelte.ts';
import { formatError, type FormattedError } from './format-error.ts';
import { accounts } from './accounts.svelte.ts';
import { navigation } from './navigation.svelte.ts';
import { overviewAlerts } from './overview-alerts.svelte.ts';
import { showTrafficOn } from './traffic.svelte.ts';
import type { ChannelOutput } from '#shared/ipc/contract.ts';
import type { AccountRow, OverviewAlert, ServiceRow } from '#shared/overview/schemas.ts';
import type { WatchStatus } from '#shared/ipc/channels/overview.ts';
import { formatDateTime } from '#shared/format-date.ts';
import { refreshEnded, refreshFailed, totalsOf, type RefreshProgress } from './overview-rows.ts';
import { ServicesReadAhead } from './overview-read-ahead.ts';

export type OverviewSummary = ChannelOutput<'overview.summary'>;
export type OverviewServices = ChannelOutput<'overview.services'>;

/** A service to bring into view (an alert was opened). */
export interface OverviewFocus {
  accountId: string;
  serviceId: number;
  /** Changes with each request, so asking again for the same service scrolls again. */
  token: number;
}

const storageKey = 'accel.overview';

function loadSavedTag(): string | null {
  try {
    const raw = globalThis.localStorage?.getItem(storageKey);
    const tag = raw ? (JSON.parse(raw) as { tag?: unknown }).tag : null;
    return typeof tag === 'string' && tag !== '' ? tag : null;
  } catch {
    return null;
  }
}

export class OverviewState {
  #tag = $state<string | null>(loadSavedTag());
  // Raw: rows are replaced whole (a refresh answer, a row re-read after overview.changed).
  #summary = $state.raw<OverviewSummary | null>(null);
  #loading = $state(false);
  #error = $state<FormattedError | null>(null);
  readonly #expanded = new SvelteSet<string>();
  // The values are kept as they came (a SvelteMap does not proxy them): 250 rows of figures each.
  readonly #services = new SvelteMap<string, OverviewServices>();
  readonly #servicesLoading = new SvelteSet<string>();
  readonly #servicesError = new SvelteMap<string, FormattedError>();
  #refresh = $state.raw<RefreshProgress | null>(null);
  /** Start and end events seen per account during the refresh on screen. */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- bookkeeping, not rendered
  #refreshEvents = new Map<string, number>();
  #watch = $state.raw<WatchStatus | null>(null);
  #focus = $state.raw<OverviewFocus | null>(null);
  /** The newest row request per account: an older answer arriving late is dropped. */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- bookkeeping, not rendered
  #rowRequests = new Map<string, number>();
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- bookkeeping, not rendered
  #servicesRequests = new Map<string, number>();
  #unsubscribe: Array<() => void> = [];
  #focusToken = 0;
  /** Reading services ahead while the screen is open (see readAhead). */
  readonly #readAhead = new ServicesReadAhead(
    () => this.#nextToReadAhead(),
    (accountId) => this.loadServices(accountId),
  );

  /** Listens to the accounts' refreshes (from the screen's first opening on: the rows stay current). */
  start(): void {
    if (this.#unsubscribe.length > 0) return;
    this.#unsubscribe = [onEvent('overview.changed', ({ accountId }) => this.#onChanged(accountId))];
  }

  stop(): void {
    for (const unsubscribe of this.#unsubscribe) unsubscribe();
    this.#unsubscribe = [];
  }

  get tag(): string | null {
    return this.#tag;
  }
  /** Only the accounts carrying this tag (null: every account); remembered. */
  set tag(value: string | null) {
    this.#tag = value;
    try {
      globalThis.localStorage?.setItem(storageKey, JSON.stringify({ tag: value }));
    } catch {
      // Not remembered; the filter still applies.
    }
    void this.load();
  }

  get summary(): OverviewSummary | null {
    return this.#summary;
  }
  get rows(): readonly AccountRow[] {
    return this.#summary?.accounts ?? [];
  }
  get loading(): boolean {
    return this.#loading;
  }
  get error(): FormattedError | null {
    return this.#error;
  }
  get refreshProgress(): RefreshProgress | null {
    return this.#refresh;
  }
  get refreshing(): boolean {
    return this.#refresh?.running ?? false;
  }
  get watch(): WatchStatus | null {
    return this.#watch;
  }
  get focus(): OverviewFocus | null {
    return this.#focus;
  }

  isExpanded(accountId: string): boolean {
    return this.#expanded.has(accountId);
  }
  services(accountId: string): OverviewServices | null {
    return this.#services.get(accountId) ?? null;
  }
  servicesLoading(accountId: string): boolean {
    return this.#servicesLoading.has(accountId);
  }
  servicesError(accountId: string): FormattedError | null {
    return this.#servicesError.get(accountId) ?? null;
  }

  /** The service's snooze as last read (undefined: its account's services were not read yet). */
  snoozedUntil(accountId: string, serviceId: number): number | null | undefined {
    const services = this.#services.get(accountId);
    if (!services) return undefined;
    return services.services.find((s) => s.serviceId === serviceId)?.snoozedUntil ?? null;
  }

  #selection(): { tag: string } | undefined {
    return this.#tag === null ? undefined : { tag: this.#tag };
  }

  /** Every row from the saved data (no API call). */
  async load(): Promise<void> {
    this.#loading = true;
    try {
      const summary = await invoke('overview.summary', this.#selection());
      // Benchmark mark: the rows arrived (scripts/bench-overview-ui.ts measures click → painted).
      globalThis.performance?.mark?.('overview:data');
      this.#summary = summary;
      this.#error = null;
      // Rows re-read on their own before this answer are older than it.
      this.#rowRequests.clear();
    } catch (error) {
      this.#error = formatError(error);
    } finally {
      this.#loading = false;
    }
  }

  /** The watch setting and the alert history (not needed for the first paint). */
  async loadExtras(): Promise<void> {
    await Promise.all([this.loadWatch(), overviewAlerts.load()]);
  }

  async loadWatch(): Promise<void> {
    try {
      this.#watch = await invoke('overview.watchStatus');
    } catch (error) {
      handleError(error, 'Could not read the watch setting');
    }
  }

  async toggle(accountId: string): Promise<void> {
    if (this.#expanded.delete(accountId)) return;
    this.#expanded.add(accountId);
    if (!this.#services.has(accountId)) await this.loadServices(accountId);
  }

  /** One account's service rows, sorted by attention by the core. */
  async loadServices(accountId: string): Promise<void> {
    const request = (this.#servicesRequests.get(accountId) ?? 0) + 1;
    this.#servicesRequests.set(accountId, request);
    this.#servicesLoading.add(accountId);
    try {
      const services = await invoke('overview.services', { accountId });
      if (this.#servicesRequests.get(accountId) !== request) return;
      globalThis.performance?.mark?.('overview:services-data', { detail: accountId });
      this.#services.set(accountId, services);
      this.#servicesError.delete(accountId);
    } catch (error) {
      if (this.#servicesRequests.get(accountId) === request) this.#servicesError.set(accountId, formatError(error));
    } finally {
      if (this.#servicesRequests.get(accountId) === request) this.#servicesLoading.delete(accountId);
    }
  }

  /**
   * Reads every shown account's services one at a time while the page is idle, those needing
   * attention first, so that expanding a customer paints at once (no round trip to the core), as
   * the app reads every account's service list behind the current one. Stops with stopReadAhead().
   */
  readAhead(): void {
    this.#readAhead.start();
  }

  stopReadAhead(): void {
    this.#readAhead.stop();
  }

  /** The next account to read ahead: one not read yet, those needing attention first. */
  #nextToReadAhead(): string | undefined {
    const waiting = this.rows.filter(
      (row) =>
        row.services.total > 0 &&
        !this.#services.has(row.accountId) &&
        !this.#servicesLoading.has(row.accountId) &&
        !this.#servicesError.has(row.accountId),
    );
    return (waiting.find((row) => row.status === 'attention' || row.status === 'snoozed') ?? waiting[0])?.accountId;
  }

  /** Reads the services of these accounts unless already read (the alert history shows their snoozes). */
  ensureServices(accountIds: readonly string[]): void {
    for (const id of accountIds) {
      if (!this.#services.has(id) && !this.#servicesLoading.has(id) && this.rows.some((row) => row.accountId === id))
        void this.loadServices(id);
    }
  }

  /** An account's refresh started or ended: its row (and its services, when read) are read again. */
  #onChanged(accountId: string): void {
    const progress = this.#refresh;
    if (progress?.running && progress.accountIds.includes(accountId)) {
      const seen = (this.#refreshEvents.get(accountId) ?? 0) + 1;
      this.#refreshEvents.set(accountId, seen);
      // The second event of an account is its end.
      if (seen === 2) this.#refresh = { ...progress, done: Math.min(progress.accountIds.length, progress.done + 1) };
    }
    if (!this.rows.some((row) => row.accountId === accountId)) return;
    void this.#reloadRow(accountId);
  }

  async #reloadRow(accountId: string): Promise<void> {
    const request = (this.#rowRequests.get(accountId) ?? 0) + 1;
    this.#rowRequests.set(accountId, request);
    let row: AccountRow | undefined;
    let generatedAt: number;
    try {
      const answer = await invoke('overview.summary', { accountIds: [accountId] });
      row = answer.accounts[0];
      generatedAt = answer.generatedAt;
    } catch {
      // The whole list is read again when the refresh ends.
      return;
    }
    const summary = this.#summary;
    if (!row || !summary || this.#rowRequests.get(accountId) !== request) return;
    const accountsNow = summary.accounts.map((existing) =>
      existing.accountId === accountId ? (row as AccountRow) : existing,
    );
    this.#summary = { ...summary, generatedAt, accounts: accountsNow, totals: totalsOf(accountsNow) };
    if (row.refreshing) return;
    // An expanded account's services are read again now; others when read ahead or expanded.
    if (this.#expanded.has(accountId)) void this.loadServices(accountId);
    else this.#forgetServices(accountId);
  }

  /**
   * Fetches what the saved data lacks for the rows on screen, each key within its budget. The
   * saved rows stay on screen meanwhile; offline, they stay with the reason.
   */
  async refresh(): Promise<void> {
    if (this.refreshing) return;
    const ids = this.rows.map((row) => row.accountId);
    if (ids.length === 0) return;
    this.#refreshEvents.clear();
    this.#refresh = { accountIds: ids, done: 0, running: true, failed: [], offline: false, calls: 0 };
    try {
      const result = await invoke('overview.refresh', { accountIds: ids });
      this.#refresh = refreshEnded(
        ids,
        result,
        (id) => this.rows.find((row) => row.accountId === id)?.accountName ?? id,
      );
    } catch (error) {
      this.#refresh = refreshFailed(ids, formatError(error));
    }
    await this.load();
    for (const id of [...this.#services.keys()]) if (!this.#expanded.has(id)) this.#forgetServices(id);
    for (const id of this.#expanded) void this.loadServices(id);
  }

  #forgetServices(accountId: string): void {
    if (this.#servicesLoading.has(accountId)) return;
    this.#services.delete(accountId);
    this.#servicesError.delete(accountId);
  }

  async setWatch(accountIds: readonly string[], tags: readonly string[]): Promise<void> {
    try {
      this.#watch = await invoke('overview.setWatch', { accountIds: [...accountIds], tags: [...tags] });
      // The rows say which accounts are watched.
      await this.load();
    } catch (error) {
      handleError(error, 'Could not change what is watched');
    }
  }

  async setAccountWatched(accountId: string, watched: boolean): Promise<void> {
    const current = this.#watch ?? (await invoke('overview.watchStatus'));
    const others = current.accountIds.filter((id) => id !== accountId);
    const ids = watched ? [...others, accountId] : others;
    await this.setWatch(ids, current.tags);
  }

  async setTagWatched(tag: string, watched: boolean): Promise<void> {
    const current = this.#watch ?? (await invoke('overview.watchStatus'));
    const others = current.tags.filter((t) => t !== tag);
    const tags = watched ? [...others, tag] : others;
    await this.setWatch(current.accountIds, tags);
  }

  async snooze(row: Pick<ServiceRow, 'accountId' | 'serviceId' | 'serviceName'>, hours: number): Promise<boolean> {
    const accountName = this.rows.find((r) => r.accountId === row.accountId)?.accountName ?? '';
    try {
      const { snoozedUntil } = await invoke('overview.snooze', {
        accountId: row.accountId,
        serviceId: row.serviceId,
        hours,
      });
      notify(
        `Alerts of ${row.serviceName} (${accountName}) snoozed`,
        'success',
        `Until ${formatDateTime(snoozedUntil, { seconds: false })}. It still shows when it needs attention, marked snoozed.`,
      );
    } catch (error) {
      handleError(error, `Could not snooze ${row.serviceName}`);
      return false;
    }
    await Promise.all([this.loadServices(row.accountId), this.#reloadRow(row.accountId)]);
    return true;
  }

  async unsnooze(row: Pick<ServiceRow, 'accountId' | 'serviceId' | 'serviceName'>): Promise<void> {
    try {
      await invoke('overview.unsnooze', { accountId: row.accountId, serviceId: row.serviceId });
      notify(`Alerts of ${row.serviceName} no longer snoozed`, 'success');
    } catch (error) {
      handleError(error, `Could not end the snooze of ${row.serviceName}`);
      return;
    }
    await Promise.all([this.loadServices(row.accountId), this.#reloadRow(row.accountId)]);
  }

  /** The service's Traffic screen on the same hours; its account becomes current first. */
  async openTraffic(row: Pick<ServiceRow, 'accountId' | 'serviceName' | 'range'>): Promise<void> {
    if (row.accountId !== accounts.currentId) {
      await accounts.switchTo(row.accountId);
      if (accounts.currentId !== row.accountId) return;
    }
    showTrafficOn(row.accountId, [row.serviceName], row.range);
    navigation.go({ screen: 'traffic' });
  }

  /** Shows an alert's service on the overview: its customer expanded, the service in view. */
  async openAlert(alert: Pick<OverviewAlert, 'accountId' | 'serviceId'>): Promise<void> {
    if (this.#summary === null) await this.load();
    // The tag filter would hide the customer: show every account.
    if (!this.rows.some((row) => row.accountId === alert.accountId) && this.#tag !== null) {
      this.#tag = null;
      await this.load();
    }
    this.#expanded.add(alert.accountId);
    this.#focus = { accountId: alert.accountId, serviceId: alert.serviceId, token: ++this.#focusToken };
    await this.loadServices(alert.accountId);
  }
}

export const overview = new OverviewState();
