// Target selection of a bulk change: services picked explicitly, and/or every known service that
// matches a filter (accounts, a domain pattern, tags). Pure, so the renderer shows the same
// matches the core plans for.
import { z } from 'zod';
import { idSchema } from '../ipc/define.ts';

const MAX_BULK_TARGETS = 5000;
const MAX_TAG_CHARS = 64;

const serviceRefSchema = z.strictObject({ accountId: idSchema, serviceId: z.number().int().positive() });
type ServiceRef = z.infer<typeof serviceRefSchema>;

/**
 * Targets = the explicit `services` plus, when any filter field is given, every known service
 * that matches ALL given filter fields (accounts AND domain pattern AND every tag).
 */
export const targetSelectorSchema = z
  .strictObject({
    services: z
      .array(serviceRefSchema)
      .max(MAX_BULK_TARGETS, { error: `At most ${MAX_BULK_TARGETS} services at a time.` })
      .optional(),
    /** Only services of these accounts (default: every account). */
    accountIds: z.array(idSchema).max(500).optional(),
    /** Domain name pattern, `*` matches any characters ("*.shop.example"); case-insensitive; whole name. */
    domainPattern: z
      .string()
      .trim()
      .min(1, { error: 'Domain pattern cannot be empty; leave it out or enter a name such as *.example.com.' })
      .max(253, { error: 'Domain pattern must be at most 253 characters.' })
      .optional(),
    /** Services carrying every one of these tags (a tag on the service's account counts too). */
    tags: z
      .array(
        z
          .string()
          .trim()
          .min(1, { error: 'A tag cannot be empty.' })
          .max(MAX_TAG_CHARS, { error: `A tag must be at most ${MAX_TAG_CHARS} characters.` }),
      )
      .max(50)
      .optional(),
  })
  .refine((s) => (s.services?.length ?? 0) > 0 || hasFilter(s), {
    error: 'Choose target services: pick services, or filter by account, domain pattern or tag.',
  });
export type TargetSelector = z.infer<typeof targetSelectorSchema>;

/** A service the app knows (an account's inventory), with its tags and its account's. */
export type TargetCandidate = {
  accountId: string;
  accountName: string;
  production: boolean;
  serviceId: number;
  domainName: string;
  /** Tags on the service and on its account. */
  tags: readonly string[];
};

type FilterFields = { accountIds?: readonly string[]; domainPattern?: string; tags?: readonly string[] };

function hasFilter(selector: FilterFields): boolean {
  return selector.accountIds !== undefined || selector.domainPattern !== undefined || (selector.tags?.length ?? 0) > 0;
}

/** `*` → any characters; everything else literal; whole name, case-insensitive. */
export function domainPatternMatcher(pattern: string): (domainName: string) => boolean {
  const source = pattern
    .trim()
    .toLowerCase()
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  const regex = new RegExp(`^${source}$`);
  return (domainName) => regex.test(domainName.toLowerCase());
}

function matchesFilter(candidate: TargetCandidate, selector: TargetSelector): boolean {
  if (selector.accountIds !== undefined && !selector.accountIds.includes(candidate.accountId)) return false;
  if (selector.domainPattern !== undefined && !domainPatternMatcher(selector.domainPattern)(candidate.domainName))
    return false;
  const tags = new Set(candidate.tags.map((t) => t.toLowerCase()));
  return (selector.tags ?? []).every((tag) => tags.has(tag.toLowerCase()));
}

export type TargetMatch = {
  targets: TargetCandidate[];
  /** Explicitly picked services the app does not know (not in their account's inventory, or the account is gone). */
  unknown: ServiceRef[];
};

/** The selected services, each once, in candidate order (accounts, then their inventories). */
export function matchTargets(candidates: readonly TargetCandidate[], selector: TargetSelector): TargetMatch {
  const key = (r: { accountId: string; serviceId: number }) => `${r.accountId}\n${r.serviceId}`;
  const picked = new Set((selector.services ?? []).map(key));
  const filtered = hasFilter(selector);
  const seen = new Set<string>();
  const targets: TargetCandidate[] = [];
  for (const candidate of candidates) {
    const k = key(candidate);
    if (seen.has(k)) continue;
    if (picked.has(k) || (filtered && matchesFilter(candidate, selector))) {
      seen.add(k);
      targets.push(candidate);
    }
  }
  const unknown = (selector.services ?? []).filter(
    (ref, i, all) => !seen.has(key(ref)) && all.findIndex((r) => key(r) === key(ref)) === i,
  );
  return { targets, unknown };
}
