// The change journal's filtered entries as a file (journal.export, `accel journal export`): CSV
// for spreadsheets (one row per entry, formula-safe cells) or JSON (the entries as stored, with
// the filters that selected them). Entries are redacted when journaled; they are redacted again
// here so an export can never carry a secret even from an older journal file.
import { AppCode } from '#shared/app-errors.ts';
import { redact, redactText } from '../api/errors.ts';
import { spreadsheetSafeRow } from '#shared/csv-safe.ts';
import { operationFacts } from '#shared/api/operation-facts.ts';
import { type JournalEntry, type JournalQuery } from '#shared/ipc/channels/journal.ts';
import { journalOutcomeView } from '#shared/journal-outcome.ts';
import type { KnownService } from './journal-filter.ts';

const JOURNAL_EXPORT_FORMAT = 'acceleration-console/journal-export';
const JOURNAL_EXPORT_SCHEMA_VERSION = 1;

export const JOURNAL_CSV_COLUMNS = [
  'time',
  'account',
  'account ID',
  'service ID',
  'domain name',
  'operation',
  'policy ID',
  'summary',
  'outcome',
  'error code',
  'error message',
  'confirmation',
  'batch ID',
  're-applied entry',
  'entry ID',
] as const;

function domainLookup(names: readonly KnownService[]): (entry: JournalEntry) => string {
  const byKey = new Map(names.map((s) => [`${s.accountId}:${s.serviceId}`, s.domainName]));
  return (entry) => (entry.serviceId === null ? '' : (byKey.get(`${entry.accountId}:${entry.serviceId}`) ?? ''));
}

export function journalToCsv(entries: readonly JournalEntry[], names: readonly KnownService[]): string {
  const domainOf = domainLookup(names);
  const lines = [spreadsheetSafeRow(JOURNAL_CSV_COLUMNS)];
  for (const entry of entries) {
    const outcome = journalOutcomeView(entry.result);
    lines.push(
      spreadsheetSafeRow([
        entry.at,
        entry.accountName,
        entry.accountId,
        entry.serviceId === null ? '' : String(entry.serviceId),
        domainOf(entry),
        operationFacts[entry.operationId].action,
        entry.policyId === null ? '' : String(entry.policyId),
        entry.summary,
        // applied, failed, unknown (no answer came), or sending (still out when exported)
        outcome.outcome,
        entry.result.ok === true ? '' : (entry.result.code ?? AppCode.Change.OutcomeUnknown),
        entry.result.ok === true ? '' : (outcome.detail ?? ''),
        entry.result.ok === true && entry.result.confirmed
          ? `${outcome.label}: ${entry.result.message ?? ''}`.trim()
          : '',
        entry.batchId ?? '',
        entry.reapplyOf ?? '',
        entry.id,
      ]),
    );
  }
  return redactText(`${lines.join('\r\n')}\r\n`);
}

export function journalToJson(
  entries: readonly JournalEntry[],
  names: readonly KnownService[],
  query: JournalQuery,
  exportedAt: string,
): string {
  const domainOf = domainLookup(names);
  const document = {
    format: JOURNAL_EXPORT_FORMAT,
    schemaVersion: JOURNAL_EXPORT_SCHEMA_VERSION,
    exportedAt,
    filters: query,
    count: entries.length,
    entries: entries.map((entry) => {
      const domainName = domainOf(entry);
      return redact({ ...entry, ...(domainName === '' ? {} : { domainName }) });
    }),
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** "acceleration-console-journal-2026-11-23.csv" (the export's day, UTC). */
export function journalExportFileName(exportedAt: string, format: 'csv' | 'json'): string {
  return `acceleration-console-journal-${exportedAt.slice(0, 10)}.${format}`;
}
