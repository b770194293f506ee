// Shared by the four analytics operations: body rules come from the shared schema (names count,
// formats, ranges); the gateway adds the one rule only it can check: every name is a service of
// this customer.
import { series, type Metric, type SeriesPoint } from '../analytics-generator.ts';
import { apiError } from '../errors.ts';
import type { ServiceRecord } from '../model.ts';
import { bodyOf, customerIdOf } from './common.ts';
import type { HandlerContext } from './types.ts';

type AnalyticsOperation = 'getVolume' | 'getBandwidth' | 'getRequestNumber' | 'getOriginRequestNumber';

export function analyticsSeries(
  ctx: HandlerContext,
  id: AnalyticsOperation,
  metric: Metric,
): Array<{ serviceName: string; points: SeriesPoint[] }> {
  const customerId = customerIdOf(ctx);
  const body = bodyOf(ctx, id);
  const interval = 'interval' in body && body.interval === 'day' ? 'day' : 'minute';
  const seen = new Set<string>();
  const services: ServiceRecord[] = [];
  const unknown: string[] = [];
  for (const name of body.serviceNames) {
    const key = name.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    const record = ctx.store.serviceByDomain(customerId, name);
    if (record) services.push(record);
    else unknown.push(name);
  }
  if (unknown.length > 0) {
    throw apiError('ServiceNames.Invalid', `Unknown service name(s): ${unknown.slice(0, 5).join(', ')}.`);
  }
  const startMs = Date.parse(body.startTime);
  const endMs = Date.parse(body.endTime);
  return services.map((record) => ({
    serviceName: record.service.domainName,
    points: series({
      seed: ctx.store.seed,
      serviceId: record.service.id,
      profile: record.traffic,
      metric,
      startMs,
      endMs,
      interval,
      nowMs: ctx.nowMs,
      changes: ctx.store.trafficChangesOf(record.service.id),
    }),
  }));
}
