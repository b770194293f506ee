// changes.apply: read the current state where the API can, apply one mutating operation through
// the account's signed client, and record it in the journal (secrets redacted). Every host's
// writes take this path, so its steps are the same for all: production accounts must confirm
// every change; a rule-changing write is checked against the service's rule tests (checkSuites);
// a created service joins its account's list (recordCreatedService). journal.reapply applies an
// entry's "before" again (reapply.ts). A write whose answer never came is read back before
// anything is sent again (unknown-outcome.ts).
import { AppCode } from '#shared/app-errors.ts';
import { CoreError } from '../errors.ts';
import { REDACTED, redact } from '../api/errors.ts';
import type { Journal, JournalSettlement, NewJournalEntry } from '../journal/journal.ts';
import { isObject, policyIdOf, serviceIdOf, type OperationCallInput } from './change-input.ts';
import { createUnknownOutcomes, outcomeUnknownAfter, type UnknownWrite } from './unknown-outcome.ts';
import { createReapply } from './reapply.ts';
import { SECRET_MASK } from '#shared/security/secret-text.ts';
import type { JournalEntry } from '#shared/ipc/channels/journal.ts';
import type { OutcomeCheckContext, UnknownOutcomeDecision } from '#shared/api/write-outcome.ts';
import {
  changeFacts,
  journalSummary,
  listOperationFor,
  operationsReadBackFromJournal,
  type JournalReadBackKind,
  type MutatingOperationId,
} from '#shared/api/operation-facts.ts';
import { policyAsBody } from '#shared/api/policy-bodies.ts';
import { operations } from '#shared/api/operations.ts';
import type { BudgetPriority } from '../api/budget.ts';
import type { InventoryServiceInfo } from '../inventory/inventory.ts';
import type { ChangeCheck } from '#shared/suites/evaluate.ts';
import { changesRules, type ProposedChange } from '#shared/suites/lists-after-change.ts';

export type { OperationCallInput };

/** How a caller's calls are sent: bulk runs use the background budget share and can be cancelled. */
export type ChangeCallOptions = {
  priority?: BudgetPriority;
  signal?: AbortSignal;
  /** Runs right before the request leaves (api/client-core.ts); changes.apply journals the write there. */
  beforeSend?: () => Promise<void>;
};

/** What changes.ts needs from the account's ApiClient (structural, so tests can pass a fake). */
export type ChangeClient = {
  call(operationId: string, input: OperationCallInput, options?: ChangeCallOptions): Promise<unknown>;
};
export type ChangeAccount = { id: string; name: string; production: boolean };

export type ChangeServiceDeps = {
  journal: Journal;
  account(accountId: string): Promise<ChangeAccount>;
  client(accountId: string): Promise<ChangeClient>;
  /** The change's service's rule test suite on its rules now and after the change (rule-suites.ts); absent: not checked. */
  suiteCheck?(accountId: string, change: ProposedChange, options?: ChangeCallOptions): Promise<ChangeCheck>;
  /** Adds a service created through apply to its account's list (the inventory); reports its own failures. */
  recordCreatedService?(accountId: string, service: InventoryServiceInfo): Promise<unknown>;
};

/**
 * What the caller accepts of the rule test check: the names its review showed flipping, or any
 * flip (confirmed without a review of the check: the CLI's --yes, a review that could not check).
 */
export type RuleTestAcceptance = {
  flippedExpectations?: readonly string[];
  acceptFlippedExpectations?: boolean;
};

export type ApplyRequest = RuleTestAcceptance & {
  accountId: string;
  operationId: MutatingOperationId;
  input: OperationCallInput;
  confirmProduction?: boolean;
  reapplyOf?: string;
  /** The bulk batch this change belongs to (journaled with it). */
  batchId?: string;
  callOptions?: ChangeCallOptions;
  /** This write sends again a change whose entry has an unknown outcome (journaled with it). */
  resendOf?: string;
};

type CurrentState = {
  /** Request-shaped, secrets as sent by the server (NOT redacted; callers redact). */
  before: Record<string, unknown> | null;
  source: 'server' | 'journal' | 'none';
  at: string | null;
};

