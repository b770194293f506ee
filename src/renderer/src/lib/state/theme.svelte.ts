export type ThemePreference = 'system' | 'light' | 'dark';
export type ResolvedTheme = 'light' | 'dark';

const storageKey = 'accel.theme';
const darkQuery = '(prefers-color-scheme: dark)';

function readPreference(): ThemePreference {
  try {
    const stored = globalThis.localStorage?.getItem(storageKey);
    if (stored === 'light' || stored === 'dark' || stored === 'system') return stored;
  } catch {
    // Storage can be unavailable (privacy settings); fall back to the OS theme.
  }
  return 'system';
}

/** Theme follows the OS unless the user picks Light or Dark; the choice survives restarts. */
export class ThemeState {
  #preference = $state<ThemePreference>(readPreference());
  #systemDark = $state(false);

  constructor() {
    const media = globalThis.matchMedia?.(darkQuery);
    if (media) {
      this.#systemDark = media.matches;
      media.addEventListener?.('change', (event) => {
        this.#systemDark = event.matches;
        this.apply();
      });
    }
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
    this.#preference = value;
    try {
      globalThis.localStorage?.setItem(storageKey, value);
    } catch {
      // Not persisted; the choice still applies for this session.
    }
    this.apply();
  }

  apply(): void {
    if (typeof document !== 'undefined') document.documentElement.dataset.theme = this.resolved;
  }
}

export const theme = new ThemeState();
