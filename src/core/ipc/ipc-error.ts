// One conversion from anything thrown inside the core to the IPC error shape, with secrets
// scrubbed (known access key secrets, Authorization values, secret-named fields).
import { z } from 'zod';
import { redactFieldMessages, redactText, serializeError } from '../api/errors.ts';
import { CoreError } from '../errors.ts';
import { invalidInputError, issuesToFieldErrors, type IpcError } from '#shared/ipc/result.ts';

export function toIpcError(error: unknown): IpcError {
  if (error instanceof CoreError) {
    const out: IpcError = { code: error.code, message: redactText(error.message), retryable: error.retryable };
    if (error.fields) out.fields = redactFieldMessages(error.fields);
    if (error.status !== undefined) out.status = error.status;
    if (error.traceId) out.traceId = error.traceId;
    return out;
  }
  if (error instanceof z.ZodError) {
    return invalidInputError(issuesToFieldErrors(error));
  }
  return serializeError(error);
}
