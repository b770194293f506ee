import { z } from 'zod';
import { isHeaderName } from '../formats.ts';
import { apiCode, oneOf, requiredText, text } from './common.ts';

export const responseHeaderOperations = ['add', 'replace', 'delete'] as const;
export type ResponseHeaderOperation = (typeof responseHeaderOperations)[number];

/** One element of responseHeaders; value is required for add and replace. */
export const responseHeaderSchema = z
  .object({
    name: requiredText('Header name').refine(isHeaderName, {
      message: "Header name may only contain letters, digits and !#$%&'*+-.^_`|~ (no spaces or colons).",
      ...apiCode('InvalidPolicy.ResponseHeader'),
    }),
    operationType: oneOf('Header operation', responseHeaderOperations),
    value: text('Header value').describe('Required when operationType is add or replace.').optional(),
  })
  .superRefine((h, ctx) => {
    if (h.operationType !== 'delete' && (h.value === undefined || h.value.trim() === '')) {
      ctx.addIssue({
        code: 'custom',
        path: ['value'],
        message: `Header value is required when the operation is ${h.operationType}; enter a value.`,
        ...apiCode('InvalidPolicy.ResponseHeader'),
      });
    }
  });

export const responseHeaderResponseSchema = z.looseObject({
  name: z.string(),
  operationType: z.string(),
  value: z.string().optional(),
});
