// Writes whose answer never came. changes.apply journals every write before its request leaves
// (write-ahead); when no answer comes, the target is read before anything is sent again, and the
// entry is settled as applied or not applied, or stays unknown for a later check or the user. What
// a read of each operation's target means is decided in src/shared/api/write-outcome.ts.
import { AppCode } from '#shared/app-errors.ts';
import { CoreError } from '../errors.ts';
import { AbortError, ApiError, ConnectionError, TimeoutError } from '../api/errors.ts';
import { toIpcError } from '../ipc/ipc-error.ts';
import type { Journal } from '../journal/journal.ts';
import type { ApplyRequest, ChangeCallOptions, ChangeClient } from './changes.ts';
import { isObject, serviceIdOf, type OperationCallInput } from './change-input.ts';
import { type JournalEntry } from '#shared/ipc/channels/journal.ts';
import {
  decideUnknownOutcome,
  type OutcomeCheckContext,
  type OutcomeRead,
  type UnknownOutcomeDecision,
} from '#shared/api/write-outcome.ts';
import { changeFacts, type MutatingOperationId } from '#shared/api/operation-facts.ts';

/**
 * A write got no answer and a read could not settle it: Change.OutcomeUnknown, with the journal
 * entry (details.entryId) that stays unknown until checked again.
 */
function writeOutcomeUnknown(entryId: string, message: string): CoreError {
  return new CoreError(AppCode.Change.OutcomeUnknown, message, { details: { entryId } });
}

/** The journal entry of a write whose outcome is unknown, when `error` is one (writeOutcomeUnknown). */
export function unknownOutcomeEntry(error: unknown): string | undefined {
  return error instanceof CoreError && error.code === AppCode.Change.OutcomeUnknown ? error.details.entryId : undefined;
}

/** Connection failures that prove the request never reached the gateway. */
const NOT_SENT_CAUSES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** Answers of a proxy in front of the API whose upstream may have handled the request. */
const UPSTREAM_UNKNOWN_STATUSES = new Set([502, 504]);

/**
 * After its request left, whether `error` leaves the write's outcome unknown: no answer came (a
 * timeout, a connection lost, a cancel while it was out), or a proxy answered 502/504 (its
 * upstream may have handled it). Any other answer (4xx, 500, 503) is a refusal: nothing applied.
 */
export function outcomeUnknownAfter(error: unknown): boolean {
  if (error instanceof TimeoutError || error instanceof AbortError) return true;
  if (error instanceof ConnectionError) return !NOT_SENT_CAUSES.has(error.causeCode ?? '');
  if (error instanceof ApiError) return UPSTREAM_UNKNOWN_STATUSES.has(error.status);
  return false;
}

/** A write whose outcome is not known: what the check needs (the input as sent, secrets included where the caller has them). */
export type UnknownWrite = { accountId: string; operationId: MutatingOperationId; input: OperationCallInput };

/** The gateway's answer to a service create whose domain name is taken (spec, create a service, rule 1). */
export const DOMAIN_TAKEN = 'InvalidService.DomainName';

type Applied = { entry: JournalEntry; data: unknown };

export type UnknownOutcomes = {
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
  /**
   * A write that got no answer: the target is read at once. Applied → the entry is settled as
   * applied (confirmed by the read); absent → failed with the error; otherwise the entry stays
   * unknown and writeOutcomeUnknown says why (a later check or the user settles it).
   */
  settleUnanswered(
    request: ApplyRequest,
    input: OperationCallInput,
    ahead: JournalEntry,
    error: unknown,
  ): Promise<Applied>;
};

