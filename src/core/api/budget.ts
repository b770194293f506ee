// Client-side request budget per access key: sliding windows (100/minute and 1000/hour by default,
// the gateway's illustrated limits). Requests over budget WAIT for a slot instead of provoking 429
// answers; a queued request can be aborted. Two priorities: interactive requests (what the user is
// looking at) are served before queued background work (bulk reads, reveals), and background work
// may only use part of each window, so a burst of it never starves the next interactive read.
import { AbortError } from './errors.ts';
import { monotonicMs } from '../clock.ts';

/** interactive: the default; background: bulk or repeated work that may wait. */
export type BudgetPriority = 'interactive' | 'background';

/** Share of each window background work may use; the rest is kept for interactive requests. */
export const BACKGROUND_SHARE = 0.8;

interface BudgetWindow {
  limit: number;
  windowMs: number;
}

export interface RequestBudgetOptions {
  perMinute?: number;
  perHour?: number;
  /** Replaces perMinute/perHour entirely (tests use e.g. [{ limit: 3, windowMs: 1000 }]). */
  windows?: readonly BudgetWindow[];
  /**
   * Clock in ms; monotonic by default: the windows pair with setTimeout waits and are shared by every
   * core in the process, so they measure elapsed time, not the core's clock.
   */
  now?: () => number;
}

export interface RequestBudget {
  /** Resolves when a request may be sent (and counts it); rejects with AbortError when aborted while queued. */
  acquire(signal?: AbortSignal, operationId?: string, priority?: BudgetPriority): Promise<void>;
  /** Requests waiting for a slot. */
  readonly queued: number;
  /** Requests counted in each window right now. */
  usage(): { limit: number; windowMs: number; used: number }[];
  readonly windows: readonly BudgetWindow[];
}

interface Waiter {
  resolve: () => void;
  reject: (e: unknown) => void;
  signal: AbortSignal | undefined;
  onAbort: () => void;
  operationId: string | undefined;
  priority: BudgetPriority;
}

export function createRequestBudget(options: RequestBudgetOptions = {}): RequestBudget {
  const windows: BudgetWindow[] = (
    options.windows ?? [
      { limit: options.perMinute ?? 100, windowMs: 60_000 },
      { limit: options.perHour ?? 1000, windowMs: 3_600_000 },
    ]
  ).map((w) => ({ ...w }));
  for (const w of windows) {
    if (!(Number.isInteger(w.limit) && w.limit > 0 && w.windowMs > 0)) {
      throw new RangeError('createRequestBudget: limit must be a positive integer and windowMs positive');
    }
  }
  const now = options.now ?? monotonicMs;
  const longest = Math.max(...windows.map((w) => w.windowMs));
  // Grant times, ascending; only the longest window's worth is kept.
  const granted: number[] = [];
  const queue: Waiter[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  const prune = (t: number): void => {
    while (granted.length && granted[0] <= t - longest) granted.shift();
  };
  const countSince = (since: number): number => {
    let n = 0;
    for (let i = granted.length - 1; i >= 0 && granted[i] > since; i--) n++;
    return n;
  };
  // Background work stops at its share of each window (at least one request, and one fewer than the limit when it can).
  const limitFor = (w: BudgetWindow, priority: BudgetPriority): number =>
    priority === 'interactive' ? w.limit : Math.max(1, Math.min(w.limit - 1, Math.floor(w.limit * BACKGROUND_SHARE)));

  /** 0 when a request of this priority may go now, otherwise ms until the earliest window frees a slot for it. */
  const waitFor = (t: number, priority: BudgetPriority): number => {
    let wait = 0;
    for (const w of windows) {
      const limit = limitFor(w, priority);
      const used = countSince(t - w.windowMs);
      if (used >= limit) {
        // The slot frees when the request `limit` places back from the newest leaves the window.
        const oldestCounted = granted[granted.length - limit];
        wait = Math.max(wait, oldestCounted + w.windowMs - t);
      }
    }
    return wait;
  };

  const pump = (): void => {
    if (timer) {
      clearTimeout(timer);
      timer = undefined;
    }
    while (queue.length) {
      const t = now();
      prune(t);
      // FIFO within a priority; any interactive waiter goes before every background one.
      const index = Math.max(
        0,
        queue.findIndex((w) => w.priority === 'interactive'),
      );
      const next = queue[index];
      const wait = waitFor(t, next.priority);
      if (wait > 0) {
        // Not unref'd: a CLI awaiting a queued request must stay alive until it is sent.
        timer = setTimeout(pump, Math.max(1, Math.ceil(wait)));
        return;
      }
      queue.splice(index, 1);
      next.signal?.removeEventListener('abort', next.onAbort);
      granted.push(t);
      next.resolve();
    }
  };

  return {
    windows,
    get queued() {
      return queue.length;
    },
    usage() {
      const t = now();
      prune(t);
      return windows.map((w) => ({ ...w, used: countSince(t - w.windowMs) }));
    },
    acquire(signal, operationId, priority = 'interactive') {
      if (signal?.aborted) return Promise.reject(new AbortError(operationId));
      return new Promise<void>((resolve, reject) => {
        const waiter: Waiter = {
          resolve,
          reject,
          signal,
          operationId,
          priority,
          onAbort: () => {
            const i = queue.indexOf(waiter);
            if (i >= 0) queue.splice(i, 1);
            reject(new AbortError(operationId));
            pump();
          },
        };
        signal?.addEventListener('abort', waiter.onAbort, { once: true });
        queue.push(waiter);
        // A new interactive waiter may go before queued background work right away.
        if (queue.length === 1 || priority === 'interactive') pump();
      });
    },
  };
}

/** Budgets shared by access key: every client of the same base URL and key ID draws from one. */
export interface BudgetRegistry {
  get(baseUrl: string, keyId: string, options?: RequestBudgetOptions): RequestBudget;
  readonly size: number;
}

export function createBudgetRegistry(): BudgetRegistry {
  const budgets = new Map<string, RequestBudget>();
  return {
    get(baseUrl, keyId, options) {
      const key = `${new URL(baseUrl).origin}\n${keyId}`;
      let budget = budgets.get(key);
      if (!budget) {
        // The first client's limits win; later clients of the same key share them.
        budget = createRequestBudget(options);
        budgets.set(key, budget);
      }
      return budget;
    },
    get size() {
      return budgets.size;
    },
  };
}

/** The process-wide registry used by createApiClient unless a budget is passed explicitly. */
export const sharedBudgets: BudgetRegistry = createBudgetRegistry();
