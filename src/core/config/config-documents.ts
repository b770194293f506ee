// Configuration documents in the core: read a service's configuration through the
// account's signed client (within its request budget), export one, several or all services of an
// account, read a document (decrypting it when it holds secrets), diff, plan (with the rule tests
// each item would flip), and apply ticked plan items through the change service (production
// confirmation, rule tests, journal): no other write path. A document's text: config-document-text.ts;
// cloning a service: config-clone.ts.
import { AppCode } from '#shared/app-errors.ts';
import { CoreError, passedOnCode } from '../errors.ts';
import { checkPassphrase, encryptConfigDocument } from './config-document-crypto.ts';
import { leaveOutSecrets, pickService, readDocument } from './config-document-text.ts';
import { createConfigClone } from './config-clone.ts';
import type { ChangeCallOptions, ChangeService, OperationCallInput, RuleTestAcceptance } from '../changes/changes.ts';
import { diffServiceConfigs, type ConfigDiff } from '#shared/config-document/diff.ts';
import type { DocumentPart } from '#shared/config-document/field-labels.ts';
import { planApply, type ApplyPlan, type PlanItem } from '#shared/config-document/plan.ts';
import {
  CONFIG_DOCUMENT_FORMAT,
  CONFIG_DOCUMENT_SCHEMA_VERSION,
  LAST_APPLIED_NOTE,
  describeDocumentIssue,
  serviceConfigSchema,
  type ConfigDocument,
  type LastAppliedFromThisApp,
  type ServiceConfig,
} from '#shared/config-document/schema.ts';
import { serializeConfigDocument } from '#shared/config-document/serialize.ts';
import type { Expectation } from '#shared/suites/schema.ts';
import type { ChangeCheck } from '#shared/suites/evaluate.ts';
import type { ProposedChange } from '#shared/suites/lists-after-change.ts';
import { flippedExpectationsNote } from '#shared/bulk/batch.ts';

/** Budget priority and cancel of the reads (background snapshot reads wait for interactive ones; a caller that went away cancels its reads). */
export type ReadOptions = ChangeCallOptions;

/** What the reader needs from an account's API client (structural, so tests may pass a fake). */
type ReadClient = { call(operationId: string, input: OperationCallInput, options?: ReadOptions): Promise<unknown> };

export type ConfigDocumentDeps = {
  account(accountId: string): Promise<{ id: string; name: string; production: boolean }>;
  client(accountId: string): Promise<ReadClient>;
  changes: Pick<
    ChangeService,
    'apply' | 'lastApplied' | 'lastServiceCreate' | 'confirmApplied' | 'confirmNotApplied' | 'recordCreatedService'
  >;
  /** The account's known services (the API cannot list them). */
  inventory(accountId: string): Promise<Array<{ serviceId: number; domainName: string }>>;
  /** The target's rule test suite on each change (rule-suites.ts checkEach); absent: plans show no rule tests. */
  suiteCheck?(accountId: string, serviceId: number, changes: readonly ProposedChange[]): Promise<ChangeCheck[]>;
  now(): Date;
  /** The rule test suites this app keeps per service (not the API's): read into documents, stored when applied. */
  ruleTests?: {
    get(accountId: string, serviceId: number): Promise<Expectation[]>;
    replace(accountId: string, serviceId: number, expectations: readonly Expectation[]): Promise<void>;
  };
};

/** A service of an account, or one service of a document. */
export type ConfigSource =
  { accountId: string; serviceId: number } | { document: string; passphrase?: string; service?: string };

export type ExportRequest = {
  accountId: string;
  /** Default: every service of the account's inventory. */
  serviceIds?: readonly number[];
  includeSecrets?: boolean;
  passphrase?: string;
};

export type ExportResult = {
  text: string;
  encrypted: boolean;
  services: Array<{ serviceId: number; domainName: string }>;
  failed: Array<{ serviceId: number; code: string; message: string }>;
};

export type PlanRequest = {
  source: ConfigSource;
  target: { accountId: string; serviceId: number };
  parts?: readonly DocumentPart[];
};
/** Applying ticked items: production confirmation, and the rule test flips the user accepts (the plan's, or any). */
export type ApplyRequest = PlanRequest &
  RuleTestAcceptance & { itemIds: readonly string[]; confirmProduction?: boolean };