export function createUnknownOutcomes(deps: {
  journal: Journal;
  client(accountId: string): Promise<ChangeClient>;
  /** changes.apply, for a service create sent once more. */
  apply(request: ApplyRequest): Promise<Applied>;
}): UnknownOutcomes {
  const { journal } = deps;

  async function checkUnknown(
    write: UnknownWrite,
    context: OutcomeCheckContext,
    callOptions: ChangeCallOptions = {},
  ): Promise<UnknownOutcomeDecision> {
    const check = changeFacts(write.operationId).unknownOutcome;
    let read: OutcomeRead | null = null;
    const serviceId = serviceIdOf(write.input);
    if (check.by === 'read' && serviceId !== null) {
      try {
        const client = await deps.client(write.accountId);
        const { beforeSend: _none, ...options } = callOptions;
        const list = await client.call(check.operationId, { params: { serviceId } }, options);
        read = { kind: 'policies', policies: Array.isArray(list) ? list.filter(isObject) : [] };
      } catch (error) {
        if (callOptions.signal?.aborted) throw error;
        const { code, message } = toIpcError(error);
        read = code === 'InvalidService.IdPermission' ? { kind: 'missing' } : { kind: 'failed', code, message };
      }
    }
    return decideUnknownOutcome(write.operationId, write.input, read, context);
  }

  function confirmApplied(
    entryId: string,
    how: 'read-back' | 'user',
    message: string,
    ids: { policyId?: number | null; serviceId?: number | null } = {},
  ): Promise<JournalEntry> {
    return journal.settle(entryId, {
      result: { ok: true, confirmed: how, message },
      ...(ids.policyId == null ? {} : { policyId: ids.policyId }),
      ...(ids.serviceId == null ? {} : { serviceId: ids.serviceId }),
    });
  }

  function confirmNotApplied(entryId: string, message: string): Promise<JournalEntry> {
    return journal.settle(entryId, { result: { ok: false, code: AppCode.Change.NotApplied, message } });
  }

  async function settleUnanswered(
    request: ApplyRequest,
    input: OperationCallInput,
    ahead: JournalEntry,
    error: unknown,
  ): Promise<Applied> {
    const { message: errorMessage, code } = toIpcError(error);
    const cancelled = request.callOptions?.signal?.aborted === true;
    if (cancelled) {
      const message =
        'Stopped (the batch was cancelled, or the app closed) while its request was on its way: whether it applied is not known. The service is read before anything is sent again.';
      const entry = await journal.settle(ahead.id, {
        result: { ok: null, code: AppCode.Change.OutcomeUnknown, message },
      });
      throw writeOutcomeUnknown(entry.id, message);
    }
    const decision: UnknownOutcomeDecision = await checkUnknown(
      { accountId: request.accountId, operationId: request.operationId, input },
      'no-answer',
      { priority: request.callOptions?.priority ?? 'interactive' },
    );
    if (decision.decision === 'applied') {
      const entry = await confirmApplied(ahead.id, 'read-back', decision.message, { policyId: decision.policyId });
      return { entry, data: null };
    }
    if (decision.decision === 'not-applied') {
      await journal.settle(ahead.id, { result: { ok: false, code, message: `${errorMessage} ${decision.message}` } });
      throw error;
    }
    const message = `${errorMessage} Whether the change applied is not known. ${decision.message}`;
    const entry = await journal.settle(ahead.id, {
      result: { ok: null, code: AppCode.Change.OutcomeUnknown, message },
    });
    const check = changeFacts(request.operationId).unknownOutcome;
    if (check.by === 'resend' && check.because === 'unique-domain' && request.resendOf === undefined) {
      return createServiceAgain(request, entry);
    }
    throw writeOutcomeUnknown(entry.id, message);
  }

  /**
   * A service create with no answer is sent once more (a service cannot be looked up by its
   * domain name, and the gateway refuses a second one with the same name): accepted → the first
   * had not applied; refused as a duplicate → the first applied, but its ID is not known.
   */
  async function createServiceAgain(request: ApplyRequest, unknown: JournalEntry): Promise<Applied> {
    const domain =
      isObject(request.input.body) && typeof request.input.body.domainName === 'string'
        ? request.input.body.domainName
        : '';
    let again: Applied;
    try {
      again = await deps.apply({ ...request, resendOf: unknown.id });
    } catch (error) {
      if ((error as { code?: unknown }).code !== DOMAIN_TAKEN) throw error;
      await confirmApplied(
        unknown.id,
        'read-back',
        `Confirmed after the gateway did not answer: a second create of ${domain} was refused (domain name already exists), so this one created it.`,
      );
      throw new CoreError(
        AppCode.Change.CreatedServiceIdUnknown,
        `The service “${domain}” was created, but the gateway did not answer with its ID in time (a second create was refused: the domain name exists now). Add it to the account's services by its ID (Add by ID).`,
      );
    }
    await confirmNotApplied(
      unknown.id,
      `Not applied: the create sent again after no answer came was accepted (service ${String(again.entry.serviceId)}), so this one had not applied.`,
    );
    return again;
  }

  return { checkUnknown, confirmApplied, confirmNotApplied, settleUnanswered };
}
