import { operationIdForNumber, operationIds, type OperationId } from './operation-ids.ts';

export type ApiErrorSource = 'spec' | 'gateway';

export interface ApiErrorEntry {
  readonly code: string;
  readonly status: number;
  /** User-facing sentence: what went wrong and what to do. */
  readonly meaning: string;
  /** Request field (dotted path) the error concerns, when it concerns one body field. */
  readonly field?: string;
  /** operationIds that can return it (spec's Operations column plus extensions in docs/api-decisions.md). */
  readonly operations: readonly OperationId[];
  readonly source: ApiErrorSource;
}

/** Parses the spec's Operations column notation: "all", "6, 8-15", "16-19". */
function ops(spec: string): OperationId[] {
  if (spec === 'all') return [...operationIds];
  const out: OperationId[] = [];
  for (const part of spec.split(',')) {
    const [a, b] = part.trim().split('-').map(Number);
    for (let n = a; n <= (b ?? a); n++) out.push(operationIdForNumber(n));
  }
  return out;
}

function row<const C extends string>(
  status: number,
  code: C,
  operations: string,
  meaning: string,
  field?: string,
  source: ApiErrorSource = 'spec',
): ApiErrorEntry & { readonly code: C } {
  return field === undefined
    ? { code, status, meaning, operations: ops(operations), source }
    : { code, status, meaning, field, operations: ops(operations), source };
}

const analytics = '16-19';
const bodyOps = '2, 6, 7, 9, 10, 11, 13, 14, 16-19';

/**
 * Every row of the spec's Errors table (source 'spec', in the spec's order) followed by the
 * gateway codes decided in docs/api-decisions.md (source 'gateway').
 * Operations beyond the spec's column are marked "(+N)" in docs/api-decisions.md.
 */
