// api.revealSecret re-reads a resource each time; called in a loop it drained the key's request
// budget (a normal read once waited a minute). A person reveals a few secrets a minute: more is
// refused, with the time to wait, before any request is made.
import { AppCode } from '#shared/app-errors.ts';
import { CoreError } from '../errors.ts';

export const MAX_REVEALS = 10;
const REVEAL_WINDOW_MS = 60_000;

export type RevealThrottle = {
  /** Counts one reveal; throws Api.RevealThrottled when the window is full. */
  take(): void;
};

export function createRevealThrottle(
  now: () => number,
  max = MAX_REVEALS,
  windowMs = REVEAL_WINDOW_MS,
): RevealThrottle {
  const recent: number[] = [];
  return {
    take() {
      const t = now();
      while (recent.length > 0 && recent[0] <= t - windowMs) recent.shift();
      if (recent.length >= max) {
        const seconds = Math.max(1, Math.ceil((recent[0] + windowMs - t) / 1000));
        throw new CoreError(
          AppCode.Api.RevealThrottled,
          `Secrets were revealed ${max} times within a minute. Wait ${seconds} seconds before revealing another one.`,
          { retryable: true },
        );
      }
      recent.push(t);
    },
  };
}
