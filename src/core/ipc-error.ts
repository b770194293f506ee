// One conversion from anything thrown inside the core to the IPC error shape, with secrets
// scrubbed (known access key secrets, Authorization values, secret-named fields).
import { z } from 'zod';
import { ApiClientError, redactFieldMessages, redactText, serializeError } from './api/errors.ts';
import { CoreError } from './errors.ts';
import type { IpcError } from '#shared/ipc/contract.ts';

/** Field path (dotted) → first message, from a zod error. */
export function zodFieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.');
    fields[path] ??= issue.message;
  }
  return fields;
}

export function toIpcError(error: unknown): IpcError {
  if (error instanceof CoreError) {
    const out: IpcError = { code: error.code, message: redactText(error.message), retryable: error.retryable };
    if (error.fields) out.fields = redactFieldMessages(error.fields);
    return out;
  }
  if (error instanceof z.ZodError) {
    const fields = zodFieldErrors(error);
    return {
      code: 'Ipc.InvalidInput',
      message: `Invalid input: ${Object.entries(fields)
        .slice(0, 3)
        .map(([path, message]) => (path ? `${path}: ${message}` : message))
        .join('; ')}`,
      fields,
      retryable: false,
    };
  }
  if (error instanceof ApiClientError) return serializeError(error) as IpcError;
  return serializeError(error) as IpcError;
}
