// The client's one retry policy (Cloudflare's SDK model): only operations safe to repeat, only
// 429/5xx answers the API marks retryable and connection failures, with full-jitter exponential
// backoff, honouring Retry-After up to a cap.
import { ApiError, ConnectionError } from './errors.ts';

export interface RetryOptions {
  /** Attempts in total, first one included (default 3; 1 disables retries). */
  maxAttempts?: number;
  /** Backoff base: attempt n waits up to base * 2^(n-1) ms (full jitter). Default 250. */
  baseDelayMs?: number;
  /** Upper bound of one backoff delay (default 10 s). */
  maxDelayMs?: number;
  /** Upper bound for a Retry-After wait (default 60 s). */
  maxRetryAfterMs?: number;
  /** Uniform random number in [0, 1) for the jitter (tests pass a fixed one); Math.random by default. */
  jitter?: () => number;
}

/** Methods safe to repeat when the operation table says nothing (GET, PUT, DELETE). */
const IDEMPOTENT_METHODS = new Set(['GET', 'PUT', 'DELETE']);

export function isIdempotentMethod(method: string): boolean {
  return IDEMPOTENT_METHODS.has(method.toUpperCase());
}

export type RetryPolicy = {
  readonly maxAttempts: number;
  /**
   * The delay before attempt `attempt + 1`, or null to give up with `error`. `gatewayKnownDown`:
   * the gateway was already out of reach when the call began, so a connection failure is not
   * retried (callers with a fallback, such as the offline cache, get it at once).
   */
  delayBefore(error: unknown, attempt: number, idempotent: boolean, gatewayKnownDown?: boolean): number | null;
};

export function createRetryPolicy(options: RetryOptions = {}): RetryPolicy {
  const maxAttempts = Math.max(1, Math.floor(options.maxAttempts ?? 3));
  const baseDelayMs = options.baseDelayMs ?? 250;
  const maxDelayMs = options.maxDelayMs ?? 10_000;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 60_000;
  const jitter = options.jitter ?? Math.random;
  return {
    maxAttempts,
    delayBefore(error, attempt, idempotent, gatewayKnownDown = false) {
      if (attempt >= maxAttempts || !idempotent) return null;
      if (gatewayKnownDown && error instanceof ConnectionError) return null;
      const retryable =
        error instanceof ConnectionError ||
        (error instanceof ApiError && (error.status === 429 || error.status >= 500) && error.retryable);
      if (!retryable) return null;
      if (error instanceof ApiError && error.retryAfterMs !== undefined)
        return Math.min(error.retryAfterMs, maxRetryAfterMs);
      // Full jitter: uniform in [0, min(cap, base * 2^(attempt-1))].
      return jitter() * Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1));
    },
  };
}
