import { z } from 'zod';
import { isCidr } from '../formats.ts';
import { apiCode, nonEmptyArray, oneOf, requiredText } from './common.ts';

import {
  matchFields,
  matchOperators,
  matchUrlOperators,
  normalizeMatchOperator,
  type MatchOperator,
} from '../match-vocabulary.ts';

export { matchFields, matchOperators } from '../match-vocabulary.ts';

function isSubnetOperator(op: string): boolean {
  return op === 'subnet' || op === 'not_subnet';
}

/** Accepts the alias spelling too; the message lists only the canonical operators. */
const matchOperatorSchema = z
  .enum([...matchOperators, 'not_istartwith'], {
    error: (iss) =>
      iss.input === undefined || iss.input === null || iss.input === ''
        ? 'Operator is required; choose one from the list.'
        : `Operator must be one of ${matchOperators.join(', ')}.`,
  })
  .transform((op): MatchOperator => normalizeMatchOperator(op) as MatchOperator);

/** One Match condition (V2 rules). */
export const matchSchema = z
  .object({
    field: oneOf('Match field', matchFields).describe('req.path is the path without query string.'),
    operator: matchOperatorSchema.describe(
      'i-prefixed forms ignore case; not_-prefixed forms negate; subnet/not_subnet (CIDR values) only with field client.ip. not_istartwith is accepted and sent as not_istartswith.',
    ),
    values: nonEmptyArray('Match values', requiredText('Match value'), 'at least one value').describe(
      'Compared to the field; the match succeeds when one value matches.',
    ),
  })
  .superRefine((m, ctx) => {
    if (isSubnetOperator(m.operator) && m.field !== 'client.ip') {
      ctx.addIssue({
        code: 'custom',
        path: ['operator'],
        message: `Operator ${m.operator} only works with the field client.ip; choose another operator or the field client.ip.`,
        ...apiCode('InvalidPolicy.MatchOperatorIncorrect'),
      });
      return;
    }
    if (isSubnetOperator(m.operator)) {
      m.values.forEach((v, i) => {
        if (!isCidr(v)) {
          ctx.addIssue({
            code: 'custom',
            path: ['values', i],
            message: `Match value "${v}" is not a subnet; enter an address or CIDR network such as 203.0.113.0/24.`,
            ...apiCode('InvalidPolicy.MatchValueIncorrect'),
          });
        }
      });
    }
  });

export const matchesSchema = nonEmptyArray('Match conditions', matchSchema, 'at least one condition');

/** Version 1.0 match operators (Match Url Path and Match Query String). */

function patternMatch(label: string) {
  return z.object(
    {
      operator: oneOf(`${label} operator`, matchUrlOperators),
      patterns: nonEmptyArray(`${label} patterns`, requiredText(`${label} pattern`), 'at least one pattern'),
    },
    {
      error: (iss) =>
        iss.input === undefined || iss.input === null ? `${label} is required.` : `${label} must be an object.`,
    },
  );
}

export const matchUrlPathSchema = patternMatch('URL path match');
export const matchQueryStringSchema = patternMatch('Query string match');

// Response side: lenient (unknown operators/fields from a newer server still display).
export const matchResponseSchema = z.looseObject({
  field: z.string(),
  operator: z.string().transform(normalizeMatchOperator),
  values: z.array(z.string()),
});
export const matchUrlPathResponseSchema = z.looseObject({
  operator: z.string(),
  patterns: z.array(z.string()),
});
export const matchQueryStringResponseSchema = matchUrlPathResponseSchema;
