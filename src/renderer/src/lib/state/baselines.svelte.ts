// The Baselines screen's state: the built-in checks, saved baselines, the last evaluation (the
// grid), which cell is drilled into, snapshot coverage and the background refresh.
import { invoke, onEvent } from './ipc.ts';
import { handleError, notify } from './errors.svelte.ts';
import { formatError } from './format-error.ts';
import type { ChannelOutput } from '#shared/ipc/contract.ts';
import type { Baseline, BaselineInput } from '#shared/baseline/baseline.ts';

export type BaselineReport = ChannelOutput<'baselines.evaluate'>['report'];
export type CatalogueCheck = ChannelOutput<'baselines.catalogue'>['checks'][number];
export type SnapshotStatus = ChannelOutput<'baselines.snapshots'>;
export type Drill = { check: number; accountId: string };
export type FixPlan = ChannelOutput<'baselines.planFix'>;
export type FixResult = ChannelOutput<'baselines.applyFix'>;

const SELECTED_KEY = 'accel.baselines.selected';

export class BaselinesState {
  #catalogue = $state<CatalogueCheck[]>([]);
  #baselines = $state<Baseline[]>([]);
  #selected = $state<string | null>(null);
  // Raw: a report of thousands of services is replaced whole, never edited in place.
  #report = $state.raw<BaselineReport | null>(null);
  #snapshots = $state<SnapshotStatus | null>(null);
  #drill = $state<Drill | null>(null);
  #busy = $state<'load' | 'evaluate' | 'refresh' | 'save' | null>(null);
  #loaded = $state(false);

  get catalogue(): readonly CatalogueCheck[] {
    return this.#catalogue;
  }
  get baselines(): readonly Baseline[] {
    return this.#baselines;
  }
  get selected(): Baseline | null {
    return this.#baselines.find((b) => b.name === this.#selected) ?? null;
  }
  get report(): BaselineReport | null {
    return this.#report;
  }
  get snapshots(): SnapshotStatus | null {
    return this.#snapshots;
  }
  get drill(): Drill | null {
    return this.#drill;
  }
  get busy(): string | null {
    return this.#busy;
  }
  get loaded(): boolean {
    return this.#loaded;
  }

