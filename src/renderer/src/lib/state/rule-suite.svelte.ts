// A service's rule test suite in the UI: the saved expectations, the last results, and the form
// that adds or edits one (prefilled from the rule tester's request and verdict).
import { invoke } from './ipc.ts';
import { handleError, notify } from './errors.svelte.ts';
import { formatError } from './format-error.ts';
import type { EvaluationByKind } from '#shared/rules/index.ts';
import { compactRequest, expectationFromEvaluation } from '#shared/suites/evaluate.ts';
import {
  expectationSchema,
  type Expectation,
  type ExpectationResult,
  type ExpectedOutcome,
} from '#shared/suites/schema.ts';
import type { SuiteRun } from '#shared/ipc/channels/suites.ts';
import type { TesterForm } from './rule-tester.svelte.ts';

/** The add/edit form: text fields as typed, so nothing the user typed is lost on an error. */
export type ExpectationForm = {
  name: string;
  request: TesterForm;
  status: ExpectedOutcome['status'];
  rule: string;
  cache: '' | 'cached' | 'never' | 'origin';
  ttl: string;
  httpCode: '' | '301' | '302';
  destination: string;
};

/** Field errors by form path ("name", "request.url", "expect.ttl"). */
export type ExpectationFormErrors = Record<string, string>;

function requestLine(form: TesterForm): string {
  const who = [form.clientIp && `from ${form.clientIp}`, form.clientCountry && `in ${form.clientCountry.toUpperCase()}`]
    .filter(Boolean)
    .join(' ');
  const path = form.url.trim().replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]+/i, '') || '/';
  return `${form.method !== 'GET' ? `${form.method} ` : ''}${path}${who ? ` ${who}` : ''}`.slice(0, 120);
}

/** "Save as expectation": the tester's request, with the outcome the current verdict has (editable). */
export function formFromTester(request: TesterForm, evaluation: EvaluationByKind | null): ExpectationForm {
  const outcome = evaluation ? expectationFromEvaluation(evaluation) : null;
  return { ...formFromOutcome(outcome ?? { status: 'served' }), name: requestLine(request), request: { ...request } };
}

function formFromOutcome(outcome: ExpectedOutcome): Omit<ExpectationForm, 'name' | 'request'> {
  return {
    status: outcome.status,
    rule: outcome.rule ?? '',
    cache: outcome.status === 'served' ? (outcome.cache ?? '') : '',
    ttl: outcome.status === 'served' && outcome.ttl !== undefined ? String(outcome.ttl) : '',
    httpCode:
      outcome.status === 'redirected' && outcome.httpCode !== undefined
        ? (String(outcome.httpCode) as '301' | '302')
        : '',
    destination: outcome.status === 'redirected' ? (outcome.destination ?? '') : '',
  };
}

/** Editing a saved expectation. */
export function formFromExpectation(e: Expectation): ExpectationForm {
  const r = e.request;
  return {
    ...formFromOutcome(e.expect),
    name: e.name,
    request: {
      url: r.url,
      method: r.method ?? 'GET',
      clientIp: r.clientIp ?? '',
      host: r.host ?? '',
      userAgent: r.userAgent ?? '',
      cookie: r.cookie ?? '',
      origin: r.origin ?? '',
      via: r.via ?? '',
      clientCountry: r.clientCountry ?? '',
      clientAnonymous: r.clientAnonymous ?? false,
      hasToken: r.hasToken ?? false,
    },
  };
}

