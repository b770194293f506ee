// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';

type Listener = (event: { matches: boolean }) => void;

/** A controllable prefers-color-scheme media query. */
function fakeMedia(initiallyDark: boolean): { setDark(dark: boolean): void } {
  const listeners: Listener[] = [];
  const media = {
    matches: initiallyDark,
    addEventListener: (_: string, listener: Listener) => listeners.push(listener),
  };
  vi.stubGlobal('matchMedia', () => media);
  return {
    setDark(dark) {
      media.matches = dark;
      for (const listener of listeners) listener({ matches: dark });
    },
  };
}

/** An in-memory settings store whose load answers when the test says so. */
function fakeStore(initial: 'system' | 'light' | 'dark') {
  let answer!: () => void;
  const gate = new Promise<void>((resolve) => (answer = resolve));
  const store = {
    value: initial,
    saves: [] as string[],
    failLoad: false,
    answer,
    load: async () => {
      await gate;
      if (store.failLoad) throw new Error('core unreachable');
      return store.value;
    },
    save: async (value: 'system' | 'light' | 'dark') => {
      store.saves.push(value);
      store.value = value;
    },
  };
  return store;
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

  it('paints the localStorage hint first, then applies the stored setting when it arrives', async () => {
    localStorage.setItem('accel.theme', 'light');
    fakeMedia(false);
    const { ThemeState } = await import('./theme.svelte.ts');
    const store = fakeStore('dark');
    const theme = new ThemeState({ store });
    // First paint: the hint, before the core answered.
    expect(document.documentElement.dataset.theme).toBe('light');
    store.answer();
    await theme.loaded;
    expect(theme.preference).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    // The hint follows, so the next first paint is right too.
    expect(localStorage.getItem('accel.theme')).toBe('dark');
    expect(store.saves).toEqual([]);
  });

  it('restores the choice from the settings with an empty localStorage (a new browser-host origin)', async () => {
    fakeMedia(false);
    const { ThemeState } = await import('./theme.svelte.ts');
    const store = fakeStore('system');
    const first = new ThemeState({ store });
    store.answer();
    await first.loaded;
    first.preference = 'dark';
    await first.saved();
    expect(store.saves).toEqual(['dark']);

    localStorage.clear();
    const second = new ThemeState({ store });
    expect(second.preference).toBe('system');
    await second.loaded;
    expect(second.preference).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it('keeps a pick made before the settings arrived, and saves picks in order', async () => {
    fakeMedia(false);
    const { ThemeState } = await import('./theme.svelte.ts');
    const store = fakeStore('light');
    const theme = new ThemeState({ store });
    theme.preference = 'dark';
    theme.preference = 'system';
    theme.preference = 'dark';
    store.answer();
    await theme.loaded;
    await theme.saved();
    expect(theme.preference).toBe('dark');
    expect(store.saves).toEqual(['dark', 'system', 'dark']);
    expect(store.value).toBe('dark');
  });

  it('keeps the hint when the core cannot be reached', async () => {
    localStorage.setItem('accel.theme', 'dark');
    fakeMedia(false);
    const { ThemeState } = await import('./theme.svelte.ts');
    const store = fakeStore('light');
    store.failLoad = true;
    const theme = new ThemeState({ store });
    store.answer();
    await theme.loaded;
    expect(theme.preference).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
  });
});
