// The "Bulk changes" screen's state: the change being composed (kept across screens, so leaving
// and coming back loses nothing typed), the target selection, templates, and the batch shown
// (its plan, then its run, updated by bulk.progress events). The core owns batches: this only
// mirrors the one on screen and the list of batches that can be resumed.
import { SvelteSet } from 'svelte/reactivity';
import { invoke, onEvent } from './ipc.ts';
import { handleError, notify } from './errors.svelte.ts';
import { errorCode, formatError } from './format-error.ts';
import { AppCode } from '#shared/app-errors.ts';
import { serverFieldErrors, type FieldErrors } from './field-errors.ts';
import { checkChange, emptyChangeForms, formsFromChange, plainCopy, type BulkChangeForms } from './bulk-change-form.ts';
import { parseTargetKey, targetKey, type TargetFilter } from './bulk-targets.ts';
import type { BulkBatch, BulkBatchSummary, BulkItem, BulkProgress, BulkTemplate } from '#shared/bulk/batch.ts';
import { templateNameSchema } from '#shared/bulk/batch.ts';
import type { PlanProgress } from '#shared/bulk/plan-progress.ts';

export type { BulkBatch, BulkBatchSummary, BulkItem, BulkTemplate };

/** Batches the user can pick up again: stopped by a cancel, an app restart or failures. */
export function offeredForResume(batches: readonly BulkBatchSummary[]): BulkBatchSummary[] {
  return batches.filter((batch) => batch.resumable && batch.status !== 'planned' && batch.status !== 'running');
}

/** Items done (written, already so, failed or never applicable) out of all; an unknown outcome is not done. */
export function progressOf(batch: Pick<BulkBatch, 'counts' | 'items'>): { done: number; total: number } {
  const c = batch.counts;
  const total = batch.items.length;
  return { done: total - (c.pending ?? 0) - (c.running ?? 0) - (c.unknown ?? 0), total };
}

/** An item after a progress event: the event's item replaces the one with its ID. */
export function withProgress(batch: BulkBatch, progress: BulkProgress): BulkBatch {
  if (progress.batchId !== batch.id) return batch;
  const item = progress.item;
  const items = item ? batch.items.map((existing) => (existing.id === item.id ? item : existing)) : batch.items;
  return { ...batch, status: progress.status, counts: progress.counts, items };
}

