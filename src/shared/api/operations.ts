/**
 * THE operation table (modelled on Octokit's endpoints.ts): one entry per spec operation, keyed
 * by operationId, holding everything about it: its HTTP shape, the error codes it answers, how
 * its body is checked, and what it does beyond HTTP (its facts: label, changes state, read back,
 * re-apply, retry, journal wording, how an unanswered write is settled). Everything else derives
 * from it: the operationIds, the client's methods, the sandbox's routes and validation, the error
 * table's Operations column (errors.ts), the facts' helpers (operation-facts.ts), the policy body
 * fields (policy-bodies.ts) and the OpenAPI document. docs/architecture.md, "Adding an operation".
 */
import { z } from 'zod';
import { codesAnswered, type ApiErrorCode } from './error-codes.ts';
import type { OperationFacts, ReadFacts } from './operation-facts.ts';
import { accessControlTail, accessControlV1Rules, analyticsRules, bodyEmpty, empty, matchesRules, originElementEmpty, rule, type ValidationRule } from './validation-rules.ts';
import {
  accessControlPolicyListSchema,
  accessControlPolicySchema,
  accessControlPolicyV2Schema,
  createAccessControlPolicyBodySchema,
  updateAccessControlPolicyBodySchema,
  updateAccessControlPolicyV2BodySchema,
} from './schemas/access-control.ts';
import {
  analyticsRequestNumberRequestSchema,
  analyticsSeriesRequestSchema,
  bandwidthResponseSchema,
  originRequestNumberResponseSchema,
  requestNumberResponseSchema,
  volumeResponseSchema,
} from './schemas/analytics.ts';
import {
  cacheControlPolicyListSchema,
  cacheControlPolicyV2ListSchema,
  updateCacheControlPolicyV2BodySchema,
} from './schemas/cache-control.ts';
import { corsHeadersSchema } from './schemas/cors.ts';
import { customerParamsSchema, customerSchema } from './schemas/customer.ts';
import { rateLimitSchema } from './schemas/rate-limit.ts';
import { redirectionPolicySchema, redirectionPolicyV2ListSchema, updateRedirectionPolicyBodySchema } from './schemas/redirection.ts';
import { createServiceBodySchema, serviceParamsSchema, servicePolicyParamsSchema, serviceSchema } from './schemas/service.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The groups of the OpenAPI document, each with its description. */
export const operationTags = {
  Customer: 'The customer the access key belongs to.',
  Services: 'Website acceleration services: create one, read one.',
  'Cache control': 'Cache control policies of a service: how the edge caches the requests they match.',
  'Access control': 'Access control policies of a service: which clients may fetch the URLs they match (allow, deny, token).',
  Redirection: 'Redirection policies of a service: the requests they match are answered with a 301 or 302.',
  CORS: 'The CORS response headers of a service: one set per service, replaced as a whole.',
  'Rate limit': 'The rate limit of a service: one configuration per service.',
  Analytics: 'Traffic series of services: data volume, bandwidth, requests and origin requests.',
} as const;
export type OperationTag = keyof typeof operationTags;

/** What one entry of the table holds (the operationId is its key). */
export interface OperationEntry {
  /** The spec's operation number (its Endpoints table). */
  readonly specNumber: number;
  readonly method: HttpMethod;
  /** Path template with {name} placeholders, relative to the base URL. */
  readonly path: string;
  /** Other paths the spec shows for the same operation; the sandbox answers them, the client never uses them. */
  readonly aliasPaths?: readonly string[];
  readonly pathParams: z.ZodObject;
  readonly body: z.ZodType | null;
  /** null: 200 without a body. */
  readonly response: z.ZodType | null;
  readonly summary: string;
  readonly tag: OperationTag;
  /**
   * The codes it answers besides those every operation (or every one with a body) answers
   * (error-codes.ts): the spec's Errors rows naming it, the extensions of docs/api-decisions.md
   * and the gateway codes that concern it.
   */
  readonly errors: readonly ApiErrorCode[];
  /** How its body is checked: which code an issue answers, in the spec's order (validation-rules.ts); none without a body. */
  readonly validation?: readonly ValidationRule[];
  /** What it does beyond its HTTP shape (operation-facts.ts); operationIds it names are checked there. */
  readonly facts: OperationFacts<string>;
}

