// The fleet overview's alerts for the app's lifetime (they arrive on any screen): the history
// (overview.alerts) with each new alert added as it comes (overview.alert), shown as a Web
// Notification in the browser host; an alert opened — that notification clicked, or the desktop
// app's (overview.alertOpened) — goes to the Overview with the alert to show. Small and loaded at
// start; the Overview's own state (overview.svelte.ts) loads with its screen.
import { invoke, onEvent } from './ipc.ts';
import { handleError } from './errors.svelte.ts';
import { navigation } from './navigation.svelte.ts';
import { AlertNotifications } from './alert-notifications.svelte.ts';
import type { OverviewAlert } from '#shared/overview/schemas.ts';

/** Alerts listed on the screen (the core keeps 500). */
const ALERTS_SHOWN = 100;

/** An alert to bring into view on the Overview. */
export interface OpenedAlert {
  accountId: string;
  serviceId: number;
  /** Changes with each request, so opening the same service again shows it again. */
  token: number;
}

export class OverviewAlerts {
  readonly notifications: AlertNotifications;
  #alerts = $state.raw<readonly OverviewAlert[]>([]);
  #loaded = $state(false);
  #opened = $state.raw<OpenedAlert | null>(null);
  #token = 0;
  #unsubscribe: Array<() => void> = [];

  constructor(options: { notifications?: AlertNotifications } = {}) {
    this.notifications = options.notifications ?? new AlertNotifications();
  }

  start(): void {
    if (this.#unsubscribe.length > 0) return;
    this.#unsubscribe = [
      onEvent('overview.alert', (alert) => this.#onAlert(alert)),
      onEvent('overview.alertOpened', (alert) => this.open(alert)),
    ];
  }

  stop(): void {
    for (const unsubscribe of this.#unsubscribe) unsubscribe();
    this.#unsubscribe = [];
  }

  /** Newest first. */
  get alerts(): readonly OverviewAlert[] {
    return this.#alerts;
  }
  get loaded(): boolean {
    return this.#loaded;
  }
  /** An alert asked to be shown and not shown yet (the Overview takes it with takeOpened()). */
  get opened(): OpenedAlert | null {
    return this.#opened;
  }

  /** The alert to show, once: a later visit to the Overview does not show it again. */
  takeOpened(): OpenedAlert | null {
    const opened = this.#opened;
    this.#opened = null;
    return opened;
  }

  async load(): Promise<void> {
    try {
      const { alerts } = await invoke('overview.alerts', { limit: ALERTS_SHOWN });
      // Alerts that arrived while the history was read stay in it.
      const arrived = this.#alerts.filter((a) => !alerts.some((b) => b.id === a.id));
      this.#alerts = [...arrived, ...alerts].slice(0, ALERTS_SHOWN);
      this.#loaded = true;
    } catch (error) {
      handleError(error, 'Could not read the alert history');
    }
  }

  /** Shows the alert's service on the Overview. */
  open(alert: Pick<OverviewAlert, 'accountId' | 'serviceId'>): void {
    if (navigation.route.screen !== 'overview') navigation.go({ screen: 'overview' });
    this.#opened = { accountId: alert.accountId, serviceId: alert.serviceId, token: ++this.#token };
  }

  #onAlert(alert: OverviewAlert): void {
    // The same alert twice (a reconnect) is listed and notified once.
    if (this.#alerts.some((a) => a.id === alert.id)) return;
    this.#alerts = [alert, ...this.#alerts].slice(0, ALERTS_SHOWN);
    this.notifications.show(alert, (opened) => this.open(opened));
  }
}

export const overviewAlerts = new OverviewAlerts();
