// Drafts of editor forms: autosaved (debounced) per account, service and policy through the
// drafts.* channels, restored when the editor opens again (after an error, a reload, an account
// switch or a restart). Token secrets are never part of a stored draft (the core blanks them).
import { invoke } from './ipc.ts';
import { handleError } from './errors.svelte.ts';

const DRAFT_SAVE_DELAY_MS = 400;

export type DraftOptions<T> = {
  accountId: string;
  serviceId: number;
  /** `cache:12`, `access:new`, `cors`, … (drafts channel policyKey). */
  policyKey: string;
  /** Bump when the form shape changes; older drafts are then ignored. */
  formVersion: number;
  /** The form filled from the server's state (or empty for a new policy). */
  initial: T;
  delayMs?: number;
};

const snapshot = (value: unknown): string => JSON.stringify(value);

export class DraftState<T extends object> {
  readonly key: { accountId: string; serviceId: number; policyKey: string };
  readonly formVersion: number;
  #form = $state<T>() as T;
  #base: string;
  #restoredAt = $state<string | null>(null);
  #savedAt = $state<string | null>(null);
  #ready = $state(false);
  #timer: ReturnType<typeof setTimeout> | null = null;
  #delayMs: number;
  #failedOnce = false;

  constructor(options: DraftOptions<T>) {
    this.key = { accountId: options.accountId, serviceId: options.serviceId, policyKey: options.policyKey };
    this.formVersion = options.formVersion;
    this.#form = structuredClone(options.initial);
    this.#base = snapshot(options.initial);
    this.#delayMs = options.delayMs ?? DRAFT_SAVE_DELAY_MS;
  }

  /** The live form (a deep $state proxy: bind inputs to its fields). */
  get form(): T {
    return this.#form;
  }
  /** When a stored draft replaced the server's values (shown as "Draft restored"). */
  get restoredAt(): string | null {
    return this.#restoredAt;
  }
  get savedAt(): string | null {
    return this.#savedAt;
  }
  /** restore() finished: autosave may start. */
  get ready(): boolean {
    return this.#ready;
  }
  /** The form differs from the server's values. */
  get dirty(): boolean {
    return snapshot(this.#form) !== this.#base;
  }

  /** Loads a stored draft, if any, over the initial form. */
  async restore(merge?: (stored: T, initial: T) => T): Promise<void> {
    try {
      const { draft } = await invoke('drafts.get', this.key);
      if (draft && draft.formVersion === this.formVersion && snapshot(draft.value) !== this.#base) {
        const stored = draft.value as T;
        this.#form = merge ? merge(stored, JSON.parse(this.#base) as T) : stored;
        this.#restoredAt = draft.savedAt;
        this.#savedAt = draft.savedAt;
      }
    } catch (error) {
      handleError(error, 'Could not read the saved draft', { accountId: this.key.accountId });
    } finally {
      this.#ready = true;
    }
  }

  /** Call from an $effect that reads the form: saves (debounced) when it changed. */
  track(): void {
    const current = snapshot(this.#form);
    if (!this.#ready) return;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#timer = null;
      void this.#persist(current);
    }, this.#delayMs);
  }

  async #persist(current: string): Promise<void> {
    try {
      if (current === this.#base) {
        if (this.#savedAt !== null) {
          await invoke('drafts.discard', this.key);
          this.#savedAt = null;
        }
        return;
      }
      const result = await invoke('drafts.save', {
        ...this.key,
        value: JSON.parse(current) as unknown,
        formVersion: this.formVersion,
      });
      this.#savedAt = result.savedAt;
    } catch (error) {
      // One toast, not one per keystroke.
      if (!this.#failedOnce)
        handleError(error, 'Could not keep a draft of your input', { accountId: this.key.accountId });
      this.#failedOnce = true;
    }
  }

  /** Saves a pending change now (editor closing, account switching). */
  async flush(): Promise<void> {
    if (!this.#timer) return;
    clearTimeout(this.#timer);
    this.#timer = null;
    await this.#persist(snapshot(this.#form));
  }

  /** Drops the draft and goes back to the server's values. */
  async discard(): Promise<void> {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    this.#form = JSON.parse(this.#base) as T;
    this.#restoredAt = null;
    this.#savedAt = null;
    try {
      await invoke('drafts.discard', this.key);
    } catch (error) {
      handleError(error, 'Could not discard the draft', { accountId: this.key.accountId });
    }
  }

  /** After a successful save: the saved form is the new base and the draft is gone. */
  async settle(): Promise<void> {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    this.#base = snapshot(this.#form);
    this.#restoredAt = null;
    this.#savedAt = null;
    try {
      await invoke('drafts.discard', this.key);
    } catch {
      // The draft equals the saved state; a leftover is harmless and replaced on the next edit.
    }
  }

  dismissRestoredNotice(): void {
    this.#restoredAt = null;
  }
}
