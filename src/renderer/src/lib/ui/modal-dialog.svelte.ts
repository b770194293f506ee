// Shared behaviour of a modal <dialog> (ui/modal.svelte, the command palette): shown and closed
// with `open`, Esc and a click on the backdrop ask the owner to close (it flips `open`), and focus
// goes back to whatever opened the dialog.
import { untrack } from 'svelte';

export interface ModalDialogOptions {
  open: boolean;
  onClose: () => void;
  /** Runs just before the dialog is shown. */
  onOpen?: () => void;
  /** Runs after the dialog closed, with the element focused when it opened; default: focus it again. */
  onClosed?: (opener: Element | null) => void;
}

/**
 * Create during component init, then
 * `<dialog bind:this={dialog.element} oncancel={dialog.cancel} onclick={dialog.backdropClick}>`.
 */
export class ModalDialog {
  element = $state<HTMLDialogElement | null>(null);
  readonly #options: () => ModalDialogOptions;
  #opener: Element | null = null;

  constructor(options: () => ModalDialogOptions) {
    this.#options = options;
    // An effect, not an action: it runs after the dialog's content has rendered, so showModal()
    // focuses the content's first control.
    $effect(() => {
      const element = this.element;
      if (!element) return;
      const { open, onOpen, onClosed } = options();
      untrack(() => {
        if (open && !element.open) {
          this.#opener = document.activeElement;
          onOpen?.();
          // jsdom has no showModal.
          if (typeof element.showModal === 'function') element.showModal();
          else element.setAttribute('open', '');
        } else if (!open && element.open) {
          if (typeof element.close === 'function') element.close();
          else element.removeAttribute('open');
          const opener = this.#opener;
          this.#opener = null;
          if (onClosed) onClosed(opener);
          else if (opener instanceof HTMLElement) opener.focus();
        }
      });
    });
  }

  /** Esc: let the owner decide (it flips `open`). */
  cancel = (event: Event): void => {
    event.preventDefault();
    this.#options().onClose();
  };

  backdropClick = (event: MouseEvent): void => {
    if (event.target === this.element) this.#options().onClose();
  };
}
