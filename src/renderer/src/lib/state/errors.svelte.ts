/** The one error path to the user: every failure ends in a toast (announced via aria-live). */
import type { IpcError } from '#shared/ipc/result.ts';

export type ToastTone = 'info' | 'success' | 'warning' | 'danger';

export interface Toast {
  id: number;
  tone: ToastTone;
  title: string;
  detail?: string;
  /** Set on toasts about one account: they name it, and leave when another account becomes current. */
  accountId?: string;
  accountName?: string;
}

/** What a toast is about; given by callers whose message concerns one account. */
export interface ToastOptions {
  accountId?: string;
}

/** The IPC error shape (src/shared/ipc/result.ts); errors raised in the renderer may not say whether a retry helps. */
export type AppError = Omit<IpcError, 'retryable'> & { retryable?: boolean };

export function isAppError(value: unknown): value is AppError {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { code?: unknown }).code === 'string' &&
    typeof (value as { message?: unknown }).message === 'string'
  );
}

/** Turns anything thrown into the IPC error shape. */
export function toAppError(error: unknown): AppError {
  if (isAppError(error)) return error;
  if (error instanceof Error) return { code: 'Client.Error', message: error.message };
  return { code: 'Client.Error', message: String(error) };
}

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
    for (const toast of this.#items) if (toast.accountId !== undefined && toast.accountId !== accountId) this.dismiss(toast.id);
  }

  push(
    tone: ToastTone,
    title: string,
    detail?: string,
    timeoutMs = tone === 'success' || tone === 'info' ? TOAST_TIMEOUT_MS : 0,
    options: ToastOptions = {},
  ): number {
    const { accountId } = options;
    // An answer that arrives after the user left its account is not shown over the next one.
    if (accountId !== undefined && this.#currentAccountId !== undefined && accountId !== this.#currentAccountId) return 0;
    const id = this.#nextId++;
    const kept = this.#items.slice(-4);
    for (const dropped of this.#items.slice(0, -4)) this.#clearTimer(dropped.id);
    const about = accountId === undefined ? {} : { accountId, accountName: this.#accountName(accountId) ?? 'Another account' };
    this.#items = [...kept, { id, tone, title, detail, ...about }];
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

/** Shows an error toast: what failed (context), the API's message and code, the trace ID when there is one. */
export function handleError(error: unknown, context?: string, options?: ToastOptions): AppError {
  const appError = toAppError(error);
  const detailParts = [appError.message];
  if (appError.code && appError.code !== 'Client.Error') detailParts.push(`(${appError.code})`);
  if (appError.traceId) detailParts.push(`trace ${appError.traceId}`);
  toasts.push('danger', context ?? 'Something went wrong', detailParts.join(' '), 0, options);
  return appError;
}
