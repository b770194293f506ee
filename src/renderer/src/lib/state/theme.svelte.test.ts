// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';

type Listener = (event: { matches: boolean }) => void;

/** A controllable prefers-color-scheme media query. */
function fakeMedia(initiallyDark: boolean): { setDark(dark: boolean): void } {
  const listeners: Listener[] = [];
  const media = { matches: initiallyDark, addEventListener: (_: string, listener: Listener) => listeners.push(listener) };
  vi.stubGlobal('matchMedia', () => media);
  return {
    setDark(dark) {
      media.matches = dark;
      for (const listener of listeners) listener({ matches: dark });
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
  localStorage.clear();
});

describe('ThemeState', () => {
  it('follows the OS until the user picks a theme, and remembers the pick', async () => {
    const os = fakeMedia(false);
    const { ThemeState } = await import('./theme.svelte.ts');
    const theme = new ThemeState();
    expect(theme.preference).toBe('system');
    expect(document.documentElement.dataset.theme).toBe('light');
    os.setDark(true);
    expect(document.documentElement.dataset.theme).toBe('dark');

    theme.preference = 'light';
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(localStorage.getItem('accel.theme')).toBe('light');
    os.setDark(false);
    os.setDark(true);
    expect(document.documentElement.dataset.theme).toBe('light');

    // A new start reads the stored choice.
    expect(new ThemeState().preference).toBe('light');
  });

  it('ignores a stored value it does not know', async () => {
    localStorage.setItem('accel.theme', 'sepia');
    fakeMedia(true);
    const { ThemeState } = await import('./theme.svelte.ts');
    expect(new ThemeState().resolved).toBe('dark');
  });
});
