// The --format check every command shares: the messages list the shapes as the help texts do.
import { describe, expect, it } from 'vitest';
import { UsageError } from '../cli-types.ts';
import { formatOption, tableOrJson } from './format-option.ts';

describe('formatOption', () => {
  it('returns a shape of the list and names them all when the value is not one', () => {
    expect(formatOption('junit', ['table', 'json', 'junit'])).toBe('junit');
    expect(() => formatOption('xml', ['table', 'json', 'junit'])).toThrow(
      new UsageError('--format must be table, json or junit'),
    );
    expect(() => formatOption('xml', ['csv', 'json'])).toThrow('--format must be csv or json');
    expect(() => formatOption('xml', ['json'])).toThrow('--format must be json');
  });

  it('has no default: a format the command requires is missing', () => {
    expect(() => formatOption(undefined, ['json', 'csv'])).toThrow(UsageError);
    expect(() => formatOption(undefined, ['json', 'csv'])).toThrow('--format must be json or csv');
  });

  it('adds the note after the rule', () => {
    expect(() => formatOption('csv', ['table', 'json'], ' for list (csv is for export)')).toThrow(
      '--format must be table or json for list (csv is for export)',
    );
  });
});

describe('tableOrJson', () => {
  it('defaults to table and refuses anything but table or json', () => {
    expect(tableOrJson(undefined)).toBe('table');
    expect(tableOrJson('json')).toBe('json');
    expect(() => tableOrJson('csv')).toThrow(new UsageError('--format must be table or json'));
    expect(() => tableOrJson('')).toThrow('--format must be table or json');
  });
});
