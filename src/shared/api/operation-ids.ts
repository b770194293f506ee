/**
 * The 19 operationIds in the spec's endpoint order (index + 1 = the spec's operation number).
 * Kept apart from operations.ts so errors.ts can use it without an import cycle.
 */
export const operationIds = [
  'getCustomer',
  'createService',
  'getService',
  'listCacheControlPolicies',
  'listCacheControlPoliciesV2',
  'updateCacheControlPolicyV2',
  'createAccessControlPolicy',
  'listAccessControlPolicies',
  'updateAccessControlPolicy',
  'updateAccessControlPolicyV2',
  'updateRedirectionPolicy',
  'listRedirectionPoliciesV2',
  'setCorsHeaders',
  'upsertRateLimit',
  'deleteRateLimit',
  'getVolume',
  'getBandwidth',
  'getRequestNumber',
  'getOriginRequestNumber',
] as const;

export type OperationId = (typeof operationIds)[number];

/** Spec operation number (1-19) → operationId. */
export function operationIdForNumber(n: number): OperationId {
  const id = operationIds[n - 1];
  if (id === undefined) throw new RangeError(`No spec operation number ${n}`);
  return id;
}

/** Spec operation number of an operationId (1-19). */
export function specNumberOf(id: OperationId): number {
  return operationIds.indexOf(id) + 1;
}

export function isOperationId(value: unknown): value is OperationId {
  return typeof value === 'string' && (operationIds as readonly string[]).includes(value);
}
