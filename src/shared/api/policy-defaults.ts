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
export type CacheControlSwitch = keyof typeof cacheControlSwitchDefaults;
