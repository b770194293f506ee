import { describe, expect, it } from 'vitest';
import { issuesOf, onlyIssue } from '../test-support/issues.ts';
import {
  matchesSchema,
  matchFields,
  matchOperators,
  matchResponseSchema,
  matchSchema,
  matchUrlPathSchema,
} from './match.ts';

describe('matchSchema (version 1.1 Match)', () => {
  it.each(matchFields)('accepts field %s', (field) => {
    expect(matchSchema.safeParse({ field, operator: 'equals', values: ['x'] }).success).toBe(true);
  });

  it.each(matchOperators.filter((o) => !o.includes('subnet')))('accepts operator %s', (operator) => {
    expect(matchSchema.parse({ field: 'req.path', operator, values: ['/a'] }).operator).toBe(operator);
  });

  it('accepts the not_istartwith spelling and sends not_istartswith', () => {
    expect(matchSchema.parse({ field: 'req.path', operator: 'not_istartwith', values: ['/a'] }).operator).toBe(
      'not_istartswith',
    );
    expect(matchResponseSchema.parse({ field: 'req.path', operator: 'not_istartwith', values: [] }).operator).toBe(
      'not_istartswith',
    );
  });

  it('accepts subnet operators with client.ip and CIDR values', () => {
    expect(
      matchSchema.safeParse({
        field: 'client.ip',
        operator: 'not_subnet',
        values: ['10.0.0.0/8', '2001:db8::/32', '192.0.2.1'],
      }).success,
    ).toBe(true);
  });

  it.each([
    [{ field: 'req.body', operator: 'equals', values: ['x'] }, 'field', 'Match field must be req.path'],
    [{ operator: 'equals', values: ['x'] }, 'field', 'Match field is required; choose'],
    [{ field: 'req.path', operator: 'contains', values: ['x'] }, 'operator', 'Operator must be one of startswith'],
    [{ field: 'req.path', operator: '', values: ['x'] }, 'operator', 'Operator is required'],
    [{ field: 'req.path', operator: 'equals' }, 'values', 'Match values: add at least one value.'],
    [{ field: 'req.path', operator: 'equals', values: [] }, 'values', 'Match values is empty: add at least one value.'],
    [
      { field: 'req.path', operator: 'equals', values: ['a', ''] },
      'values.1',
      'Match value is required; enter a value.',
    ],
    [
      { field: 'req.path', operator: 'subnet', values: ['10.0.0.0/8'] },
      'operator',
      'Operator subnet only works with the field client.ip',
    ],
    [
      { field: 'client.ip', operator: 'subnet', values: ['10.0.0.0/8', 'ten'] },
      'values.1',
      'Match value "ten" is not a subnet',
    ],
  ])('rejects %j at %s', (value, path, message) => {
    const issue = onlyIssue(matchSchema, value);
    expect(issue.path).toBe(path);
    expect(issue.message).toContain(message);
  });

  it('does not list the alias spelling in the operator message', () => {
    expect(onlyIssue(matchSchema, { field: 'req.path', operator: 'x', values: ['a'] }).message).not.toContain(
      'not_istartwith',
    );
  });

  it('attaches spec codes to the cross-field rules', () => {
    expect(onlyIssue(matchSchema, { field: 'req.host', operator: 'subnet', values: ['10.0.0.0/8'] }).apiCode).toBe(
      'InvalidPolicy.MatchOperatorIncorrect',
    );
    expect(onlyIssue(matchSchema, { field: 'client.ip', operator: 'subnet', values: ['x'] }).apiCode).toBe(
      'InvalidPolicy.MatchValueIncorrect',
    );
  });

  it('requires at least one match in a matches array', () => {
    expect(onlyIssue(matchesSchema, [])).toEqual({
      path: '',
      message: 'Match conditions is empty: add at least one condition.',
    });
  });
});

describe('matchUrlPathSchema (version 1.0)', () => {
  it('accepts prefix, regex, equals, suffix', () => {
    for (const operator of ['prefix', 'regex', 'equals', 'suffix']) {
      expect(matchUrlPathSchema.safeParse({ operator, patterns: ['/a'] }).success, operator).toBe(true);
    }
  });
  it('rejects other operators and empty patterns', () => {
    expect(issuesOf(matchUrlPathSchema, { operator: 'startswith', patterns: [] })).toEqual([
      { path: 'operator', message: 'URL path match operator must be prefix, regex, equals or suffix.' },
      { path: 'patterns', message: 'URL path match patterns is empty: add at least one pattern.' },
    ]);
    expect(onlyIssue(matchUrlPathSchema, { operator: 'prefix', patterns: [' '] }).path).toBe('patterns.0');
  });
});
