// One policy editor's state: its draft, validation, server errors and save flow together.
import { DraftState } from './drafts.svelte.ts';
import { SaveFlow } from './save-flow.svelte.ts';
import type { FieldErrors } from './field-errors.ts';
import type { MutatingOperationId } from '#shared/api/operation-facts.ts';

export type PolicyEditorOptions<F extends object> = {
  accountId: string;
  serviceId: number;
  policyKey: string;
  formVersion: number;
  initial: F;
  /** Form → request body. */
  toBody: (form: F) => Record<string, unknown>;
  /** Schema check of the body (shared zod schema); return field errors. */
  validate: (body: Record<string, unknown>, form: F) => FieldErrors;
  operationId: (form: F) => MutatingOperationId;
  params: Record<string, unknown>;
  /** Restores parts a stored draft cannot hold (secrets) from the server's form. */
  mergeDraft?: (stored: F, initial: F) => F;
};

/**
 * One editor: the draft (autosaved form), live validation with the shared schemas, server errors
 * mapped to fields, and the review/apply flow.
 */
export class PolicyEditor<F extends object> {
  readonly draft: DraftState<F>;
  readonly flow: SaveFlow;
  readonly options: PolicyEditorOptions<F>;
  #attempted = $state(false);
  /** Form snapshot the server errors belong to: they disappear once the user changes something. */
  #serverErrorsFor = $state<string | null>(null);
  #serverErrors = $state<FieldErrors>({});
  #restored = $state(false);
  #failures = $state(0);

  constructor(options: PolicyEditorOptions<F>) {
    this.options = options;
    this.draft = new DraftState<F>(options);
    this.flow = new SaveFlow(options.accountId);
    this.flow.onFailed = () => this.noteServerErrors();
  }

  get form(): F {
    return this.draft.form;
  }
  get body(): Record<string, unknown> {
    return this.options.toBody(this.draft.form);
  }
  get clientErrors(): FieldErrors {
    return this.options.validate(this.body, this.draft.form);
  }
  /** Errors the server reported for the form as it is now (gone once the user changes something). */
  get serverErrors(): FieldErrors {
    return this.#serverErrorsFor === JSON.stringify(this.draft.form) ? this.#serverErrors : {};
  }
  get errors(): FieldErrors {
    return { ...this.clientErrors, ...this.serverErrors };
  }
  /** The user pressed Save at least once (the error summary shows from then on). */
  get attempted(): boolean {
    return this.#attempted;
  }
  /**
   * Every field shows its error, touched or not: after a save attempt, or while a restored draft
   * with content is in the form (the user typed it before, so it counts as touched).
   */
  get revealAll(): boolean {
    return this.#attempted || (this.#restored && this.draft.dirty);
  }

  async start(): Promise<void> {
    await this.draft.restore(this.options.mergeDraft);
    this.#restored = this.draft.restoredAt !== null;
  }

  /** Opens the review; false when the form has errors (nothing is sent). */
  async save(): Promise<boolean> {
    this.#attempted = true;
    if (Object.keys(this.clientErrors).length > 0) return false;
    await this.flow.open(this.options.operationId(this.draft.form), this.options.params, this.body);
    return true;
  }

  /** How many times the server refused the change (the form then moves focus to the problem). */
  get failures(): number {
    return this.#failures;
  }

  /** After changes.apply failed: keep its field errors on the form as it was sent. */
  noteServerErrors(): void {
    this.#serverErrors = this.flow.serverErrors;
    this.#serverErrorsFor = JSON.stringify(this.draft.form);
    this.#failures += 1;
  }

  async applied(): Promise<void> {
    this.#attempted = false;
    this.#restored = false;
    this.#serverErrors = {};
    await this.draft.settle();
  }
}
