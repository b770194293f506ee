// The gateway's stored records. Field rules live in src/shared/api; these types only describe what
// the store keeps after a request passed validation. Everything here is plain JSON so the state
// file is a direct dump.

export interface Customer {
  id: number;
  name: string;
  partnership: number;
  ingestDomain: string | null;
  industry: string;
  type: number;
  region: string;
  parentId: number;
  onboardingType: number;
}

export interface CustomerRecord {
  customer: Customer;
  /** false reproduces 500 InvalidCustomer.ProvisionNotFound on create service. */
  provisioned: boolean;
}

export interface AccessKeyRecord {
  accessKeyId: string;
  accessKeySecret: string;
  /** 0 means "no customer bound" and reproduces 400 InvalidCustomer.IdEmpty. */
  customerId: number;
}

interface S3Credential {
  accessKey: string;
  accessSecret: string;
  region: string;
  dropQueryString?: boolean;
}

export interface Origin {
  originUrl: string;
  sni?: string;
  headers?: Record<string, string>;
  s3Credential?: S3Credential;
}

export interface Service {
  id: number;
  domainName: string;
  origins: Origin[];
  defaultHostHeader: string;
  alternateDomainNames: string[];
  streaming: boolean;
  http2: boolean;
  http3: boolean;
  redirectHttpToHttps: boolean;
  tlsProfile?: string;
  enabled: boolean;
  cName: string;
}

export interface Match {
  field: string;
  operator: string;
  values: string[];
}

/** Version 1.0 pattern shape (matchUrlPath / matchQueryString). */
export interface PatternMatch {
  operator: string;
  patterns: string[];
}

interface DomainAcl {
  aclType: string;
  domainList: string[];
}

interface ResponseHeader {
  name: string;
  operationType: string;
  value?: string;
}

/** Every policy is stored in the V2 form (matches); v1.0 shapes are converted on the way in and out. */
export interface CacheControlPolicy {
  policyId: number;
  policyName: string;
  priority: number;
  matches: Match[];
  ttl?: number;
  refererAcl?: DomainAcl;
  originAcl?: DomainAcl;
  ignoreClientNoCache: boolean;
  ignoreOriginNoCache: boolean;
  ignoreQueryString: boolean;
  enableXCache: boolean;
  noCache: boolean;
  autoGzipDisable: boolean;
  responseHeaders?: ResponseHeader[];
  varyMIMEs?: string[];
  enabled: boolean;
}

export interface AccessControlPolicy {
  policyId: number;
  policyName: string;
  type: string;
  matches: Match[];
  priority: number;
  ipRestriction?: string;
  geoRestriction?: string;
  anonymousIp: boolean;
  tokenSecret?: string;
  enabled: boolean;
}

export interface RedirectionPolicy {
  policyId: number;
  policyName: string;
  matches: Match[];
  redirectDestination: string;
  httpCode: number;
  priority: number;
  enabled: boolean;
}

export interface CorsHeaders {
  accessControlAllowOrigin?: string;
  accessControlExposeHeaders?: string;
  accessControlMaxAge?: number;
  accessControlAllowCredentials?: boolean;
  accessControlAllowMethods?: string;
  accessControlAllowHeaders?: string;
}

export interface RateLimitConfig {
  timeWindow: number;
  requestLimit: number;
  ignoreUrlPath: boolean;
  ignoreQueryString: boolean;
}

/** Shape of the synthetic traffic of one service; null traffic means an idle service. */
export interface TrafficProfile {
  /** Mean bytes served per 5-minute interval at the daily average. */
  bytesPer5Min: number;
  /** Mean object size: turns bytes into request numbers. */
  avgObjectBytes: number;
  /** Share of requests answered from the edge cache (origin requests = the rest). */
  cacheHitRatio: number;
  /** Hours added to UTC for the audience's local time (daily peak in the afternoon). */
  utcOffsetHours: number;
  /** Weekend traffic relative to weekdays. */
  weekendFactor: number;
  /** Probability that an hour carries a burst. */
  burstChance: number;
  /** Epoch ms from which traffic exists (service creation). */
  startsAt: number;
  /** Epoch ms after which the service served nothing (e.g. it was disabled). */
  endsAt?: number;
}

export interface ServiceRecord {
  service: Service;
  customerId: number;
  createdAt: number;
  traffic: TrafficProfile | null;
  cacheControl: CacheControlPolicy[];
  accessControl: AccessControlPolicy[];
  redirections: RedirectionPolicy[];
  /** Last set of CORS headers (op 13 replaces it whole); null when never set. */
  cors: CorsHeaders | null;
  /** null when none is configured (never set or deleted). */
  rateLimit: RateLimitConfig | null;
}

export interface SandboxState {
  formatVersion: 1;
  /** Seed of the synthetic analytics; part of the state so a restart shows the same traffic. */
  seed: number;
  nextServiceId: number;
  nextPolicyId: number;
  customers: CustomerRecord[];
  keys: AccessKeyRecord[];
  services: ServiceRecord[];
  /**
   * The customers the seed generated, in order (the first is the one `credentials` names). Absent
   * in state files written before a gateway could hold several; read as the first keyed customer.
   */
  seededCustomerIds?: number[];
}