type Json = Record<string, unknown>;

export { policyAsBody };

const isSecretPlaceholder = (v: unknown) => v === SECRET_MASK || v === REDACTED;

/**
 * A tokenSecret the renderer never saw (masked) or the journal never stored (redacted) means
 * "keep the current tokens": the current server value is put back, or the field dropped.
 */
function restoreSecrets(body: unknown, current: Json | null): unknown {
  if (!isObject(body) || !isSecretPlaceholder(body.tokenSecret)) return body;
  const out = { ...body };
  if (typeof current?.tokenSecret === 'string' && current.tokenSecret !== '') out.tokenSecret = current.tokenSecret;
  else delete out.tokenSecret;
  return out;
}

function describe(
  operationId: MutatingOperationId,
  policyId: number | null,
  body: unknown,
  before: Json | null,
  serviceId: number | null,
): string {
  return journalSummary(operationId, { serviceId, policyId, body, before });
}

/**
 * The body as the client sends it: parsed by the operation's schema, so keys the schema strips
 * (junk from the renderer) are neither sent nor journaled. A body the schema refuses is returned
 * as it is: the client refuses it too, before sending, and the failed entry is size-capped.
 */
function sentBody(operationId: MutatingOperationId, body: unknown): unknown {
  const schema = operations[operationId].body;
  if (schema === null || body === undefined) return body;
  const parsed = schema.safeParse(body);
  return parsed.success ? parsed.data : body;
}

export type ChangeService = {
  current(
    accountId: string,
    operationId: MutatingOperationId,
    input: OperationCallInput,
    callOptions?: ChangeCallOptions,
  ): Promise<CurrentState>;
  apply(request: ApplyRequest): Promise<{ entry: JournalEntry; data: unknown }>;
  /** `entryId` may be the start of an ID (MIN_ENTRY_ID_PREFIX characters or more) that only one entry's ID starts with. */
  reapply(
    entryId: string,
    confirmProduction?: boolean,
    ruleTests?: RuleTestAcceptance,
  ): Promise<{ entry: JournalEntry }>;
  /** Last configuration applied from this app for a service (CORS / rate limit), for "last applied on …". */
  lastApplied(accountId: string, serviceId: number, kind: JournalReadBackKind): Promise<JournalEntry | undefined>;
  /** Reads the target of a write with an unknown outcome and decides (write-outcome.ts); sends nothing. */
  checkUnknown(
    write: UnknownWrite,
    context: OutcomeCheckContext,
    callOptions?: ChangeCallOptions,
  ): Promise<UnknownOutcomeDecision>;
  /** Settles an unknown entry as applied: confirmed by a read, or marked by the user (with the IDs the read found). */
  confirmApplied(
    entryId: string,
    how: 'read-back' | 'user',
    message: string,
    ids?: { policyId?: number | null; serviceId?: number | null },
  ): Promise<JournalEntry>;
  /** Settles an unknown entry as not applied (a read found the change absent). */
  confirmNotApplied(entryId: string, message: string): Promise<JournalEntry>;
  /** The newest create of a service with this domain name in the account that applied or has an unknown outcome (refusals are skipped). */
  lastServiceCreate(accountId: string, domainName: string): Promise<JournalEntry | undefined>;
  /** Puts a service a create made in its account's list (a create settled without its answer, or cut off before the list was written). */
  recordCreatedService(accountId: string, service: Record<string, unknown>): Promise<void>;
};

