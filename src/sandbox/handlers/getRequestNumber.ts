import { analyticsSeries } from './analytics-shared.ts';
import type { Handler } from './types.ts';

/** POST /cdn/v1.0/analytics/getRequestNumberByServiceName: requests per 5 minutes. */
export const getRequestNumber: Handler = (ctx) => ({
  body: analyticsSeries(ctx, 'getRequestNumber', 'requests').map((s) => ({
    serviceName: s.serviceName,
    reqNumbers: s.points,
  })),
});