/** The form as an expectation, checked with the shared schema; errors name the form field. */
export function expectationFromForm(
  form: ExpectationForm,
): { ok: true; expectation: Expectation } | { ok: false; errors: ExpectationFormErrors } {
  const rule = form.rule.trim();
  const ttlText = form.ttl.trim();
  const errors: ExpectationFormErrors = {};
  const ttl = ttlText === '' ? undefined : Number(ttlText);
  if (ttl !== undefined && !Number.isFinite(ttl))
    errors['expect.ttl'] = `TTL must be a number of seconds, such as 86400 (got “${ttlText}”).`;
  const expect: Record<string, unknown> = { status: form.status, ...(rule !== '' ? { rule } : {}) };
  if (form.status === 'served') {
    if (form.cache !== '') expect.cache = form.cache;
    if (ttl !== undefined && form.cache === 'cached') expect.ttl = ttl;
  }
  if (form.status === 'redirected') {
    if (form.httpCode !== '') expect.httpCode = Number(form.httpCode);
    if (form.destination.trim() !== '') expect.destination = form.destination.trim();
  }
  const parsed = expectationSchema.safeParse({ name: form.name, request: compactRequest(form.request), expect });
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, expectation: parsed.data };
  for (const issue of parsed.error?.issues ?? []) {
    const key = issue.path.map(String).join('.');
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

export class RuleSuiteState {
  readonly accountId: string;
  readonly serviceId: number;
  #expectations = $state<Expectation[]>([]);
  #updatedAt = $state<string | null>(null);
  #loaded = $state(false);
  #busy = $state(false);
  #results = $state<ExpectationResult[] | null>(null);
  #runs = $state<SuiteRun[] | null>(null);
  #error = $state<string | null>(null);

  constructor(accountId: string, serviceId: number) {
    this.accountId = accountId;
    this.serviceId = serviceId;
  }

  get expectations(): Expectation[] {
    return this.#expectations;
  }
  get updatedAt(): string | null {
    return this.#updatedAt;
  }
  get loaded(): boolean {
    return this.#loaded;
  }
  get busy(): boolean {
    return this.#busy;
  }
  get error(): string | null {
    return this.#error;
  }
  /** Results of the last run on this service, in suite order (null: not run since opening). */
  get results(): ExpectationResult[] | null {
    return this.#results;
  }
  /** The last run across other services. */
  get runs(): SuiteRun[] | null {
    return this.#runs;
  }
  resultOf(name: string): ExpectationResult | undefined {
    return this.#results?.find((r) => r.name === name);
  }

  #set(view: { expectations: Expectation[]; updatedAt: string | null }): void {
    this.#expectations = view.expectations;
    this.#updatedAt = view.updatedAt;
    this.#loaded = true;
  }

  async load(): Promise<void> {
    try {
      this.#set(await invoke('suites.get', { accountId: this.accountId, serviceId: this.serviceId }));
      this.#error = null;
    } catch (error) {
      this.#error = handleError(error, 'Could not read the rule test suite', { accountId: this.accountId }).detail;
      this.#loaded = true;
    }
  }

  /** Saves (adds, or replaces `replaces`); resolves with form errors, or null when saved. */
  async save(form: ExpectationForm, replaces?: string): Promise<ExpectationFormErrors | null> {
    const checked = expectationFromForm(form);
    if (!checked.ok) return checked.errors;
    if (checked.expectation.name !== replaces && this.#expectations.some((e) => e.name === checked.expectation.name)) {
      return {
        name: `Another expectation is already named “${checked.expectation.name}”; names must be unique in a suite.`,
      };
    }
    this.#busy = true;
    try {
      this.#set(
        await invoke('suites.save', {
          accountId: this.accountId,
          serviceId: this.serviceId,
          expectation: checked.expectation,
          ...(replaces !== undefined ? { replaces } : {}),
        }),
      );
      // The stored result belongs to the old version of an edited expectation.
      if (this.#results)
        this.#results = this.#results.filter((r) => r.name !== replaces && r.name !== checked.expectation.name);
      notify(
        replaces === undefined
          ? `Saved “${checked.expectation.name}” to the rule tests`
          : `Saved “${checked.expectation.name}”`,
        'success',
        undefined,
        { accountId: this.accountId },
      );
      return null;
    } catch (error) {
      // Shown in the dialog, which stays open with everything typed.
      return { form: `The expectation was not saved: ${formatError(error).detail}` };
    } finally {
      this.#busy = false;
    }
  }

  async remove(name: string): Promise<void> {
    this.#busy = true;
    try {
      this.#set(await invoke('suites.delete', { accountId: this.accountId, serviceId: this.serviceId, name }));
      if (this.#results) this.#results = this.#results.filter((r) => r.name !== name);
    } catch (error) {
      handleError(error, 'Could not delete the expectation', { accountId: this.accountId });
    } finally {
      this.#busy = false;
    }
  }

  /** Runs the suite on this service's rules as listed now. */
  async run(): Promise<void> {
    this.#busy = true;
    try {
      const { runs } = await invoke('suites.run', { accountId: this.accountId, serviceId: this.serviceId });
      const [own] = runs;
      if (own?.error) throw own.error;
      this.#results = own?.results ?? [];
    } catch (error) {
      handleError(error, 'Could not run the rule tests', { accountId: this.accountId });
    } finally {
      this.#busy = false;
    }
  }

  /** Runs the suite on other services (chosen, or every service of a tag). */
  async runOn(choice: { targets: { accountId: string; serviceId: number }[] } | { tag: string }): Promise<boolean> {
    this.#busy = true;
    try {
      const { runs } = await invoke('suites.run', { accountId: this.accountId, serviceId: this.serviceId, ...choice });
      this.#runs = runs;
      return true;
    } catch (error) {
      handleError(error, 'Could not run the rule tests on those services', { accountId: this.accountId });
      return false;
    } finally {
      this.#busy = false;
    }
  }
}
