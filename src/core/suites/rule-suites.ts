// Rule test suites: the store (<dataDir>/rule-suites.json, one suite per account and service) and
// running them on services' rules as read now (three list reads per service, within the key's
// request budget). The engine is the rule tester's (src/shared/rules, src/shared/suites).
import { AppCode } from '#shared/app-errors.ts';
import { join } from 'node:path';
import { z } from 'zod';
import { createJsonDocument, type JsonDocumentOptions } from '../storage/json-document.ts';
import type { BudgetPriority } from '../api/budget.ts';
import { CoreError } from '../errors.ts';
import type { JournalEntry } from '#shared/ipc/channels/journal.ts';
import type { SuiteRun } from '#shared/ipc/channels/suites.ts';
import type { ServicePolicyLists } from '#shared/rules/index.ts';
import { accessMatchesFromJournal, rulesFromLists } from '#shared/rules/index.ts';
import { runExpectations, type ChangeCheck } from '#shared/suites/evaluate.ts';
import { changesRules, checkChangeOnLists, type ProposedChange } from '#shared/suites/lists-after-change.ts';
import { expectationListSchema, expectationSchema, MAX_EXPECTATIONS, type Expectation } from '#shared/suites/schema.ts';

export const RULE_SUITES_FILE = 'rule-suites.json';

const storedSuiteSchema = z.object({
  accountId: z.string(),
  serviceId: z.number(),
  updatedAt: z.string(),
  expectations: z.array(expectationSchema),
});
type StoredSuite = z.output<typeof storedSuiteSchema>;
const suitesFileSchema = z.object({ version: z.literal(1), suites: z.array(storedSuiteSchema) });

export type ServiceKey = { accountId: string; serviceId: number };
type SuiteView = { expectations: Expectation[]; updatedAt: string | null };

export type RuleSuiteStore = {
  get(key: ServiceKey): Promise<SuiteView>;
  /** Adds an expectation, or replaces the one named `replaces`. */
  save(key: ServiceKey, expectation: Expectation, replaces?: string): Promise<SuiteView>;
  remove(key: ServiceKey, name: string): Promise<SuiteView>;
  /** Replaces the whole suite (applying a configuration document); an empty list removes it. */
  replace(key: ServiceKey, expectations: readonly Expectation[]): Promise<SuiteView>;
  list(filter?: { accountId?: string }): Promise<StoredSuite[]>;
  /** Removes every suite of an account (account removed). */
  removeAccount(accountId: string): Promise<number>;
};

export type RuleSuiteStoreOptions = { dataDir: string; now: () => Date } & Pick<
  JsonDocumentOptions<typeof suitesFileSchema>,
  'onCorrupt' | 'corruptWarning' | 'onWarning'
>;

const sameService = (s: ServiceKey, k: ServiceKey) => s.accountId === k.accountId && s.serviceId === k.serviceId;

/** The suite as a list that satisfies the suite rules (unique names, bounded), or a CoreError naming the problem. */
function checked(expectations: readonly Expectation[]): Expectation[] {
  const parsed = expectationListSchema.safeParse(expectations);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const path = issue ? issue.path.map(String).join('.') : '';
  throw new CoreError(
    AppCode.Suites.Invalid,
    `${path !== '' ? `expectations.${path}: ` : ''}${issue?.message ?? 'The suite is not valid.'}`,
  );
}

