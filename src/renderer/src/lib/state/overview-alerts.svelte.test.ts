// @vitest-environment jsdom
// The alerts for the app's lifetime, over a fake window.api: an alert arriving is listed once and
// notified once (a reconnect may deliver it twice); the history read meanwhile keeps it; opening
// an alert (a notification's click, the desktop app's overview.alertOpened) goes to the Overview
// and is taken there once, so a later visit does not show it again.
import { describe, expect, it, vi } from 'vitest';

type Listener = (payload: unknown) => void;
const fake = vi.hoisted(() => {
  const listeners = new Map<string, Set<Listener>>();
  const state = { history: [] as unknown[] };
  Object.assign(globalThis, {
    api: {
      host: {},
      overview: { alerts: async () => ({ ok: true, data: { alerts: state.history } }) },
      on: (event: string, listener: Listener) => {
        const set = listeners.get(event) ?? new Set();
        set.add(listener);
        listeners.set(event, set);
        return () => set.delete(listener);
      },
    },
  });
  return {
    state,
    emit: (event: string, payload: unknown) => {
      for (const listener of listeners.get(event) ?? []) listener(payload);
    },
  };
});

import { OverviewAlerts } from './overview-alerts.svelte.ts';
import { AlertNotifications, type NotificationApi } from './alert-notifications.svelte.ts';
import { navigation } from './navigation.svelte.ts';
import type { OverviewAlert } from '#shared/overview/schemas.ts';

function recording(): {
  notifications: AlertNotifications;
  shown: Array<{ title: string; onclick: ((e: Event) => void) | null }>;
} {
  const shown: Array<{ title: string; onclick: ((e: Event) => void) | null }> = [];
  class Shown {
    onclick: ((e: Event) => void) | null = null;
    constructor(readonly title: string) {
      shown.push(this);
    }
    close(): void {}
    static permission = 'granted';
    static requestPermission = async () => 'granted';
  }
  return {
    notifications: new AlertNotifications({ api: Shown as unknown as NotificationApi, desktopHost: false }),
    shown,
  };
}

const alert = (id: string, accountId = 'b', serviceId = 2): OverviewAlert =>
  ({
    id,
    accountId,
    accountName: accountId.toUpperCase(),
    serviceId,
    serviceName: `www.${accountId}.example`,
    text: `${accountId.toUpperCase()} · www.${accountId}.example: requests −62 % vs usual (z −8.1)`,
  }) as OverviewAlert;

describe('OverviewAlerts', () => {
  it('lists an arriving alert once and notifies it once; the history read meanwhile keeps it', async () => {
    const { notifications, shown } = recording();
    const alerts = new OverviewAlerts({ notifications });
    alerts.start();
    fake.state.history = [alert('old', 'a', 1)];
    fake.emit('overview.alert', alert('new'));
    fake.emit('overview.alert', alert('new'));
    await alerts.load();
    expect(alerts.alerts.map((a) => a.id)).toEqual(['new', 'old']);
    expect(shown.map((n) => n.title)).toEqual(['B: traffic needs attention']);
    alerts.stop();
  });

  it('a clicked notification, or the desktop app’s, opens the Overview with that service, taken once', () => {
    const { notifications, shown } = recording();
    const alerts = new OverviewAlerts({ notifications });
    alerts.start();
    navigation.go({ screen: 'journal' });
    fake.emit('overview.alert', alert('x', 'c', 9));
    shown[0].onclick?.(new Event('click'));
    expect(navigation.route).toEqual({ screen: 'overview' });
    expect(alerts.takeOpened()).toMatchObject({ accountId: 'c', serviceId: 9 });
    expect(alerts.takeOpened()).toBeNull();
    navigation.go({ screen: 'journal' });
    fake.emit('overview.alertOpened', alert('y', 'a', 1));
    expect(navigation.route).toEqual({ screen: 'overview' });
    expect(alerts.opened).toMatchObject({ accountId: 'a', serviceId: 1 });
    alerts.stop();
  });
});
