// The policy lists of one service (read through api.call), in the rule engine's order.
import { callOperation } from './ipc.ts';
import { handleError } from './errors.svelte.ts';
import { errorCode, formatError } from './format-error.ts';
import { AppCode } from '#shared/app-errors.ts';
import type { CacheControlPolicy, CacheControlPolicyV2 } from '#shared/api/schemas/cache-control.ts';
import type { AccessControlPolicy } from '#shared/api/schemas/access-control.ts';
import type { RedirectionPolicyV2 } from '#shared/api/schemas/redirection.ts';
import { sortRules, type PolicyKind } from '#shared/rules/index.ts';

/** The operations that list a service's policies. */
type PolicyListOperationId =
  'listCacheControlPoliciesV2' | 'listCacheControlPolicies' | 'listAccessControlPolicies' | 'listRedirectionPoliciesV2';

function asList<T>(data: unknown): T[] {
  return Array.isArray(data) ? (data as T[]) : [];
}

/** listed policyId may be a string (V2 list documents String); the rest of the app uses numbers. */
function normalizeIds<T extends { policyId?: unknown }>(list: T[]): (T & { policyId: number })[] {
  return list.map((p) => ({ ...p, policyId: Number(p.policyId) }));
}

/** Orders listed policies as the rule engine does (higher priority first, then lower policyId). */
export function effectiveOrder<T extends { policyId: number; priority?: number; policyName?: string }>(
  list: readonly T[],
): T[] {
  const rules = list.map((p) => ({
    kind: 'cache' as PolicyKind,
    policyId: p.policyId,
    policyName: p.policyName ?? '',
    priority: p.priority ?? 0,
    source: p,
  }));
  return sortRules(rules).map((r) => r.source);
}

/** Error codes of a gateway that did not answer (as the analytics fetcher's offline fallback). */
const offlineCodes: ReadonlySet<string | undefined> = new Set([
  AppCode.Network.ConnectionFailed,
  AppCode.Network.Timeout,
]);

export type Loadable<T> = { items: T[]; loading: boolean; error: string | null; loaded: boolean };
const empty = <T>(): Loadable<T> => ({ items: [], loading: false, error: null, loaded: false });

export type CacheItem = CacheControlPolicyV2 & { policyId: number };
export type CacheV1Item = CacheControlPolicy & { policyId: number };
export type AccessItem = AccessControlPolicy & { policyId: number };
export type RedirectionItem = RedirectionPolicyV2 & { policyId: number };

/** The policy lists of one service of one account. */
export class ServicePoliciesState {
  readonly accountId: string;
  readonly serviceId: number;
  #cache = $state<Loadable<CacheItem>>(empty());
  #cacheV1 = $state<Loadable<CacheV1Item>>(empty());
  #access = $state<Loadable<AccessItem>>(empty());
  #redirections = $state<Loadable<RedirectionItem>>(empty());

  constructor(accountId: string, serviceId: number) {
    this.accountId = accountId;
    this.serviceId = serviceId;
  }

  get cache(): Loadable<CacheItem> {
    return this.#cache;
  }
  get cacheV1(): Loadable<CacheV1Item> {
    return this.#cacheV1;
  }
  get access(): Loadable<AccessItem> {
    return this.#access;
  }
  get redirections(): Loadable<RedirectionItem> {
    return this.#redirections;
  }

  async #load<T extends { policyId?: unknown }>(
    operationId: PolicyListOperationId,
    set: (value: Loadable<T & { policyId: number }>) => void,
    get: () => Loadable<T & { policyId: number }>,
  ): Promise<void> {
    set({ ...get(), loading: true, error: null });
    try {
      const items = effectiveOrder(
        normalizeIds(
          asList<T>((await callOperation(this.accountId, operationId, { params: { serviceId: this.serviceId } })).data),
        ),
      );
      set({ items, loading: false, error: null, loaded: true });
    } catch (error) {
      // Offline is shown in place (and in the header), not as an error toast per tab and refresh
      // that stacks up while the gateway is away (QA report, 23 Nov).
      if (offlineCodes.has(errorCode(error))) {
        set({
          ...get(),
          loading: false,
          error: `Offline — couldn't read the policies; showing nothing cached. ${formatError(error).detail}`,
          loaded: true,
        });
        return;
      }
      const formatted = handleError(error, 'Could not load the policies', { accountId: this.accountId });
      set({ ...get(), loading: false, error: formatted.detail, loaded: true });
    }
  }

  loadCache(): Promise<void> {
    return this.#load<CacheControlPolicyV2>(
      'listCacheControlPoliciesV2',
      (v) => (this.#cache = v),
      () => this.#cache,
    );
  }
  loadCacheV1(): Promise<void> {
    return this.#load<CacheControlPolicy>(
      'listCacheControlPolicies',
      (v) => (this.#cacheV1 = v),
      () => this.#cacheV1,
    );
  }
  loadAccess(): Promise<void> {
    return this.#load<AccessControlPolicy>(
      'listAccessControlPolicies',
      (v) => (this.#access = v),
      () => this.#access,
    );
  }
  loadRedirections(): Promise<void> {
    return this.#load<RedirectionPolicyV2>(
      'listRedirectionPoliciesV2',
      (v) => (this.#redirections = v),
      () => this.#redirections,
    );
  }
}
