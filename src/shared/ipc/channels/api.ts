// Generic access to every API operation through the account's signed client. The operation's
// own input is validated by the operation table (src/shared/api/operations.ts) in the handler.
import { z } from 'zod';
import { defineChannels, idSchema } from '../define.ts';
import { operationIds } from '../../api/operations.ts';
import { mutatingOperationIds } from '../../api/operation-facts.ts';

/**
 * True for the operations that change state. api.call runs only the others (GET reads and the
 * statistics queries, which the API takes as POST but which change nothing); every write goes
 * through changes.apply (production confirmation + journal).
 */
export function isWriteOperation(operationId: string): boolean {
  return (mutatingOperationIds as readonly string[]).includes(operationId);
}

const callInput = {
  /** Default: the current account. */
  accountId: idSchema.optional(),
  operationId: z.enum(operationIds, { error: 'Unknown API operation' }),
  /** `{ params, body }` as in OperationInput<Id>. */
  input: z
    .object({ params: z.record(z.string().max(100), z.unknown()).optional(), body: z.unknown().optional() })
    .default({}),
};

export const apiChannels = defineChannels({
  // Read operations only (see isWriteOperation); writes answer Api.WriteNotAllowed.
  'api.call': {
    input: z.strictObject(callInput),
    output: z.object({
      accountId: z.string(),
      /** The operation's response (null when it has no body), secrets masked. */
      data: z.unknown(),
      /** Dotted paths of masked values (e.g. `origins.0.s3Credential.accessSecret`), for api.revealSecret. */
      secretFields: z.array(z.string()),
    }),
  },
  'api.revealSecret': {
    // Re-reads the resource (GET operations only) and returns the one value the user asked to see.
    input: z.strictObject({ ...callInput, path: z.string().min(1).max(500) }),
    output: z.object({ value: z.string() }),
  },
});
