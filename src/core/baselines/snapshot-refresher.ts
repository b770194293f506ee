// Keeps the configuration snapshots fresh: on request (interactive priority, e.g. "Refresh" or the
// CLI without --offline) and, when started, in the background — one service at a time per round,
// each read at 'background' priority, so it waits inside the key's request budget and never goes
// before what the user is doing. The background refresh only runs when a host starts it (never in
// tests unless they ask), and stop() aborts the read in flight.
import type { BudgetPriority } from '../api/budget.ts';
import type { ReadOptions } from '../config/config-documents.ts';
import type { ServiceConfig } from '#shared/config-document/schema.ts';
import { HOUR_MS, MINUTE_MS } from '#shared/time.ts';
import type { SnapshotStore } from './snapshot-store.ts';

const DEFAULT_SNAPSHOT_MAX_AGE_MS = 6 * HOUR_MS;
const DEFAULT_ROUND_PAUSE_MS = 10 * MINUTE_MS;

export type SnapshotRefresherDeps = {
  accounts(): Promise<Array<{ id: string }>>;
  inventory(accountId: string): Promise<Array<{ serviceId: number }>>;
  read(accountId: string, serviceId: number, options: ReadOptions): Promise<ServiceConfig>;
  store: SnapshotStore;
  now(): Date;
  /** Snapshots older than this are read again by the background refresh (default 6 hours). */
  maxAgeMs?: number;
  /** Pause between background rounds (default 10 minutes). */
  roundPauseMs?: number;
  /** Called after an account's snapshots changed (hosts tell the renderer). */
  changed?(accountId: string): void;
};

export type RefreshRequest = {
  accountIds?: readonly string[];
  serviceIds?: readonly number[];
  priority?: BudgetPriority;
  /** Only services without a snapshot or with one older than maxAgeMs. */
  onlyStale?: boolean;
  signal?: AbortSignal;
};

export type RefreshResult = {
  refreshed: number;
  failed: Array<{ accountId: string; serviceId: number; code: string; message: string }>;
  /** Accounts whose gateway could not be reached or refused the key: their remaining services were skipped. */
  unreachable: string[];
};

export type RefresherStatus = { running: boolean; lastRoundAt: string | null; refreshing: string | null };

type ErrorLike = { code?: unknown; message?: unknown; status?: unknown; name?: unknown };

/** No answer at all, or the key refused: every further read of the account would fail the same way. */
function accountWide(error: unknown): boolean {
  const { status } = (error ?? {}) as ErrorLike;
  return status === 401 || status === 403 || typeof status !== 'number';
}

export function createSnapshotRefresher(deps: SnapshotRefresherDeps) {
  const maxAgeMs = deps.maxAgeMs ?? DEFAULT_SNAPSHOT_MAX_AGE_MS;
  const roundPauseMs = deps.roundPauseMs ?? DEFAULT_ROUND_PAUSE_MS;
  let running = false;
  let controller: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let round: Promise<unknown> | null = null;
  let lastRoundAt: string | null = null;
  let refreshing: string | null = null;

  async function refresh(request: RefreshRequest = {}): Promise<RefreshResult> {
    const result: RefreshResult = { refreshed: 0, failed: [], unreachable: [] };
    const accountIds = request.accountIds ?? (await deps.accounts()).map((a) => a.id);
    for (const accountId of accountIds) {
      if (request.signal?.aborted) break;
      const known = (await deps.inventory(accountId)).map((s) => s.serviceId);
      await deps.store.keepOnly(accountId, known);
      const existing = (await deps.store.read(accountId)).services;
      const now = deps.now().getTime();
      const ids = known.filter(
        (id) =>
          (request.serviceIds === undefined || request.serviceIds.includes(id)) &&
          (!request.onlyStale ||
            existing[String(id)] === undefined ||
            now - Date.parse(existing[String(id)].takenAt) >= maxAgeMs),
      );
      let changed = false;
      for (const serviceId of ids) {
        if (request.signal?.aborted) break;
        refreshing = accountId;
        try {
          const config = await deps.read(accountId, serviceId, {
            priority: request.priority ?? 'interactive',
            ...(request.signal ? { signal: request.signal } : {}),
          });
          await deps.store.record(accountId, serviceId, config, deps.now());
          result.refreshed += 1;
          changed = true;
        } catch (error) {
          if (request.signal?.aborted) break;
          const { code, message } = (error ?? {}) as ErrorLike;
          const failure = { code: String(code ?? 'Unknown'), message: String(message ?? error) };
          await deps.store.recordFailure(accountId, serviceId, failure, deps.now());
          result.failed.push({ accountId, serviceId, ...failure });
          if (accountWide(error)) {
            result.unreachable.push(accountId);
            break;
          }
        } finally {
          refreshing = null;
        }
      }
      if (changed) deps.changed?.(accountId);
    }
    return result;
  }

  function schedule(delayMs: number): void {
    if (!running) return;
    timer = setTimeout(() => {
      timer = null;
      if (!running) return;
      controller = new AbortController();
      round = refresh({ priority: 'background', onlyStale: true, signal: controller.signal })
        .catch(() => undefined)
        .finally(() => {
          lastRoundAt = deps.now().toISOString();
          round = null;
          schedule(roundPauseMs);
        });
    }, delayMs);
    // A background refresh must never keep a CLI or a test process alive.
    timer.unref?.();
  }

  return {
    refresh,
    /** Starts the background refresh (first round right away); idempotent. */
    start(): void {
      if (running) return;
      running = true;
      schedule(0);
    },
    /** Stops the background refresh, aborting the read in flight; resolves once the round has ended. */
    async stop(): Promise<void> {
      running = false;
      if (timer) clearTimeout(timer);
      timer = null;
      controller?.abort();
      await round;
    },
    status(): RefresherStatus {
      return { running, lastRoundAt, refreshing };
    },
  };
}

export type SnapshotRefresher = ReturnType<typeof createSnapshotRefresher>;