export const apiErrorTable = [
  row(401, 'Signature.NotMatch', 'all', 'The request signature does not match. Check the access key ID and secret of this account, and that the computer clock is correct.'),
  // +2: createService rules the spec gives no code (e.g. a malformed domain name); see api-decisions.
  row(400, 'Request.BadRequest', '2, 6, 7, 9, 10, 11, 12, 13, 14, 16-19', 'The request is not valid. Check the highlighted values and try again.'),
  row(400, 'InvalidCustomer.IdEmpty', '1, 2, 6-14', 'The customer ID is missing or invalid. Check the account settings.'),
  row(400, 'InvalidService.IdIncorrect', '3-15', 'The service ID is missing or invalid. Choose the service again from the list.'),
  // +3, 4, 5 (an unknown service is not a malformed ID) and +7; see api-decisions.
  row(400, 'InvalidService.IdPermission', '3-15', 'This service does not exist or this account may not use it. Refresh the service list and choose another service.'),
  row(400, 'Invalid.PolicyName', '6, 7, 9, 10', 'A policy name is required. Enter a name for the policy.', 'policyName'),
  row(400, 'InvalidPolicy.Priority', '6, 7, 9, 10', 'The priority is missing or invalid. Enter a whole number greater than 0.', 'priority'),
  row(400, 'InvalidPriority.Unique', '7, 9, 10', 'Another access control policy of this service already has this priority. Choose a different priority.', 'priority'),
  row(400, 'InvalidPolicy.TypeEmpty', '7, 9, 10', 'The policy type is required. Choose allow, deny or token.', 'type'),
  row(400, 'InvalidPolicy.AccessType', '7, 9, 10', 'The policy type must be allow, deny or token. Choose one of them.', 'type'),
  row(400, 'InvalidPolicy.MatchURLIncorrect', '6, 7, 9, 10', 'The URL path match is missing. Add a URL path condition with an operator and at least one pattern.', 'matchUrlPath'),
  row(400, 'InvalidPolicy.Operator', '6, 7, 9, 10', 'The match operator is not allowed. Choose prefix, regex, equals or suffix.', 'matchUrlPath.operator'),
  row(400, 'InvalidPolicy.Patterns', '6, 7, 9, 10', 'The match patterns are empty or invalid. Enter at least one non-empty pattern.', 'matchQueryString.patterns'),
  row(400, 'InvalidPolicy.MatchUrlPathPatternsIncorrect', '7, 9, 10', 'The URL path patterns are empty. Enter at least one non-empty pattern.', 'matchUrlPath.patterns'),
  row(400, 'InvalidPolicy.IpRestriction', '7, 9, 10', 'The IP restriction is not valid. Enter comma-separated addresses such as 203.0.113.7, 203.0.113.0/24 or 203.0.113.0/255.255.255.0.', 'ipRestriction'),
  row(400, 'InvalidPolicy.GeoFormat', '7, 9, 10', 'The geo restriction is not valid. Enter comma-separated two-letter country codes such as US,DE.', 'geoRestriction'),
  row(400, 'InvalidPolicy.RefererAcl', '6', 'The ACL type must be whitelist or blacklist. Choose one of them.', 'refererAcl.aclType'),
  row(400, 'InvalidPolicy.AclDomainList', '6', 'The ACL domain list is empty or has an empty entry. Enter at least one domain and remove empty entries.', 'refererAcl.domainList'),
  row(400, 'InvalidPolicy.AclDomainType', '6', "An ACL domain starts with '-'. Remove the leading '-' from the domain.", 'refererAcl.domainList'),
  row(400, 'InvalidService.VaryMiME', '6', 'The vary MIME type list is empty. Enter at least one MIME type or remove the list.', 'varyMIMEs'),
  row(400, 'InvalidPolicy.ResponseHeader', '6', 'A response header rule is empty or invalid. Give each rule a name and operation, and a value for add and replace.', 'responseHeaders'),
  row(400, 'InvalidPolicy.MatchesIncorrect', '6, 10', 'The match conditions are missing or incorrect. Add at least one condition.', 'matches'),
  row(400, 'InvalidPolicy.MatchFieldIncorrect', '6, 10', 'A match condition has no field or an unsupported one. Choose a field from the list.', 'matches'),
  row(400, 'InvalidPolicy.MatchOperatorIncorrect', '6, 10', 'A match condition has no operator or one that is not allowed (subnet operators only work with client.ip). Choose an operator from the list.', 'matches'),
  row(400, 'InvalidPolicy.MatchValuesIncorrect', '6, 10', 'A match condition has no values. Enter at least one value.', 'matches'),
  row(400, 'InvalidPolicy.MatchValueIncorrect', '6, 10', 'A match condition has an empty or invalid value. Fill in or remove the empty value.', 'matches'),
  row(400, 'InvalidRedirection.PolicyName', '11', 'A policy name is required. Enter a name for the redirection.', 'policyName'),
  row(400, 'InvalidRedirection.MatchURLIncorrect', '11', 'The URL path match is missing. Add a URL path condition with an operator and at least one pattern.', 'matchUrlPath'),
  row(400, 'InvalidRedirection.Operator', '11', 'The match operator is not allowed. Choose prefix, regex, equals or suffix.', 'matchUrlPath.operator'),
  row(400, 'InvalidRedirection.MatchUrlPathPatternsIncorrect', '11', 'The match patterns are empty. Enter at least one non-empty pattern.', 'matchUrlPath.patterns'),
  row(400, 'InvalidRedirection.URLEmpty', '11', 'The redirect destination is empty. Enter the URL to redirect to.', 'redirectDestination'),
  row(400, 'InvalidRedirection.HttpCodeEmpty', '11', 'The HTTP code is required. Choose 301 or 302.', 'httpCode'),
  row(400, 'InvalidRedirection.HttpCode', '11', 'The HTTP code must be 301 or 302. Choose one of them.', 'httpCode'),
  row(400, 'InvalidRedirection.Priority', '11', 'The priority is missing or invalid. Enter a whole number greater than 0.', 'priority'),
  row(400, 'InvalidOrigin.UrlFormat', '13', 'The allowed origin must be * or scheme://domain, for example https://www.example.com.', 'accessControlAllowOrigin'),
  row(400, 'InvalidPolicy.CorsHeaderForMethod', '13', 'The allowed methods must be taken from GET, POST, PUT, DELETE, HEAD, OPTIONS, CONNECT, TRACE, PATCH, separated by commas.', 'accessControlAllowMethods'),
  row(400, 'InvalidPolicy.CorsHeaderForCredentials', '13', 'Allow credentials can only be true. Turn it on, or leave it off to omit it.', 'accessControlAllowCredentials'),
  row(400, 'InvalidPolicy.CorsHeaderForHeader', '13', 'The allowed headers are empty. Enter comma-separated header names or leave the field unset.', 'accessControlAllowHeaders'),
  row(400, 'InvalidPolicy.CorsHeaderForMaxAge', '13', 'The max age must be a whole number of seconds: 0 for no caching, or -1 for the default.', 'accessControlMaxAge'),
  row(400, 'InvalidPolicy.CorsHeaderForExposeHeader', '13', 'The exposed headers are empty. Enter comma-separated header names or leave the field unset.', 'accessControlExposeHeaders'),
  row(400, 'InvalidRateLimit.TimeWindow', '14', 'The time window must be a whole number of seconds greater than 0.', 'timeWindow'),
  row(400, 'InvalidRateLimit.RequestLimit', '14', 'The request limit must be a whole number greater than 0.', 'requestLimit'),
  row(400, 'InvalidService.Empty', '2', 'The service settings are missing. Fill in the service form and try again.'),
  row(400, 'InvalidService.DomainNameEmpty', '2', 'The domain name is required. Enter the domain to accelerate, for example www.example.com.', 'domainName'),
  row(400, 'InvalidService.OriginsEmpty', '2', 'At least one origin is required. Add an origin server.', 'origins'),
  row(400, 'InvalidService.OriginEmpty', '2', 'An origin is empty. Fill in or remove the empty origin.', 'origins'),
  row(400, 'InvalidService.OriginUrlEmpty', '2', 'An origin URL is missing or invalid. Enter it as [http[s]://]hostname[:port][/path].', 'origins'),
  row(400, 'InvalidService.S3CredentialAccessKeyEmpty', '2', 'The S3 access key is empty. Enter the access key or remove the S3 credential.', 'origins'),
  row(400, 'InvalidService.S3CredentialAccessSecretEmpty', '2', 'The S3 access secret is empty. Enter the secret or remove the S3 credential.', 'origins'),
  row(400, 'InvalidService.S3CredentialRegionEmpty', '2', 'The S3 region is empty. Enter the storage region or remove the S3 credential.', 'origins'),
  row(400, 'InvalidService.DefaultHostHeaderEmpty', '2', 'The default host header is required. Choose preserve or originHost.', 'defaultHostHeader'),
  row(400, 'InvalidService.DefaultHostHeaderInCorrect', '2', 'The default host header must be preserve or originHost. Choose one of them.', 'defaultHostHeader'),
  row(400, 'InvalidService.TLSProfileInCorrect', '2', 'The TLS profile must be modern, intermediate or old. Choose one of them.', 'tlsProfile'),
  row(409, 'InvalidService.DomainName', '2', 'A service with this domain name already exists. Use another domain name or edit the existing service.', 'domainName'),
  row(500, 'InvalidCustomer.ProvisionNotFound', '2', 'The customer account is not provisioned for this service. Contact your provider to complete the account setup.'),
  row(400, 'ServiceNames.Invalid', analytics, 'The service names are missing or invalid. Choose at least one service.', 'serviceNames'),
  row(400, 'ServiceNames.NumberInvalid', analytics, 'Too many services are selected. Choose at most 50.', 'serviceNames'),
  row(400, 'Time.Invalid', analytics, 'The start or end time is missing. Choose a time range.', 'startTime'),
  row(400, 'IntervalType.Invalid', '16, 17', 'The interval must be minute or day. Choose one of them.', 'interval'),
  // Spec lists it for 17 only; the same rule exists for 16, 18 and 19 (api-decisions).
  row(400, 'TimeFormat.Invalid', analytics, 'A time is not in the format yyyy-MM-ddTHH:mm:ssZ (day interval: T00:00:00Z). Choose the time again.', 'startTime'),
  row(400, 'TimeRange.Exceeded', analytics, 'The time range is too long: at most 24 hours for 5-minute data, 90 days for daily data. Choose a shorter range.', 'endTime'),
  row(400, 'TimeRange.EndBeforeStart', analytics, 'The end time must be later than the start time. Choose a later end time.', 'endTime'),

  // Gateway codes for what the spec leaves open (docs/api-decisions.md).
  row(401, 'Auth.HeaderMissing', 'all', 'The request is missing an authentication header. Try again; if it keeps failing, report a problem.', undefined, 'gateway'),
  row(401, 'Auth.HeaderInvalid', 'all', 'An authentication header is malformed. Try again; if it keeps failing, report a problem.', undefined, 'gateway'),
  row(401, 'Auth.AccessKeyUnknown', 'all', 'The access key ID is not known. Check the access key ID of this account.', undefined, 'gateway'),
  row(401, 'Auth.DateExpired', 'all', 'The request time differs from the server time by an hour or more. Correct the computer clock and try again.', undefined, 'gateway'),
  row(401, 'Auth.NonceInvalid', 'all', 'The request nonce is malformed. Try again; if it keeps failing, report a problem.', undefined, 'gateway'),
  row(401, 'Auth.NonceReused', 'all', 'The request was already sent once. Try again.', undefined, 'gateway'),
  row(400, 'Auth.SignatureVersionUnsupported', 'all', 'The signature version is not supported. Update the application.', undefined, 'gateway'),
  row(415, 'Request.ContentTypeInvalid', bodyOps, 'The request body is not sent as JSON. Update the application.', undefined, 'gateway'),
  row(400, 'Request.MalformedJson', bodyOps, 'The request body is not valid JSON. Update the application.', undefined, 'gateway'),
  row(413, 'Request.BodyTooLarge', bodyOps, 'The request is too large (over 1 MiB). Shorten the lists in the form and try again.', undefined, 'gateway'),
  row(404, 'Request.NotFound', 'all', 'The server does not know this address. Check the API base URL of this account.', undefined, 'gateway'),
  row(405, 'Request.MethodNotAllowed', 'all', 'The server does not allow this action at this address. Check the API base URL of this account.', undefined, 'gateway'),
  row(429, 'Request.TooManyRequests', 'all', 'Too many requests were sent. Wait a moment and try again.', undefined, 'gateway'),
  row(404, 'InvalidCustomer.NotFound', '1', 'This customer does not exist or is not the customer of this access key. Check the customer ID.', undefined, 'gateway'),
  row(404, 'InvalidPolicy.IdNotFound', '6, 9, 10, 11', 'No policy with this ID exists on this service; reload the list.', 'policyId', 'gateway'),
  row(500, 'Server.InternalError', 'all', 'The server failed unexpectedly. Try again later.', undefined, 'gateway'),
  row(503, 'Server.Unavailable', 'all', 'The server is temporarily unavailable. Try again later.', undefined, 'gateway'),
] as const;

