import { analyticsSeries } from './analytics-shared.ts';
import type { Handler } from './types.ts';

/** POST /cdn/v1.0/analytics/originRequestNumber: origin requests per 5 minutes (≤ requests). */
export const getOriginRequestNumber: Handler = (ctx) => ({
  body: analyticsSeries(ctx, 'getOriginRequestNumber', 'originRequests').map((s) => ({
    serviceName: s.serviceName,
    originReqNumbers: s.points,
  })),
});
