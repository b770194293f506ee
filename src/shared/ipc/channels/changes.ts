// Applying a change: reads the current state where the API can, applies the operation through
// the account's signed client and records it in the journal. Production accounts must confirm, and
// a change that would make the service's rule tests fail must be accepted (Change.RuleTestsFlipped).
import { z } from 'zod';
import { defineChannels, idSchema } from '../define.ts';
import { journalEntrySchema, mutatingOperationIdSchema } from './journal.ts';
import { MAX_EXPECTATIONS } from '../../suites/schema.ts';

/**
 * What the caller accepts of the rule test check the core runs before every rule-changing write:
 * the names its review showed flipping, or any flip (a confirmation given without seeing the
 * check again, e.g. the CLI's --yes, or a review that could not check). The journal records the
 * names the core found.
 */
export const ruleTestAcceptanceFields = {
  /** Names of the rule test expectations the review showed as flipped: the user applies anyway. */
  flippedExpectations: z.array(z.string().max(120)).max(MAX_EXPECTATIONS).optional(),
  /** Apply whatever the check finds (the user confirmed without a review of it); still journaled. */
  acceptFlippedExpectations: z.boolean().optional(),
};

export const changesChannels = defineChannels({
  'changes.apply': {
    input: z.strictObject({
      accountId: idSchema,
      operationId: mutatingOperationIdSchema,
      /** `{ params, body }` as in OperationInput<Id>; validated by the operation table. */
      input: z.object({ params: z.record(z.string().max(100), z.unknown()), body: z.unknown().optional() }),
      confirmProduction: z.boolean().optional(),
      ...ruleTestAcceptanceFields,
    }),
    output: z.object({
      entry: journalEntrySchema,
      /** The operation's response, secrets masked (null when it has no body). */
      data: z.unknown(),
    }),
  },
  'changes.current': {
    /** The server's current state for a diff (policy edits), or the last applied configuration (CORS, rate limit). */
    input: z.strictObject({
      accountId: idSchema,
      operationId: mutatingOperationIdSchema,
      input: z.object({ params: z.record(z.string().max(100), z.unknown()), body: z.unknown().optional() }),
    }),
    output: z.object({
      /** Request-shaped current state (secrets masked); null when unknown or new. */
      before: z.unknown(),
      /** 'server' = read from the API just now; 'journal' = last applied from this app; 'none'. */
      source: z.enum(['server', 'journal', 'none']),
      at: z.string().nullable(),
    }),
  },
});
