import { analyticsSeries } from './analytics-shared.ts';
import type { Handler } from './types.ts';

/** POST /cdn/v1.0/analytics/getBandwidthByServiceName: bps (day points: mean bps of the day). */
export const getBandwidth: Handler = (ctx) => ({
  body: analyticsSeries(ctx, 'getBandwidth', 'bandwidth').map((s) => ({
    serviceName: s.serviceName,
    bandwidths: s.points,
  })),
});
