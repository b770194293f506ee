// operationId → handler; the satisfies clause makes a missing operation a type error.
import type { OperationId } from '#shared/api/operations.ts';
import { createAccessControlPolicy } from './createAccessControlPolicy.ts';
import { createService } from './createService.ts';
import { deleteRateLimit } from './deleteRateLimit.ts';
import { getBandwidth } from './getBandwidth.ts';
import { getCustomer } from './getCustomer.ts';
import { getOriginRequestNumber } from './getOriginRequestNumber.ts';
import { getRequestNumber } from './getRequestNumber.ts';
import { getService } from './getService.ts';
import { getVolume } from './getVolume.ts';
import { listAccessControlPolicies } from './listAccessControlPolicies.ts';
import { listCacheControlPolicies } from './listCacheControlPolicies.ts';
import { listCacheControlPoliciesV2 } from './listCacheControlPoliciesV2.ts';
import { listRedirectionPoliciesV2 } from './listRedirectionPoliciesV2.ts';
import { setCorsHeaders } from './setCorsHeaders.ts';
import type { Handler } from './types.ts';
import { updateAccessControlPolicy } from './updateAccessControlPolicy.ts';
import { updateAccessControlPolicyV2 } from './updateAccessControlPolicyV2.ts';
import { updateCacheControlPolicyV2 } from './updateCacheControlPolicyV2.ts';
import { updateRedirectionPolicy } from './updateRedirectionPolicy.ts';
import { upsertRateLimit } from './upsertRateLimit.ts';

export const handlers = {
  getCustomer,
  createService,
  getService,
  listCacheControlPolicies,
  listCacheControlPoliciesV2,
  updateCacheControlPolicyV2,
  createAccessControlPolicy,
  listAccessControlPolicies,
  updateAccessControlPolicy,
  updateAccessControlPolicyV2,
  updateRedirectionPolicy,
  listRedirectionPoliciesV2,
  setCorsHeaders,
  upsertRateLimit,
  deleteRateLimit,
  getVolume,
  getBandwidth,
  getRequestNumber,
  getOriginRequestNumber,
} as const satisfies Record<OperationId, Handler>;
