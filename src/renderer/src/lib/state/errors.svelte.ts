/** The one error path to the user: every failure ends in a toast (announced via aria-live). */

export type ToastTone = 'info' | 'success' | 'warning' | 'danger';

export interface Toast {
  id: number;
  tone: ToastTone;
  title: string;
  detail?: string;
}

/** The IPC error shape (`serializeError` in the core). */
export interface AppError {
  code: string;
  message: string;
  fields?: Record<string, string>;
  retryable?: boolean;
  status?: number;
  traceId?: string;
}

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

class ToastState {
  #items = $state<Toast[]>([]);
  #nextId = 1;
  #timers = new Map<number, ReturnType<typeof setTimeout>>();

  get items(): readonly Toast[] {
    return this.#items;
  }

  push(tone: ToastTone, title: string, detail?: string, timeoutMs = tone === 'danger' ? 10_000 : 5_000): number {
    const id = this.#nextId++;
    this.#items = [...this.#items.slice(-4), { id, tone, title, detail }];
    if (timeoutMs > 0) this.#timers.set(id, setTimeout(() => this.dismiss(id), timeoutMs));
    return id;
  }

  dismiss(id: number): void {
    const timer = this.#timers.get(id);
    if (timer) clearTimeout(timer);
    this.#timers.delete(id);
    this.#items = this.#items.filter((toast) => toast.id !== id);
  }
}

export const toasts = new ToastState();

export function notify(title: string, tone: ToastTone = 'success', detail?: string): void {
  toasts.push(tone, title, detail);
}

/** Shows an error toast: what failed (context), the API's message and code, the trace ID when there is one. */
export function handleError(error: unknown, context?: string): AppError {
  const appError = toAppError(error);
  const detailParts = [appError.message];
  if (appError.code && appError.code !== 'Client.Error') detailParts.push(`(${appError.code})`);
  if (appError.traceId) detailParts.push(`trace ${appError.traceId}`);
  toasts.push('danger', context ?? 'Something went wrong', detailParts.join(' '));
  return appError;
}
