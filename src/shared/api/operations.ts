/**
 * THE operation table (modelled on Octokit's endpoints.ts): one entry per spec operation,
 * keyed by operationId. Client methods, sandbox routes and the OpenAPI document derive from it.
 */
import { z } from 'zod';
import { errorCodesForOperation, type ApiErrorCode } from './errors.ts';
import { operationIds, specNumberOf, type OperationId } from './operation-ids.ts';
import { operationFacts } from './operation-facts.ts';
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

export { operationIds, type OperationId };

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type OperationTag = 'Customer' | 'Services' | 'Cache control' | 'Access control' | 'Redirection' | 'CORS' | 'Rate limit' | 'Analytics';

export interface OperationDefinition<
  Id extends OperationId = OperationId,
  P extends z.ZodObject = z.ZodObject,
  B extends z.ZodType | null = z.ZodType | null,
  R extends z.ZodType | null = z.ZodType | null,
> {
  readonly operationId: Id;
  /** The spec's operation number (1-19). */
  readonly specNumber: number;
  readonly method: HttpMethod;
  /** Path template with {name} placeholders, relative to the base URL. */
  readonly path: string;
  /** Other paths the spec shows for the same operation; the sandbox answers them, the client never uses them. */
  readonly aliasPaths: readonly string[];
  readonly pathParams: P;
  readonly body: B;
  /** null: 200 without a body. */
  readonly response: R;
  readonly errors: readonly ApiErrorCode[];
  /** Safe to retry automatically (operation-facts.ts: every read, and the PUT/DELETE changes). */
  readonly idempotent: boolean;
  readonly summary: string;
  readonly tag: OperationTag;
}

const noParams = z.object({});

/** Keeps each entry's schema types (the table stays typed per entry) and fills the derived fields. */
function defineOperation<
  Id extends OperationId,
  P extends z.ZodObject,
  B extends z.ZodType | null,
  R extends z.ZodType | null,
>(def: {
  operationId: Id;
  method: HttpMethod;
  path: string;
  aliasPaths?: readonly string[];
  pathParams: P;
  body: B;
  response: R;
  summary: string;
  tag: OperationTag;
}): OperationDefinition<Id, P, B, R> {
  return {
    operationId: def.operationId,
    specNumber: specNumberOf(def.operationId),
    method: def.method,
    path: def.path,
    aliasPaths: def.aliasPaths ?? [],
    pathParams: def.pathParams,
    body: def.body,
    response: def.response,
    errors: errorCodesForOperation(def.operationId),
    idempotent: operationFacts[def.operationId].retryable,
    summary: def.summary,
    tag: def.tag,
  };
}

