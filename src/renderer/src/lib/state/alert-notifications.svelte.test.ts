// @vitest-environment jsdom
// Alerts as Web Notifications: permission is asked for only through requestPermission() (the
// "Allow desktop notifications" button), never when alerts arrive or the state is built; nothing
// is shown without permission or in the desktop app (its main process notifies); a click brings
// the window forward, closes the notification and opens the alert.
import { describe, expect, it, vi } from 'vitest';
import {
  AlertNotifications,
  type NotificationApi,
  type NotificationPermissionState,
} from './alert-notifications.svelte.ts';
import type { OverviewAlert } from '#shared/overview/schemas.ts';

const alert: OverviewAlert = {
  id: 'alert-1',
  at: Date.UTC(2026, 10, 18, 10, 20),
  accountId: 'acme',
  accountName: 'Acme Retail',
  serviceId: 7,
  serviceName: 'shop.acme-retail.example',
  metric: 'requests',
  direction: 'down',
  change: -0.62,
  z: -8.1,
  value: 380,
  usual: 1000,
  window: { from: 0, to: 1 },
  range: { from: 0, to: 1 },
  text: 'Acme Retail · shop.acme-retail.example: requests −62 % vs usual (z −8.1)',
};

function fakeApi(initial: NotificationPermissionState, answer: NotificationPermissionState = 'granted') {
  const shown: Array<{
    title: string;
    body?: string;
    tag?: string;
    closed: boolean;
    onclick: ((event: Event) => void) | null;
    close(): void;
  }> = [];
  const api = {
    permission: initial,
    requestPermission: vi.fn(async () => {
      api.permission = answer;
      return answer;
    }),
  };
  class FakeNotification {
    onclick: ((event: Event) => void) | null = null;
    closed = false;
    constructor(
      readonly title: string,
      readonly options: { body?: string; tag?: string } = {},
    ) {
      shown.push(this as unknown as (typeof shown)[number]);
    }
    close(): void {
      this.closed = true;
    }
    static get permission(): NotificationPermissionState {
      return api.permission;
    }
    static requestPermission(): Promise<NotificationPermissionState> {
      return api.requestPermission();
    }
  }
  return { Notification: FakeNotification as unknown as NotificationApi, api, shown };
}

describe('alert notifications', () => {
  it('never asks for permission by itself: not when built, not when an alert arrives', () => {
    const fake = fakeApi('default');
    const notifications = new AlertNotifications({ api: fake.Notification, desktopHost: false });
    expect(notifications.mode).toBe('web');
    expect(notifications.permission).toBe('default');
    expect(notifications.show(alert, () => undefined)).toBe(false);
    expect(fake.api.requestPermission).not.toHaveBeenCalled();
    expect(fake.shown).toHaveLength(0);
  });

  it('asks once when the user presses the button, then shows alerts: title the customer, body the service and what changed', async () => {
    const fake = fakeApi('default');
    const notifications = new AlertNotifications({ api: fake.Notification, desktopHost: false });
    expect(await notifications.requestPermission()).toBe('granted');
    expect(fake.api.requestPermission).toHaveBeenCalledTimes(1);
    expect(notifications.permission).toBe('granted');
    expect(notifications.show(alert, () => undefined)).toBe(true);
    expect(fake.shown).toHaveLength(1);
    expect(fake.shown[0]).toMatchObject({
      title: 'Acme Retail: traffic needs attention',
      options: { body: 'shop.acme-retail.example: requests −62 % vs usual (z −8.1)', tag: 'overview-alert-alert-1' },
    });
  });

  it('shows nothing when the user refused', async () => {
    const fake = fakeApi('default', 'denied');
    const notifications = new AlertNotifications({ api: fake.Notification, desktopHost: false });
    expect(await notifications.requestPermission()).toBe('denied');
    expect(notifications.show(alert, () => undefined)).toBe(false);
    expect(fake.shown).toHaveLength(0);
  });

  it('a click brings the window forward, closes the notification and opens the alert', () => {
    const fake = fakeApi('granted');
    const focus = vi.spyOn(globalThis, 'focus').mockImplementation(() => undefined);
    const opened: OverviewAlert[] = [];
    const notifications = new AlertNotifications({ api: fake.Notification, desktopHost: false });
    notifications.show(alert, (a) => opened.push(a));
    fake.shown[0].onclick?.(new Event('click'));
    expect(focus).toHaveBeenCalled();
    expect(fake.shown[0].closed).toBe(true);
    expect(opened).toEqual([alert]);
    focus.mockRestore();
  });

  it('leaves notifying to the desktop app (no second notification), and says when the browser has none', async () => {
    const fake = fakeApi('granted');
    const desktop = new AlertNotifications({ api: fake.Notification, desktopHost: true });
    expect(desktop.mode).toBe('desktop');
    expect(desktop.show(alert, () => undefined)).toBe(false);
    await desktop.requestPermission();
    expect(fake.api.requestPermission).not.toHaveBeenCalled();
    expect(fake.shown).toHaveLength(0);
    expect(new AlertNotifications({ api: null, desktopHost: false }).mode).toBe('unsupported');
  });
});
