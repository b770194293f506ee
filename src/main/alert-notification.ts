// The fleet overview's alerts as OS notifications (the core decides when a service newly needs
// attention and sends `overview.alert`; the desktop host only shows it and brings the window
// forward on click, telling the renderer which alert was opened).
import type { OverviewAlert } from '#shared/overview/schemas.ts';
import { alertNotificationText } from '#shared/overview/alert-text.ts';

export type NotificationOptions = { title: string; body: string; silent: boolean };

/** Title: the customer; body: the service and what changed, as the alert says it. */
export function alertNotificationOptions(alert: OverviewAlert): NotificationOptions {
  return { ...alertNotificationText(alert), silent: false };
}

export type NotificationLike = { on(event: 'click', listener: () => void): unknown; show(): void };

export function showAlertNotification(
  alert: OverviewAlert,
  host: {
    supported(): boolean;
    create(options: NotificationOptions): NotificationLike;
    opened(alert: OverviewAlert): void;
  },
): boolean {
  if (!host.supported()) return false;
  const notification = host.create(alertNotificationOptions(alert));
  notification.on('click', () => host.opened(alert));
  notification.show();
  return true;
}