/** Codes we know of. Unknown codes from a real server still arrive as plain strings. */
export type ApiErrorCode = (typeof apiErrorTable)[number]['code'];

const byCode = new Map<string, ApiErrorEntry>(apiErrorTable.map((e) => [e.code, e]));

/**
 * The spelling variants the spec shows (InvalidService_IdPermission) and any
 * underscore-for-dot variant map to the dotted code we emit.
 */
export function normalizeApiErrorCode(code: string): string {
  if (byCode.has(code)) return code;
  const dotted = code.replace('_', '.');
  return byCode.has(dotted) ? dotted : code;
}

export function findApiError(code: string): ApiErrorEntry | undefined {
  return byCode.get(normalizeApiErrorCode(code));
}

export function isApiErrorCode(code: string): code is ApiErrorCode {
  return byCode.has(code);
}

export function fieldForErrorCode(code: string): string | undefined {
  return findApiError(code)?.field;
}

/** Codes an operation can return; by default the spec's rows only (what operations[id].errors lists). */
export function errorCodesForOperation(id: OperationId, source: ApiErrorSource | 'all' = 'spec'): ApiErrorCode[] {
  return apiErrorTable
    .filter((e) => (source === 'all' || e.source === source) && (e.operations as readonly string[]).includes(id))
    .map((e) => e.code);
}
