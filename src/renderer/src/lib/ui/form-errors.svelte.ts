// What every form does when a save fails: focus moves to the first invalid field —
// or to the error summary when no field is marked — and the summary's items are links to their
// fields. A form provides a FieldIndex; each FormField / fieldset with an error registers its
// control id under that error's message, which is exactly what the summary lists for the field
// (errorAt hands a field the message of its own path or of a path below it).
import { getContext, setContext, tick, untrack } from 'svelte';

type Entry = { id: string; message: string };

export class FieldIndex {
  // Raw: entries are compared by identity when they unregister.
  #entries = $state.raw<Entry[]>([]);

  /** Call from an $effect: registers while the field shows `message`; returns the unregister. */
  register(id: string, message: string): () => void {
    const entry = { id, message };
    // Untracked: the registering effect must not depend on the list it changes.
    untrack(() => (this.#entries = [...this.#entries, entry]));
    return () => untrack(() => (this.#entries = this.#entries.filter((e) => e !== entry)));
  }

  /**
   * Id of the field showing `message`. `occurrence` picks among fields with the same message
   * (two empty header names), in document order.
   */
  idFor(message: string, occurrence = 0): string | null {
    const ids = this.#entries.filter((e) => e.message === message).map((e) => e.id);
    if (typeof document !== 'undefined') {
      ids.sort((a, b) => {
        const ea = document.getElementById(a);
        const eb = document.getElementById(b);
        if (!ea || !eb) return 0;
        return ea.compareDocumentPosition(eb) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
      });
    }
    return ids[occurrence] ?? ids[0] ?? null;
  }
}

const KEY = Symbol('field-index');

/** Call during the form component's init. */
export function provideFieldIndex(): FieldIndex {
  const index = new FieldIndex();
  setContext(KEY, index);
  return index;
}

export function getFieldIndex(): FieldIndex | undefined {
  return getContext<FieldIndex | undefined>(KEY);
}

const FOCUSABLE =
  'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Focuses the element, or the first control inside it (a fieldset), and brings it into view. */
export function focusField(target: Element | string | null): boolean {
  const element = typeof target === 'string' ? document.getElementById(target) : target;
  if (!(element instanceof HTMLElement)) return false;
  const control =
    element.matches(FOCUSABLE) || element.tabIndex >= 0 ? element : element.querySelector<HTMLElement>(FOCUSABLE);
  const focusTarget = control ?? (element.tabIndex === -1 ? element : null);
  if (!focusTarget) return false;
  focusTarget.focus({ preventScroll: true });
  // Centred, so a sticky footer or header never covers it.
  focusTarget.scrollIntoView?.({ block: 'center' });
  return true;
}

/**
 * After a failed save: once the form shows its errors, focus the first invalid field in `root`
 * (document order), else `fallback` (the error summary). Returns whether something got focus.
 */
export async function focusFirstInvalid(
  root: ParentNode | null | undefined,
  fallback?: HTMLElement | null,
): Promise<boolean> {
  await tick();
  const invalid = root?.querySelector<HTMLElement>('[aria-invalid="true"]:not([disabled])');
  if (invalid && focusField(invalid)) return true;
  return fallback ? focusField(fallback) : false;
}
