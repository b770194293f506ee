// The built-in checks, in the order the grid shows them. IDs are stable: baselines refer to them.
import type { AnyCheck } from './check-types.ts';
import { corsCredentialsCheck, rateLimitCheck } from './header-checks.ts';
import {
  adminDeniedCheck,
  shadowedRuleCheck,
  staleDisabledPolicyCheck,
  staticCacheCheck,
  uniqueAccessPriorityCheck,
} from './policy-checks.ts';
import {
  http2Check,
  httpsOriginsCheck,
  httpsRedirectCheck,
  s3OverHttpsCheck,
  tlsProfileCheck,
} from './service-checks.ts';
import { idleServiceCheck } from './traffic-checks.ts';

export const builtinChecks: readonly AnyCheck[] = [
  httpsRedirectCheck,
  tlsProfileCheck,
  http2Check,
  httpsOriginsCheck,
  s3OverHttpsCheck,
  corsCredentialsCheck,
  rateLimitCheck,
  staticCacheCheck,
  adminDeniedCheck,
  uniqueAccessPriorityCheck,
  shadowedRuleCheck,
  staleDisabledPolicyCheck,
  idleServiceCheck,
];

const byId = new Map(builtinChecks.map((c) => [c.id, c]));

export const builtinCheckIds = builtinChecks.map((c) => c.id);

export function checkById(id: string): AnyCheck | undefined {
  return byId.get(id);
}
