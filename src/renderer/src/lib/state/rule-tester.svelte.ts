// The rule tester: a request typed by the user, evaluated locally (src/shared/rules) against the
// service's cache control, access control and redirection rules.
import {
  evaluateAll,
  overallVerdict,
  parseRequest,
  type EvaluationByKind,
  type RequestForm,
  type RuleLike,
  type Verdict,
} from '#shared/rules/index.ts';
import type { ServicePoliciesState } from './policy-lists.svelte.ts';
import { describeTtl } from '../components/policies/describe.ts';
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

type Listed = {
  policyId: number;
  policyName?: string;
  priority?: number;
  enabled?: boolean;
  matches?: { field: string; operator: string; values: string[] }[];
  matchUrlPath?: { operator: string; patterns: string[] };
  matchQueryString?: { operator: string; patterns: string[] };
};

type ListedAccess = Listed & { type?: string; ipRestriction?: string; geoRestriction?: string; anonymousIp?: boolean };

export type TesterRule = RuleLike & { detail: string };

type MatchRow = { field: string; operator: string; values: string[] };
type Pattern = { operator: string; patterns: string[] };

const v10Of: Record<string, string> = { startswith: 'prefix', endswith: 'suffix', equals: 'equals', regex: 'regex' };

/** What the v1.0 list shows of V2 matches: the first req.path / req.query condition with a v1.0 operator. */
function v10View(matches: readonly MatchRow[]): { matchUrlPath?: Pattern; matchQueryString?: Pattern } {
  const out: { matchUrlPath?: Pattern; matchQueryString?: Pattern } = {};
  for (const m of matches) {
    const operator = v10Of[m.operator];
    if (!operator) continue;
    if (m.field === 'req.path' && !out.matchUrlPath) out.matchUrlPath = { operator, patterns: [...m.values] };
    else if (m.field === 'req.query' && !out.matchQueryString) out.matchQueryString = { operator, patterns: [...m.values] };
  }
  return out;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The API lists access control policies in the v1.0 shape only. When this app applied V2 matches
 * to a policy and the listed v1.0 conditions still agree with them, the full matches are used.
 */
export function accessMatchesFromJournal(policies: readonly Listed[], entries: readonly JournalEntry[]): Map<number, MatchRow[]> {
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- a plain lookup built in one call
  const out = new Map<number, MatchRow[]>();
  for (const p of policies) {
    const last = entries.find(
      (e) => e.policyId === p.policyId && e.result.ok && ['updateAccessControlPolicy', 'updateAccessControlPolicyV2', 'createAccessControlPolicy'].includes(e.operationId),
    );
    const matches = (last?.after as { matches?: MatchRow[] } | null | undefined)?.matches;
    if (last?.operationId !== 'updateAccessControlPolicyV2' || !Array.isArray(matches)) continue;
    const view = v10View(matches);
    if (same(view.matchUrlPath, p.matchUrlPath) && same(view.matchQueryString, p.matchQueryString)) out.set(p.policyId, matches);
  }
  return out;
}

function toRule(kind: RuleLike['kind'], p: Listed, detail: string, extra: Partial<RuleLike> = {}): TesterRule {
  return {
    kind,
    policyId: p.policyId,
    policyName: p.policyName ?? `policy ${p.policyId}`,
    priority: p.priority ?? 0,
    enabled: p.enabled,
    ...(p.matches !== undefined ? { matches: p.matches } : { matchUrlPath: p.matchUrlPath, matchQueryString: p.matchQueryString }),
    ...extra,
    detail,
  };
}

function accessRule(p: ListedAccess, matches: MatchRow[] | undefined): TesterRule {
  const access = {
    type: p.type ?? '',
    ...(p.ipRestriction !== undefined ? { ipRestriction: p.ipRestriction } : {}),
    ...(p.geoRestriction !== undefined ? { geoRestriction: p.geoRestriction } : {}),
    ...(p.anonymousIp !== undefined ? { anonymousIp: p.anonymousIp } : {}),
  };
  if (matches) return toRule('access', { ...p, matches }, p.type ?? '', { access, readBack: 'complete' });
  // The list only has the v1.0 shape: say what cannot be known instead of testing less silently.
  return toRule('access', p, p.type ?? '', { access, readBack: p.matchUrlPath ? 'v1.0-list' : 'v1.0-list-no-path' });
}

/** Rules of every kind from the loaded lists. */
export function rulesFrom(lists: ServicePoliciesState, accessMatches?: ReadonlyMap<number, MatchRow[]>): TesterRule[] {
  return [
    ...lists.cache.items.map((p) =>
      toRule('cache', p as Listed, p.noCache ? 'never cache' : p.ttl !== undefined ? `TTL ${describeTtl(p.ttl)}` : '', {
        cache: { ttl: p.ttl, noCache: p.noCache, enableXCache: p.enableXCache },
      }),
    ),
    ...lists.access.items.map((p) => accessRule(p as ListedAccess, accessMatches?.get(p.policyId))),
    ...lists.redirections.items.map((p) =>
      toRule('redirection', p as Listed, `${p.httpCode ?? ''} → ${p.redirectDestination ?? ''}`, {
        redirect: { httpCode: p.httpCode, destination: p.redirectDestination },
      }),
    ),
  ];
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
    const listed = this.lists.access.items as unknown as Listed[];
    return evaluateAll(rulesFrom(this.lists, accessMatchesFromJournal(listed, this.#journal)), parsed.request);
  }

  /** The answer for the whole request (access, then redirection, then cache). */
  get verdict(): Verdict | null {
    const evaluation = this.evaluation;
    return evaluation ? overallVerdict(evaluation) : null;
  }

  async #loadJournal(): Promise<void> {
    try {
      const { entries } = await invoke('journal.list', { accountId: this.lists.accountId, serviceId: this.lists.serviceId });
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
    await Promise.all([this.lists.loadCache(), this.lists.loadAccess(), this.lists.loadRedirections(), this.#loadJournal()]);
  }
}
