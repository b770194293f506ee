// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte';
import { flushSync } from 'svelte';
import ToastRegion from './toast-region.svelte';
import { MAX_TOASTS, TOAST_TIMEOUT_MS, handleError, notify, toasts } from '../state/errors.svelte.ts';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  for (const toast of [...toasts.items]) toasts.dismiss(toast.id);
  cleanup();
  vi.useRealTimers();
});

function advance(ms: number): void {
  vi.advanceTimersByTime(ms);
  flushSync();
}

describe('ToastRegion', () => {
  it('dismisses success and info toasts by themselves, and keeps errors and warnings', () => {
    render(ToastRegion);
    toasts.push('success', 'Saved');
    toasts.push('danger', 'Could not save', 'Boom (X.Y)');
    toasts.push('warning', 'Partly done');
    flushSync();
    expect(screen.getAllByRole('status')).toHaveLength(2);
    advance(TOAST_TIMEOUT_MS - 100);
    expect(screen.getByText('Saved')).toBeTruthy();
    advance(200);
    expect(screen.queryByText('Saved')).toBeNull();
    advance(60_000);
    expect(screen.getByRole('alert').textContent).toContain('Could not save');
    expect(screen.getByText('Partly done')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Dismiss notification' })[0]);
    flushSync();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the latest success only; warnings and errors stay beside it', () => {
    render(ToastRegion);
    toasts.push('success', 'Cache control saved');
    toasts.push('warning', 'Rule tests could not run');
    toasts.push('success', 'Redirection saved');
    flushSync();
    expect(screen.queryByText('Cache control saved')).toBeNull();
    expect(screen.getByText('Redirection saved')).toBeTruthy();
    expect(screen.getByText('Rule tests could not run')).toBeTruthy();
  });

  it('waits while the pointer is over a toast or focus is inside it', async () => {
    render(ToastRegion);
    toasts.push('success', 'Service created');
    flushSync();
    const toast = screen.getByText('Service created').closest('.toast') as HTMLElement;
    advance(2_000);
    await fireEvent.mouseEnter(toast);
    advance(TOAST_TIMEOUT_MS * 3);
    expect(screen.getByText('Service created')).toBeTruthy();
    await fireEvent.mouseLeave(toast);
    // The countdown continues with the 4 s that were left, not from zero.
    advance(TOAST_TIMEOUT_MS - 2_000 - 100);
    expect(screen.getByText('Service created')).toBeTruthy();
    advance(200);
    expect(screen.queryByText('Service created')).toBeNull();

    toasts.push('info', 'Copied');
    flushSync();
    const button = screen.getByRole('button', { name: 'Dismiss notification' });
    button.focus();
    advance(TOAST_TIMEOUT_MS * 2);
    expect(screen.getByText('Copied')).toBeTruthy();
    button.blur();
    advance(TOAST_TIMEOUT_MS + 10);
    expect(screen.queryByText('Copied')).toBeNull();
  });

  it('names the account of a toast about one, and withdraws it when another account becomes current', () => {
    render(ToastRegion);
    toasts.setAccountNames((id) => ({ a: 'Unreachable Inc', b: 'Globex' })[id]);
    toasts.setCurrentAccount('a');
    handleError({ code: 'Network.Unreachable', message: 'No answer' }, 'Could not read service #101', {
      accountId: 'a',
    });
    toasts.push('warning', 'Keychain locked');
    flushSync();
    expect(screen.getByRole('alert').textContent).toContain('Unreachable Inc');
    expect(screen.getByRole('alert').textContent).toContain('Could not read service #101');

    toasts.setCurrentAccount('b');
    flushSync();
    expect(screen.queryByText('Could not read service #101')).toBeNull();
    // A toast about no account in particular stays.
    expect(screen.getByText('Keychain locked')).toBeTruthy();

    // A late answer about the account the user left is not shown at all.
    handleError({ code: 'Network.Unreachable', message: 'No answer' }, 'Could not load the policies', {
      accountId: 'a',
    });
    flushSync();
    expect(screen.queryByText('Could not load the policies')).toBeNull();
    toasts.setCurrentAccount(null);
  });

  it('belongs to the screen it was raised on: moving to another screen withdraws it, app-wide warnings stay', () => {
    render(ToastRegion);
    toasts.setScreen('traffic');
    handleError({ code: 'Export.Failed', message: 'Disk full' }, 'Could not export the bundle');
    notify('The journal file was damaged and kept aside', 'warning', undefined, { scope: 'app' });
    flushSync();
    expect(screen.getByRole('alert').textContent).toContain('Could not export the bundle');
    toasts.setScreen('traffic');
    flushSync();
    expect(screen.getByRole('alert')).toBeTruthy();
    toasts.setScreen('accounts');
    flushSync();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('The journal file was damaged and kept aside')).toBeTruthy();
  });

  it('shows at most a few toasts, the newest, in a band that takes no room when empty', () => {
    const { container } = render(ToastRegion);
    const band = container.querySelector('.toast-region') as HTMLElement;
    expect(band.classList.contains('filled')).toBe(false);
    for (let i = 1; i <= MAX_TOASTS + 2; i++) toasts.push('warning', `Warning ${i}`);
    flushSync();
    expect(band.classList.contains('filled')).toBe(true);
    expect(screen.getAllByRole('status').map((t) => t.querySelector('.toast-title')?.textContent)).toEqual(
      Array.from({ length: MAX_TOASTS }, (_, i) => `Warning ${i + 3}`),
    );
  });
});
