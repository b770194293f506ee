// Injected changes in a service's synthetic traffic from a given time: a drop in requests or in
// offload, a spike in bandwidth, an outage. They multiply the generated values of the 5-minute
// points in [from, to), so they are as deterministic as the traffic itself, and a service without
// one is answered exactly as before. They are run settings (like faults), not stored state.
import { z } from 'zod';
import type { PointValues } from './analytics-generator.ts';
import type { ServiceRecord } from './model.ts';

/**
 * requests: requests and origin requests (the offload ratio stays); originRequests: origin
 * requests only (capped at requests); offload: the offload ratio (1 − origin / requests);
 * bandwidth: bytes served (volume and bandwidth); traffic: all of them (an outage or a surge).
 */
export const trafficAnomalyMetrics = ['requests', 'originRequests', 'offload', 'bandwidth', 'traffic'] as const;
export type TrafficAnomalyMetric = (typeof trafficAnomalyMetrics)[number];

/** What a caller passes (startSandbox `anomalies`, `setAnomalies`, CLI `--anomaly`). */
export interface TrafficAnomaly {
  serviceId: number;
  /** ISO 8601 date-time with a zone (2026-11-20T08:00:00Z) or epoch milliseconds; points from here on change. */
  from: string | number;
  /** End, exclusive; default: no end. */
  to?: string | number;
  metric: TrafficAnomalyMetric;
  /** Multiplier of the metric: 0.3 is a drop to 30 %, 4 a spike to four times. */
  factor: number;
}

/** One change as the generator applies it. */
export interface TrafficChange {
  fromMs: number;
  toMs: number;
  metric: TrafficAnomalyMetric;
  factor: number;
}

const MAX_FACTOR = 1000;
const ISO_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
const TIME_RULE = 'must be an ISO 8601 date-time with a zone, e.g. 2026-11-20T08:00:00Z, or epoch milliseconds';

const time = z
  .union([z.number().int(TIME_RULE).nonnegative(TIME_RULE), z.string().regex(ISO_WITH_ZONE, TIME_RULE)], {
    error: TIME_RULE,
  })
  .refine((v) => Number.isFinite(typeof v === 'number' ? v : Date.parse(v)), { error: TIME_RULE });

const anomalySchema = z.strictObject(
  {
    serviceId: z
      .number({ error: 'must be a service ID (a positive integer)' })
      .int('must be a service ID (a positive integer)')
      .positive('must be a service ID (a positive integer)'),
    from: time,
    to: time.optional(),
    metric: z.enum(trafficAnomalyMetrics, { error: `must be one of ${trafficAnomalyMetrics.join(', ')}` }),
    factor: z
      .number({ error: `must be a number from 0 to ${MAX_FACTOR}` })
      .min(0, `must be a number from 0 to ${MAX_FACTOR}`)
      .max(MAX_FACTOR, `must be a number from 0 to ${MAX_FACTOR}`),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `unknown field(s) ${issue.keys.join(', ')}`
        : 'must be an object with serviceId, from, metric and factor',
  },
);

const toMs = (v: string | number): number => (typeof v === 'number' ? v : Date.parse(v));

/**
 * Checks the anomalies (each field by its rule; the service must exist and have traffic) and
 * groups them by service. Throws an Error naming the field, e.g. `anomalies[1].factor: must be …`.
 */
export function resolveTrafficAnomalies(
  input: unknown,
  serviceById: (serviceId: number) => ServiceRecord | undefined,
  label = 'anomalies',
): Map<number, TrafficChange[]> {
  if (!Array.isArray(input)) throw new Error(`${label}: must be a list of {serviceId, from, to?, metric, factor}`);
  const byService = new Map<number, TrafficChange[]>();
  input.forEach((item: unknown, index) => {
    const where = `${label}[${index}]`;
    const parsed = anomalySchema.safeParse(item);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(`${where}${issue.path.length > 0 ? `.${issue.path.join('.')}` : ''}: ${issue.message}`);
    }
    const a = parsed.data;
    const fromMs = toMs(a.from);
    const endMs = a.to === undefined ? Number.POSITIVE_INFINITY : toMs(a.to);
    if (endMs <= fromMs) throw new Error(`${where}.to: must be later than from`);
    const record = serviceById(a.serviceId);
    if (!record) throw new Error(`${where}.serviceId: no service ${a.serviceId} on this gateway`);
    if (!record.traffic)
      throw new Error(
        `${where}.serviceId: service ${a.serviceId} (${record.service.domainName}) serves no traffic to change`,
      );
    const list = byService.get(a.serviceId) ?? [];
    list.push({ fromMs, toMs: endMs, metric: a.metric, factor: a.factor });
    byService.set(a.serviceId, list);
  });
  return byService;
}

/** The point's values with every change that covers `t` applied, in the order given. */
export function applyTrafficChanges(values: PointValues, changes: readonly TrafficChange[], t: number): PointValues {
  let { volume, requests, originRequests } = values;
  for (const change of changes) {
    if (t < change.fromMs || t >= change.toMs) continue;
    const f = change.factor;
    switch (change.metric) {
      case 'traffic':
        volume = Math.round(volume * f);
        requests = Math.round(requests * f);
        originRequests = Math.round(originRequests * f);
        break;
      case 'bandwidth':
        volume = Math.round(volume * f);
        break;
      case 'requests':
        requests = Math.round(requests * f);
        originRequests = Math.round(originRequests * f);
        break;
      case 'originRequests':
        originRequests = Math.round(originRequests * f);
        break;
      case 'offload': {
        const offload = requests > 0 ? 1 - originRequests / requests : 0;
        originRequests = Math.round(requests * (1 - Math.min(1, offload * f)));
        break;
      }
    }
    originRequests = Math.min(requests, originRequests);
  }
  return { volume, requests, originRequests };
}