export function createRuleSuiteStore(options: RuleSuiteStoreOptions): RuleSuiteStore {
  const now = options.now;
  const document = createJsonDocument({
    path: join(options.dataDir, RULE_SUITES_FILE),
    schema: suitesFileSchema,
    empty: () => ({ version: 1 as const, suites: [] }),
    copy: (file) => ({ ...file, suites: [...file.suites] }),
    now,
    onCorrupt: options.onCorrupt,
    corruptWarning: options.corruptWarning,
    onWarning: options.onWarning,
  });
  const view = (suite: StoredSuite | undefined): SuiteView => ({
    expectations: suite?.expectations ?? [],
    updatedAt: suite?.updatedAt ?? null,
  });

  function write(key: ServiceKey, change: (current: Expectation[]) => Expectation[]): Promise<SuiteView> {
    return document.update((file) => {
      const current = file.suites.find((s) => sameService(s, key));
      const expectations = checked(change(current?.expectations ?? []));
      const rest = file.suites.filter((s) => !sameService(s, key));
      if (expectations.length === 0) {
        file.suites = rest;
        return view(undefined);
      }
      const suite: StoredSuite = {
        accountId: key.accountId,
        serviceId: key.serviceId,
        updatedAt: now().toISOString(),
        expectations,
      };
      file.suites = [...rest, suite];
      return view(suite);
    });
  }

  return {
    async get(key) {
      return view((await document.read()).suites.find((s) => sameService(s, key)));
    },
    save(key, expectation, replaces) {
      return write(key, (current) => {
        if (replaces === undefined) {
          if (current.length >= MAX_EXPECTATIONS)
            throw new CoreError(
              AppCode.Suites.Full,
              `This suite already holds ${MAX_EXPECTATIONS} expectations; delete one first.`,
            );
          return [...current, expectation];
        }
        const index = current.findIndex((e) => e.name === replaces);
        if (index === -1)
          throw new CoreError(
            AppCode.Suites.NotFound,
            `The suite has no expectation named “${replaces}” any more; reload the suite.`,
          );
        return current.map((e, i) => (i === index ? expectation : e));
      });
    },
    remove(key, name) {
      return write(key, (current) => {
        if (!current.some((e) => e.name === name))
          throw new CoreError(
            AppCode.Suites.NotFound,
            `The suite has no expectation named “${name}” any more; reload the suite.`,
          );
        return current.filter((e) => e.name !== name);
      });
    },
    replace(key, expectations) {
      return write(key, () => [...expectations]);
    },
    async list(filter = {}) {
      return (await document.read()).suites.filter(
        (s) => filter.accountId === undefined || s.accountId === filter.accountId,
      );
    },
    removeAccount(accountId) {
      return document.update((file, control) => {
        const before = file.suites.length;
        file.suites = file.suites.filter((s) => s.accountId !== accountId);
        if (file.suites.length === before) control.skipWrite();
        return before - file.suites.length;
      });
    },
  };
}

/** What running suites needs (structural, so tests can pass fakes). */
/** Budget priority and cancel of the list reads (a bulk run's checks are background work, cancelled with it). */
export type ReadOptions = { priority?: BudgetPriority; signal?: AbortSignal };

export type RuleSuiteDeps = {
  store: RuleSuiteStore;
  account(accountId: string): Promise<{ id: string; name: string }>;
  client(accountId: string): Promise<{
    call(operationId: string, input: { params: Record<string, unknown> }, options?: ReadOptions): Promise<unknown>;
  }>;
  /** Journal entries of a service, newest first (V2 access conditions applied from this app). */
  journal(accountId: string, serviceId: number): Promise<readonly JournalEntry[]>;
  /** Domain names of an account's known services. */
  serviceNames(accountId: string): Promise<ReadonlyMap<number, string>>;
  /** The services carrying a tag, across accounts (tags store); absent: running by tag is not possible. */
  servicesOfTag?: (tag: string) => Promise<ServiceKey[] | null>;
};

const asList = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

type ErrorLike = { code?: unknown; message?: unknown };

