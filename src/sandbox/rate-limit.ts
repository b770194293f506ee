// Gateway rate limit per access key (spec "Limits": illustrated as 100/minute and 1000/hour).
// Sliding logs would be exact but cost memory per request; two fixed windows aligned to the clock
// are what most gateways do and make Retry-After easy to state.
import { HOUR_MS, MINUTE_MS } from '#shared/time.ts';

export interface RateLimitOptions {
  perMinute: number;
  perHour: number;
}

export const DEFAULT_RATE_LIMIT: RateLimitOptions = { perMinute: 100, perHour: 1000 };

type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

interface Window {
  start: number;
  count: number;
}

export interface RateLimiter {
  /** Counts one request of the key at `nowMs`, or refuses it (refused requests are not counted). */
  take(keyId: string, nowMs: number): RateDecision;
}

export function createRateLimiter(options: RateLimitOptions | false): RateLimiter {
  if (options === false) return { take: () => ({ allowed: true }) };
  const { perMinute, perHour } = options;
  const minutes = new Map<string, Window>();
  const hours = new Map<string, Window>();

  const current = (map: Map<string, Window>, keyId: string, size: number, nowMs: number): Window => {
    const start = Math.floor(nowMs / size) * size;
    let w = map.get(keyId);
    if (!w || w.start !== start) {
      w = { start, count: 0 };
      map.set(keyId, w);
    }
    return w;
  };

  return {
    take(keyId, nowMs) {
      const minute = current(minutes, keyId, MINUTE_MS, nowMs);
      const hour = current(hours, keyId, HOUR_MS, nowMs);
      const waits: number[] = [];
      if (minute.count >= perMinute) waits.push(minute.start + MINUTE_MS - nowMs);
      if (hour.count >= perHour) waits.push(hour.start + HOUR_MS - nowMs);
      if (waits.length > 0) {
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(Math.max(...waits) / 1000)) };
      }
      minute.count++;
      hour.count++;
      return { allowed: true };
    },
  };
}
