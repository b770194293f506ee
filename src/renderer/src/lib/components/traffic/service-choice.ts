// Which services the dashboard's "Choose services" list shows: an account may have hundreds, and a
// checkbox for each would be slow to draw and slower to scan. A filter narrows the list; without
// one the first ones are shown, and a chosen service is always shown wherever it is.

/** Checkboxes shown at once. */
export const SHOWN_AT_ONCE = 40;

export interface ServiceChoiceRows {
  /** The names to draw, in the account's order. */
  shown: string[];
  /** Names that match the filter (all names when there is none). */
  matching: number;
}

export function serviceChoiceRows(
  names: readonly string[],
  selected: readonly string[],
  filter: string,
  limit = SHOWN_AT_ONCE,
): ServiceChoiceRows {
  const needle = filter.trim().toLowerCase();
  if (needle === '') {
    const chosen = new Set(selected);
    return { shown: names.filter((name, i) => i < limit || chosen.has(name)), matching: names.length };
  }
  const matches = names.filter((name) => name.toLowerCase().includes(needle));
  return { shown: matches.slice(0, limit), matching: matches.length };
}