/** An entry as the table holds it, with what derives from it filled in. */
export interface OperationDefinition<Id extends string = string, E extends OperationEntry = OperationEntry> {
  readonly operationId: Id;
  readonly specNumber: number;
  readonly method: E['method'];
  readonly path: string;
  readonly aliasPaths: readonly string[];
  readonly pathParams: E['pathParams'];
  readonly body: E['body'];
  readonly response: E['response'];
  /** Every spec code it can return (the entry's, and those of every operation); gateway codes: errors.ts. */
  readonly errors: readonly ApiErrorCode[];
  /** The codes its entry lists. */
  readonly listedErrors: readonly ApiErrorCode[];
  /** Safe to retry automatically: its facts' `retryable` (every read, and the PUT/DELETE changes). */
  readonly idempotent: boolean;
  readonly summary: string;
  readonly tag: OperationTag;
  readonly facts: E['facts'];
  readonly validation: readonly ValidationRule[];
}

/** Fills each entry's derived fields, keeping each entry's own types (the table stays typed per entry). */
function defineOperations<const T extends { readonly [id: string]: OperationEntry }>(table: T): { readonly [Id in keyof T & string]: OperationDefinition<Id, T[Id]> } {
  const out: Record<string, OperationDefinition> = {};
  for (const [operationId, entry] of Object.entries(table)) {
    out[operationId] = {
      operationId,
      specNumber: entry.specNumber,
      method: entry.method,
      path: entry.path,
      aliasPaths: entry.aliasPaths ?? [],
      pathParams: entry.pathParams,
      body: entry.body,
      response: entry.response,
      errors: codesAnswered(entry.errors, entry.body !== null, 'spec'),
      listedErrors: entry.errors,
      idempotent: entry.facts.retryable,
      summary: entry.summary,
      tag: entry.tag,
      facts: entry.facts,
      validation: entry.validation ?? [],
    };
  }
  return out as { readonly [Id in keyof T & string]: OperationDefinition<Id, T[Id]> };
}

const noParams = z.object({});

// Reads are always safe to retry, including the four analytics reads that the API serves by POST.
const read = (label: string): ReadFacts => ({ changesState: false, label, retryable: true });

/** Codes of every call that names a service of the key's customer in its path. */
const serviceCodes = ['InvalidService.IdIncorrect', 'InvalidService.IdPermission'] as const;
/** Codes of the analytics series (16-19). */
const analyticsCodes = ['Request.BadRequest', 'ServiceNames.Invalid', 'ServiceNames.NumberInvalid', 'Time.Invalid', 'TimeFormat.Invalid', 'TimeRange.Exceeded', 'TimeRange.EndBeforeStart'] as const;

