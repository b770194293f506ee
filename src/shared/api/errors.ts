// THE API error table: every code of error-codes.ts with the operations that answer it, read
// from the operation table (each entry lists its codes). Lookups by code for the client, the
// sandbox and the renderer.
import { apiErrorCodes, codesAnswered, type ApiErrorCode, type ApiErrorSource } from './error-codes.ts';
import { operationIds, operations, type OperationId } from './operations.ts';

export type { ApiErrorCode, ApiErrorSource };

export interface ApiErrorEntry {
  readonly code: string;
  readonly status: number;
  /** User-facing sentence: what went wrong and what to do. */
  readonly meaning: string;
  /** Request field (dotted path) the error concerns, when it concerns one body field. */
  readonly field?: string;
  /** operationIds that can return it (spec's Operations column plus extensions in docs/api-decisions.md). */
  readonly operations: readonly OperationId[];
  readonly source: ApiErrorSource;
}

/** Codes an operation can return; by default the spec's rows only (what operations[id].errors lists). */
export function errorCodesForOperation(id: OperationId, source: ApiErrorSource | 'all' = 'spec'): ApiErrorCode[] {
  const op = operations[id];
  return codesAnswered(op.listedErrors, op.body !== null, source);
}

const answeredBy = new Map<ApiErrorCode, OperationId[]>();
for (const id of operationIds) {
  for (const code of errorCodesForOperation(id, 'all')) answeredBy.set(code, [...(answeredBy.get(code) ?? []), id]);
}

/**
 * Every row of the spec's Errors table (source 'spec', in the spec's order) followed by the
 * gateway codes decided in docs/api-decisions.md (source 'gateway'), each with its operations.
 */
export const apiErrorTable: ReadonlyArray<ApiErrorEntry & { readonly code: ApiErrorCode }> = apiErrorCodes.map(
  ({ scope: _scope, ...entry }) => ({
    ...entry,
    operations: answeredBy.get(entry.code) ?? [],
  }),
);

const byCode = new Map<string, ApiErrorEntry>(apiErrorTable.map((e) => [e.code, e]));

/**
 * The spelling variants the spec shows (InvalidService_IdPermission) and any
 * underscore-for-dot variant map to the dotted code we emit.
 */
export function normalizeApiErrorCode(code: string): string {
  if (byCode.has(code)) return code;
  const dotted = code.replace('_', '.');
  return byCode.has(dotted) ? dotted : code;
}

export function findApiError(code: string): ApiErrorEntry | undefined {
  return byCode.get(normalizeApiErrorCode(code));
}

export function fieldForErrorCode(code: string): string | undefined {
  return findApiError(code)?.field;
}
