import { analyticsSeries } from './analytics-shared.ts';
import type { Handler } from './types.ts';

/** POST /cdn/v1.0/analytics/getVolumeByServiceName: bytes per 5 minutes or per day. */
export const getVolume: Handler = (ctx) => ({
  body: analyticsSeries(ctx, 'getVolume', 'volume').map((s) => ({ serviceName: s.serviceName, volumes: s.points })),
});
