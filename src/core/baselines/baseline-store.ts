// Saved baselines: <dataDir>/baselines.json through the one JSON document store. Names are unique
// regardless of case.
import { AppCode } from '#shared/app-errors.ts';
import { join } from 'node:path';
import { z } from 'zod';
import { createJsonDocument, type JsonDocument } from '../storage/json-document.ts';
import { CoreError } from '../errors.ts';
import { baselineSchema, type Baseline } from '#shared/baseline/baseline.ts';
import type { Warning } from '#shared/ipc/channels/accounts.ts';

export const BASELINES_FILE = 'baselines.json';

const baselinesFileSchema = z.object({
  schemaVersion: z.literal(1),
  baselines: z.array(baselineSchema),
});

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export class BaselineStore {
  readonly #document: JsonDocument<z.output<typeof baselinesFileSchema>>;

  constructor(options: { dataDir: string; now: () => Date; onWarning?: (warning: Warning) => void }) {
    this.#document = createJsonDocument({
      path: join(options.dataDir, BASELINES_FILE),
      schema: baselinesFileSchema,
      empty: () => ({ schemaVersion: 1 as const, baselines: [] }),
      now: options.now,
      corruptWarning: {
        code: AppCode.Baselines.Corrupt,
        message: (report) =>
          `Saved baselines could not be read (${report.reason}); the file was kept as ${report.movedTo}.`,
      },
      onWarning: (warning) => options.onWarning?.(warning),
    });
  }

  async list(): Promise<Baseline[]> {
    return (await this.#document.read()).baselines;
  }

  async get(name: string): Promise<Baseline> {
    const found = (await this.list()).find((b) => sameName(b.name, name));
    if (!found)
      throw new CoreError(AppCode.Baselines.NotFound, `There is no baseline named “${name}”.`, {
        fields: { name: 'No baseline of this name' },
      });
    return found;
  }

  /**
   * Saves a baseline; `previousName` renames. A name another baseline has is refused, so a save
   * never silently replaces a different baseline.
   */
  save(baseline: Baseline, previousName?: string): Promise<Baseline> {
    return this.#document.update((draft) => {
      const at = draft.baselines.findIndex((b) => sameName(b.name, previousName ?? baseline.name));
      const clash = draft.baselines.findIndex((b) => sameName(b.name, baseline.name));
      if (clash >= 0 && clash !== at) {
        throw new CoreError(
          AppCode.Baselines.NameTaken,
          `A baseline named “${draft.baselines[clash].name}” exists already: choose another name.`,
          {
            fields: { name: 'This name is taken' },
          },
        );
      }
      if (at >= 0) draft.baselines[at] = baseline;
      else draft.baselines.push(baseline);
      return baseline;
    });
  }

  /** Adds or replaces baselines by name (import). */
  put(baselines: readonly Baseline[]): Promise<void> {
    return this.#document.update((draft) => {
      for (const baseline of baselines) {
        const at = draft.baselines.findIndex((b) => sameName(b.name, baseline.name));
        if (at >= 0)
          draft.baselines[at] = {
            ...baseline,
            assignedTo: { accounts: draft.baselines[at].assignedTo.accounts, tags: baseline.assignedTo.tags },
          };
        else draft.baselines.push(baseline);
      }
    });
  }

  remove(name: string): Promise<boolean> {
    return this.#document.update((draft, control) => {
      const before = draft.baselines.length;
      draft.baselines = draft.baselines.filter((b) => !sameName(b.name, name));
      if (draft.baselines.length === before) control.skipWrite();
      return draft.baselines.length !== before;
    });
  }

  /** Drops a removed account from every assignment. */
  removeAccount(accountId: string): Promise<void> {
    return this.#document.update((draft, control) => {
      if (!draft.baselines.some((b) => b.assignedTo.accounts.includes(accountId))) return control.skipWrite();
      for (const b of draft.baselines) b.assignedTo.accounts = b.assignedTo.accounts.filter((id) => id !== accountId);
    });
  }
}
