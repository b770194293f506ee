// Reading the overview's services ahead: one account at a time while the page is idle, so that
// expanding a customer paints at once (no round trip to the core).

/** Pause between two accounts' services read ahead (each read is one small file in the core). */
const READ_AHEAD_PAUSE_MS = 50;
/** The first read waits this long: the rows are painted and the page settled first. */
const READ_AHEAD_START_MS = 400;

export class ServicesReadAhead {
  readonly #next: () => string | undefined;
  readonly #read: (accountId: string) => Promise<void>;
  #running = false;
  #timer: ReturnType<typeof setTimeout> | null = null;

  /** `next` names the account to read next (none: everything is read); `read` reads it. */
  constructor(next: () => string | undefined, read: (accountId: string) => Promise<void>) {
    this.#next = next;
    this.#read = read;
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#schedule(READ_AHEAD_START_MS);
  }

  stop(): void {
    this.#running = false;
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
  }

  #schedule(delayMs = READ_AHEAD_PAUSE_MS): void {
    if (!this.#running || this.#timer !== null) return;
    // A pause between accounts leaves the page and the core to the user between two reads.
    this.#timer = setTimeout(() => {
      this.#timer = null;
      void this.#readNext();
    }, delayMs);
  }

  async #readNext(): Promise<void> {
    if (!this.#running) return;
    const accountId = this.#next();
    if (accountId === undefined) {
      // Everything is read; an account whose data changes is read again on the next start.
      this.#running = false;
      return;
    }
    await this.#read(accountId);
    this.#schedule();
  }
}
