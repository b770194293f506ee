// The operation table's entries for the traffic series (spec operations 16-19): reads the API
// serves by POST.
import { analyticsRules } from '../validation-rules.ts';
import {
  analyticsRequestNumberRequestSchema,
  analyticsSeriesRequestSchema,
  bandwidthResponseSchema,
  originRequestNumberResponseSchema,
  requestNumberResponseSchema,
  volumeResponseSchema,
} from '../schemas/analytics.ts';
import { noParams, operationEntries, read } from './operation-entry.ts';

/** Codes of the analytics series (16-19). */
const analyticsCodes = [
  'Request.BadRequest',
  'ServiceNames.Invalid',
  'ServiceNames.NumberInvalid',
  'Time.Invalid',
  'TimeFormat.Invalid',
  'TimeRange.Exceeded',
  'TimeRange.EndBeforeStart',
] as const;

export const analyticsOperations = operationEntries({
  getVolume: {
    specNumber: 16,
    method: 'POST',
    path: '/cdn/v1.0/analytics/getVolumeByServiceName',
    pathParams: noParams,
    body: analyticsSeriesRequestSchema,
    response: volumeResponseSchema,
    summary: 'Data volume series per service',
    tag: 'Analytics',
    errors: [...analyticsCodes, 'IntervalType.Invalid'],
    validation: analyticsRules(true),
    facts: read('analytics'),
  },
  getBandwidth: {
    specNumber: 17,
    method: 'POST',
    path: '/cdn/v1.0/analytics/getBandwidthByServiceName',
    pathParams: noParams,
    body: analyticsSeriesRequestSchema,
    response: bandwidthResponseSchema,
    summary: 'Bandwidth series per service',
    tag: 'Analytics',
    errors: [...analyticsCodes, 'IntervalType.Invalid'],
    validation: analyticsRules(true),
    facts: read('analytics'),
  },
  getRequestNumber: {
    specNumber: 18,
    method: 'POST',
    path: '/cdn/v1.0/analytics/getRequestNumberByServiceName',
    pathParams: noParams,
    body: analyticsRequestNumberRequestSchema,
    response: requestNumberResponseSchema,
    summary: 'Request number series per service',
    tag: 'Analytics',
    errors: analyticsCodes,
    validation: analyticsRules(false),
    facts: read('analytics'),
  },
  getOriginRequestNumber: {
    specNumber: 19,
    method: 'POST',
    path: '/cdn/v1.0/analytics/originRequestNumber',
    // The spec's example request of operation 19 uses this path (docs/api-decisions.md).
    aliasPaths: ['/cdn/v1.0/analytics/requestNumber'],
    pathParams: noParams,
    body: analyticsRequestNumberRequestSchema,
    response: originRequestNumberResponseSchema,
    summary: 'Origin request number series per service',
    tag: 'Analytics',
    errors: analyticsCodes,
    validation: analyticsRules(false),
    facts: read('analytics'),
  },
});
