import { describe, expect, it, vi } from 'vitest';
import { alertNotificationOptions, showAlertNotification } from './alert-notification.ts';
import type { OverviewAlert } from '#shared/overview/schemas.ts';

const alert: OverviewAlert = {
  id: 'a1',
  at: Date.UTC(2026, 10, 18, 11, 20),
  accountId: 'acme',
  accountName: 'Acme Retail',
  serviceId: 101,
  serviceName: 'shop.acme-retail.example',
  metric: 'requests',
  direction: 'down',
  change: -0.62,
  z: -8.1,
  value: 380,
  usual: 1000,
  window: { from: Date.UTC(2026, 10, 18, 7), to: Date.UTC(2026, 10, 18, 10) },
  range: { from: Date.UTC(2026, 10, 17, 10), to: Date.UTC(2026, 10, 18, 10) },
  text: 'Acme Retail · shop.acme-retail.example: requests −62 % vs usual (z −8.1)',
};

describe('alert notifications (desktop host)', () => {
  it('names the customer in the title, the service and what changed in the body', () => {
    expect(alertNotificationOptions(alert)).toEqual({
      title: 'Acme Retail: traffic needs attention',
      body: 'shop.acme-retail.example: requests −62 % vs usual (z −8.1)',
      silent: false,
    });
  });

  it('shows one notification whose click opens the alert, and nothing where notifications are not supported', () => {
    const listeners: Array<() => void> = [];
    const shown = vi.fn();
    const opened = vi.fn();
    const create = vi.fn(() => ({
      on: (_event: 'click', listener: () => void) => listeners.push(listener),
      show: shown,
    }));
    expect(showAlertNotification(alert, { supported: () => true, create, opened })).toBe(true);
    expect(shown).toHaveBeenCalledTimes(1);
    listeners[0]();
    expect(opened).toHaveBeenCalledWith(alert);
    expect(showAlertNotification(alert, { supported: () => false, create, opened })).toBe(false);
    expect(create).toHaveBeenCalledTimes(1);
  });
});
