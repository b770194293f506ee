// The rule tester: a request typed by the user, evaluated locally (src/shared/rules) against the
// service's cache control, access control and redirection rules.
import {
  accessMatchesFromJournal,
  evaluateAll,
  rulesFromLists,
  type ListedAccessPolicy,
  type ListedCachePolicy,
  type ListedRedirection,
  type MatchLike,
  type ServicePolicyLists,
  overallVerdict,
  parseRequest,
  type EvaluationByKind,
  type RequestForm,
  type RuleLike,
  type Verdict,
} from '#shared/rules/index.ts';
import type { ServicePoliciesState } from './policy-lists.svelte.ts';
import { describeTtl } from './policy-describe.ts';
import { invoke } from './ipc.ts';
import type { JournalEntry } from '#shared/ipc/channels/journal.ts';

export type TesterForm = {
  url: string;
  method: string;
  clientIp: string;
  host: string;
  userAgent: string;
  cookie: string;
  origin: string;
  via: string;
  clientCountry: string;
  clientAnonymous: boolean;
  hasToken: boolean;
};

export const emptyTesterForm = (): TesterForm => ({
  url: '',
  method: 'GET',
  clientIp: '',
  host: '',
  userAgent: '',
  cookie: '',
  origin: '',
  via: '',
  clientCountry: '',
  clientAnonymous: false,
  hasToken: false,
});

export type TesterRule = RuleLike & { detail: string };

/** What the tester shows next to a rule's name: its TTL, type or destination. */
function detailOf(rule: RuleLike): string {
  if (rule.kind === 'cache')
    return rule.cache?.noCache
      ? 'never cache'
      : rule.cache?.ttl !== undefined
        ? `TTL ${describeTtl(rule.cache.ttl)}`
        : '';
  if (rule.kind === 'access') return rule.access?.type ?? '';
  return `${rule.redirect?.httpCode ?? ''} → ${rule.redirect?.destination ?? ''}`;
}

function listsOf(lists: ServicePoliciesState): ServicePolicyLists {
  return {
    cache: lists.cache.items as ListedCachePolicy[],
    access: lists.access.items as ListedAccessPolicy[],
    redirections: lists.redirections.items as ListedRedirection[],
  };
}

/** Rules of every kind from the loaded lists (src/shared/rules/rules-from-lists.ts). */
function rulesFrom(
  lists: ServicePoliciesState,
  accessMatches?: ReadonlyMap<number, readonly MatchLike[]>,
): TesterRule[] {
  return rulesFromLists(listsOf(lists), accessMatches).map((rule) => ({ ...rule, detail: detailOf(rule) }));
}

// Tester input survives switching sections (per account and service, for this session).
// eslint-disable-next-line svelte/prefer-svelte-reactivity -- a plain cache of form objects, not reactive state
const forms = new Map<string, TesterForm>();

export class RuleTesterState {
  readonly lists: ServicePoliciesState;
  #form = $state<TesterForm>(emptyTesterForm());
  #journal = $state<JournalEntry[]>([]);

  constructor(lists: ServicePoliciesState) {
    this.lists = lists;
    const key = `${lists.accountId}:${lists.serviceId}`;
    const existing = forms.get(key);
    if (existing) this.#form = existing;
    forms.set(key, this.#form);
  }

  get form(): TesterForm {
    return this.#form;
  }

  get parsed(): ReturnType<typeof parseRequest> {
    const f = this.#form;
    const request: RequestForm = { ...f };
    return parseRequest(request);
  }

  get evaluation(): EvaluationByKind | null {
    const parsed = this.parsed;
    if (!parsed.ok) return null;
    return evaluateAll(
      rulesFrom(this.lists, accessMatchesFromJournal(listsOf(this.lists).access, this.#journal)),
      parsed.request,
    );
  }

  /** The answer for the whole request (access, then redirection, then cache). */
  get verdict(): Verdict | null {
    const evaluation = this.evaluation;
    return evaluation ? overallVerdict(evaluation) : null;
  }

  async #loadJournal(): Promise<void> {
    try {
      const { entries } = await invoke('journal.list', {
        accountId: this.lists.accountId,
        serviceId: this.lists.serviceId,
      });
      this.#journal = entries;
    } catch {
      // Without the journal the tester uses the listed v1.0 conditions only.
    }
  }

  async load(): Promise<void> {
    const tasks: Promise<void>[] = [this.#loadJournal()];
    if (!this.lists.cache.loaded) tasks.push(this.lists.loadCache());
    if (!this.lists.access.loaded) tasks.push(this.lists.loadAccess());
    if (!this.lists.redirections.loaded) tasks.push(this.lists.loadRedirections());
    await Promise.all(tasks);
  }

  async reload(): Promise<void> {
    await Promise.all([
      this.lists.loadCache(),
      this.lists.loadAccess(),
      this.lists.loadRedirections(),
      this.#loadJournal(),
    ]);
  }
}
