// The overview's account rows without state: their totals, and a refresh's progress and outcome
// over them (overview.svelte.ts holds the state).
import { AppCode } from '#shared/app-errors.ts';
import type { ChannelOutput } from '#shared/ipc/contract.ts';
import type { AccountRow } from '#shared/overview/schemas.ts';
import type { FormattedError } from './format-error.ts';

export interface RefreshProgress {
  accountIds: readonly string[];
  /** Accounts whose refresh has ended. */
  done: number;
  running: boolean;
  /** After it ended: accounts that could not be refreshed, with why (offline, no credentials …). */
  failed: ReadonlyArray<{ accountId: string; accountName: string; code: string; message: string }>;
  /** Every failure was a connection failure: the screen says "offline". */
  offline: boolean;
  calls: number;
}

const OFFLINE_CODES: ReadonlySet<string | undefined> = new Set([
  AppCode.Network.ConnectionFailed,
  AppCode.Network.ConnectionReset,
  AppCode.Network.Timeout,
]);

/** The progress once overview.refresh answered: the accounts that failed, named. */
export function refreshEnded(
  ids: readonly string[],
  result: ChannelOutput<'overview.refresh'>,
  nameOf: (accountId: string) => string,
): RefreshProgress {
  const failed = result.accounts
    .filter((outcome) => outcome.error !== null)
    .map((outcome) => ({
      accountId: outcome.accountId,
      accountName: nameOf(outcome.accountId),
      code: outcome.error?.code ?? '',
      message: outcome.error?.message ?? '',
    }));
  return {
    accountIds: ids,
    done: ids.length,
    running: false,
    failed,
    offline: failed.length > 0 && failed.every((f) => OFFLINE_CODES.has(f.code)),
    calls: result.calls,
  };
}

/** The progress when overview.refresh itself failed: every account, one reason. */
export function refreshFailed(ids: readonly string[], failure: FormattedError): RefreshProgress {
  return {
    accountIds: ids,
    done: 0,
    running: false,
    failed: [
      {
        accountId: '',
        accountName: 'Every account',
        code: failure.code ?? AppCode.Client.Error,
        message: failure.detail,
      },
    ],
    offline: OFFLINE_CODES.has(failure.code),
    calls: 0,
  };
}

/** The totals over the rows, as overview.summary counts them (after one row was read again). */
export function totalsOf(rows: readonly AccountRow[]): ChannelOutput<'overview.summary'>['totals'] {
  const totals = { accounts: rows.length, total: 0, attention: 0, snoozed: 0, ok: 0, notEnoughHistory: 0, noData: 0 };
  for (const row of rows) {
    totals.total += row.services.total;
    totals.attention += row.services.attention;
    totals.snoozed += row.services.snoozed;
    totals.ok += row.services.ok;
    totals.notEnoughHistory += row.services.notEnoughHistory;
    totals.noData += row.services.noData;
  }
  return totals;
}