export const operations = defineOperations({
  getCustomer: {
    specNumber: 1,
    method: 'GET',
    path: '/v1.1/customer/{customer_id}',
    pathParams: customerParamsSchema,
    body: null,
    response: customerSchema,
    summary: 'Read a customer',
    tag: 'Customer',
    errors: ['InvalidCustomer.IdEmpty', 'InvalidCustomer.NotFound'],
    facts: read('customer'),
  },
  createService: {
    specNumber: 2,
    method: 'POST',
    path: '/cdn/v1.0/service',
    pathParams: noParams,
    body: createServiceBodySchema,
    response: serviceSchema,
    summary: 'Create a website acceleration service',
    tag: 'Services',
    errors: [
      'Request.BadRequest', 'InvalidCustomer.IdEmpty', 'InvalidService.Empty', 'InvalidService.DomainNameEmpty', 'InvalidService.OriginsEmpty',
      'InvalidService.OriginEmpty', 'InvalidService.OriginUrlEmpty', 'InvalidService.S3CredentialAccessKeyEmpty',
      'InvalidService.S3CredentialAccessSecretEmpty', 'InvalidService.S3CredentialRegionEmpty', 'InvalidService.DefaultHostHeaderEmpty',
      'InvalidService.DefaultHostHeaderInCorrect', 'InvalidService.TLSProfileInCorrect', 'InvalidService.DomainName', 'InvalidCustomer.ProvisionNotFound',
    ],
    validation: [
      rule('', 'InvalidService.Empty'),
      rule('domainName', 'InvalidService.Empty', bodyEmpty),
      rule('domainName', 'InvalidService.DomainNameEmpty'),
      rule('origins', 'InvalidService.OriginsEmpty', empty),
      rule('origins', 'Request.BadRequest'),
      rule('origins.*', 'InvalidService.OriginEmpty'),
      rule('origins.*.originUrl', 'InvalidService.OriginEmpty', originElementEmpty),
      rule('origins.*.originUrl', 'InvalidService.OriginUrlEmpty'),
      rule('origins.*.s3Credential.accessKey', 'InvalidService.S3CredentialAccessKeyEmpty'),
      rule('origins.*.s3Credential.accessSecret', 'InvalidService.S3CredentialAccessSecretEmpty'),
      rule('origins.*.s3Credential.region', 'InvalidService.S3CredentialRegionEmpty'),
      rule('defaultHostHeader', 'InvalidService.DefaultHostHeaderEmpty', empty),
      rule('defaultHostHeader', 'InvalidService.DefaultHostHeaderInCorrect'),
      rule('tlsProfile', 'InvalidService.TLSProfileInCorrect'),
    ],
    facts: {
      changesState: true,
      label: 'new service',
      action: 'Create service',
      journal: 'Create service {serviceId} “{domainName}”',
      readBack: { from: 'nothing' },
      reapply: 'never',
      retryable: false,
      unknownOutcome: { by: 'resend', because: 'unique-domain' },
    },
  },
  getService: {
    specNumber: 3,
    method: 'GET',
    path: '/cdn/v1.0/service/{serviceId}',
    aliasPaths: ['/cdn/v1.0/services/{serviceId}'],
    pathParams: serviceParamsSchema,
    body: null,
    response: serviceSchema,
    summary: 'Read a service',
    tag: 'Services',
    errors: serviceCodes,
    facts: read('service'),
  },
  listCacheControlPolicies: {
    specNumber: 4,
    method: 'GET',
    path: '/cdn/v1.0/services/{serviceId}/cacheControl',
    pathParams: serviceParamsSchema,
    body: null,
    response: cacheControlPolicyListSchema,
    summary: 'List cache control policies (version 1.0 shape)',
    tag: 'Cache control',
    errors: serviceCodes,
    facts: read('cache control'),
  },
  listCacheControlPoliciesV2: {
    specNumber: 5,
    method: 'GET',
    path: '/cdn/v1.1/services/{serviceId}/cacheControl',
    pathParams: serviceParamsSchema,
    body: null,
    response: cacheControlPolicyV2ListSchema,
    summary: 'List cache control policies (V2 shape with matches)',
    tag: 'Cache control',
    errors: serviceCodes,
    facts: read('cache control'),
  },
  updateCacheControlPolicyV2: {
    specNumber: 6,
    method: 'PUT',
    path: '/cdn/v1.1/services/{serviceId}/cacheControl/{policyId}',
    pathParams: servicePolicyParamsSchema,
    body: updateCacheControlPolicyV2BodySchema,
    response: null,
    summary: 'Edit a cache control policy (V2)',
    tag: 'Cache control',
    errors: [
      'Request.BadRequest', 'InvalidCustomer.IdEmpty', ...serviceCodes, 'Invalid.PolicyName', 'InvalidPolicy.Priority',
      'InvalidPolicy.MatchURLIncorrect', 'InvalidPolicy.Operator', 'InvalidPolicy.Patterns', 'InvalidPolicy.RefererAcl', 'InvalidPolicy.AclDomainList',
      'InvalidPolicy.AclDomainType', 'InvalidService.VaryMiME', 'InvalidPolicy.ResponseHeader', 'InvalidPolicy.MatchesIncorrect',
      'InvalidPolicy.MatchFieldIncorrect', 'InvalidPolicy.MatchOperatorIncorrect', 'InvalidPolicy.MatchValuesIncorrect',
      'InvalidPolicy.MatchValueIncorrect', 'InvalidPolicy.IdNotFound',
    ],
    validation: [
      rule('', 'Request.BadRequest'),
      rule('policyName', 'Invalid.PolicyName'),
      rule('priority', 'InvalidPolicy.Priority'),
      ...matchesRules,
      rule('autoGzipDisable', 'Request.BadRequest'),
      rule('ttl', 'Request.BadRequest'),
      rule('refererAcl', 'InvalidPolicy.RefererAcl'),
      rule('refererAcl.aclType', 'InvalidPolicy.RefererAcl'),
      rule('refererAcl.domainList', 'InvalidPolicy.AclDomainList'),
      rule(null, 'InvalidPolicy.AclDomainType'),
      rule('originAcl', 'InvalidPolicy.RefererAcl'),
      rule('originAcl.aclType', 'InvalidPolicy.RefererAcl'),
      rule('originAcl.domainList', 'InvalidPolicy.AclDomainList'),
      rule('responseHeaders', 'InvalidPolicy.ResponseHeader'),
      rule('varyMIMEs', 'InvalidService.VaryMiME'),
    ],
    facts: {
      changesState: true,
      label: 'cache control',
      action: 'Update cache control policy',
      journal: 'Edit cache control policy {policyId} “{policyName}”',
      readBack: { from: 'list', operationId: 'listCacheControlPoliciesV2' },
      reapply: 'previous-version',
      retryable: true,
      unknownOutcome: { by: 'read', operationId: 'listCacheControlPoliciesV2' },
      policyList: { list: 'cache', how: 'replace' },
    },
  },
  createAccessControlPolicy: {
    specNumber: 7,
    method: 'POST',
    path: '/cdn/v1.0/services/{serviceId}/accessControl',
    pathParams: serviceParamsSchema,
    body: createAccessControlPolicyBodySchema,
    response: accessControlPolicySchema,
    summary: 'Create an access control policy',
    tag: 'Access control',
    errors: [
      'Request.BadRequest', 'InvalidCustomer.IdEmpty', ...serviceCodes, 'Invalid.PolicyName', 'InvalidPolicy.Priority', 'InvalidPriority.Unique',
      'InvalidPolicy.TypeEmpty', 'InvalidPolicy.AccessType', 'InvalidPolicy.MatchURLIncorrect', 'InvalidPolicy.Operator', 'InvalidPolicy.Patterns',
      'InvalidPolicy.MatchUrlPathPatternsIncorrect', 'InvalidPolicy.IpRestriction', 'InvalidPolicy.GeoFormat',
    ],
    validation: accessControlV1Rules,
    facts: {
      changesState: true,
      label: 'access control',
      action: 'Create access control policy',
      journal: 'Create access control policy {policyId} “{policyName}”',
      readBack: { from: 'nothing' },
      reapply: 'never',
      retryable: false,
      unknownOutcome: { by: 'read', operationId: 'listAccessControlPolicies' },
      policyList: { list: 'access', how: 'add' },
    },
  },
  listAccessControlPolicies: {
    specNumber: 8,
    method: 'GET',
    path: '/cdn/v1.0/services/{serviceId}/accessControl',
    pathParams: serviceParamsSchema,
    body: null,
    response: accessControlPolicyListSchema,
    summary: 'List access control policies (version 1.0 shape)',
    tag: 'Access control',
    errors: ['InvalidCustomer.IdEmpty', ...serviceCodes],
    facts: read('access control'),
  },
  updateAccessControlPolicy: {
    specNumber: 9,
    method: 'PUT',
    path: '/cdn/v1.0/services/{serviceId}/accessControl/{policyId}',
    pathParams: servicePolicyParamsSchema,
    body: updateAccessControlPolicyBodySchema,
    response: accessControlPolicySchema,
    summary: 'Edit an access control policy',
    tag: 'Access control',
    errors: [
      'Request.BadRequest', 'InvalidCustomer.IdEmpty', ...serviceCodes, 'Invalid.PolicyName', 'InvalidPolicy.Priority', 'InvalidPriority.Unique',
      'InvalidPolicy.TypeEmpty', 'InvalidPolicy.AccessType', 'InvalidPolicy.MatchURLIncorrect', 'InvalidPolicy.Operator', 'InvalidPolicy.Patterns',
      'InvalidPolicy.MatchUrlPathPatternsIncorrect', 'InvalidPolicy.IpRestriction', 'InvalidPolicy.GeoFormat', 'InvalidPolicy.IdNotFound',
    ],
    validation: accessControlV1Rules,
    facts: {
      changesState: true,
      label: 'access control',
      action: 'Update access control policy (version 1.0)',
      journal: 'Edit access control policy {policyId} “{policyName}”',
      readBack: { from: 'list', operationId: 'listAccessControlPolicies' },
      reapply: 'previous-version',
      retryable: true,
      unknownOutcome: { by: 'read', operationId: 'listAccessControlPolicies' },
      policyList: { list: 'access', how: 'replace' },
    },
  },
  updateAccessControlPolicyV2: {
    specNumber: 10,
    method: 'PUT',
    path: '/cdn/v1.1/services/{serviceId}/accessControl/{policyId}',
    pathParams: servicePolicyParamsSchema,
    body: updateAccessControlPolicyV2BodySchema,
    response: accessControlPolicyV2Schema,
    summary: 'Edit an access control policy (V2 shape with matches)',
    tag: 'Access control',
    errors: [
      'Request.BadRequest', 'InvalidCustomer.IdEmpty', ...serviceCodes, 'Invalid.PolicyName', 'InvalidPolicy.Priority', 'InvalidPriority.Unique',
      'InvalidPolicy.TypeEmpty', 'InvalidPolicy.AccessType', 'InvalidPolicy.MatchURLIncorrect', 'InvalidPolicy.Operator', 'InvalidPolicy.Patterns',
      'InvalidPolicy.MatchUrlPathPatternsIncorrect', 'InvalidPolicy.IpRestriction', 'InvalidPolicy.GeoFormat', 'InvalidPolicy.MatchesIncorrect',
      'InvalidPolicy.MatchFieldIncorrect', 'InvalidPolicy.MatchOperatorIncorrect', 'InvalidPolicy.MatchValuesIncorrect',
      'InvalidPolicy.MatchValueIncorrect', 'InvalidPolicy.IdNotFound',
    ],
    validation: [
      rule('', 'Request.BadRequest'),
      rule('policyName', 'Invalid.PolicyName'),
      rule('type', 'InvalidPolicy.TypeEmpty', empty),
      rule('type', 'InvalidPolicy.AccessType'),
      ...matchesRules,
      ...accessControlTail,
    ],
    facts: {
      changesState: true,
      label: 'access control',
      action: 'Update access control policy (V2)',
      journal: 'Edit access control policy {policyId} “{policyName}” (matches)',
      readBack: { from: 'list', operationId: 'listAccessControlPolicies' },
      reapply: 'previous-version',
      retryable: true,
      unknownOutcome: { by: 'read', operationId: 'listAccessControlPolicies' },
      policyList: { list: 'access', how: 'replace' },
    },
  },
  updateRedirectionPolicy: {
    specNumber: 11,
    method: 'PUT',
    path: '/cdn/v1.0/services/{serviceId}/redirections/{policyId}',
    pathParams: servicePolicyParamsSchema,
    body: updateRedirectionPolicyBodySchema,
    response: redirectionPolicySchema,
    summary: 'Edit a redirection policy',
    tag: 'Redirection',
    errors: [
      'Request.BadRequest', 'InvalidCustomer.IdEmpty', ...serviceCodes, 'InvalidRedirection.PolicyName', 'InvalidRedirection.MatchURLIncorrect',
      'InvalidRedirection.Operator', 'InvalidRedirection.MatchUrlPathPatternsIncorrect', 'InvalidRedirection.URLEmpty',
      'InvalidRedirection.HttpCodeEmpty', 'InvalidRedirection.HttpCode', 'InvalidRedirection.Priority', 'InvalidPolicy.IdNotFound',
    ],
    validation: [
      rule('', 'Request.BadRequest'),
      rule('policyName', 'InvalidRedirection.PolicyName'),
      rule('matchUrlPath', 'InvalidRedirection.MatchURLIncorrect'),
      rule('matchUrlPath.operator', 'InvalidRedirection.Operator'),
      rule('matchUrlPath.patterns', 'InvalidRedirection.MatchUrlPathPatternsIncorrect'),
      rule('matchQueryString', 'Request.BadRequest'),
      rule('matchQueryString.operator', 'InvalidRedirection.Operator'),
      rule('matchQueryString.patterns', 'InvalidRedirection.MatchUrlPathPatternsIncorrect'),
      rule('redirectDestination', 'InvalidRedirection.URLEmpty'),
      rule('httpCode', 'InvalidRedirection.HttpCodeEmpty', empty),
      rule('httpCode', 'InvalidRedirection.HttpCode'),
      rule('priority', 'InvalidRedirection.Priority'),
    ],
    facts: {
      changesState: true,
      label: 'redirection',
      action: 'Update redirection policy',
      journal: 'Edit redirection {policyId} “{policyName}”',
      readBack: { from: 'list', operationId: 'listRedirectionPoliciesV2' },
      reapply: 'previous-version',
      retryable: true,
      unknownOutcome: { by: 'read', operationId: 'listRedirectionPoliciesV2' },
      policyList: { list: 'redirections', how: 'replace' },
    },
  },
  listRedirectionPoliciesV2: {
    specNumber: 12,
    method: 'GET',
    path: '/cdn/v1.1/services/{serviceId}/redirections',
    pathParams: serviceParamsSchema,
    body: null,
    response: redirectionPolicyV2ListSchema,
    summary: 'List redirection policies (V2 shape with matches)',
    tag: 'Redirection',
    errors: ['Request.BadRequest', 'InvalidCustomer.IdEmpty', ...serviceCodes],
    facts: read('redirection'),
  },
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
      'Request.BadRequest', 'InvalidCustomer.IdEmpty', ...serviceCodes, 'InvalidOrigin.UrlFormat', 'InvalidPolicy.CorsHeaderForMethod',
      'InvalidPolicy.CorsHeaderForCredentials', 'InvalidPolicy.CorsHeaderForHeader', 'InvalidPolicy.CorsHeaderForMaxAge',
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
    errors: ['Request.BadRequest', 'InvalidCustomer.IdEmpty', ...serviceCodes, 'InvalidRateLimit.TimeWindow', 'InvalidRateLimit.RequestLimit'],
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

export type Operations = typeof operations;
/** The operationIds: the table's keys. */
export type OperationId = keyof Operations;
export type AnyOperation = Operations[OperationId];

/** Every operationId, in the table's order (the spec's). */
export const operationIds = Object.keys(operations) as OperationId[];

export function isOperationId(value: unknown): value is OperationId {
  return typeof value === 'string' && Object.hasOwn(operations, value);
}

/** Spec operation number → operationId. */
export function operationIdForNumber(n: number): OperationId {
  const id = operationIds.find((candidate) => operations[candidate].specNumber === n);
  if (id === undefined) throw new RangeError(`No spec operation number ${n}`);
  return id;
}

/** Spec operation number of an operationId. */
export function specNumberOf(id: OperationId): number {
  return operations[id].specNumber;
}

export type OperationParams<Id extends OperationId> = z.input<Operations[Id]['pathParams']>;
export type OperationBody<Id extends OperationId> = Operations[Id]['body'] extends z.ZodType
  ? z.input<Operations[Id]['body']>
  : undefined;
/** What a caller passes: params `{}` when the path has none, body `undefined` when none. */
export interface OperationInput<Id extends OperationId> {
  params: OperationParams<Id>;
  body: OperationBody<Id>;
}
/**
 * What a caller passes by operationId, in the client's shape: params may be left out when none
 * is required, body when the operation has none.
 */
export type OperationRequest<Id extends OperationId> = (Record<never, never> extends OperationParams<Id>
  ? { params?: OperationParams<Id> }
  : { params: OperationParams<Id> }) &
  (Operations[Id]['body'] extends z.ZodType ? { body: OperationBody<Id> } : { body?: undefined });
/** What a call resolves to: the parsed response, or undefined for the no-body 200s. */
export type OperationResult<Id extends OperationId> = Operations[Id]['response'] extends z.ZodType
  ? z.output<Operations[Id]['response']>
  : undefined;

export function getOperation<Id extends OperationId>(id: Id): Operations[Id] {
  return operations[id];
}

/** The path template's placeholder names, in order. */
export function pathParamNames(template: string): string[] {
  return [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
}

/**
 * Fills the path template after validating params with the operation's pathParams schema
 * (throws a ZodError for a missing or non-positive id).
 */
export function buildPath<Id extends OperationId>(id: Id, params: OperationParams<Id>): string {
  const op: AnyOperation = operations[id];
  const parsed = op.pathParams.parse(params) as Record<string, unknown>;
  return op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => encodeURIComponent(String(parsed[name])));
}

export interface RouteMatch {
  operationId: OperationId;
  /** Raw path parameter strings as they appear in the URL. */
  params: Record<string, string>;
  /** True when an alias path matched (see aliasPaths). */
  alias: boolean;
}

function templateRegex(template: string): RegExp {
  const escaped = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped.replace(/\\?\{([^}]+)\\?\}/g, '(?<$1>[^/]+)')}$`);
}

const routes = operationIds.flatMap((id) => {
  const op: AnyOperation = operations[id];
  return [
    { id, method: op.method, regex: templateRegex(op.path), alias: false },
    ...op.aliasPaths.map((p) => ({ id, method: op.method, regex: templateRegex(p), alias: true })),
  ];
});

/**
 * Finds the operation for a method + path (query string excluded). Returns
 * `{ match }`, `{ methodNotAllowed: true }` when the path exists with other methods, or `{}`.
 */
export function matchRoute(method: string, pathname: string): { match?: RouteMatch; methodNotAllowed?: boolean } {
  let pathKnown = false;
  for (const r of routes) {
    const m = r.regex.exec(pathname);
    if (!m) continue;
    pathKnown = true;
    if (r.method === method.toUpperCase()) {
      return { match: { operationId: r.id, params: { ...(m.groups ?? {}) }, alias: r.alias } };
    }
  }
  return pathKnown ? { methodNotAllowed: true } : {};
}
