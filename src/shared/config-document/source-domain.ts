// Values that name the source's domain: copied to another service (a clone, another customer's
// service), they would point it at the source, so such a plan item carries a caution and is not
// ticked by default.
import type { FieldChange } from './diff.ts';
import type { ServiceConfig } from './schema.ts';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `domain` as a whole host name inside `text` ("https://www.a.example/x" names www.a.example, not a.example). */
function namesDomain(text: string, domain: string): boolean {
  const wildcard = domain.startsWith('*.');
  const base = wildcard ? domain.slice(2) : domain;
  if (base === '') return false;
  // A wildcard alternate domain (*.a.example) covers its subdomains too.
  const before = wildcard ? '(?:^|[^a-z0-9-])(?:[a-z0-9-]+\\.)*' : '(?:^|[^a-z0-9.-])';
  return new RegExp(`${before}${escapeRegExp(base.toLowerCase())}(?![a-z0-9-]|\\.[a-z0-9])`).test(text.toLowerCase());
}

/** The domain names of a service (its own and its alternate ones), in lower case. */
function domainsOf(config: ServiceConfig): string[] {
  return [config.service.domainName, ...(config.service.alternateDomainNames ?? [])]
    .map((d) => d.trim().toLowerCase())
    .filter((d) => d !== '');
}

/** What a plan item says when the values it would write name the source's domain (review M6). */
export const sourceDomainCaution = (labels: readonly string[], domain: string) =>
  `${labels.join(', ')} ${labels.length === 1 ? 'points' : 'point'} at the source's domain ${domain}; check before applying (not ticked by default).`;

/**
 * A caution for an item whose new values name one of the source's domains that the target does not
 * have: copied to another service (a clone, another customer), they would point it at the source.
 */
export function sourceDomainCautionFor(
  changes: readonly FieldChange[],
  source: ServiceConfig,
  target: ServiceConfig,
): string | null {
  const own = new Set(domainsOf(target));
  const domains = domainsOf(source).filter((d) => !own.has(d));
  for (const domain of domains) {
    const labels = changes.filter((c) => c.right !== null && namesDomain(c.right, domain)).map((c) => c.label);
    if (labels.length > 0) return sourceDomainCaution([...new Set(labels)], domain);
  }
  return null;
}