/** A plan's own ID, so that its progress events and its cancel name it. */
function newPlanId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `plan-${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** The change's errors as the plan input names them ("change.headers.x" → "headers.x"). */
function changeFieldErrors(error: unknown): FieldErrors {
  const out: FieldErrors = {};
  for (const [path, message] of Object.entries(serverFieldErrors(error))) out[path.replace(/^change\./, '')] = message;
  return out;
}

export class BulkState {
  #forms = $state<BulkChangeForms>(emptyChangeForms());
  /** The user asked for a plan once: every field shows its error from now on. */
  #attempted = $state(false);
  #serverErrors = $state<FieldErrors>({});
  readonly selected = new SvelteSet<string>();
  filter = $state<TargetFilter>({ accountIds: [], pattern: '', tag: '' });
  /** Account groups folded in the target list and the plan. */
  readonly collapsed = new SvelteSet<string>();

  #templates = $state<BulkTemplate[]>([]);
  #templatesLoaded = $state(false);
  #batch = $state<BulkBatch | null>(null);
  #resumable = $state<BulkBatchSummary[]>([]);
  #busy = $state<'plan' | 'run' | 'cancel' | 'revert' | 'template' | 'mark' | null>(null);
  /** The plan being read: its ID, and its last progress event once one came. */
  #planning = $state<{ planId: string; progress: PlanProgress | null; cancelling: boolean } | null>(null);
  #unsubscribe: (() => void) | null = null;
  #unsubscribePlan: (() => void) | null = null;

  get forms(): BulkChangeForms {
    return this.#forms;
  }
  get attempted(): boolean {
    return this.#attempted;
  }
  /** Live validation (the shared schema) plus what the core said about the change as sent. */
  get errors(): FieldErrors {
    const check = checkChange(this.#forms);
    return { ...(check.ok ? {} : check.errors), ...this.#serverErrors };
  }
  get serverErrors(): FieldErrors {
    return this.#serverErrors;
  }
  get templates(): readonly BulkTemplate[] {
    return this.#templates;
  }
  get templatesLoaded(): boolean {
    return this.#templatesLoaded;
  }
  get batch(): BulkBatch | null {
    return this.#batch;
  }
  get resumable(): readonly BulkBatchSummary[] {
    return this.#resumable;
  }
  get busy(): string | null {
    return this.#busy;
  }
  /** While a plan reads its targets: how far it is (null before the first event) and whether a cancel was asked. */
  get planning(): { progress: PlanProgress | null; cancelling: boolean } | null {
    return this.#planning;
  }

  /** Listens to progress, reads templates and the batches to offer; once per screen opening. */
  async start(): Promise<void> {
    this.#unsubscribe ??= onEvent('bulk.progress', (progress) => this.#onProgress(progress));
    this.#unsubscribePlan ??= onEvent('bulk.planProgress', (progress) => this.#onPlanProgress(progress));
    await Promise.all([this.loadTemplates(), this.loadResumable()]);
    // A batch on screen may have moved on while the screen was closed.
    if (this.#batch) await this.open(this.#batch.id);
  }

  stop(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = null;
    this.#unsubscribePlan?.();
    this.#unsubscribePlan = null;
  }

  #onPlanProgress(progress: PlanProgress): void {
    if (this.#planning?.planId === progress.planId) this.#planning = { ...this.#planning, progress };
  }

  #onProgress(progress: BulkProgress): void {
    if (this.#batch?.id === progress.batchId) this.#batch = withProgress(this.#batch, progress);
    if (progress.status !== 'running') void this.loadResumable();
  }

  /** The user typed: what the server said about the previous input no longer holds. */
  edited(): void {
    if (Object.keys(this.#serverErrors).length > 0) this.#serverErrors = {};
  }

  async loadResumable(): Promise<void> {
    try {
      const { batches } = await invoke('bulk.list', {});
      this.#resumable = offeredForResume(batches);
    } catch (error) {
      handleError(error, 'Could not read the stored bulk batches');
    }
  }

  async loadTemplates(): Promise<void> {
    try {
      this.#templates = (await invoke('bulk.listTemplates')).templates;
    } catch (error) {
      handleError(error, 'Could not read the bulk templates');
    } finally {
      this.#templatesLoaded = true;
    }
  }

  /** The name's problem in the schema's words, or null. */
  templateNameProblem(name: string): string | null {
    const parsed = templateNameSchema.safeParse(name);
    return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Template name is not valid.');
  }

  /** Saves the change as typed under a name. Resolves false (and shows the field errors) when it is not valid. */
  async saveTemplate(name: string): Promise<boolean> {
    const check = checkChange(this.#forms);
    this.#attempted = true;
    if (!check.ok || this.templateNameProblem(name) !== null) return false;
    this.#busy = 'template';
    try {
      const saved = await invoke('bulk.saveTemplate', { name, change: check.change });
      notify(`Template “${saved.name}” saved`, 'success');
      await this.loadTemplates();
      return true;
    } catch (error) {
      this.#serverErrors = changeFieldErrors(error);
      handleError(error, 'Could not save the template');
      return false;
    } finally {
      this.#busy = null;
    }
  }

  /** Puts a template's change in the picker (the other kinds' inputs stay as they are). */
  useTemplate(template: BulkTemplate): void {
    this.#forms = formsFromChange(template.change, plainCopy(this.#forms));
    this.#serverErrors = {};
  }

  async deleteTemplate(name: string): Promise<void> {
    this.#busy = 'template';
    try {
      await invoke('bulk.deleteTemplate', { name });
      notify(`Template “${name}” deleted`, 'success');
      await this.loadTemplates();
    } catch (error) {
      handleError(error, 'Could not delete the template');
    } finally {
      this.#busy = null;
    }
  }

  /** Plans the change on the selected services. Resolves false when the input is not valid. */
  async plan(): Promise<boolean> {
    this.#attempted = true;
    const check = checkChange(this.#forms);
    const services = [...this.selected].map(parseTargetKey).filter((ref) => ref !== null);
    if (!check.ok || services.length === 0) return false;
    this.#busy = 'plan';
    const planId = newPlanId();
    this.#planning = { planId, progress: null, cancelling: false };
    try {
      this.#batch = await invoke('bulk.plan', { change: check.change, targets: { services }, planId });
      return true;
    } catch (error) {
      if (errorCode(error) === AppCode.Bulk.PlanCancelled) {
        // The user stopped it: the change and the selection stay as they were, to plan again.
        notify('Planning cancelled', 'info', formatError(error).detail);
        return false;
      }
      this.#serverErrors = changeFieldErrors(error);
      handleError(error, 'Could not plan the bulk change');
      return false;
    } finally {
      this.#busy = null;
      this.#planning = null;
    }
  }

  /** Stops the plan being read; plan() then resolves false and nothing typed or ticked is lost. */
  async cancelPlan(): Promise<void> {
    const planning = this.#planning;
    if (!planning || planning.cancelling) return;
    this.#planning = { ...planning, cancelling: true };
    try {
      await invoke('bulk.cancelPlan', { planId: planning.planId });
    } catch (error) {
      if (this.#planning?.planId === planning.planId) this.#planning = { ...this.#planning, cancelling: false };
      handleError(error, 'Could not cancel the plan');
    }
  }

  /**
   * Starts or resumes the batch on screen. `resendUnknown`: items with an unknown outcome the
   * user chose to send again even when reading their service cannot settle them.
   */
  async run(confirmProduction: boolean, resendUnknown: readonly string[] = []): Promise<void> {
    const batch = this.#batch;
    if (!batch) return;
    this.#busy = 'run';
    try {
      await invoke('bulk.run', {
        batchId: batch.id,
        confirmProduction,
        ...(resendUnknown.length > 0 ? { resendUnknown: [...resendUnknown] } : {}),
      });
      // The items move as progress events arrive; the summary says the batch is running now.
      if (this.#batch?.id === batch.id && this.#batch.status !== 'finished')
        this.#batch = { ...this.#batch, status: 'running' };
      this.#resumable = this.#resumable.filter((b) => b.id !== batch.id);
    } catch (error) {
      handleError(error, 'Could not run the batch');
      await this.open(batch.id);
    } finally {
      this.#busy = null;
    }
  }

  /** Records items with an unknown outcome as applied (the user checked their services). */
  async markApplied(itemIds: readonly string[]): Promise<boolean> {
    const batch = this.#batch;
    if (!batch || itemIds.length === 0) return false;
    this.#busy = 'mark';
    try {
      this.#batch = await invoke('bulk.markApplied', { batchId: batch.id, itemIds: [...itemIds] });
      await this.loadResumable();
      return true;
    } catch (error) {
      handleError(error, 'Could not mark the items as applied');
      await this.open(batch.id);
      return false;
    } finally {
      this.#busy = null;
    }
  }

  async cancel(): Promise<void> {
    const batch = this.#batch;
    if (!batch) return;
    this.#busy = 'cancel';
    try {
      await invoke('bulk.cancel', { batchId: batch.id });
      await this.open(batch.id);
    } catch (error) {
      handleError(error, 'Could not cancel the batch');
    } finally {
      this.#busy = null;
    }
  }

  /** Plans the batch's revert: a new batch shown as a plan. */
  async planRevert(): Promise<void> {
    const batch = this.#batch;
    if (!batch) return;
    this.#busy = 'revert';
    try {
      this.#batch = await invoke('bulk.planRevert', { batchId: batch.id });
    } catch (error) {
      handleError(error, 'Could not plan the revert');
    } finally {
      this.#busy = null;
    }
  }

  /** Shows a stored batch (e.g. one offered for resume). */
  async open(batchId: string): Promise<void> {
    try {
      const batch = await invoke('bulk.get', { batchId });
      this.#batch = batch;
    } catch (error) {
      if (errorCode(error) === AppCode.Bulk.NotFound && this.#batch?.id === batchId) this.#batch = null;
      handleError(error, 'Could not open the batch');
    }
  }

  async discard(batchId: string): Promise<void> {
    try {
      await invoke('bulk.discard', { batchId });
      if (this.#batch?.id === batchId) this.#batch = null;
      await this.loadResumable();
    } catch (error) {
      handleError(error, 'Could not discard the batch');
    }
  }

  /**
   * A plan left without running it (Back to the change, New bulk change) is deleted from the stored
   * batches: it could only be run from this screen, and kept it would pile up in the batch list
   * (docs/bulk-apply.md, *Plans not run*). Best effort: the store also drops such plans after a day.
   */
  #dropIfNeverRun(batch: BulkBatch | null): void {
    if (batch?.status !== 'planned') return;
    invoke('bulk.discard', { batchId: batch.id }).catch(() => undefined);
  }

  /** Back to composing: the change and targets as they were; a plan on screen never run is dropped. */
  compose(): void {
    const batch = this.#batch;
    this.#batch = null;
    this.#dropIfNeverRun(batch);
    // Planning from a revert or a template: the targets of the batch become the selection.
    if (batch && batch.items.length > 0 && this.selected.size === 0) {
      for (const item of batch.items) this.selected.add(targetKey(item.accountId, item.serviceId));
    }
    if (batch?.change) this.#forms = formsFromChange(batch.change, plainCopy(this.#forms));
  }

  /** Clears the selection and the change (after a finished batch, "new change"). */
  reset(): void {
    this.#forms = emptyChangeForms();
    this.#attempted = false;
    this.#serverErrors = {};
    this.selected.clear();
    this.#dropIfNeverRun(this.#batch);
    this.#batch = null;
  }
}

export const bulk = new BulkState();