export type CloneRequest = {
  source: ConfigSource;
  /** The account the new service is created in (the source's or another). */
  accountId: string;
  domainName: string;
  alternateDomainNames?: readonly string[];
  confirmProduction?: boolean;
};
export type CloneResult = {
  service: { id: number; domainName: string; cName: string | null };
  journalEntryId: string;
  /** Applying the source's policies onto the new service (which starts with the gateway's default policies). */
  plan: ApplyPlan;
  /** The service was created by an earlier clone to the same domain, which this one continues. */
  continued?: string;
};

type ApplyOutcome = 'applied' | 'unchanged' | 'cannot' | 'failed' | 'skipped';
export type ApplyItemResult = {
  id: string;
  title: string;
  outcome: ApplyOutcome;
  message: string | null;
  journalEntryId: string | null;
};
export type ApplyResult = { plan: ApplyPlan; results: ApplyItemResult[]; allApplied: boolean };

type ErrorLike = { code?: unknown; message?: unknown; status?: unknown };
const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The first list fills what the second lacks (per policy ID): the v1.0 cache list adds matchUrlPath / matchQueryString. */
function mergeCacheControlLists(v2: unknown, v1: unknown): unknown[] {
  const v2List = Array.isArray(v2) ? v2.filter(isObject) : [];
  const v1List = Array.isArray(v1) ? v1.filter(isObject) : [];
  return v2List.map((policy) => {
    const other = v1List.find((p) => p.policyId === policy.policyId);
    return other ? { ...other, ...policy } : policy;
  });
}

