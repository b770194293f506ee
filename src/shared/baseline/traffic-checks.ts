// Checks on traffic, from what the analytics cache holds (computed by the core into TrafficFacts):
// nothing is fetched for a check, so it works offline and costs no requests.
import { DAY_MS } from '../time.ts';
import { defineCheck, fail, pass, unknown } from './check-types.ts';
import { idleServiceParameters } from './check-parameters.ts';

/** The cache's newest data may lag behind "now" by this much and still count as covering it. */
const TRAFFIC_COVERAGE_SLACK_MS = DAY_MS;

export const idleServiceCheck = defineCheck({
  ...idleServiceParameters,
  title: 'No enabled service without traffic',
  reason: 'An enabled service nobody uses still carries certificates, origins and rules to maintain.',
  fixText:
    'Disable or remove the service in the provider’s portal (the API cannot change or delete services), or find out why it gets no requests.',
  fixBy: 'by-hand',
  evaluate({ config, facts }, { days }, { now }) {
    if (config.service.enabled === false) return pass('The service is disabled.');
    const from = now - days * DAY_MS;
    const traffic = facts.traffic;
    if (traffic !== null && traffic.lastRequestAt !== null && traffic.lastRequestAt >= from) return pass();
    // Zero traffic is only claimed when the cache holds the whole period.
    if (traffic === null || traffic.coveredSince > from || traffic.coveredUntil < now - TRAFFIC_COVERAGE_SLACK_MS) {
      return unknown(
        `The analytics cache does not hold request numbers for the whole last ${days} days: open the service’s traffic for that range to fill it.`,
      );
    }
    const last =
      traffic.lastRequestAt === null
        ? 'no request in the cached data'
        : `last request ${new Date(traffic.lastRequestAt).toISOString().slice(0, 10)}`;
    return fail([{ item: 'Requests', detail: `none in the last ${days} days (${last})` }]);
  },
});
