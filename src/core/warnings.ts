// Warnings the user must see until they dismiss them (a data file kept aside, clock skew). They
// are listed by app.status, so a page that connects later still sees them, and sent once as an
// app.warning event when they arise.
import type { Warning } from '#shared/ipc/channels/accounts.ts';

export type WarningBoard = {
  /** Adds (or replaces the one with the same code) and announces it. */
  add(warning: Warning): void;
  list(): Warning[];
  /** True when a warning with this code was there. */
  dismiss(code: string): boolean;
};

export function createWarningBoard(announce: (warning: Warning) => void): WarningBoard {
  let warnings: Warning[] = [];
  return {
    add(warning) {
      warnings = [...warnings.filter((w) => w.code !== warning.code), warning];
      announce(warning);
    },
    list: () => [...warnings],
    dismiss(code) {
      const before = warnings.length;
      warnings = warnings.filter((w) => w.code !== code);
      return warnings.length !== before;
    },
  };
}
