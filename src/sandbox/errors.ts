// One error factory: every failure the gateway answers is {code, message} with the status the API
// error table gives for that code (src/shared/api/errors.ts is the single source).
import { randomBytes } from 'node:crypto';
import { findApiError } from '#shared/api/errors.ts';

export class GatewayError extends Error {
  readonly status: number;
  readonly code: string;
  /** Extra response headers, e.g. Retry-After on 429. */
  readonly headers: Readonly<Record<string, string>>;
  constructor(status: number, code: string, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'GatewayError';
    this.status = status;
    this.code = code;
    this.headers = headers;
  }
}

/** Builds the error for a code of the API error table; an unknown code is a gateway bug. */
export function apiError(code: string, message?: string, headers?: Record<string, string>): GatewayError {
  const row = findApiError(code);
  if (!row) throw new Error(`sandbox: error code ${code} is not in apiErrorTable`);
  return new GatewayError(row.status, row.code, message ?? row.meaning, headers);
}

export function errorBody(error: GatewayError): { code: string; message: string } {
  return { code: error.code, message: error.message };
}

/** Trace identifier carried by every response (x-sfd-trace-id). */
export function newTraceId(): string {
  return randomBytes(16).toString('hex');
}
