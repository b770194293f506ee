// The save flow shared by every editor: re-read → diff → confirm → changes.apply.
import { invoke } from './ipc.ts';
import { handleError, notify } from './errors.svelte.ts';
import { errorCode, formatError, type FormattedError } from './format-error.ts';
import { accounts } from './accounts.svelte.ts';
import { serverFieldErrors, type FieldErrors } from './field-errors.ts';
import { findApiError, normalizeApiErrorCode, type ApiErrorCode } from '#shared/api/errors.ts';
import type { JournalEntry } from '#shared/ipc/channels/journal.ts';
import type { MutatingOperationId } from '#shared/api/operation-facts.ts';
import type { ChannelOutput } from '#shared/ipc/contract.ts';
import { AppCode } from '#shared/app-errors.ts';

/**
 * The core refused because it found what the review did not show (a production flag set
 * elsewhere, rule tests that flip now): the review opens again with it, saying why.
 */
const reviewAgainReasons: Record<string, (error: FormattedError) => string> = {
  [AppCode.Change.ConfirmationRequired]: () =>
    'Nothing was sent: the account is now flagged production. Confirm below to apply the change.',
  [AppCode.Change.RuleTestsFlipped]: () =>
    'Nothing was sent: the service’s rule tests changed since this review opened. Check them below, then apply again.',
  [AppCode.Change.RuleTestsUnchecked]: (error) => `Nothing was sent: ${error.detail}`,
};

/** Gateway code for an edit of a policy the service no longer has (docs/api-decisions.md). */
const POLICY_ID_NOT_FOUND = 'InvalidPolicy.IdNotFound' satisfies ApiErrorCode;

/** Why the last save found no such policy: the table's advice, and what the server said. */
export type PolicyMissing = { message: string; detail: string };

export type ReviewState = {
  operationId: MutatingOperationId;
  params: Record<string, unknown>;
  body: unknown;
  before: unknown;
  source: 'server' | 'journal' | 'none';
  at: string | null;
  production: boolean;
  accountName: string;
  /** The service's rule tests on the rules now and after this change (total 0: no tests, or the change cannot alter a verdict). */
  suite: SuiteCheck | null;
  /** Why the rule tests could not be checked (the review still opens). */
  suiteError: string | null;
  /** Why the review opened again: the core refused the last apply for what it found (nothing was sent). */
  reviewAgain: string | null;
};

export type SuiteCheck = ChannelOutput<'suites.check'>;

/**
 * Save in two steps: review() re-reads the server's current state and opens the diff; apply()
 * sends the change (production accounts confirm in the review dialog).
 */
export class SaveFlow {
  readonly accountId: string;
  /** Called when changes.apply failed (after serverErrors was set). */
  onFailed: (() => void) | null = null;
  #review = $state<ReviewState | null>(null);
  #busy = $state(false);
  #serverErrors = $state<FieldErrors>({});
  #policyMissing = $state<PolicyMissing | null>(null);

  constructor(accountId: string) {
    this.accountId = accountId;
  }

  /** Set when the last apply answered InvalidPolicy.IdNotFound (deleted or replaced elsewhere). */
  get policyMissing(): PolicyMissing | null {
    return this.#policyMissing;
  }

  get review(): ReviewState | null {
    return this.#review;
  }
  get busy(): boolean {
    return this.#busy;
  }
  /** Errors the server reported for the last attempt, by field. */
  get serverErrors(): FieldErrors {
    return this.#serverErrors;
  }
  clearServerErrors(): void {
    this.#serverErrors = {};
  }

  async open(
    operationId: MutatingOperationId,
    params: Record<string, unknown>,
    body: unknown,
    reviewAgain: string | null = null,
  ): Promise<void> {
    this.#busy = true;
    try {
      // The rule tests run alongside the read of the current state, so they add little to opening.
      const checking = invoke('suites.check', { accountId: this.accountId, operationId, input: { params, body } }).then(
        (suite) => ({ suite, suiteError: null }),
        (error: unknown) => ({ suite: null, suiteError: formatError(error).detail }),
      );
      const [current, check] = await Promise.all([
        invoke('changes.current', { accountId: this.accountId, operationId, input: { params, body } }),
        checking,
      ]);
      const account = accounts.byId(this.accountId);
      this.#review = {
        operationId,
        params,
        body,
        before: current.before,
        source: current.source,
        at: current.at,
        production: account?.production ?? false,
        accountName: account?.name ?? this.accountId,
        ...check,
        reviewAgain,
      };
    } catch (error) {
      handleError(error, 'Could not read the current state from the server', { accountId: this.accountId });
    } finally {
      this.#busy = false;
    }
  }

  cancel(): void {
    this.#review = null;
  }

  /** Applies the reviewed change; resolves with the journal entry, or null when it failed (errors shown). */
  async apply(confirmProduction: boolean): Promise<{ entry: JournalEntry; data: unknown } | null> {
    const review = this.#review;
    if (!review) return null;
    this.#busy = true;
    this.#policyMissing = null;
    try {
      const result = await invoke('changes.apply', {
        accountId: this.accountId,
        operationId: review.operationId,
        input: review.body === undefined ? { params: review.params } : { params: review.params, body: review.body },
        confirmProduction,
        // The core checks the rule tests again: those the review showed flipping are accepted (the
        // journal records them); a review that could not check them was confirmed knowing so.
        ...(review.suite && review.suite.flipped.length > 0
          ? { flippedExpectations: review.suite.flipped.map((f) => f.name) }
          : {}),
        ...(review.suiteError !== null ? { acceptFlippedExpectations: true } : {}),
      });
      this.#review = null;
      this.#serverErrors = {};
      notify(result.entry.summary, 'success', 'Applied and recorded in the change journal.', {
        accountId: this.accountId,
      });
      return result;
    } catch (error) {
      this.#review = null;
      const code = errorCode(error) ?? '';
      const reason = Object.hasOwn(reviewAgainReasons, code)
        ? reviewAgainReasons[code]?.(formatError(error))
        : undefined;
      if (reason !== undefined) {
        // Nothing was sent: the review opens again with what the core found, for the user to decide.
        await accounts.refresh();
        await this.open(review.operationId, review.params, review.body, reason);
        return null;
      }
      if (normalizeApiErrorCode(code) === POLICY_ID_NOT_FOUND) {
        // Not a field problem: the editor shows this with a "Reload the list" action instead of
        // a toast, and the form (with its draft) stays as it is.
        this.#serverErrors = {};
        this.#policyMissing = {
          message:
            findApiError(POLICY_ID_NOT_FOUND)?.meaning ??
            'No policy with this ID exists on this service; reload the list.',
          detail: formatError(error).detail,
        };
        this.onFailed?.();
        return null;
      }
      this.#serverErrors = serverFieldErrors(error);
      this.onFailed?.();
      handleError(error, 'The change was not applied; your input is kept', { accountId: this.accountId });
      return null;
    } finally {
      this.#busy = false;
    }
  }
}
