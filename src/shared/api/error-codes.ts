// Every error code the API answers: its HTTP status, the sentence the user reads (what went wrong
// and what to do) and the request field it concerns. The operations that answer a code list it in
// their entry of the operation table (operations.ts); only the codes that every operation answers
// ('every') or every operation with a body ('with-body') are not listed there. errors.ts joins
// the two into apiErrorTable. Kept apart from errors.ts so the operation table can use it.

export type ApiErrorSource = 'spec' | 'gateway';

/** Which operations answer a code: those that list it, every one, or every one with a body. */
type ApiErrorScope = 'listed' | 'every' | 'with-body';

export interface ApiErrorCodeEntry {
  readonly code: string;
  readonly status: number;
  /** User-facing sentence: what went wrong and what to do. */
  readonly meaning: string;
  /** Request field (dotted path) the error concerns, when it concerns one body field. */
  readonly field?: string;
  readonly source: ApiErrorSource;
  readonly scope: ApiErrorScope;
}

type RowOptions = { field?: string; scope?: ApiErrorScope };

function row<const C extends string>(
  source: ApiErrorSource,
  status: number,
  code: C,
  meaning: string,
  options: RowOptions,
): ApiErrorCodeEntry & { readonly code: C } {
  const scope = options.scope ?? 'listed';
  return options.field === undefined
    ? { code, status, meaning, source, scope }
    : { code, status, meaning, field: options.field, source, scope };
}

const spec = <const C extends string>(status: number, code: C, meaning: string, options: RowOptions = {}) =>
  row('spec', status, code, meaning, options);
const gateway = <const C extends string>(status: number, code: C, meaning: string, options: RowOptions = {}) =>
  row('gateway', status, code, meaning, options);

/**
 * Every row of the spec's Errors table (source 'spec', in the spec's order) followed by the
 * gateway codes decided in docs/api-decisions.md (source 'gateway').
 */
