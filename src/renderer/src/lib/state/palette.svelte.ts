/** Whether the command palette is open (Ctrl/Cmd+K anywhere). */
class PaletteState {
  #open = $state(false);

  get open(): boolean {
    return this.#open;
  }

  show(): void {
    this.#open = true;
  }

  hide(): void {
    this.#open = false;
  }

  toggle(): void {
    this.#open = !this.#open;
  }
}

export const palette = new PaletteState();

/** Ctrl+K (Windows/Linux) or Cmd+K (macOS). */
export function isPaletteShortcut(event: KeyboardEvent): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k';
}