export const operations = {
  getCustomer: defineOperation({
    operationId: 'getCustomer',
    method: 'GET',
    path: '/v1.1/customer/{customer_id}',
    pathParams: customerParamsSchema,
    body: null,
    response: customerSchema,
    summary: 'Read a customer',
    tag: 'Customer',
  }),
  createService: defineOperation({
    operationId: 'createService',
    method: 'POST',
    path: '/cdn/v1.0/service',
    pathParams: noParams,
    body: createServiceBodySchema,
    response: serviceSchema,
    summary: 'Create a website acceleration service',
    tag: 'Services',
  }),
  getService: defineOperation({
    operationId: 'getService',
    method: 'GET',
    path: '/cdn/v1.0/service/{serviceId}',
    aliasPaths: ['/cdn/v1.0/services/{serviceId}'],
    pathParams: serviceParamsSchema,
    body: null,
    response: serviceSchema,
    summary: 'Read a service',
    tag: 'Services',
  }),
  listCacheControlPolicies: defineOperation({
    operationId: 'listCacheControlPolicies',
    method: 'GET',
    path: '/cdn/v1.0/services/{serviceId}/cacheControl',
    pathParams: serviceParamsSchema,
    body: null,
    response: cacheControlPolicyListSchema,
    summary: 'List cache control policies (version 1.0 shape)',
    tag: 'Cache control',
  }),
  listCacheControlPoliciesV2: defineOperation({
    operationId: 'listCacheControlPoliciesV2',
    method: 'GET',
    path: '/cdn/v1.1/services/{serviceId}/cacheControl',
    pathParams: serviceParamsSchema,
    body: null,
    response: cacheControlPolicyV2ListSchema,
    summary: 'List cache control policies (V2 shape with matches)',
    tag: 'Cache control',
  }),
  updateCacheControlPolicyV2: defineOperation({
    operationId: 'updateCacheControlPolicyV2',
    method: 'PUT',
    path: '/cdn/v1.1/services/{serviceId}/cacheControl/{policyId}',
    pathParams: servicePolicyParamsSchema,
    body: updateCacheControlPolicyV2BodySchema,
    response: null,
    summary: 'Edit a cache control policy (V2)',
    tag: 'Cache control',
  }),
  createAccessControlPolicy: defineOperation({
    operationId: 'createAccessControlPolicy',
    method: 'POST',
    path: '/cdn/v1.0/services/{serviceId}/accessControl',
    pathParams: serviceParamsSchema,
    body: createAccessControlPolicyBodySchema,
    response: accessControlPolicySchema,
    summary: 'Create an access control policy',
    tag: 'Access control',
  }),
  listAccessControlPolicies: defineOperation({
    operationId: 'listAccessControlPolicies',
    method: 'GET',
    path: '/cdn/v1.0/services/{serviceId}/accessControl',
    pathParams: serviceParamsSchema,
    body: null,
    response: accessControlPolicyListSchema,
    summary: 'List access control policies (version 1.0 shape)',
    tag: 'Access control',
  }),
  updateAccessControlPolicy: defineOperation({
    operationId: 'updateAccessControlPolicy',
    method: 'PUT',
    path: '/cdn/v1.0/services/{serviceId}/accessControl/{policyId}',
    pathParams: servicePolicyParamsSchema,
    body: updateAccessControlPolicyBodySchema,
    response: accessControlPolicySchema,
    summary: 'Edit an access control policy',
    tag: 'Access control',
  }),
  updateAccessControlPolicyV2: defineOperation({
    operationId: 'updateAccessControlPolicyV2',
    method: 'PUT',
    path: '/cdn/v1.1/services/{serviceId}/accessControl/{policyId}',
    pathParams: servicePolicyParamsSchema,
    body: updateAccessControlPolicyV2BodySchema,
    response: accessControlPolicyV2Schema,
    summary: 'Edit an access control policy (V2 shape with matches)',
    tag: 'Access control',
  }),
  updateRedirectionPolicy: defineOperation({
    operationId: 'updateRedirectionPolicy',
    method: 'PUT',
    path: '/cdn/v1.0/services/{serviceId}/redirections/{policyId}',
    pathParams: servicePolicyParamsSchema,
    body: updateRedirectionPolicyBodySchema,
    response: redirectionPolicySchema,
    summary: 'Edit a redirection policy',
    tag: 'Redirection',
  }),
  listRedirectionPoliciesV2: defineOperation({
    operationId: 'listRedirectionPoliciesV2',
    method: 'GET',
    path: '/cdn/v1.1/services/{serviceId}/redirections',
    pathParams: serviceParamsSchema,
    body: null,
    response: redirectionPolicyV2ListSchema,
    summary: 'List redirection policies (V2 shape with matches)',
    tag: 'Redirection',
  }),
  setCorsHeaders: defineOperation({
    operationId: 'setCorsHeaders',
    method: 'POST',
    path: '/cdn/v1.0/services/{serviceId}/corsHeaders',
    pathParams: serviceParamsSchema,
    body: corsHeadersSchema,
    response: null,
    summary: 'Set (fully replace) the CORS headers of a service',
    tag: 'CORS',
  }),
  upsertRateLimit: defineOperation({
    operationId: 'upsertRateLimit',
    method: 'POST',
    path: '/cdn/v1.0/services/{serviceId}/rateLimit',
    pathParams: serviceParamsSchema,
    body: rateLimitSchema,
    response: null,
    summary: 'Create or update the rate limit of a service',
    tag: 'Rate limit',
  }),
  deleteRateLimit: defineOperation({
    operationId: 'deleteRateLimit',
    method: 'DELETE',
    path: '/cdn/v1.0/services/{serviceId}/rateLimit',
    pathParams: serviceParamsSchema,
    body: null,
    response: null,
    summary: 'Delete the rate limit of a service',
    tag: 'Rate limit',
  }),
  getVolume: defineOperation({
    operationId: 'getVolume',
    method: 'POST',
    path: '/cdn/v1.0/analytics/getVolumeByServiceName',
    pathParams: noParams,
    body: analyticsSeriesRequestSchema,
    response: volumeResponseSchema,
    summary: 'Data volume series per service',
    tag: 'Analytics',
  }),
  getBandwidth: defineOperation({
    operationId: 'getBandwidth',
    method: 'POST',
    path: '/cdn/v1.0/analytics/getBandwidthByServiceName',
    pathParams: noParams,
    body: analyticsSeriesRequestSchema,
    response: bandwidthResponseSchema,
    summary: 'Bandwidth series per service',
    tag: 'Analytics',
  }),
  getRequestNumber: defineOperation({
    operationId: 'getRequestNumber',
    method: 'POST',
    path: '/cdn/v1.0/analytics/getRequestNumberByServiceName',
    pathParams: noParams,
    body: analyticsRequestNumberRequestSchema,
    response: requestNumberResponseSchema,
    summary: 'Request number series per service',
    tag: 'Analytics',
  }),
  getOriginRequestNumber: defineOperation({
    operationId: 'getOriginRequestNumber',
    method: 'POST',
    path: '/cdn/v1.0/analytics/originRequestNumber',
    // The spec's example request of operation 19 uses this path (docs/api-decisions.md).
    aliasPaths: ['/cdn/v1.0/analytics/requestNumber'],
    pathParams: noParams,
    body: analyticsRequestNumberRequestSchema,
    response: originRequestNumberResponseSchema,
    summary: 'Origin request number series per service',
    tag: 'Analytics',
  }),
} as const satisfies { readonly [Id in OperationId]: OperationDefinition<Id> };

export type Operations = typeof operations;
export type AnyOperation = Operations[OperationId];

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
