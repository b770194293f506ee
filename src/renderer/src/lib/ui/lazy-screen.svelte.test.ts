// @vitest-environment jsdom
// Screens loaded on first use: one load shared by every caller, a quiet moment before "Loading…",
// the error with Retry when the chunk cannot be fetched, and a screen already loaded shown at once.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte';
import type { Component } from 'svelte';
import Harness from './LazyScreenHarness.test.svelte';
import Target from './LazyScreenTarget.test.svelte';
import { lazyModule } from './lazy-module.ts';

type Screen = Component<{ title: string }>;

/** An importer whose answers the test gives, one per call. */
function controlledImporter(): {
  importer: () => Promise<{ default: Screen }>;
  calls: number;
  resolve(): void;
  reject(error: Error): void;
} {
  const pending: { resolve: (value: { default: Screen }) => void; reject: (error: Error) => void }[] = [];
  const control = {
    calls: 0,
    importer: () => {
      control.calls += 1;
      return new Promise<{ default: Screen }>((resolve, reject) => pending.push({ resolve, reject }));
    },
    resolve: () => pending.shift()?.resolve({ default: Target }),
    reject: (error: Error) => pending.shift()?.reject(error),
  };
  return control;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('lazyModule', () => {
  it('loads once for every caller and keeps the export', async () => {
    const control = controlledImporter();
    const module = lazyModule('Bulk changes', control.importer);
    expect(module.current).toBeUndefined();
    const first = module.load();
    const second = module.load();
    expect(control.calls).toBe(1);
    control.resolve();
    expect(await first).toBe(Target);
    expect(await second).toBe(Target);
    expect(module.current).toBe(Target);
    await module.load();
    expect(control.calls).toBe(1);
  });

  it('forgets a failed load, so the next call fetches again', async () => {
    const control = controlledImporter();
    const module = lazyModule('Bulk changes', control.importer);
    const failed = module.load();
    control.reject(new TypeError('Failed to fetch dynamically imported module'));
    await expect(failed).rejects.toThrow('Failed to fetch');
    const again = module.load();
    expect(control.calls).toBe(2);
    control.resolve();
    expect(await again).toBe(Target);
  });
});

describe('LazyScreen', () => {
  it('shows nothing for a quick load, then the screen', async () => {
    const control = controlledImporter();
    render(Harness, { module: lazyModule('Bulk changes', control.importer) });
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-busy')).toBe('true');
    expect(status.textContent?.trim()).toBe('');
    await vi.advanceTimersByTimeAsync(100);
    control.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(screen.getByRole('heading', { name: 'Bulk changes' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    // The quiet period ends after the screen came: no message appears late.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(screen.queryByText(/Loading/)).toBeNull();
  });

  it('says it is loading when the load takes longer', async () => {
    const control = controlledImporter();
    render(Harness, { module: lazyModule('Bulk changes', control.importer) });
    await vi.advanceTimersByTimeAsync(400);
    expect(screen.getByRole('status').textContent).toContain('Loading Bulk changes…');
    control.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(screen.getByRole('heading', { name: 'Bulk changes' })).toBeTruthy();
  });

  it('shows a screen already loaded in its first render', async () => {
    const control = controlledImporter();
    const module = lazyModule('Bulk changes', control.importer);
    const loading = module.load();
    control.resolve();
    await loading;
    render(Harness, { module });
    expect(screen.getByRole('heading', { name: 'Bulk changes' })).toBeTruthy();
    expect(control.calls).toBe(1);
  });

  it('explains a failed load and loads again on Retry, with focus kept on the screen region', async () => {
    const control = controlledImporter();
    render(Harness, { module: lazyModule('Bulk changes', control.importer) });
    control.reject(new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1/assets/work-1234.js'));
    await vi.advanceTimersByTimeAsync(0);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('The Bulk changes screen could not be loaded.');
    expect(alert.textContent).toContain('Failed to fetch dynamically imported module');
    const retry = screen.getByRole('button', { name: 'Retry' });
    retry.focus();
    await fireEvent.click(retry);
    expect(control.calls).toBe(2);
    expect(document.activeElement).toBe(screen.getByRole('main', { name: 'Screen' }));
    control.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(screen.getByRole('heading', { name: 'Bulk changes' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
