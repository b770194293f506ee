// Checks on a service's own settings (operation 3's answer). The API has no operation that changes
// a service, so every fix here is done by hand in the provider's portal.
import { parseOriginUrl } from '../api/formats.ts';
import { defineCheck, fail, pass, unknown, type Finding } from './check-types.ts';
import {
  http2Parameters,
  httpsOriginsParameters,
  httpsRedirectParameters,
  s3OverHttpsParameters,
  tlsProfileParameters,
} from './check-parameters.ts';

const BY_HAND =
  'The API cannot change a service’s settings: change it in the provider’s portal, then refresh the snapshot.';

export const httpsRedirectCheck = defineCheck({
  ...httpsRedirectParameters,
  title: 'HTTP→HTTPS redirect on',
  reason: 'Clients that type http:// should end up on an encrypted connection.',
  fixText: `Turn on “Redirect HTTP to HTTPS” for the service. ${BY_HAND}`,
  fixBy: 'by-hand',
  configOnly: true,
  evaluate({ config }) {
    // Spec: optional, default false — absent means off.
    return config.service.redirectHttpToHttps === true
      ? pass()
      : fail([
          {
            item: 'Redirect HTTP to HTTPS',
            detail: config.service.redirectHttpToHttps === false ? 'off' : 'not set (the API’s default is off)',
          },
        ]);
  },
});

export const tlsProfileCheck = defineCheck({
  ...tlsProfileParameters,
  title: 'TLS profile not weak',
  reason: 'The old profile accepts outdated TLS versions and ciphers.',
  fixText: `Choose the intermediate (or modern) TLS profile. ${BY_HAND}`,
  fixBy: 'by-hand',
  configOnly: true,
  evaluate({ config }, { disallowed }) {
    const profile = config.service.tlsProfile;
    if (profile === undefined)
      return unknown('The service has no TLS profile set, and the API does not document which one then applies.');
    return (disallowed as readonly string[]).includes(profile)
      ? fail([{ item: 'TLS profile', detail: profile }])
      : pass();
  },
});

export const http2Check = defineCheck({
  ...http2Parameters,
  title: 'HTTP/2 on',
  reason: 'HTTP/2 multiplexes requests and makes pages load faster.',
  fixText: `Turn on HTTP/2 for the service. ${BY_HAND}`,
  fixBy: 'by-hand',
  configOnly: true,
  evaluate({ config }) {
    // Spec: optional, default true — only an explicit false is off.
    return config.service.http2 === false ? fail([{ item: 'HTTP/2', detail: 'off' }]) : pass();
  },
});

type OriginView = { originUrl: string; s3Credential?: unknown };
const originsOf = (origins: readonly OriginView[] | undefined) =>
  (origins ?? []).map((o, i) => ({ origin: o, label: `Origin ${i + 1} (${o.originUrl})` }));

export const httpsOriginsCheck = defineCheck({
  ...httpsOriginsParameters,
  title: 'Every origin uses HTTPS',
  reason: 'Requests from the edge to the origin should be encrypted too.',
  fixText: `Give every origin URL the https:// scheme (or leave the scheme out only when the service redirects HTTP to HTTPS). ${BY_HAND}`,
  fixBy: 'by-hand',
  configOnly: true,
  evaluate({ config }) {
    // Without a scheme the client's protocol is used (spec): https only when plain HTTP is redirected.
    const redirects = config.service.redirectHttpToHttps === true;
    const findings: Finding[] = [];
    for (const { origin, label } of originsOf(config.service.origins)) {
      const scheme = parseOriginUrl(origin.originUrl)?.scheme;
      if (scheme === 'https') continue;
      if (scheme === undefined && redirects) continue;
      findings.push({
        item: label,
        detail:
          scheme === 'http'
            ? 'uses http://'
            : scheme === undefined
              ? 'has no scheme, so plain HTTP clients reach the origin over HTTP (the service does not redirect HTTP to HTTPS)'
              : 'cannot be read',
      });
    }
    return findings.length === 0 ? pass() : fail(findings);
  },
});

export const s3OverHttpsCheck = defineCheck({
  ...s3OverHttpsParameters,
  title: 'S3 credentials only on HTTPS origins',
  reason: 'Signed storage requests over plain HTTP expose the request signature and the data.',
  fixText: `Use an https:// origin URL for every origin that carries S3 credentials. ${BY_HAND}`,
  fixBy: 'by-hand',
  configOnly: true,
  evaluate({ config }) {
    const findings: Finding[] = originsOf(config.service.origins)
      .filter(({ origin }) => origin.s3Credential !== undefined && parseOriginUrl(origin.originUrl)?.scheme !== 'https')
      .map(({ label }) => ({ item: label, detail: 'has S3 credentials but is not an explicit https:// URL' }));
    return findings.length === 0 ? pass() : fail(findings);
  },
});
