// Target selection for bulk changes: the services of several accounts, filtered by account,
// domain pattern and tag, grouped by account. Pure, so the screen and its tests share it. The
// domain pattern means what it means to the core's target selector (#shared/bulk/target.ts).
import { domainPatternMatcher } from '#shared/bulk/target.ts';

export type TargetKey = `${string}:${number}`;

export interface TargetService {
  accountId: string;
  serviceId: number;
  domainName: string;
  /** The service's own tags and its account's (target selection sees both). */
  tags: readonly string[];
}

export interface TargetAccount {
  id: string;
  name: string;
  production: boolean;
}

export interface TargetFilter {
  /** Accounts shown; empty = every account. */
  accountIds: readonly string[];
  /** Domain pattern: the whole name, `*` matches any characters ('' = any). */
  pattern: string;
  /** Only services carrying this tag ('' = any). */
  tag: string;
}

export interface TargetGroup {
  account: TargetAccount;
  /** The account's services that pass the filter, by domain name. */
  services: TargetService[];
  /** How many services the account has before filtering. */
  total: number;
}

export function targetKey(accountId: string, serviceId: number): TargetKey {
  return `${accountId}:${serviceId}`;
}

export function parseTargetKey(key: string): { accountId: string; serviceId: number } | null {
  const colon = key.lastIndexOf(':');
  const serviceId = Number(key.slice(colon + 1));
  if (colon <= 0 || !Number.isInteger(serviceId) || serviceId <= 0) return null;
  return { accountId: key.slice(0, colon), serviceId };
}

/** The groups to show: every account in the filter (in the given order), even when none of its services passes. */
export function filterTargets(
  accounts: readonly TargetAccount[],
  services: readonly TargetService[],
  filter: TargetFilter,
): TargetGroup[] {
  const matches = filter.pattern.trim() === '' ? () => true : domainPatternMatcher(filter.pattern);
  const tag = filter.tag.trim().toLowerCase();
  const shown =
    filter.accountIds.length === 0 ? accounts : accounts.filter((account) => filter.accountIds.includes(account.id));
  return shown.map((account) => {
    const own = services.filter((service) => service.accountId === account.id);
    const passing = own
      .filter((service) => matches(service.domainName) && (tag === '' || service.tags.includes(tag)))
      .sort((a, b) => a.domainName.localeCompare(b.domainName) || a.serviceId - b.serviceId);
    return { account, services: passing, total: own.length };
  });
}

/** Selected keys of services that still exist (a removed service or account drops out). */
export function selectedTargets(selected: ReadonlySet<string>, services: readonly TargetService[]): TargetService[] {
  return services.filter((service) => selected.has(targetKey(service.accountId, service.serviceId)));
}

/** "12 services in 2 accounts" */
export function countText(services: number, accounts: number): string {
  const s = `${services} service${services === 1 ? '' : 's'}`;
  return accounts <= 1 ? s : `${s} in ${accounts} accounts`;
}
