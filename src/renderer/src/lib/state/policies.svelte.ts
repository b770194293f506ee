// Policy lists of one service (read through api.call), the save flow shared by every editor
// (re-read → diff → confirm → changes.apply) and the form-error helpers.
import type { z } from 'zod';
import { callOperation, invoke, IpcCallError } from './ipc.ts';
import { handleError, notify } from './errors.svelte.ts';
import { accounts } from './accounts.svelte.ts';
import { DraftState } from './drafts.svelte.ts';
import { fieldForErrorCode, findApiError, normalizeApiErrorCode } from '#shared/api/errors.ts';
import type { MutatingOperationId, JournalEntry } from '#shared/ipc/channels/journal.ts';
import type { CacheControlPolicy, CacheControlPolicyV2 } from '#shared/api/schemas/cache-control.ts';
import type { AccessControlPolicy } from '#shared/api/schemas/access-control.ts';
import type { RedirectionPolicyV2 } from '#shared/api/schemas/redirection.ts';
import { sortRules, type PolicyKind } from '#shared/rules/index.ts';
import { issuesToFieldErrors as fieldErrorsOfIssues } from '#shared/ipc/result.ts';

export type { CacheControlPolicy, CacheControlPolicyV2, AccessControlPolicy, RedirectionPolicyV2 };

/** Field path (dotted) → message. */
export type FieldErrors = Record<string, string>;

/** The operations that list a service's policies. */
type PolicyListOperationId = 'listCacheControlPoliciesV2' | 'listCacheControlPolicies' | 'listAccessControlPolicies' | 'listRedirectionPoliciesV2';

function asList<T>(data: unknown): T[] {
  return Array.isArray(data) ? (data as T[]) : [];
}

/** listed policyId may be a string (V2 list documents String); the rest of the app uses numbers. */
function normalizeIds<T extends { policyId?: unknown }>(list: T[]): (T & { policyId: number })[] {
  return list.map((p) => ({ ...p, policyId: Number(p.policyId) }));
}

/** Orders listed policies as the rule engine does (higher priority first, then lower policyId). */
export function effectiveOrder<T extends { policyId: number; priority?: number; policyName?: string }>(list: readonly T[]): T[] {
  const rules = list.map((p) => ({
    kind: 'cache' as PolicyKind,
    policyId: p.policyId,
    policyName: p.policyName ?? '',
    priority: p.priority ?? 0,
    source: p,
  }));
  return sortRules(rules).map((r) => r.source);
}

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
      const items = effectiveOrder(normalizeIds(asList<T>((await callOperation(this.accountId, operationId, { params: { serviceId: this.serviceId } })).data)));
      set({ items, loading: false, error: null, loaded: true });
    } catch (error) {
      const appError = handleError(error, 'Could not load the policies', { accountId: this.accountId });
      set({ ...get(), loading: false, error: appError.message, loaded: true });
    }
  }

  loadCache(): Promise<void> {
    return this.#load<CacheControlPolicyV2>('listCacheControlPoliciesV2', (v) => (this.#cache = v), () => this.#cache);
  }
  loadCacheV1(): Promise<void> {
    return this.#load<CacheControlPolicy>('listCacheControlPolicies', (v) => (this.#cacheV1 = v), () => this.#cacheV1);
  }
  loadAccess(): Promise<void> {
    return this.#load<AccessControlPolicy>('listAccessControlPolicies', (v) => (this.#access = v), () => this.#access);
  }
  loadRedirections(): Promise<void> {
    return this.#load<RedirectionPolicyV2>('listRedirectionPoliciesV2', (v) => (this.#redirections = v), () => this.#redirections);
  }
}

/**
 * Which policy of a list has its editor open ('new': create one). The editor stays with the policy
 * as it opened when a reload no longer lists it (deleted elsewhere), so the user's input survives.
 */
export class OpenPolicy<T extends { policyId: number }> {
  #items: () => readonly T[];
  #id = $state<number | 'new' | null>(null);
  #opened = $state.raw<T | null>(null);

  constructor(items: () => readonly T[]) {
    this.#items = items;
  }

