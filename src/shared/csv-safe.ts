// CSV cells a spreadsheet will not run: a cell starting with "=", "+", "-", "@", a tab or a carriage
// return is read as a formula by Excel, LibreOffice and Sheets (CSV injection, OWASP), so it gets
// a leading apostrophe. Then the RFC 4180 quoting of csvField. Use for any text a user or a
// gateway could have chosen (summaries, domain names, error messages).
import { csvField } from './analytics/csv.ts';

export function spreadsheetSafeField(value: string): string {
  return csvField(/^[=+\-@\t\r]/u.test(value) ? `'${value}` : value);
}

export function spreadsheetSafeRow(values: readonly string[]): string {
  return values.map(spreadsheetSafeField).join(',');
}
