// Where the signed API may be reached. Requests carry S3 and token secrets in their bodies, so
// plain http:// is refused except to this computer (the sandbox gateway, a local test gateway):
// docs/base-url-policy.md says why there is no "insecure" override.

/** localhost, *.localhost, 127.0.0.0/8 and ::1: traffic that never leaves this computer. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (host === '::1' || host === '0:0:0:0:0:0:0:1') return true;
  return /^127(\.\d{1,3}){3}$/.test(host);
}

export const INSECURE_BASE_URL_MESSAGE =
  'Use https:// here. Over http://, the secrets sent in request bodies (S3 and token secrets) would travel unencrypted; http:// is accepted only for this computer (localhost, 127.0.0.1, ::1).';

/** True for an http:// URL to a host other than this computer. */
export function isInsecureBaseUrl(url: URL): boolean {
  return url.protocol === 'http:' && !isLoopbackHost(url.hostname);
}
