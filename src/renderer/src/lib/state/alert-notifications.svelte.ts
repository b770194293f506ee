// The fleet overview's alerts as Web Notifications, in the browser host only: the desktop app's
// main process shows OS notifications itself (a second one here would notify twice). Permission
// is asked for only when the user presses the button that says so, never on load: a prompt out
// of the blue is what browsers (and users) punish with a permanent "block".
import { isElectronHost } from '../api/index.ts';
import { alertNotificationText } from '#shared/overview/alert-text.ts';
import type { OverviewAlert } from '#shared/overview/schemas.ts';

export type NotificationPermissionState = 'default' | 'granted' | 'denied';

/** The parts of the browser's Notification the app uses (a test passes its own). */
interface NotificationLike {
  onclick: ((event: Event) => void) | null;
  close(): void;
}
export interface NotificationApi {
  readonly permission: NotificationPermissionState;
  requestPermission(): Promise<NotificationPermissionState>;
  new (title: string, options?: { body?: string; tag?: string }): NotificationLike;
}

/** desktop: the desktop app notifies; web: Web Notifications; unsupported: the alert list only. */
export type NotificationMode = 'desktop' | 'web' | 'unsupported';

function browserNotification(): NotificationApi | null {
  const candidate = (globalThis as { Notification?: unknown }).Notification;
  return typeof candidate === 'function' ? (candidate as unknown as NotificationApi) : null;
}

export class AlertNotifications {
  readonly #api: NotificationApi | null;
  readonly mode: NotificationMode;
  #permission = $state<NotificationPermissionState>('default');
  #asking = $state(false);

  constructor(options: { api?: NotificationApi | null; desktopHost?: boolean } = {}) {
    const desktop = options.desktopHost ?? isElectronHost();
    this.#api = desktop ? null : options.api === undefined ? browserNotification() : options.api;
    this.mode = desktop ? 'desktop' : this.#api ? 'web' : 'unsupported';
    this.sync();
  }

  get permission(): NotificationPermissionState {
    return this.#permission;
  }

  /** The permission request is open (the browser's prompt is showing). */
  get asking(): boolean {
    return this.#asking;
  }

  /** Reads the permission again (the user may have changed it in the browser's site settings). */
  sync(): void {
    if (this.#api) this.#permission = this.#api.permission;
  }

  /** Only from a click on "Allow desktop notifications". */
  async requestPermission(): Promise<NotificationPermissionState> {
    if (!this.#api) return this.#permission;
    this.#asking = true;
    try {
      this.#permission = await this.#api.requestPermission();
    } catch {
      this.sync();
    } finally {
      this.#asking = false;
    }
    return this.#permission;
  }

  /**
   * Shows the alert (title: the customer; body: the service and what changed); a click brings
   * the window forward and calls `onOpen`. False when nothing was shown (desktop host, no
   * permission): the alert is in the history either way.
   */
  show(alert: OverviewAlert, onOpen: (alert: OverviewAlert) => void): boolean {
    this.sync();
    if (!this.#api || this.#permission !== 'granted') return false;
    const { title, body } = alertNotificationText(alert);
    try {
      // The tag makes a repeat of the same alert (another tab) replace the first, not stack.
      const notification = new this.#api(title, { body, tag: `overview-alert-${alert.id}` });
      notification.onclick = () => {
        globalThis.focus?.();
        notification.close();
        onOpen(alert);
      };
      return true;
    } catch {
      // Some browsers only allow notifications from a service worker: the history still has it.
      return false;
    }
  }
}
