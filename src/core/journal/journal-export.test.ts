import { describe, expect, it } from 'vitest';
import { JOURNAL_CSV_COLUMNS, journalExportFileName, journalToCsv, journalToJson } from './journal-export.ts';
import { spreadsheetSafeField } from '#shared/csv-safe.ts';
import type { JournalEntry } from '#shared/ipc/channels/journal.ts';

const base: JournalEntry = {
  id: 'e1',
  at: '2026-11-20T10:00:00.000Z',
  accountId: 'acme',
  accountName: 'Acme, Inc.',
  serviceId: 101,
  operationId: 'updateAccessControlPolicyV2',
  policyId: 7,
  summary: 'Edit access control policy 7 “=HYPERLINK("http://evil")”',
  before: { tokenSecret: '[redacted]' },
  after: { tokenSecret: '[redacted]' },
  result: { ok: false, code: 'InvalidParameter', message: '+cmd|" /C calc"!A0' },
  batchId: 'batch-9',
};

describe('spreadsheet-safe CSV cells', () => {
  it('defuses formulas and quotes per RFC 4180', () => {
    expect(spreadsheetSafeField('=1+1')).toBe("'=1+1");
    expect(spreadsheetSafeField('+1')).toBe("'+1");
    expect(spreadsheetSafeField('-1')).toBe("'-1");
    expect(spreadsheetSafeField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(spreadsheetSafeField('\tx')).toBe("'\tx");
    expect(spreadsheetSafeField('=a,b')).toBe(`"'=a,b"`);
    expect(spreadsheetSafeField('say "hi"')).toBe('"say ""hi"""');
    expect(spreadsheetSafeField('plain 1=1')).toBe('plain 1=1');
  });
});

describe('journal export', () => {
  it('writes one CSV row per entry, with domain names and no live formula', () => {
    const csv = journalToCsv(
      [
        base,
        { ...base, id: 'e2', serviceId: null, result: { ok: true }, batchId: undefined },
        {
          ...base,
          id: 'e3',
          result: {
            ok: null,
            code: 'Change.OutcomeUnknown',
            message: 'unknown — the app stopped before the gateway answered',
          },
        },
        {
          ...base,
          id: 'e4',
          result: {
            ok: true,
            confirmed: 'read-back',
            message: 'Confirmed after restart: the policy 7 already has the values that were sent.',
          },
        },
      ],
      [{ accountId: 'acme', serviceId: 101, domainName: 'shop.acme.test' }],
    );
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(JOURNAL_CSV_COLUMNS.join(','));
    expect(lines[1]).toBe(
      `2026-11-20T10:00:00.000Z,"Acme, Inc.",acme,101,shop.acme.test,Update access control policy (V2),7,"Edit access control policy 7 “=HYPERLINK(""http://evil"")”",failed,InvalidParameter,"'+cmd|"" /C calc""!A0",,batch-9,,e1`,
    );
    expect(lines[1]).toContain(`"'+cmd|"`);
    expect(lines[2]).toContain(',applied,,,,,,e2');
    // A write whose answer never came, and one confirmed by reading the service after a restart.
    expect(lines[3]).toContain(
      ',unknown,Change.OutcomeUnknown,unknown — the app stopped before the gateway answered,,batch-9,,e3',
    );
    expect(lines[4]).toContain(
      ',applied,,,applied (confirmed by reading it back): Confirmed after restart: the policy 7 already has the values that were sent.,batch-9,,e4',
    );
    expect(lines).toHaveLength(6);
    // No cell of any row starts with a formula character.
    for (const line of lines.slice(1, 5)) for (const cell of line.split(',')) expect(cell).not.toMatch(/^[=+@]/);
  });

  it('writes JSON with the filters, the count and redacted entries', () => {
    const secretLike = { ...base, after: { tokenSecret: 'live-secret-value', name: 'p' } };
    const json = JSON.parse(
      journalToJson([secretLike], [], { outcome: 'failed' }, '2026-11-23T00:00:00.000Z'),
    ) as Record<string, unknown>;
    expect(json).toMatchObject({
      format: 'acceleration-console/journal-export',
      schemaVersion: 1,
      filters: { outcome: 'failed' },
      count: 1,
    });
    expect(JSON.stringify(json)).not.toContain('live-secret-value');
    expect(journalExportFileName('2026-11-23T22:00:00.000Z', 'csv')).toBe(
      'acceleration-console-journal-2026-11-23.csv',
    );
  });
});
