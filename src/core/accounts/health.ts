// Whether each account's gateway answers: every API attempt (from the client's log hook) updates
// it. "Reachable" means the gateway gave an HTTP answer below 500; no answer (connection refused,
// DNS, TLS, timeout) and 5xx answers are failures. Kept in memory: it describes this session.
import type { ApiLogEntry } from '../api/client.ts';
import type { AccountHealth } from '#shared/ipc/channels/accounts.ts';

export type AccountHealthTracker = {
  record(accountId: string, entry: ApiLogEntry): void;
  /** Forgets an account's health (its connection changed or it was removed). */
  reset(accountId: string): void;
  snapshot(): Record<string, AccountHealth>;
  /** The gateway's last attempt failed (no answer or 5xx). */
  isUnreachable(accountId: string): boolean;
};

function describeFailure(entry: ApiLogEntry): string {
  if (entry.status !== undefined) return `The gateway answered ${entry.status}${entry.code ? ` ${entry.code}` : ''}.`;
  const cause = entry.code?.replace(/^Network\./, '');
  return `No answer from the gateway${cause ? ` (${cause})` : ''}.`;
}

export function createAccountHealthTracker(options: {
  now: () => Date;
  onChange?: (accountId: string, health: AccountHealth) => void;
}): AccountHealthTracker {
  const byAccount = new Map<string, AccountHealth>();
  return {
    record(accountId, entry) {
      const previous = byAccount.get(accountId) ?? {
        state: 'unknown',
        lastSuccessAt: null,
        lastFailureAt: null,
        lastFailure: null,
      };
      const at = options.now().toISOString();
      const ok = entry.status !== undefined && entry.status < 500;
      const next: AccountHealth = ok
        ? { ...previous, state: 'reachable', lastSuccessAt: at }
        : { ...previous, state: 'unreachable', lastFailureAt: at, lastFailure: describeFailure(entry) };
      byAccount.set(accountId, next);
      // Only a change of state is news; the times are read with accounts.health.
      if (next.state !== previous.state || next.lastFailure !== previous.lastFailure)
        options.onChange?.(accountId, next);
    },
    reset(accountId) {
      if (byAccount.delete(accountId))
        options.onChange?.(accountId, {
          state: 'unknown',
          lastSuccessAt: null,
          lastFailureAt: null,
          lastFailure: null,
        });
    },
    snapshot() {
      return Object.fromEntries(byAccount);
    },
    isUnreachable(accountId) {
      return byAccount.get(accountId)?.state === 'unreachable';
    },
  };
}
