// Checks on CORS headers and the rate limit. The API cannot read either back, so both work on what
// this app last applied (the snapshot's lastAppliedFromThisApp); "not known" is an unknown result,
// never a pass.
import { defineCheck, fail, pass, unknown } from './check-types.ts';
import { corsCredentialsParameters, rateLimitParameters } from './check-parameters.ts';

export const corsCredentialsCheck = defineCheck({
  ...corsCredentialsParameters,
  title: 'CORS never * with credentials',
  reason: 'Browsers refuse credentialed responses for *, and allowing any origin with credentials is a security hole.',
  fixText:
    'Name the allowed origin instead of *, or drop “Allow credentials”. A bulk plan sets the corrected CORS headers.',
  fixBy: 'api',
  configOnly: true,
  evaluate({ config }, { allowOrigin }) {
    const cors = config.lastAppliedFromThisApp.cors;
    if (cors === null)
      return unknown('No CORS headers are known: the API cannot read them back and none were applied from this app.');
    const { headers } = cors;
    if (!(headers.accessControlAllowOrigin === '*' && headers.accessControlAllowCredentials === true)) return pass();
    const kept: Record<string, string | number | boolean> = {};
    for (const [key, value] of Object.entries(headers)) {
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') kept[key] = value;
    }
    if (allowOrigin === undefined) delete kept.accessControlAllowCredentials;
    else kept.accessControlAllowOrigin = allowOrigin;
    return fail(
      [{ item: 'CORS headers', detail: `Allow origin * together with Allow credentials (applied ${cors.appliedAt})` }],
      { kind: 'cors', headers: kept },
    );
  },
});

export const rateLimitCheck = defineCheck({
  ...rateLimitParameters,
  title: 'A rate limit is applied',
  reason: 'Without a rate limit one client can flood the origin.',
  fixText: 'Set a rate limit (requests per client IP per time window). A bulk plan sets it on every failing service.',
  fixBy: 'api',
  configOnly: true,
  evaluate({ config }, { timeWindow, requestLimit }) {
    const known = config.lastAppliedFromThisApp.rateLimit;
    if (known !== null && known.rateLimit !== null)
      return pass('Known from what this app applied; the API cannot read a rate limit back.');
    const detail =
      known === null
        ? 'no rate limit is known to be applied (none was set from this app; the API cannot read one back)'
        : `the rate limit was deleted from this app (${known.appliedAt})`;
    return fail([{ item: 'Rate limit', detail }], { kind: 'rate-limit-set', rateLimit: { timeWindow, requestLimit } });
  },
});
