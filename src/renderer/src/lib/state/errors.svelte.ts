/**
 * The one error path to the user: a failure the screen does not show in place ends in a toast
 * (announced via aria-live), worded by the one formatter (format-error.ts) as inline errors are. Toasts
 * sit in their own band at the bottom of the window (ToastRegion), never over a page's controls,
 * and belong to the screen they were raised on: moving to another screen withdraws them, unless
 * they concern the whole app (scope 'app', e.g. the core's start-up warnings). docs/ui-checks.md.
 */
import { errorLine, formatError, type FormattedError, type FormatErrorOptions } from './format-error.ts';

export type ToastTone = 'info' | 'success' | 'warning' | 'danger';

interface Toast {
  id: number;
  tone: ToastTone;
  title: string;
  detail?: string;
  /** Set on toasts about one account: they name it, and leave when another account becomes current. */
  accountId?: string;
  accountName?: string;
  /** The screen it was raised on (undefined: about the whole app, kept across screens). */
  screen?: string;
}

/** What a toast is about; given by callers whose message concerns one account, or the whole app. */
export interface ToastOptions {
  accountId?: string;
  /** 'app': kept when the user moves to another screen (default: withdrawn then). */
  scope?: 'screen' | 'app';
}

/** Toasts shown at once; older ones give way (the band stays small at 1024×700). */
export const MAX_TOASTS = 3;

/** How long a success or info toast stays; warnings and errors stay until dismissed. */
export const TOAST_TIMEOUT_MS = 6_000;

interface ToastTimer {
  handle: ReturnType<typeof setTimeout> | null;
  /** Time left when paused (hover or focus), or when the timer was last started. */
  remaining: number;
  startedAt: number;
}

class ToastState {
  #items = $state<Toast[]>([]);
  #nextId = 1;
  #timers = new Map<number, ToastTimer>();
  /** The current account as last reported (undefined: not known yet, so nothing is withdrawn). */
  #currentAccountId: string | null | undefined = undefined;
  /** The current screen as last reported (undefined: not known yet). */
  #currentScreen: string | undefined = undefined;
  #accountName: (accountId: string) => string | undefined = () => undefined;

  get items(): readonly Toast[] {
    return this.#items;
  }

  /** How toasts name an account (the accounts state registers it; this module cannot import it). */
  setAccountNames(nameOf: (accountId: string) => string | undefined): void {
    this.#accountName = nameOf;
  }

  /** Another account became current: its predecessors' toasts are withdrawn. */
  setCurrentAccount(accountId: string | null): void {
    this.#currentAccountId = accountId;
    for (const toast of this.#items)
      if (toast.accountId !== undefined && toast.accountId !== accountId) this.dismiss(toast.id);
  }

  /** The user moved to another screen: the toasts raised on the one left are withdrawn. */
  setScreen(screen: string): void {
    this.#currentScreen = screen;
    for (const toast of this.#items) if (toast.screen !== undefined && toast.screen !== screen) this.dismiss(toast.id);
  }

  push(
    tone: ToastTone,
    title: string,
    detail?: string,
    timeoutMs = tone === 'success' || tone === 'info' ? TOAST_TIMEOUT_MS : 0,
    options: ToastOptions = {},
  ): number {
    const { accountId, scope = 'screen' } = options;
    // An answer that arrives after the user left its account is not shown over the next one.
    if (accountId !== undefined && this.#currentAccountId !== undefined && accountId !== this.#currentAccountId)
      return 0;
    const id = this.#nextId++;
    // A new success says what was done last: earlier successes give way, so saving on one tab
    // after another leaves one line in the band, not a stack over the form.
    if (tone === 'success') for (const toast of this.#items) if (toast.tone === 'success') this.dismiss(toast.id);
    const kept = this.#items.slice(-(MAX_TOASTS - 1));
    for (const dropped of this.#items.slice(0, -(MAX_TOASTS - 1))) this.#clearTimer(dropped.id);
    const about =
      accountId === undefined ? {} : { accountId, accountName: this.#accountName(accountId) ?? 'Another account' };
    const where = scope === 'screen' && this.#currentScreen !== undefined ? { screen: this.#currentScreen } : {};
    this.#items = [...kept, { id, tone, title, detail, ...about, ...where }];
    if (timeoutMs > 0) {
      this.#timers.set(id, { handle: null, remaining: timeoutMs, startedAt: 0 });
      this.resume(id);
    }
    return id;
  }

  /** Stops the countdown while the user reads the toast (pointer over it or focus in it). */
  pause(id: number): void {
    const timer = this.#timers.get(id);
    if (!timer || timer.handle === null) return;
    clearTimeout(timer.handle);
    timer.handle = null;
    timer.remaining = Math.max(0, timer.remaining - (Date.now() - timer.startedAt));
  }

  /** Continues the countdown with the time that was left. */
  resume(id: number): void {
    const timer = this.#timers.get(id);
    if (!timer || timer.handle !== null) return;
    timer.startedAt = Date.now();
    timer.handle = setTimeout(() => this.dismiss(id), timer.remaining);
  }

  dismiss(id: number): void {
    this.#clearTimer(id);
    this.#items = this.#items.filter((toast) => toast.id !== id);
  }

  #clearTimer(id: number): void {
    const timer = this.#timers.get(id);
    if (timer?.handle) clearTimeout(timer.handle);
    this.#timers.delete(id);
  }
}

export const toasts = new ToastState();

export function notify(title: string, tone: ToastTone = 'success', detail?: string, options?: ToastOptions): void {
  toasts.push(tone, title, detail, undefined, options);
}

/**
 * Shows an error toast: what failed (context) as its title; the message (for input errors each
 * field and its rule), the code and the trace ID under it. Returns the formatted error.
 */
export function handleError(
  error: unknown,
  context?: string,
  options: ToastOptions & Pick<FormatErrorOptions, 'secrets'> = {},
): FormattedError {
  const { secrets, ...toastOptions } = options;
  const formatted = formatError(error, { context, secrets });
  toasts.push('danger', formatted.title, errorLine(formatted), 0, toastOptions);
  return formatted;
}
