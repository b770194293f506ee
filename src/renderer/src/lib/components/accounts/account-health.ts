// Words for an account's health (switcher, Accounts screen, header): the same sentence everywhere.
import type { AccountHealth } from '#shared/ipc/channels/accounts.ts';
import { formatDateTime } from '#shared/format-date.ts';

function when(iso: string): string {
  const sameDay = new Date(iso).toDateString() === new Date().toDateString();
  return formatDateTime(iso, sameDay ? { timeOnly: true, seconds: false } : { seconds: false });
}

/** "last reached 14:05" / "not reached since the app started". */
export function lastReached(health: AccountHealth): string {
  return health.lastSuccessAt ? `last reached ${when(health.lastSuccessAt)}` : 'not reached since the app started';
}

/** "Last success 14:05 · last failure 14:07" with whichever is known. */
export function healthTimes(health: AccountHealth): string {
  const parts = [
    `Last success ${health.lastSuccessAt ? when(health.lastSuccessAt) : 'none in this session'}`,
    ...(health.lastFailureAt ? [`last failure ${when(health.lastFailureAt)}`] : []),
  ];
  return parts.join(' · ');
}
