import { z } from 'zod';

/** Failure body of every operation: { code, message }; trace id travels in x-sfd-trace-id. */
export const apiErrorBodySchema = z.looseObject({
  code: z.string(),
  message: z.string(),
});

export const TRACE_ID_HEADER = 'x-sfd-trace-id';
