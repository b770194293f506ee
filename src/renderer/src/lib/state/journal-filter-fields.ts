// The journal's filter form (strings as typed) and the core query it stands for.
import type { JournalOutcome, JournalQuery } from '#shared/ipc/channels/journal.ts';
import type { MutatingOperationId } from '#shared/api/operation-facts.ts';

/** The filters as typed in the journal's filter form ('' = not filtered); dates are YYYY-MM-DD (local days). */
export type JournalFilterFields = {
  /** In the "All accounts" view: one account ('' = every account). */
  account: string;
  operationId: '' | MutatingOperationId;
  outcome: '' | JournalOutcome;
  batchId: string;
  fromDay: string;
  toDay: string;
};

export const noJournalFilters = (): JournalFilterFields => ({
  account: '',
  operationId: '',
  outcome: '',
  batchId: '',
  fromDay: '',
  toDay: '',
});

/** The core's query for the filter fields (local days become instants: the day's first and last millisecond). */
export function journalQueryOf(fields: JournalFilterFields): Omit<JournalQuery, 'service' | 'serviceId'> {
  const query: Omit<JournalQuery, 'service' | 'serviceId'> = {};
  if (fields.account !== '') query.accountId = fields.account;
  if (fields.operationId !== '') query.operationId = fields.operationId;
  if (fields.outcome !== '') query.outcome = fields.outcome;
  if (fields.batchId.trim() !== '') query.batchId = fields.batchId.trim();
  if (fields.fromDay !== '') query.from = new Date(`${fields.fromDay}T00:00:00`).toISOString();
  if (fields.toDay !== '') query.to = new Date(`${fields.toDay}T23:59:59.999`).toISOString();
  return query;
}
