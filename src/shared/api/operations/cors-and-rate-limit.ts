// The operation table's entries for the settings a service has one of: its CORS headers and its
// rate limit (spec operations 13-15).
import { rule } from '../validation-rules.ts';
import { corsHeadersSchema } from '../schemas/cors.ts';
import { rateLimitSchema } from '../schemas/rate-limit.ts';
import { serviceParamsSchema } from '../schemas/service.ts';
import { operationEntries, serviceCodes } from './operation-entry.ts';

export const corsAndRateLimitOperations = operationEntries({
  setCorsHeaders: {
    specNumber: 13,
    method: 'POST',
    path: '/cdn/v1.0/services/{serviceId}/corsHeaders',
    pathParams: serviceParamsSchema,
    body: corsHeadersSchema,
    response: null,
    summary: 'Set (fully replace) the CORS headers of a service',
    tag: 'CORS',
    errors: [
      'Request.BadRequest',
      'InvalidCustomer.IdEmpty',
      ...serviceCodes,
      'InvalidOrigin.UrlFormat',
      'InvalidPolicy.CorsHeaderForMethod',
      'InvalidPolicy.CorsHeaderForCredentials',
      'InvalidPolicy.CorsHeaderForHeader',
      'InvalidPolicy.CorsHeaderForMaxAge',
      'InvalidPolicy.CorsHeaderForExposeHeader',
    ],
    validation: [
      rule('', 'Request.BadRequest'),
      rule('accessControlAllowOrigin', 'InvalidOrigin.UrlFormat'),
      rule('accessControlAllowMethods', 'InvalidPolicy.CorsHeaderForMethod'),
      rule('accessControlAllowCredentials', 'InvalidPolicy.CorsHeaderForCredentials'),
      rule('accessControlAllowHeaders', 'InvalidPolicy.CorsHeaderForHeader'),
      rule('accessControlMaxAge', 'InvalidPolicy.CorsHeaderForMaxAge'),
      rule('accessControlExposeHeaders', 'InvalidPolicy.CorsHeaderForExposeHeader'),
    ],
    // Served by POST: a retry after a lost answer could apply a setting twice, so none is made.
    facts: {
      changesState: true,
      label: 'CORS',
      action: 'Set CORS headers',
      journal: 'Set CORS headers',
      readBack: { from: 'journal', kind: 'cors' },
      reapply: 'previous-version',
      retryable: false,
      unknownOutcome: { by: 'resend', because: 'full-replacement' },
    },
  },
  upsertRateLimit: {
    specNumber: 14,
    method: 'POST',
    path: '/cdn/v1.0/services/{serviceId}/rateLimit',
    pathParams: serviceParamsSchema,
    body: rateLimitSchema,
    response: null,
    summary: 'Create or update the rate limit of a service',
    tag: 'Rate limit',
    errors: [
      'Request.BadRequest',
      'InvalidCustomer.IdEmpty',
      ...serviceCodes,
      'InvalidRateLimit.TimeWindow',
      'InvalidRateLimit.RequestLimit',
    ],
    validation: [
      rule('', 'Request.BadRequest'),
      rule('timeWindow', 'InvalidRateLimit.TimeWindow'),
      rule('requestLimit', 'InvalidRateLimit.RequestLimit'),
    ],
    facts: {
      changesState: true,
      label: 'rate limit',
      action: 'Set rate limit',
      journal: 'Set rate limit',
      readBack: { from: 'journal', kind: 'rate-limit' },
      reapply: 'previous-version-or-delete',
      retryable: false,
      unknownOutcome: { by: 'resend', because: 'upsert' },
    },
  },
  deleteRateLimit: {
    specNumber: 15,
    method: 'DELETE',
    path: '/cdn/v1.0/services/{serviceId}/rateLimit',
    pathParams: serviceParamsSchema,
    body: null,
    response: null,
    summary: 'Delete the rate limit of a service',
    tag: 'Rate limit',
    errors: serviceCodes,
    facts: {
      changesState: true,
      label: 'rate limit',
      action: 'Delete rate limit',
      journal: 'Delete rate limit',
      readBack: { from: 'journal', kind: 'rate-limit' },
      reapply: 'previous-version-or-delete',
      retryable: true,
      unknownOutcome: { by: 'resend', because: 'delete' },
    },
  },
});
