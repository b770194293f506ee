// Cloning a service onto a new domain: the create body built from a source
// configuration's settings with a new domain name, checked with the create schema's own rules so
// that the form, the core and the CLI give the same message naming the field. Pure: the renderer
// checks the domain as the user types, the core checks again before it creates anything.
import { createServiceBodySchema, type CreateServiceBody } from '../api/schemas/service.ts';
import { listEntries } from '../api/formats.ts';
import { SECRET_LEFT_OUT, type ServiceConfig } from './schema.ts';
import { documentParts, type DocumentPart } from './field-labels.ts';

/**
 * What the plan after a clone covers: the policies, CORS and rate limit. The settings were just
 * copied by the create; the new domain (and alternate domains) differ on purpose.
 */
export const clonePlanParts: readonly DocumentPart[] = documentParts.filter((part) => part !== 'service');

export type CloneRequestFields = {
  domainName: string;
  /** Alternate domain names of the new service (the source's are not copied: domains are unique). */
  alternateDomainNames?: readonly string[];
};

export type CloneBody =
  | { ok: true; body: CreateServiceBody }
  | {
      ok: false;
      message: string;
      /** Field path → message ("domainName", "origins.0.s3Credential.accessSecret"). */ fields: Record<string, string>;
    };

/** The settings a clone copies: everything of the service but its ID, CNAME, domain names and fields the create does not take. */
const copiedSettings = [
  'origins',
  'defaultHostHeader',
  'streaming',
  'http2',
  'http3',
  'redirectHttpToHttps',
  'tlsProfile',
  'enabled',
] as const;

/** Alternate domain names as typed: separated by commas, spaces or new lines. */
export function splitDomainList(text: string): string[] {
  return listEntries(text, { orWhitespace: true });
}

export const cloneMessages = {
  sameDomain: (domain: string) =>
    `Domain name must differ from the source's (${domain}): domain names are unique, so a clone needs a new one.`,
  secretLeftOut: (origin: number) =>
    `The S3 access secret of origin ${origin} was left out of the document, and a service cannot be created without it. Clone from the service itself, or from a document exported with secrets.`,
} as const;

/** The create body for a clone of `source` on `fields.domainName`, or the problems with it by field. */
export function cloneServiceBody(source: ServiceConfig, fields: CloneRequestFields): CloneBody {
  const domainName = fields.domainName.trim();
  const settings: Record<string, unknown> = {};
  for (const key of copiedSettings) if (source.service[key] !== undefined) settings[key] = source.service[key];
  const alternates = (fields.alternateDomainNames ?? []).map((d) => d.trim()).filter((d) => d !== '');
  const candidate = { ...settings, domainName, ...(alternates.length > 0 ? { alternateDomainNames: alternates } : {}) };

  const errors: Record<string, string> = {};
  const parsed = createServiceBodySchema.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.map(String).join('.');
      const [first, index] = issue.path;
      // One message per list of alternate domains, naming the entry.
      const key = first === 'alternateDomainNames' ? 'alternateDomainNames' : path || 'form';
      const message =
        first === 'alternateDomainNames' && typeof index === 'number'
          ? `“${alternates[index] ?? ''}”: ${issue.message}`
          : issue.message;
      errors[key] ??= message;
    }
  }
  if (domainName !== '' && domainName.toLowerCase() === source.service.domainName.toLowerCase())
    errors.domainName ??= cloneMessages.sameDomain(source.service.domainName);
  (source.service.origins ?? []).forEach((origin, index) => {
    if (origin.s3Credential?.accessSecret === SECRET_LEFT_OUT)
      errors[`origins.${index}.s3Credential.accessSecret`] = cloneMessages.secretLeftOut(index + 1);
  });
  // The schema's messages name their field ("Domain name must be …"), so they read on their own.
  if (Object.keys(errors).length > 0 || !parsed.success)
    return { ok: false, message: Object.values(errors).join(' '), fields: errors };
  return { ok: true, body: parsed.data };
}
