import { invoke } from './ipc.ts';

export type ThemePreference = 'system' | 'light' | 'dark';
export type ResolvedTheme = 'light' | 'dark';

/** Where the choice lives for good: the core's settings.json (app.getSettings / app.updateSettings). */
export interface ThemeSettingsStore {
  load(): Promise<ThemePreference>;
  save(preference: ThemePreference): Promise<void>;
}

const storageKey = 'accel.theme';
const darkQuery = '(prefers-color-scheme: dark)';

function isPreference(value: unknown): value is ThemePreference {
  return value === 'light' || value === 'dark' || value === 'system';
}

function readHint(): ThemePreference {
  try {
    const stored = globalThis.localStorage?.getItem(storageKey);
    if (isPreference(stored)) return stored;
  } catch {
    // Storage can be unavailable (privacy settings); fall back to the OS theme.
  }
  return 'system';
}

function writeHint(value: ThemePreference): void {
  try {
    globalThis.localStorage?.setItem(storageKey, value);
  } catch {
    // No first-paint hint; the settings file still has the choice.
  }
}

const coreThemeSettings: ThemeSettingsStore = {
  load: async () => (await invoke('app.getSettings')).theme,
  save: async (theme) => {
    await invoke('app.updateSettings', { theme });
  },
};

/**
 * Theme follows the OS unless the user picks Light or Dark. The choice is kept in the core's
 * settings, so it survives restarts in both hosts (the browser host gets a new origin, hence an
 * empty localStorage, on every start). localStorage is only the first-paint hint that avoids a
 * flash of the wrong theme before the settings arrive.
 */
export class ThemeState {
  #preference = $state<ThemePreference>(readHint());
  #systemDark = $state(false);
  #store: ThemeSettingsStore | undefined;
  /** The user picked a theme since start: a late settings answer must not undo it. */
  #chosen = false;
  #saving: Promise<void> = Promise.resolve();
  /** Settles once the stored settings were read (or could not be). */
  readonly loaded: Promise<void>;

  constructor(options: { store?: ThemeSettingsStore } = {}) {
    this.#store = options.store;
    const media = globalThis.matchMedia?.(darkQuery);
    if (media) {
      this.#systemDark = media.matches;
      media.addEventListener?.('change', (event) => {
        this.#systemDark = event.matches;
        this.apply();
      });
    }
    this.apply();
    this.loaded = this.#load();
  }

  async #load(): Promise<void> {
    if (!this.#store) return;
    let stored: ThemePreference;
    try {
      stored = await this.#store.load();
    } catch {
      // Core unreachable (yet): keep the hint; the next pick is saved again.
      return;
    }
    if (this.#chosen || !isPreference(stored)) return;
    this.#preference = stored;
    writeHint(stored);
    this.apply();
  }

  get preference(): ThemePreference {
    return this.#preference;
  }

  get resolved(): ResolvedTheme {
    if (this.#preference === 'system') return this.#systemDark ? 'dark' : 'light';
    return this.#preference;
  }

  set preference(value: ThemePreference) {
    this.#chosen = true;
    this.#preference = value;
    writeHint(value);
    this.apply();
    const store = this.#store;
    // Chained so that quick successive picks reach the core in order.
    if (store) this.#saving = this.#saving.then(() => store.save(value)).catch(() => undefined);
  }

  /** Settles when every pick so far was handed to the settings store. */
  saved(): Promise<void> {
    return this.#saving;
  }

  apply(): void {
    if (typeof document !== 'undefined') document.documentElement.dataset.theme = this.resolved;
  }
}

export const theme = new ThemeState({ store: coreThemeSettings });
