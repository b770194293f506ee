// When a form field shows its error: forms that validate as you type would otherwise greet the
// user with "… is required" before any input. A form (the policy editor frame) provides a
// FieldReveal context; each field then shows its error once it was touched (blurred or edited),
// when the form reveals everything (after a save attempt, or a restored draft), or when the
// server reported it. Without the context (other forms) errors show as they come.
import { getContext, setContext } from 'svelte';

export interface FieldReveal {
  /** Every field shows its error: the user tried to save, or a draft with content was restored. */
  readonly all: boolean;
  /** The user changed something in the form. */
  readonly interacted: boolean;
  /** The message came from the server for the form as sent: always shown. */
  isServer(message: string): boolean;
}

const KEY = Symbol('field-reveal');

export function setFieldReveal(reveal: FieldReveal): void {
  setContext(KEY, reveal);
}

export function getFieldReveal(): FieldReveal | undefined {
  return getContext<FieldReveal | undefined>(KEY);
}

/** Per-field touched state: put `handlers` on the element around the field's controls. */
export class FieldTouch {
  readonly reveal: FieldReveal | undefined;
  #touched = $state(false);

  /** Call during component init (reads the context). */
  constructor(options: { touched?: boolean } = {}) {
    this.reveal = getFieldReveal();
    this.#touched = options.touched ?? false;
  }

  get touched(): boolean {
    return this.#touched;
  }

  touch = (): void => {
    this.#touched = true;
  };

  /** focusout = blur of any control inside; input/change = an edit. */
  readonly handlers = { onfocusout: this.touch, oninput: this.touch, onchange: this.touch };

  /** The error if it may show now, else null. */
  shown(error: string | null | undefined): string | null {
    if (!error) return null;
    const reveal = this.reveal;
    if (!reveal || this.#touched || reveal.all || reveal.isServer(error)) return error;
    return null;
  }
}