export const apiErrorCodes = [
  spec(
    401,
    'Signature.NotMatch',
    'The request signature does not match. Check the access key ID and secret of this account, and that the computer clock is correct.',
    { scope: 'every' },
  ),
  // Also listed by createService, for its rules the spec gives no code (a malformed domain name); api-decisions.
  spec(400, 'Request.BadRequest', 'The request is not valid. Check the highlighted values and try again.'),
  spec(400, 'InvalidCustomer.IdEmpty', 'The customer ID is missing or invalid. Check the account settings.'),
  spec(
    400,
    'InvalidService.IdIncorrect',
    'The service ID is missing or invalid. Choose the service again from the list.',
  ),
  // Also listed by the service reads 3, 4, 5 (an unknown service is not a malformed ID) and by 7; api-decisions.
  spec(
    400,
    'InvalidService.IdPermission',
    'This service does not exist or this account may not use it. Refresh the service list and choose another service.',
  ),
  spec(400, 'Invalid.PolicyName', 'A policy name is required. Enter a name for the policy.', { field: 'policyName' }),
  spec(400, 'InvalidPolicy.Priority', 'The priority is missing or invalid. Enter a whole number greater than 0.', {
    field: 'priority',
  }),
  spec(
    400,
    'InvalidPriority.Unique',
    'Another access control policy of this service already has this priority. Choose a different priority.',
    { field: 'priority' },
  ),
  spec(400, 'InvalidPolicy.TypeEmpty', 'The policy type is required. Choose allow, deny or token.', { field: 'type' }),
  spec(400, 'InvalidPolicy.AccessType', 'The policy type must be allow, deny or token. Choose one of them.', {
    field: 'type',
  }),
  spec(
    400,
    'InvalidPolicy.MatchURLIncorrect',
    'The URL path match is missing. Add a URL path condition with an operator and at least one pattern.',
    { field: 'matchUrlPath' },
  ),
  spec(400, 'InvalidPolicy.Operator', 'The match operator is not allowed. Choose prefix, regex, equals or suffix.', {
    field: 'matchUrlPath.operator',
  }),
  spec(
    400,
    'InvalidPolicy.Patterns',
    'The match patterns are empty or invalid. Enter at least one non-empty pattern.',
    { field: 'matchQueryString.patterns' },
  ),
  spec(
    400,
    'InvalidPolicy.MatchUrlPathPatternsIncorrect',
    'The URL path patterns are empty. Enter at least one non-empty pattern.',
    { field: 'matchUrlPath.patterns' },
  ),
  spec(
    400,
    'InvalidPolicy.IpRestriction',
    'The IP restriction is not valid. Enter comma-separated addresses such as 203.0.113.7, 203.0.113.0/24 or 203.0.113.0/255.255.255.0.',
    { field: 'ipRestriction' },
  ),
  spec(
    400,
    'InvalidPolicy.GeoFormat',
    'The geo restriction is not valid. Enter comma-separated two-letter country codes such as US,DE.',
    { field: 'geoRestriction' },
  ),
  spec(400, 'InvalidPolicy.RefererAcl', 'The ACL type must be whitelist or blacklist. Choose one of them.', {
    field: 'refererAcl.aclType',
  }),
  spec(
    400,
    'InvalidPolicy.AclDomainList',
    'The ACL domain list is empty or has an empty entry. Enter at least one domain and remove empty entries.',
    { field: 'refererAcl.domainList' },
  ),
  spec(400, 'InvalidPolicy.AclDomainType', "An ACL domain starts with '-'. Remove the leading '-' from the domain.", {
    field: 'refererAcl.domainList',
  }),
  spec(
    400,
    'InvalidService.VaryMiME',
    'The vary MIME type list is empty. Enter at least one MIME type or remove the list.',
    { field: 'varyMIMEs' },
  ),
  spec(
    400,
    'InvalidPolicy.ResponseHeader',
    'A response header rule is empty or invalid. Give each rule a name and operation, and a value for add and replace.',
    { field: 'responseHeaders' },
  ),
  spec(
    400,
    'InvalidPolicy.MatchesIncorrect',
    'The match conditions are missing or incorrect. Add at least one condition.',
    { field: 'matches' },
  ),
  spec(
    400,
    'InvalidPolicy.MatchFieldIncorrect',
    'A match condition has no field or an unsupported one. Choose a field from the list.',
    { field: 'matches' },
  ),
  spec(
    400,
    'InvalidPolicy.MatchOperatorIncorrect',
    'A match condition has no operator or one that is not allowed (subnet operators only work with client.ip). Choose an operator from the list.',
    { field: 'matches' },
  ),
  spec(400, 'InvalidPolicy.MatchValuesIncorrect', 'A match condition has no values. Enter at least one value.', {
    field: 'matches',
  }),
  spec(
    400,
    'InvalidPolicy.MatchValueIncorrect',
    'A match condition has an empty or invalid value. Fill in or remove the empty value.',
    { field: 'matches' },
  ),
  spec(400, 'InvalidRedirection.PolicyName', 'A policy name is required. Enter a name for the redirection.', {
    field: 'policyName',
  }),
  spec(
    400,
    'InvalidRedirection.MatchURLIncorrect',
    'The URL path match is missing. Add a URL path condition with an operator and at least one pattern.',
    { field: 'matchUrlPath' },
  ),
  spec(
    400,
    'InvalidRedirection.Operator',
    'The match operator is not allowed. Choose prefix, regex, equals or suffix.',
    { field: 'matchUrlPath.operator' },
  ),
  spec(
    400,
    'InvalidRedirection.MatchUrlPathPatternsIncorrect',
    'The match patterns are empty. Enter at least one non-empty pattern.',
    { field: 'matchUrlPath.patterns' },
  ),
  spec(400, 'InvalidRedirection.URLEmpty', 'The redirect destination is empty. Enter the URL to redirect to.', {
    field: 'redirectDestination',
  }),
  spec(400, 'InvalidRedirection.HttpCodeEmpty', 'The HTTP code is required. Choose 301 or 302.', { field: 'httpCode' }),
  spec(400, 'InvalidRedirection.HttpCode', 'The HTTP code must be 301 or 302. Choose one of them.', {
    field: 'httpCode',
  }),
  spec(400, 'InvalidRedirection.Priority', 'The priority is missing or invalid. Enter a whole number greater than 0.', {
    field: 'priority',
  }),
  spec(
    400,
    'InvalidOrigin.UrlFormat',
    'The allowed origin must be * or scheme://domain, for example https://www.example.com.',
    { field: 'accessControlAllowOrigin' },
  ),
  spec(
    400,
    'InvalidPolicy.CorsHeaderForMethod',
    'The allowed methods must be taken from GET, POST, PUT, DELETE, HEAD, OPTIONS, CONNECT, TRACE, PATCH, separated by commas.',
    { field: 'accessControlAllowMethods' },
  ),
  spec(
    400,
    'InvalidPolicy.CorsHeaderForCredentials',
    'Allow credentials can only be true. Turn it on, or leave it off to omit it.',
    { field: 'accessControlAllowCredentials' },
  ),
  spec(
    400,
    'InvalidPolicy.CorsHeaderForHeader',
    'The allowed headers are empty. Enter comma-separated header names or leave the field unset.',
    { field: 'accessControlAllowHeaders' },
  ),
  spec(
    400,
    'InvalidPolicy.CorsHeaderForMaxAge',
    'The max age must be a whole number of seconds: 0 for no caching, or -1 for the default.',
    { field: 'accessControlMaxAge' },
  ),
  spec(
    400,
    'InvalidPolicy.CorsHeaderForExposeHeader',
    'The exposed headers are empty. Enter comma-separated header names or leave the field unset.',
    { field: 'accessControlExposeHeaders' },
  ),
  spec(400, 'InvalidRateLimit.TimeWindow', 'The time window must be a whole number of seconds greater than 0.', {
    field: 'timeWindow',
  }),
  spec(400, 'InvalidRateLimit.RequestLimit', 'The request limit must be a whole number greater than 0.', {
    field: 'requestLimit',
  }),
  spec(400, 'InvalidService.Empty', 'The service settings are missing. Fill in the service form and try again.'),
  spec(
    400,
    'InvalidService.DomainNameEmpty',
    'The domain name is required. Enter the domain to accelerate, for example www.example.com.',
    { field: 'domainName' },
  ),
  spec(400, 'InvalidService.OriginsEmpty', 'At least one origin is required. Add an origin server.', {
    field: 'origins',
  }),
  spec(400, 'InvalidService.OriginEmpty', 'An origin is empty. Fill in or remove the empty origin.', {
    field: 'origins',
  }),
  spec(
    400,
    'InvalidService.OriginUrlEmpty',
    'An origin URL is missing or invalid. Enter it as [http[s]://]hostname[:port][/path].',
    { field: 'origins' },
  ),
  spec(
    400,
    'InvalidService.S3CredentialAccessKeyEmpty',
    'The S3 access key is empty. Enter the access key or remove the S3 credential.',
    { field: 'origins' },
  ),
  spec(
    400,
    'InvalidService.S3CredentialAccessSecretEmpty',
    'The S3 access secret is empty. Enter the secret or remove the S3 credential.',
    { field: 'origins' },
  ),
  spec(
    400,
    'InvalidService.S3CredentialRegionEmpty',
    'The S3 region is empty. Enter the storage region or remove the S3 credential.',
    { field: 'origins' },
  ),
  spec(
    400,
    'InvalidService.DefaultHostHeaderEmpty',
    'The default host header is required. Choose preserve or originHost.',
    { field: 'defaultHostHeader' },
  ),
  spec(
    400,
    'InvalidService.DefaultHostHeaderInCorrect',
    'The default host header must be preserve or originHost. Choose one of them.',
    { field: 'defaultHostHeader' },
  ),
  spec(
    400,
    'InvalidService.TLSProfileInCorrect',
    'The TLS profile must be modern, intermediate or old. Choose one of them.',
    { field: 'tlsProfile' },
  ),
  spec(
    409,
    'InvalidService.DomainName',
    'A service with this domain name already exists. Use another domain name or edit the existing service.',
    { field: 'domainName' },
  ),
  spec(
    500,
    'InvalidCustomer.ProvisionNotFound',
    'The customer account is not provisioned for this service. Contact your provider to complete the account setup.',
  ),
  spec(400, 'ServiceNames.Invalid', 'The service names are missing or invalid. Choose at least one service.', {
    field: 'serviceNames',
  }),
  spec(400, 'ServiceNames.NumberInvalid', 'Too many services are selected. Choose at most 50.', {
    field: 'serviceNames',
  }),
  spec(400, 'Time.Invalid', 'The start or end time is missing. Choose a time range.', { field: 'startTime' }),
  spec(400, 'IntervalType.Invalid', 'The interval must be minute or day. Choose one of them.', { field: 'interval' }),
  // Spec lists it for 17 only; the same rule exists for 16, 18 and 19 (api-decisions).
  spec(
    400,
    'TimeFormat.Invalid',
    'A time is not in the format yyyy-MM-ddTHH:mm:ssZ (day interval: T00:00:00Z). Choose the time again.',
    { field: 'startTime' },
  ),
  spec(
    400,
    'TimeRange.Exceeded',
    'The time range is too long: at most 24 hours for 5-minute data, 90 days for daily data. Choose a shorter range.',
    { field: 'endTime' },
  ),
  spec(400, 'TimeRange.EndBeforeStart', 'The end time must be later than the start time. Choose a later end time.', {
    field: 'endTime',
  }),

  // Gateway codes for what the spec leaves open (docs/api-decisions.md).
  gateway(
    401,
    'Auth.HeaderMissing',
    'The request is missing an authentication header. Try again; if it keeps failing, report a problem.',
    { scope: 'every' },
  ),
  gateway(
    401,
    'Auth.HeaderInvalid',
    'An authentication header is malformed. Try again; if it keeps failing, report a problem.',
    { scope: 'every' },
  ),
  gateway(401, 'Auth.AccessKeyUnknown', 'The access key ID is not known. Check the access key ID of this account.', {
    scope: 'every',
  }),
  gateway(
    401,
    'Auth.DateExpired',
    'The request time differs from the server time by an hour or more. Correct the computer clock and try again.',
    { scope: 'every' },
  ),
  gateway(
    401,
    'Auth.NonceInvalid',
    'The request nonce is malformed. Try again; if it keeps failing, report a problem.',
    { scope: 'every' },
  ),
  gateway(401, 'Auth.NonceReused', 'The request was already sent once. Try again.', { scope: 'every' }),
  gateway(400, 'Auth.SignatureVersionUnsupported', 'The signature version is not supported. Update the application.', {
    scope: 'every',
  }),
  gateway(415, 'Request.ContentTypeInvalid', 'The request body is not sent as JSON. Update the application.', {
    scope: 'with-body',
  }),
  gateway(400, 'Request.MalformedJson', 'The request body is not valid JSON. Update the application.', {
    scope: 'with-body',
  }),
  gateway(
    413,
    'Request.BodyTooLarge',
    'The request is too large (over 1 MiB). Shorten the lists in the form and try again.',
    { scope: 'with-body' },
  ),
  gateway(404, 'Request.NotFound', 'The server does not know this address. Check the API base URL of this account.', {
    scope: 'every',
  }),
  gateway(
    405,
    'Request.MethodNotAllowed',
    'The server does not allow this action at this address. Check the API base URL of this account.',
    { scope: 'every' },
  ),
  gateway(429, 'Request.TooManyRequests', 'Too many requests were sent. Wait a moment and try again.', {
    scope: 'every',
  }),
  gateway(
    404,
    'InvalidCustomer.NotFound',
    'This customer does not exist or is not the customer of this access key. Check the customer ID.',
  ),
  gateway(404, 'InvalidPolicy.IdNotFound', 'No policy with this ID exists on this service; reload the list.', {
    field: 'policyId',
  }),
  gateway(500, 'Server.InternalError', 'The server failed unexpectedly. Try again later.', { scope: 'every' }),
  gateway(503, 'Server.Unavailable', 'The server is temporarily unavailable. Try again later.', { scope: 'every' }),
] as const;

/** Codes we know of. Unknown codes from a real server still arrive as plain strings. */
export type ApiErrorCode = (typeof apiErrorCodes)[number]['code'];

/**
 * The codes an operation answers, in the table's order: those its entry lists, those every
 * operation answers and, when it takes a body, those every operation with a body answers.
 */
export function codesAnswered(
  listed: readonly string[],
  hasBody: boolean,
  source: ApiErrorSource | 'all',
): ApiErrorCode[] {
  return apiErrorCodes
    .filter((e) => source === 'all' || e.source === source)
    .filter(
      (e) =>
        e.scope === 'every' ||
        (e.scope === 'with-body' && hasBody) ||
        (e.scope === 'listed' && listed.includes(e.code)),
    )
    .map((e) => e.code);
}