export function createChangeService(deps: ChangeServiceDeps): ChangeService {
  const { journal } = deps;
  const outcomes = createUnknownOutcomes({ journal, client: deps.client, apply: (request) => apply(request) });
  const reapply = createReapply({ journal, apply: (request) => apply(request) });

  function lastApplied(accountId: string, serviceId: number, kind: JournalReadBackKind) {
    const ops = operationsReadBackFromJournal(kind);
    return journal.findLatest(
      (e) =>
        e.accountId === accountId && e.serviceId === serviceId && ops.includes(e.operationId) && e.result.ok === true,
    );
  }

  async function current(
    accountId: string,
    operationId: MutatingOperationId,
    input: OperationCallInput,
    callOptions?: ChangeCallOptions,
  ): Promise<CurrentState> {
    const serviceId = serviceIdOf(input);
    const listOp = listOperationFor(operationId);
    const readBack = changeFacts(operationId).readBack;
    if (listOp !== undefined && serviceId !== null) {
      const client = await deps.client(accountId);
      const list = await client.call(listOp, { params: { serviceId } }, callOptions);
      const policyId = policyIdOf(input);
      const found = Array.isArray(list)
        ? (list as unknown[]).find((p) => isObject(p) && Number(p.policyId) === policyId)
        : undefined;
      return { before: isObject(found) ? policyAsBody(operationId, found) : null, source: 'server', at: null };
    }
    if (serviceId !== null && readBack.from === 'journal') {
      const last = await lastApplied(accountId, serviceId, readBack.kind);
      if (last) return { before: isObject(last.after) ? last.after : null, source: 'journal', at: last.at };
    }
    return { before: null, source: 'none', at: null };
  }

  /** Write-ahead: the entry is on disk as sending, with its body, before the request leaves. */
  function recordSending(entry: Omit<NewJournalEntry, 'result'>): Promise<JournalEntry> {
    return journal.begin(entry);
  }

  /** The outcome of a write: its write-ahead entry settled, or (nothing was sent) a whole entry appended. */
  function settle(
    ahead: JournalEntry | null,
    base: Omit<NewJournalEntry, 'result'>,
    settlement: JournalSettlement,
  ): Promise<JournalEntry> {
    if (ahead !== null) return journal.settle(ahead.id, settlement);
    return journal.append({ ...base, ...settlement });
  }

  async function apply(request: ApplyRequest): Promise<{ entry: JournalEntry; data: unknown }> {
    const account = await deps.account(request.accountId);
    if (account.production && request.confirmProduction !== true) {
      throw new CoreError(
        AppCode.Change.ConfirmationRequired,
        `“${account.name}” is a production account. Review the change and confirm it to apply it.`,
      );
    }
    const { operationId } = request;
    // The rule test check reads the service's lists alongside the current state.
    const [flipped, state] = await Promise.all([
      checkSuites(request),
      current(request.accountId, operationId, request.input, request.callOptions),
    ]);
    const body = sentBody(operationId, restoreSecrets(request.input.body, state.before));
    const input: OperationCallInput =
      body === undefined ? { params: request.input.params } : { params: request.input.params, body };
    let serviceId = serviceIdOf(request.input);
    let policyId = policyIdOf(request.input);
    const base: Omit<NewJournalEntry, 'result'> = {
      accountId: account.id,
      accountName: account.name,
      serviceId,
      operationId,
      policyId,
      summary: describe(operationId, policyId, body, state.before, serviceId),
      before: state.source === 'none' ? null : state.before,
      beforeSource: state.source,
      after: operationId === 'deleteRateLimit' ? null : (body ?? null),
      ...(request.reapplyOf ? { reapplyOf: request.reapplyOf } : {}),
      ...(request.resendOf ? { resendOf: request.resendOf } : {}),
      ...(request.batchId ? { batchId: request.batchId } : {}),
      ...(flipped.length > 0 ? { flippedExpectations: flipped } : {}),
    };
    const client = await deps.client(request.accountId);
    let ahead: JournalEntry | null = null;
    let data: unknown;
    try {
      data = await client.call(operationId, input, {
        ...request.callOptions,
        beforeSend: async () => {
          ahead = await recordSending(base);
        },
      });
    } catch (error) {
      if (ahead !== null && outcomeUnknownAfter(error)) return outcomes.settleUnanswered(request, input, ahead, error);
      const code = (error as { code?: unknown }).code;
      await settle(ahead, base, {
        result: {
          ok: false,
          code: typeof code === 'string' ? code : AppCode.Change.Failed,
          message: error instanceof Error ? error.message : String(error),
        },
      });
      throw error;
    }
    if (policyId === null && isObject(data) && typeof data.policyId === 'number') policyId = data.policyId;
    // A created service is recorded as the gateway answered it (its ID, cName, defaults);
    // journal.append redacts its secrets (S3 accessSecret) before anything is stored.
    const created = operationId === 'createService' && isObject(data) ? data : null;
    if (created && typeof created.id === 'number') serviceId = created.id;
    const entry = await settle(ahead, base, {
      serviceId,
      ...(created ? { after: created } : {}),
      policyId,
      summary: describe(operationId, policyId, body, state.before, serviceId),
      result: { ok: true },
    });
    if (created) await recordCreatedService(account.id, created);
    return { entry, data: redact(data ?? null) };
  }

  /**
   * The rule test guard of every rule-changing write: the service's suite on its rules now and
   * after the change. Each expectation the change would flip must be one the caller accepted (its
   * review showed it), unless the caller accepted any; otherwise nothing is sent. A suite that
   * cannot be checked refuses the change unless the caller accepted any. Returns the flipped
   * names, which the journal records.
   */
  async function checkSuites(request: ApplyRequest): Promise<string[]> {
    if (!deps.suiteCheck || !changesRules(request.operationId)) return [];
    const acceptAny = request.acceptFlippedExpectations === true;
    let check: ChangeCheck;
    try {
      const change = { operationId: request.operationId, params: request.input.params, body: request.input.body };
      // The caller's priority and cancel: a bulk run's checks are background reads, stopped with it.
      check = await deps.suiteCheck(request.accountId, change, request.callOptions);
    } catch (error) {
      if ((error as { code?: unknown }).code === AppCode.Request.Aborted) throw error;
      if (acceptAny) return [];
      const message = error instanceof Error ? error.message : String(error);
      throw new CoreError(
        AppCode.Change.RuleTestsUnchecked,
        `The service's rule tests could not be checked against this change (${message}). Try again, or confirm applying it without the check.`,
      );
    }
    const names = check.flipped.map((f) => f.name);
    const accepted = new Set(request.flippedExpectations ?? []);
    const unaccepted = check.flipped.filter((f) => !accepted.has(f.name));
    if (acceptAny || unaccepted.length === 0) return names;
    const serviceId = serviceIdOf(request.input);
    const listed = unaccepted
      .map((f) => `“${f.name}” (expected ${f.expected}; after the change: ${f.after})`)
      .join(', ');
    throw new CoreError(
      AppCode.Change.RuleTestsFlipped,
      `This change would make ${unaccepted.length} of ${check.total} rule test expectation${check.total === 1 ? '' : 's'} of service ${serviceId ?? ''} no longer pass: ${listed}. Review it and confirm to apply it anyway.`,
    );
  }

  /** A created service joins its account's list, so every host's list, export, bulk target and baseline knows it. */
  async function recordCreatedService(accountId: string, created: Json): Promise<void> {
    if (!deps.recordCreatedService || typeof created.id !== 'number' || typeof created.domainName !== 'string') return;
    await deps.recordCreatedService(accountId, {
      serviceId: created.id,
      domainName: created.domainName,
      ...(typeof created.cName === 'string' && created.cName !== '' ? { cName: created.cName } : {}),
      ...(typeof created.enabled === 'boolean' ? { enabled: created.enabled } : {}),
    });
  }

  return {
    current,
    apply,
    reapply,
    lastApplied,
    checkUnknown: outcomes.checkUnknown,
    confirmApplied: outcomes.confirmApplied,
    confirmNotApplied: outcomes.confirmNotApplied,
    recordCreatedService,
    lastServiceCreate(accountId, domainName) {
      const wanted = domainName.toLowerCase();
      return journal.findLatest(
        (e) =>
          e.accountId === accountId &&
          e.operationId === 'createService' &&
          e.result.ok !== false &&
          isObject(e.after) &&
          typeof e.after.domainName === 'string' &&
          e.after.domainName.toLowerCase() === wanted,
      );
    },
  };
}
