// Watching in the background (modelled on the baselines' snapshot refresher): when the host allows
// background work and the user watches some accounts or tags, a round every WATCH_ROUND_PAUSE_MS
// refreshes the watched accounts' overview (reads at background priority inside each key's
// request budget, so interactive work goes first; nothing is fetched until a new hour settled)
// and raises alerts. Off by default; never started in tests unless they ask; stop() aborts the
// round in flight. Timers never keep a process alive.
import { MINUTE_MS, SECOND_MS } from '#shared/time.ts';

const WATCH_ROUND_PAUSE_MS = 15 * MINUTE_MS;
/** The first round waits a little, so the app's first screen loads before it. */
const WATCH_FIRST_ROUND_DELAY_MS = 10 * SECOND_MS;

export interface OverviewWatcherDeps {
  /** Whether anything is watched (the setting). */
  watching(): Promise<boolean>;
  /** One round: refresh the watched accounts and raise alerts. */
  round(signal: AbortSignal): Promise<unknown>;
  now(): Date;
  roundPauseMs?: number;
  firstRoundDelayMs?: number;
}

export type OverviewWatcherStatus = {
  backgroundAllowed: boolean;
  running: boolean;
  lastRoundAt: number | null;
  nextRoundAt: number | null;
};

export function createOverviewWatcher(deps: OverviewWatcherDeps) {
  const pauseMs = deps.roundPauseMs ?? WATCH_ROUND_PAUSE_MS;
  const firstDelayMs = deps.firstRoundDelayMs ?? WATCH_FIRST_ROUND_DELAY_MS;
  let allowed = false;
  let running = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let controller: AbortController | null = null;
  let round: Promise<unknown> | null = null;
  let lastRoundAt: number | null = null;
  let nextRoundAt: number | null = null;

  function schedule(delayMs: number): void {
    if (!running) return;
    nextRoundAt = deps.now().getTime() + delayMs;
    timer = setTimeout(() => {
      timer = null;
      nextRoundAt = null;
      if (!running) return;
      controller = new AbortController();
      round = deps
        .round(controller.signal)
        .catch(() => undefined)
        .finally(() => {
          lastRoundAt = deps.now().getTime();
          round = null;
          schedule(pauseMs);
        });
    }, delayMs);
    timer.unref?.();
  }

  function start(): void {
    if (running) return;
    running = true;
    schedule(firstDelayMs);
  }

  async function stop(): Promise<void> {
    running = false;
    if (timer) clearTimeout(timer);
    timer = null;
    nextRoundAt = null;
    controller?.abort();
    await round;
  }

  return {
    /** The host runs background work: watching starts whenever something is watched. */
    async allow(): Promise<void> {
      allowed = true;
      await this.reconcile();
    },
    /** Starts or stops the rounds after the setting changed. */
    async reconcile(): Promise<void> {
      if (allowed && (await deps.watching())) start();
      else await stop();
    },
    stop,
    status(): OverviewWatcherStatus {
      return { backgroundAllowed: allowed, running, lastRoundAt, nextRoundAt };
    },
  };
}

export type OverviewWatcher = ReturnType<typeof createOverviewWatcher>;