export function createRuleSuiteService(deps: RuleSuiteDeps) {
  async function readLists(accountId: string, serviceId: number, options?: ReadOptions): Promise<ServicePolicyLists> {
    const client = await deps.client(accountId);
    const params = { params: { serviceId } };
    const [cache, access, redirections] = await Promise.all([
      client.call('listCacheControlPoliciesV2', params, options),
      client.call('listAccessControlPolicies', params, options),
      client.call('listRedirectionPoliciesV2', params, options),
    ]);
    return { cache: asList(cache), access: asList(access), redirections: asList(redirections) };
  }

  async function runOn(expectations: readonly Expectation[], target: ServiceKey): Promise<SuiteRun> {
    const [account, names] = await Promise.all([deps.account(target.accountId), deps.serviceNames(target.accountId)]);
    const base = {
      accountId: account.id,
      accountName: account.name,
      serviceId: target.serviceId,
      domainName: names.get(target.serviceId) ?? null,
    };
    try {
      const [lists, journal] = await Promise.all([
        readLists(target.accountId, target.serviceId),
        deps.journal(target.accountId, target.serviceId),
      ]);
      const results = runExpectations(
        expectations,
        rulesFromLists(lists, accessMatchesFromJournal(lists.access, journal)),
      );
      const count = (o: string) => results.filter((r) => r.outcome === o).length;
      return {
        ...base,
        results,
        counts: { pass: count('pass'), fail: count('fail'), cannotTell: count('cannot-tell') },
        error: null,
      };
    } catch (error) {
      const { code, message } = error as ErrorLike;
      return {
        ...base,
        results: [],
        counts: { pass: 0, fail: 0, cannotTell: 0 },
        error: { code: String(code ?? 'Unknown'), message: String(message ?? error) },
      };
    }
  }

  return {
    readLists,
    /** The suite of `source` on its own service, on `targets`, or on every service with `tag`. */
    async run(
      source: ServiceKey,
      options: { targets?: readonly ServiceKey[]; tag?: string } = {},
    ): Promise<SuiteRun[]> {
      const { expectations } = await deps.store.get(source);
      if (expectations.length === 0)
        throw new CoreError(
          AppCode.Suites.Empty,
          `Service ${source.serviceId} has no rule test suite yet: save expectations from its rule tester first.`,
        );
      let targets: readonly ServiceKey[] = options.targets ?? [source];
      if (options.tag !== undefined) {
        const tagged = deps.servicesOfTag ? await deps.servicesOfTag(options.tag) : null;
        if (tagged === null)
          throw new CoreError(
            AppCode.Suites.TagsUnavailable,
            'Running by tag is not available here; choose the services instead.',
          );
        if (tagged.length === 0)
          throw new CoreError(
            AppCode.Suites.NoTaggedServices,
            `No listed service carries the tag “${options.tag}” (itself or through its account).`,
          );
        targets = tagged;
      }
      // One after the other: each is three list reads, paced by each key's budget anyway.
      const runs: SuiteRun[] = [];
      for (const target of targets) runs.push(await runOn(expectations, target));
      return runs;
    },
    /** The suite of the change's service, on the rules now and after the change. */
    async check(accountId: string, change: ProposedChange, options?: ReadOptions): Promise<ChangeCheck> {
      const serviceId = Number(change.params.serviceId);
      if (!Number.isSafeInteger(serviceId) || serviceId <= 0) return noCheck();
      const [check] = await checkEach(accountId, serviceId, [change], options);
      return check ?? noCheck();
    },
    checkEach,
  };

  /**
   * Several changes of one service, each on its own against the rules now (a plan's items): the
   * service's lists are read once. No suite, or no change that can alter a verdict: no reads.
   */
  async function checkEach(
    accountId: string,
    serviceId: number,
    changes: readonly ProposedChange[],
    options?: ReadOptions,
  ): Promise<ChangeCheck[]> {
    if (!changes.some((c) => changesRules(c.operationId))) return changes.map(noCheck);
    const { expectations } = await deps.store.get({ accountId, serviceId });
    // No suite: nothing to read, the review opens as fast as before.
    if (expectations.length === 0) return changes.map(noCheck);
    const [lists, journal] = await Promise.all([
      readLists(accountId, serviceId, options),
      deps.journal(accountId, serviceId),
    ]);
    return changes.map((change) =>
      changesRules(change.operationId) ? checkChangeOnLists(expectations, lists, journal, change) : noCheck(),
    );
  }
}

const noCheck = (): ChangeCheck => ({ total: 0, flipped: [], fixed: [] });

export type RuleSuiteService = ReturnType<typeof createRuleSuiteService>;
