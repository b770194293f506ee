// The app's error table: well-formed codes with a meaning, none shared with the API's table, and
// AppCode constants that are the codes themselves. lint/app-error-codes.test.ts checks that src/
// writes its codes through AppCode and uses every row.
import { describe, expect, it } from 'vitest';
import { AppCode, appErrorTable, findAppError, isAppErrorCode, type AppErrorCode } from './app-errors.ts';
import { apiErrorTable, findApiError } from './api/errors.ts';

const CODE = /^[A-Z][A-Za-z]+\.[A-Z][A-Za-z]+$/;
const appCodes = Object.keys(appErrorTable) as AppErrorCode[];

describe('the app error table', () => {
  it('holds well-formed codes with a meaning, none of them an API code', () => {
    expect(appCodes.length).toBeGreaterThan(50);
    for (const c of appCodes) {
      expect(c).toMatch(CODE);
      expect(appErrorTable[c].meaning, c).toMatch(/^[A-Z].*[.!]$/);
      expect(findApiError(c), `${c} is in both tables`).toBeUndefined();
    }
    for (const row of apiErrorTable) expect(isAppErrorCode(row.code), `${row.code} is in both tables`).toBe(false);
  });

  it('gives AppCode constants that are the codes themselves', () => {
    expect(AppCode.Bulk.NotFound).toBe('Bulk.NotFound');
    expect(AppCode.Keychain.Unavailable).toBe('Keychain.Unavailable');
    const constants = Object.values(AppCode).flatMap((area) => Object.values(area) as string[]);
    expect(constants.sort()).toEqual([...appCodes].sort());
    expect(findAppError('Bulk.NotFound')?.inputMistake).toBe(true);
    expect(findAppError('InvalidPriority.Unique')).toBeUndefined();
  });

  it('marks the mistakes in what the user typed or chose (the CLI exits 2 for them)', () => {
    expect(appCodes.filter((c) => appErrorTable[c].inputMistake).sort()).toEqual([
      'Bulk.AmbiguousId',
      'Bulk.NotFound',
      'Change.ConfirmationRequired',
      'Change.RuleTestsFlipped',
      'Change.RuleTestsUnchecked',
      'Config.InvalidClone',
      'Config.ServiceNotChosen',
      'Config.ServiceNotInDocument',
      'Ipc.InvalidInput',
      'Journal.AmbiguousId',
      'Journal.NotFound',
      'Suites.Invalid',
      'Suites.NotFound',
      'Traffic.InvalidSelection',
    ]);
  });
});