export function createConfigDocumentService(deps: ConfigDocumentDeps) {
  async function lastApplied(accountId: string, serviceId: number): Promise<LastAppliedFromThisApp> {
    const [cors, rateLimit] = await Promise.all([
      deps.changes.lastApplied(accountId, serviceId, 'cors'),
      deps.changes.lastApplied(accountId, serviceId, 'rate-limit'),
    ]);
    return {
      note: LAST_APPLIED_NOTE,
      cors: cors && isObject(cors.after) ? { appliedAt: cors.at, headers: cors.after } : null,
      rateLimit: rateLimit
        ? {
            appliedAt: rateLimit.at,
            rateLimit:
              rateLimit.operationId === 'deleteRateLimit' || !isObject(rateLimit.after) ? null : rateLimit.after,
          }
        : null,
    } as LastAppliedFromThisApp;
  }

  /** The service's suite for a document: left out when it has none, so older documents read the same. */
  async function ruleTestsOf(accountId: string, serviceId: number): Promise<{ ruleTests?: Expectation[] }> {
    const list = (await deps.ruleTests?.get(accountId, serviceId)) ?? [];
    return list.length > 0 ? { ruleTests: list } : {};
  }

  /** One service's configuration as read now (secrets as the API returns them: callers decide). */
  async function readServiceConfig(
    accountId: string,
    serviceId: number,
    options: ReadOptions = {},
  ): Promise<ServiceConfig> {
    const [account, client] = await Promise.all([deps.account(accountId), deps.client(accountId)]);
    const params = { params: { serviceId } };
    // One read per list; the client paces them within the key's request budget.
    const service = await client.call('getService', params, options);
    const [cacheV2, cacheV1, access, redirections] = await Promise.all([
      client.call('listCacheControlPoliciesV2', params, options),
      client.call('listCacheControlPolicies', params, options),
      client.call('listAccessControlPolicies', params, options),
      client.call('listRedirectionPoliciesV2', params, options),
    ]);
    const parsed = serviceConfigSchema.safeParse({
      source: { accountName: account.name, serviceId },
      service,
      cacheControlPolicies: mergeCacheControlLists(cacheV2, cacheV1),
      accessControlPolicies: access,
      redirectionPolicies: redirections,
      lastAppliedFromThisApp: await lastApplied(accountId, serviceId),
      ...(await ruleTestsOf(accountId, serviceId)),
    });
    if (!parsed.success) {
      throw new CoreError(
        AppCode.Config.UnexpectedAnswer,
        `The API's answer for service ${serviceId} could not be read as a configuration (${describeDocumentIssue(parsed.error)}).`,
      );
    }
    return parsed.data;
  }

  async function exportDocument(request: ExportRequest, options: ReadOptions = {}): Promise<ExportResult> {
    const passphrase = request.includeSecrets ? checkPassphrase(request.passphrase) : undefined;
    const known = await deps.inventory(request.accountId);
    const ids = request.serviceIds ?? known.map((s) => s.serviceId);
    if (ids.length === 0) {
      throw new CoreError(
        AppCode.Config.NothingToExport,
        'This account has no services in its list yet. Add services by ID first, then export.',
      );
    }
    const services: ServiceConfig[] = [];
    const failed: ExportResult['failed'] = [];
    for (const serviceId of [...new Set(ids)]) {
      try {
        services.push(await readServiceConfig(request.accountId, serviceId, options));
      } catch (error) {
        const { code, message, status } = error as ErrorLike;
        // A wrong key or no connection fails every service the same way: stop and say so once.
        if (status === 401 || (typeof status !== 'number' && !(error instanceof CoreError))) throw error;
        failed.push({ serviceId, code: String(code ?? 'Unknown'), message: String(message ?? error) });
      }
    }
    if (services.length === 0) {
      const first = failed[0];
      throw new CoreError(
        first ? passedOnCode(first.code) : AppCode.Config.NothingToExport,
        `No service could be read${first ? `: ${first.message}` : ''}`,
      );
    }
    const document: ConfigDocument = {
      format: CONFIG_DOCUMENT_FORMAT,
      schemaVersion: CONFIG_DOCUMENT_SCHEMA_VERSION,
      exportedAt: deps.now().toISOString(),
      secrets: passphrase === undefined ? 'left-out' : 'included',
      services: passphrase === undefined ? leaveOutSecrets(services) : services,
    };
    const text = serializeConfigDocument(document);
    return {
      text: passphrase === undefined ? text : await encryptConfigDocument(text, passphrase),
      encrypted: passphrase !== undefined,
      services: services.map((s) => ({ serviceId: s.source.serviceId, domainName: s.service.domainName })),
      failed,
    };
  }

  /** The plan against the target as read now. */
  async function planNow(request: PlanRequest, options: ReadOptions = {}): Promise<ApplyPlan> {
    const source = await resolveSource(request.source, options);
    const target = await readServiceConfig(request.target.accountId, request.target.serviceId, options);
    return planApply(source, target, request.parts === undefined ? {} : { parts: request.parts });
  }

  async function resolveSource(source: ConfigSource, options: ReadOptions = {}): Promise<ServiceConfig> {
    if ('accountId' in source) return readServiceConfig(source.accountId, source.serviceId, options);
    return pickService(await readDocument(source.document, source.passphrase), source.service);
  }

  /**
   * Each write the plan would make, checked against the target's rule tests (as changes.apply will
   * check it): what would flip is on the item, with a note. A suite that cannot be checked leaves a
   * note instead; the plan still opens.
   */
  async function withSuiteChecks(
    target: { accountId: string; serviceId: number },
    plan: ApplyPlan,
  ): Promise<ApplyPlan> {
    const writes = plan.items.filter(
      (i) => i.operationId !== null && i.input !== null && i.action !== 'cannot' && i.action !== 'unchanged',
    );
    if (!deps.suiteCheck || writes.length === 0) return plan;
    const changes = writes.map((i) => ({
      operationId: i.operationId as string,
      params: i.input?.params ?? {},
      body: i.input?.body,
    }));
    let checks: ChangeCheck[];
    try {
      checks = await deps.suiteCheck(target.accountId, target.serviceId, changes);
    } catch (error) {
      const note = `The service's rule tests could not be checked: ${String((error as ErrorLike).message ?? error)}`;
      return { ...plan, items: plan.items.map((i) => (writes.includes(i) ? { ...i, notes: [...i.notes, note] } : i)) };
    }
    const byItem = new Map(writes.map((item, index) => [item, checks[index]]));
    return {
      ...plan,
      items: plan.items.map((item) => {
        const check = byItem.get(item);
        if (!check || check.flipped.length === 0) return item;
        return {
          ...item,
          flippedExpectations: check.flipped,
          notes: [...item.notes, flippedExpectationsNote(check.flipped, check.total)],
        };
      }),
    };
  }

  const clone = createConfigClone(deps, { readServiceConfig, resolveSource });

  return {
    readServiceConfig,
    exportDocument,
    readDocument,
    resolveSource,
    clone,
    async diff(left: ConfigSource, right: ConfigSource, options: ReadOptions = {}): Promise<ConfigDiff> {
      const [l, r] = await Promise.all([resolveSource(left, options), resolveSource(right, options)]);
      return diffServiceConfigs(l, r);
    },
    async plan(request: PlanRequest, options: ReadOptions = {}): Promise<ApplyPlan> {
      return withSuiteChecks(request.target, await planNow(request, options));
    },
    /**
     * Plans again against the target as it is now, then applies the ticked items one by one
     * through changes.apply. Items that fail do not stop the others.
     */
    async apply(request: ApplyRequest): Promise<ApplyResult> {
      const account = await deps.account(request.target.accountId);
      if (account.production && request.confirmProduction !== true) {
        throw new CoreError(
          AppCode.Change.ConfirmationRequired,
          `“${account.name}” is a production account. Review the plan and confirm it to apply it.`,
        );
      }
      // changes.apply checks each item's rule tests as it applies it, against the rules then.
      const plan = await planNow(request);
      const ticked = new Set(request.itemIds);
      const unknown = [...ticked].filter((id) => !plan.items.some((i) => i.id === id));
      if (unknown.length > 0) {
        throw new CoreError(
          AppCode.Config.PlanChanged,
          `The plan no longer has ${unknown.map((id) => `“${id}”`).join(', ')}: the document or the target changed since it was shown. Plan again and tick the items anew.`,
        );
      }
      const results: ApplyItemResult[] = [];
      for (const item of plan.items) results.push(await applyItem(item, ticked.has(item.id)));
      const allApplied = results.every(
        (r) => r.outcome === 'applied' || r.outcome === 'unchanged' || r.outcome === 'skipped',
      );

      async function applyItem(item: PlanItem, isTicked: boolean): Promise<ApplyItemResult> {
        const base = { id: item.id, title: item.title, journalEntryId: null };
        if (!isTicked) return { ...base, outcome: 'skipped', message: null };
        if (item.action === 'unchanged') return { ...base, outcome: 'unchanged', message: null };
        if (item.part === 'rule-tests' && item.input && deps.ruleTests) {
          // No API call: the suite is this app's (the plan item says so).
          try {
            await deps.ruleTests.replace(
              request.target.accountId,
              request.target.serviceId,
              item.input.body as Expectation[],
            );
            return { ...base, outcome: 'applied', message: null };
          } catch (error) {
            return { ...base, outcome: 'failed', message: String((error as ErrorLike).message ?? error) };
          }
        }
        if (item.action === 'cannot' || item.operationId === null || item.input === null) {
          return { ...base, outcome: 'cannot', message: item.reason };
        }
        try {
          const { entry } = await deps.changes.apply({
            accountId: request.target.accountId,
            operationId: item.operationId,
            input: item.input,
            confirmProduction: request.confirmProduction,
            ...(request.flippedExpectations ? { flippedExpectations: request.flippedExpectations } : {}),
            ...(request.acceptFlippedExpectations ? { acceptFlippedExpectations: true } : {}),
          });
          return { ...base, outcome: 'applied', message: null, journalEntryId: entry.id };
        } catch (error) {
          const { code, message } = error as ErrorLike;
          return {
            ...base,
            outcome: 'failed',
            message: `${typeof code === 'string' ? `${code}: ` : ''}${String(message ?? error)}`,
          };
        }
      }
      return { plan, results, allApplied };
    },
  };
}

export type ConfigDocumentService = ReturnType<typeof createConfigDocumentService>;
