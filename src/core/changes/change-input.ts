// The input of one write as the guarded path receives it (path parameters and body), and the IDs
// it names.

export type OperationCallInput = { params: Record<string, unknown>; body?: unknown };

type Json = Record<string, unknown>;

export const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

export function serviceIdOf(input: OperationCallInput): number | null {
  const id = Number(input.params.serviceId);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export function policyIdOf(input: OperationCallInput): number | null {
  const id = Number(input.params.policyId);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