  /** Key of the open editor: a policyId, 'new', or null when closed. */
  get id(): number | 'new' | null {
    return this.#id;
  }
  /** The open policy in the list as last loaded, or null. */
  get listed(): T | null {
    const id = this.#id;
    return typeof id === 'number' ? (this.#items().find((p) => p.policyId === id) ?? null) : null;
  }
  /** The open policy: as listed, else as it was when its editor opened. */
  get policy(): T | null {
    const id = this.#id;
    if (typeof id !== 'number') return null;
    return this.listed ?? (this.#opened?.policyId === id ? this.#opened : null);
  }
  get isOpen(): boolean {
    return this.#id === 'new' || this.policy !== null;
  }

  edit(policy: T): void {
    this.#opened = policy;
    this.#id = policy.policyId;
  }
  create(): void {
    this.#id = 'new';
  }
  close(): void {
    this.#id = null;
  }
}

// ------------------------------------------------------------------ validation

/** zod issues → dotted path → first message for that path. */
export function issuesToFieldErrors(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  return fieldErrorsOfIssues({ issues });
}

export type Validation<T> = { ok: true; body: T } | { ok: false; errors: FieldErrors };

export function validateWith<S extends z.ZodType>(schema: S, body: unknown): Validation<z.output<S>> {
  const parsed = schema.safeParse(body);
  return parsed.success ? { ok: true, body: parsed.data } : { ok: false, errors: issuesToFieldErrors(parsed.error.issues) };
}

/** A PolicyEditor `validate` that checks the body against one shared schema. */
export function schemaCheck(schema: z.ZodType): (body: Record<string, unknown>) => FieldErrors {
  return (body) => {
    const result = validateWith(schema, body);
    return result.ok ? {} : result.errors;
  };
}

/** Error for exactly `path`, or for a deeper path under it (shown on the enclosing control). */
export function errorAt(errors: FieldErrors, path: string): string | null {
  if (errors[path]) return errors[path];
  const prefix = `${path}.`;
  for (const [key, message] of Object.entries(errors)) if (key.startsWith(prefix)) return message;
  return null;
}

/** Server error → field errors (ApiError.fields, else the error table's field for the code). */
export function serverFieldErrors(error: unknown): FieldErrors {
  if (error instanceof IpcCallError) {
    if (error.fields && Object.keys(error.fields).length > 0) return { ...error.fields };
    const field = fieldForErrorCode(error.code);
    if (field) return { [field]: error.message };
  }
  return {};
}

// ------------------------------------------------------------------ save flow

/** Gateway code for an edit of a policy the service no longer has (docs/api-decisions.md). */
export const POLICY_ID_NOT_FOUND = 'InvalidPolicy.IdNotFound';

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
};

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

  async open(operationId: MutatingOperationId, params: Record<string, unknown>, body: unknown): Promise<void> {
    this.#busy = true;
    try {
      const current = await invoke('changes.current', { accountId: this.accountId, operationId, input: { params, body } });
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
      });
      this.#review = null;
      this.#serverErrors = {};
      notify(result.entry.summary, 'success', 'Applied and recorded in the change journal.', { accountId: this.accountId });
      return result;
    } catch (error) {
      this.#review = null;
      if (error instanceof IpcCallError && normalizeApiErrorCode(error.code) === POLICY_ID_NOT_FOUND) {
        // Not a field problem: the editor shows this with a "Reload the list" action instead of
        // a toast, and the form (with its draft) stays as it is.
        this.#serverErrors = {};
        this.#policyMissing = {
          message: findApiError(POLICY_ID_NOT_FOUND)?.meaning ?? 'No policy with this ID exists on this service; reload the list.',
          detail: error.message,
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

// ------------------------------------------------------------------ editor controller

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

  async save(): Promise<void> {
    this.#attempted = true;
    if (Object.keys(this.clientErrors).length > 0) return;
    await this.flow.open(this.options.operationId(this.draft.form), this.options.params, this.body);
  }

  /** After changes.apply failed: keep its field errors on the form as it was sent. */
  noteServerErrors(): void {
    this.#serverErrors = this.flow.serverErrors;
    this.#serverErrorsFor = JSON.stringify(this.draft.form);
  }

  async applied(): Promise<void> {
    this.#attempted = false;
    this.#restored = false;
    this.#serverErrors = {};
    await this.draft.settle();
  }
}
