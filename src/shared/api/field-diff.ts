// Field-by-field comparison of two API bodies, for the review before saving and the change
// journal: each row carries the form's label and human values (field-labels.ts) and, for the
// "API names and values" view, the API path and the raw values.
import { fieldLabel, formatApiValue, formatFieldValue } from './field-labels.ts';

export type FieldDiffStatus = 'added' | 'removed' | 'changed' | 'same';

export type FieldDiffRow = {
  /** The API path, dotted, 0-based list indexes ("matches.2.field"). */
  path: string;
  /** The form's label ("Condition 3 — field"). */
  label: string;
  before: string | undefined;
  after: string | undefined;
  apiBefore: string | undefined;
  apiAfter: string | undefined;
  status: FieldDiffStatus;
};

const isPlain = (v: unknown): boolean => v === null || typeof v !== 'object';

/** Leaf values by API path; lists of plain values stay one leaf ("a, b"). */
function leaves(value: unknown, prefix: string, out: Map<string, unknown>): Map<string, unknown> {
  if (value === undefined) return out;
  if (Array.isArray(value) && !value.every(isPlain)) {
    value.forEach((v, i) => leaves(v, prefix ? `${prefix}.${i}` : String(i), out));
  } else if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, v] of Object.entries(value)) leaves(v, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out.set(prefix, value);
  }
  return out;
}

/** A label for the diff: a unit in the label is dropped where the value carries it ("1 minute"). */
function diffLabel(path: string): string {
  return (fieldLabel(path) || '(value)').replace(/ \(seconds\)$/, '');
}

export function diffFields(before: unknown, after: unknown): FieldDiffRow[] {
  const a = leaves(before, '', new Map());
  const b = leaves(after, '', new Map());
  const paths = [...b.keys(), ...[...a.keys()].filter((k) => !b.has(k))];
  return paths.map((path) => {
    const apiBefore = a.has(path) ? formatApiValue(a.get(path)) : undefined;
    const apiAfter = b.has(path) ? formatApiValue(b.get(path)) : undefined;
    const status: FieldDiffStatus =
      apiBefore === undefined
        ? 'added'
        : apiAfter === undefined
          ? 'removed'
          : apiBefore === apiAfter
            ? 'same'
            : 'changed';
    return {
      path: path || '(value)',
      label: diffLabel(path),
      before: a.has(path) ? formatFieldValue(path, a.get(path)) : undefined,
      after: b.has(path) ? formatFieldValue(path, b.get(path)) : undefined,
      apiBefore,
      apiAfter,
      status,
    };
  });
}

/**
 * What a change changed, in a few words: its first `limit` differing fields ("Label: before →
 * after") and how many more. Tells apart two changes with the same summary (chart markers).
 * `beforeUnknown`: there is no "before" because the API cannot read it back (CORS, rate limit
 * never applied from this app), not because nothing was set.
 */
export function changedFieldsText(
  before: unknown,
  after: unknown,
  options: { limit?: number; beforeUnknown?: boolean } = {},
): string | undefined {
  const limit = options.limit ?? 2;
  // Nothing before (a first CORS set) or after (a deletion) reads field by field.
  const rows = diffFields(before ?? {}, after ?? {}).filter((row) => row.status !== 'same');
  if (rows.length === 0) return undefined;
  const was = (row: FieldDiffRow): string =>
    options.beforeUnknown && before == null ? 'unknown' : (row.before ?? 'not set');
  const shown = rows.slice(0, limit).map((row) => `${row.label}: ${was(row)} → ${row.after ?? 'not set'}`);
  return rows.length > limit ? `${shown.join('; ')}; ${rows.length - limit} more` : shown.join('; ');
}