  /** Loads checks, baselines and snapshot coverage, then evaluates the selected baseline from the snapshots. */
  async load(): Promise<void> {
    this.#busy = 'load';
    try {
      const [catalogue, list, snapshots] = await Promise.all([
        invoke('baselines.catalogue', {}),
        invoke('baselines.list', {}),
        invoke('baselines.snapshots', {}),
      ]);
      this.#catalogue = catalogue.checks;
      this.#baselines = list.baselines;
      this.#snapshots = snapshots;
      const remembered = globalThis.localStorage?.getItem(SELECTED_KEY) ?? null;
      const names = list.baselines.map((b) => b.name);
      this.#selected = remembered !== null && names.includes(remembered) ? remembered : (names[0] ?? null);
      this.#loaded = true;
    } catch (error) {
      handleError(error, 'Could not load the baselines');
    } finally {
      this.#busy = null;
    }
    if (this.#selected !== null) await this.evaluate(false);
  }

  select(name: string): void {
    this.#selected = name;
    this.#report = null;
    this.#drill = null;
    globalThis.localStorage?.setItem(SELECTED_KEY, name);
    void this.evaluate(false);
  }

  /** Evaluates the selected baseline; `refresh` reads every service in scope first (online). */
  async evaluate(refresh: boolean): Promise<void> {
    const name = this.#selected;
    if (name === null) return;
    this.#busy = refresh ? 'refresh' : 'evaluate';
    try {
      const result = await invoke('baselines.evaluate', { name, refresh });
      if (this.#selected !== name) return;
      globalThis.performance?.mark?.('baselines:report');
      this.#report = result.report;
      if (this.#drill && this.#drill.check >= result.report.checks.length) this.#drill = null;
      if (result.refresh) {
        const { refreshed, failed, unreachable } = result.refresh;
        if (failed.length > 0) {
          notify(
            `Read ${refreshed} service${refreshed === 1 ? '' : 's'}; ${failed.length} could not be read`,
            'warning',
            unreachable.length > 0
              ? 'Some gateways could not be reached: their last snapshots are used.'
              : failed[0].message,
          );
        }
      }
      this.#snapshots = await invoke('baselines.snapshots', {});
    } catch (error) {
      handleError(error, 'Could not evaluate the baseline');
    } finally {
      this.#busy = null;
    }
  }

  openCell(drill: Drill | null): void {
    this.#drill = drill;
  }

  /** Plans the Fix of one cell: every change the API can carry for the check in that account, as one batch. */
  async planFix(drill: Drill): Promise<FixPlan | null> {
    const name = this.#selected;
    if (name === null) return null;
    try {
      return await invoke('baselines.planFix', { name, check: drill.check, accountId: drill.accountId });
    } catch (error) {
      handleError(error, 'Could not plan the fix');
      return null;
    }
  }

  /**
   * Runs a Fix plan (once), then shows the grid the core evaluated after reading the changed
   * services again. Errors are thrown to the caller, which shows them beside the plan.
   */
  async applyFix(batchId: string, confirmProduction: boolean): Promise<FixResult> {
    const result = await invoke('baselines.applyFix', { batchId, ...(confirmProduction ? { confirmProduction } : {}) });
    if (this.#selected === result.report.baseline) this.#report = result.report;
    void invoke('baselines.snapshots', {}).then(
      (s) => (this.#snapshots = s),
      () => undefined,
    );
    return result;
  }

  /** Forgets a Fix plan that will not run (the dialog was cancelled). */
  async discardFix(batchId: string): Promise<void> {
    try {
      await invoke('baselines.discardFix', { batchId });
    } catch {
      // Already spent or dropped: nothing to forget.
    }
  }

  /** Saves; returns the field errors to show (nothing typed is lost: the editor keeps its form). */
  async save(baseline: BaselineInput, previousName?: string): Promise<Record<string, string> | null> {
    this.#busy = 'save';
    try {
      const saved = await invoke('baselines.save', {
        baseline,
        ...(previousName !== undefined ? { previousName } : {}),
      });
      this.#baselines = (await invoke('baselines.list', {})).baselines;
      notify(`Saved baseline “${saved.baseline.name}”`);
      this.#busy = null;
      this.select(saved.baseline.name);
      return null;
    } catch (error) {
      // Field problems are shown beside the fields; only other failures become a toast.
      const formatted = formatError(error);
      if (Object.keys(formatted.fields).length > 0) return formatted.fields;
      handleError(error, 'Could not save the baseline');
      return { form: formatted.detail };
    } finally {
      this.#busy = null;
    }
  }

  async remove(name: string): Promise<void> {
    try {
      await invoke('baselines.delete', { name });
      this.#baselines = (await invoke('baselines.list', {})).baselines;
      notify(`Deleted baseline “${name}”`);
      this.#report = null;
      this.#drill = null;
      this.#selected = this.#baselines[0]?.name ?? null;
      if (this.#selected !== null) await this.evaluate(false);
    } catch (error) {
      handleError(error, 'Could not delete the baseline');
    }
  }

  async importDocument(text: string): Promise<void> {
    try {
      const { imported } = await invoke('baselines.import', { document: text });
      this.#baselines = (await invoke('baselines.list', {})).baselines;
      notify(`Imported ${imported.map((n) => `“${n}”`).join(', ')}`);
      if (imported[0] !== undefined) this.select(imported[0]);
    } catch (error) {
      handleError(error, 'Could not import the baselines');
    }
  }

  async setBackground(running: boolean): Promise<void> {
    try {
      const background = await invoke('baselines.background', { running });
      if (this.#snapshots) this.#snapshots = { ...this.#snapshots, background };
    } catch (error) {
      handleError(error, 'Could not change the background refresh');
    }
  }

  /** Keeps the coverage line current while the background refresh stores snapshots. */
  listen(): () => void {
    return onEvent('baselines.snapshotsChanged', () => {
      void invoke('baselines.snapshots', {}).then(
        (s) => (this.#snapshots = s),
        () => undefined,
      );
    });
  }
}
