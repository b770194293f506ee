// Test helper: the spec names operations by number (its Endpoints and Errors tables); the code
// names them by operationId. Tests that compare the table with the spec translate here.
import { operationIds, operations, type OperationId } from '../operations.ts';

/** Spec operation number → operationId. */
export function operationIdForNumber(n: number): OperationId {
  const id = operationIds.find((candidate) => operations[candidate].specNumber === n);
  if (id === undefined) throw new RangeError(`No spec operation number ${n}`);
  return id;
}

/** Spec operation number of an operationId. */
export function specNumberOf(id: OperationId): number {
  return operations[id].specNumber;
}
