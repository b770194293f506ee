// Which policy of a list has its editor open.

/**
 * Which policy of a list has its editor open ('new': create one). The editor stays with the policy
 * as it opened when a reload no longer lists it (deleted elsewhere), so the user's input survives.
 */
export class OpenPolicy<T extends { policyId: number }> {
  #items: () => readonly T[];
  #id = $state<number | 'new' | null>(null);
  #opened = $state.raw<T | null>(null);

  constructor(items: () => readonly T[]) {
    this.#items = items;
  }

  /** Key of the open editor: a policyId, 'new', or null when closed. */
  get id(): number | 'new' | null {
    return this.#id;
  }
  /** The open policy in the list as last loaded, or null. */
  get listed(): T | null {
    const id = this.#id;
    return typeof id === 'number' ? (this.#items().find((p) => p.policyId === id) ?? null) : null;
  }
  /** The open policy: as listed, else as it was when its editor opened. */
  get policy(): T | null {
    const id = this.#id;
    if (typeof id !== 'number') return null;
    return this.listed ?? (this.#opened?.policyId === id ? this.#opened : null);
  }
  get isOpen(): boolean {
    return this.#id === 'new' || this.policy !== null;
  }

  edit(policy: T): void {
    this.#opened = policy;
    this.#id = policy.policyId;
  }
  create(): void {
    this.#id = 'new';
  }
  close(): void {
    this.#id = null;
  }
}
