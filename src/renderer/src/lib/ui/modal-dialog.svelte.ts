// Shared behaviour of a modal <dialog> (ui/modal.svelte, the command palette): shown and closed
// with `open`, Esc and a click on the backdrop ask the owner to close (it flips `open`), and focus
// goes back to whatever opened the dialog; Tab stays inside it while it is open.
import { untrack } from 'svelte';

// The last control focused outside a dialog. An opener that disables itself while it works
// ("Review and save" while the review is prepared) has already lost focus to <body> when the
// dialog opens, so the dialog falls back to this.
let lastFocused: Element | null = null;
if (typeof document !== 'undefined') {
  document.addEventListener(
    'focusin',
    (event) => {
      if (event.target instanceof Element && !event.target.closest('dialog')) lastFocused = event.target;
    },
    true,
  );
}

const focusableSelector = 'a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"])';

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(focusableSelector)].filter(
    (el) => !el.matches(':disabled') && !el.closest('[hidden], [inert]') && el.getClientRects().length > 0,
  );
}

/**
 * Focus back on the opener once it is usable again, else on the screen's heading (the opener went
 * away). Pass null when the opener is about to be re-rendered (after a change was applied).
 */
export function restoreFocus(opener: Element | null): void {
  const usable = (el: Element | null): el is HTMLElement =>
    el instanceof HTMLElement && el.isConnected && !el.matches(':disabled');
  const active = document.activeElement;
  // At once when the opener can take it (focus is still in the closing dialog or on <body>)…
  if ((!active || active === document.body || active.closest('dialog')) && usable(opener)) {
    opener.focus();
    return;
  }
  // …otherwise after the owner's state settles: the opener may still be disabled in this tick.
  setTimeout(() => {
    const active = document.activeElement;
    // Something else already took focus on purpose (e.g. the field a refused save points at).
    if (active && active !== document.body && !active.closest('dialog')) return;
    if (usable(opener)) {
      opener.focus();
      return;
    }
    const heading = document.querySelector<HTMLElement>('main h1, main h2');
    const target = heading ?? document.querySelector<HTMLElement>('main');
    if (!target) return;
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus();
  }, 0);
}

/**
 * Focus the heading of the screen shown (`main h1`), once it is there and no dialog is open: after
 * an action that leaves the screen it was started from (a first account added on the welcome
 * screen mounts the app's shell) or whose opener went away. Falls back to <main> after `timeoutMs`.
 * Gives up when a field outside any dialog takes focus meanwhile (the user is typing elsewhere);
 * focus that a closing dialog hands back to its opener is moved on.
 */
export function focusScreenHeading(timeoutMs = 2000): void {
  const started = performance.now();
  const attempt = (): void => {
    const active = document.activeElement;
    if (
      active instanceof HTMLElement &&
      !active.closest('dialog') &&
      active.matches('input, textarea, select, [contenteditable="true"]')
    )
      return;
    const heading = document.querySelector('dialog[open]') ? null : document.querySelector<HTMLElement>('main h1');
    const late = performance.now() - started > timeoutMs;
    const target = heading ?? (late ? document.querySelector<HTMLElement>('main') : null);
    if (!target) {
      if (!late) requestAnimationFrame(attempt);
      return;
    }
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus();
  };
  requestAnimationFrame(attempt);
}

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
 * `<dialog bind:this={dialog.element} oncancel={dialog.cancel} onclick={dialog.backdropClick} onkeydown={dialog.keydown}>`.
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
          const active = document.activeElement;
          this.#opener = active && active !== document.body ? active : lastFocused;
          onOpen?.();
          // jsdom has no showModal.
          if (typeof element.showModal === 'function') element.showModal();
          else element.setAttribute('open', '');
          // showModal() focuses the first control — often the ✕ button, so typing would close the
          // dialog at the first space. A dialog names the control to start in with data-autofocus.
          element.querySelector<HTMLElement>('[data-autofocus]')?.focus();
        } else if (!open && element.open) {
          if (typeof element.close === 'function') element.close();
          else element.removeAttribute('open');
          const opener = this.#opener;
          this.#opener = null;
          if (onClosed) onClosed(opener);
          else restoreFocus(opener);
        }
      });
    });
  }

  /** Esc: let the owner decide (it flips `open`). */
  cancel = (event: Event): void => {
    event.preventDefault();
    this.#options().onClose();
  };

  /** Tab and Shift+Tab cycle through the dialog's controls instead of leaving to the page. */
  keydown = (event: KeyboardEvent): void => {
    const element = this.element;
    if (event.key !== 'Tab' || !element) return;
    const items = focusables(element);
    if (items.length === 0) {
      event.preventDefault();
      return;
    }
    const first = items[0];
    const last = items[items.length - 1];
    const active = document.activeElement;
    // Focus may rest on a non-tabbable element inside (a result given focus with tabindex=-1):
    // Tab then goes on from there as usual.
    const inside = active instanceof HTMLElement && element.contains(active);
    if (event.shiftKey && (!inside || active === first)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (!inside || active === last)) {
      event.preventDefault();
      first.focus();
    }
  };

  backdropClick = (event: MouseEvent): void => {
    if (event.target === this.element) this.#options().onClose();
  };
}
