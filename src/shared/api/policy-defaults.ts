// Defaults the spec gives for a cache control policy's switches ("default false", enabled
// "default true"): the sandbox's demo policies carry them, and the editor starts a new
// rule with them and names them.
export const cacheControlSwitchDefaults = Object.freeze({
  ignoreClientNoCache: false,
  ignoreOriginNoCache: false,
  ignoreQueryString: false,
  enableXCache: false,
  noCache: false,
  autoGzipDisable: false,
  enabled: true,
} satisfies Record<string, boolean>);

// The spec's defaults for a service's switches and an S3 credential's: Details shows a value the
// gateway left out as its default ("Off (default)") instead of a bare dash.
export const serviceSwitchDefaults = Object.freeze({
  streaming: false,
  http2: true,
  http3: false,
  redirectHttpToHttps: false,
  enabled: true,
} satisfies Record<string, boolean>);

export const s3CredentialSwitchDefaults = Object.freeze({ dropQueryString: false } satisfies Record<string, boolean>);
