// The --format option: one of the shapes a command prints, checked before the core is loaded.
import { UsageError } from '../cli-types.ts';

/** `value` when it is one of `shapes`; otherwise a usage error listing them ("table, json or junit"). */
export function formatOption<const S extends string>(
  value: string | undefined,
  shapes: readonly [S, ...S[]],
  note = '',
): S {
  if (value !== undefined && (shapes as readonly string[]).includes(value)) return value as S;
  const listed = shapes.length === 1 ? shapes[0] : `${shapes.slice(0, -1).join(', ')} or ${shapes.at(-1)}`;
  throw new UsageError(`--format must be ${listed}${note}`);
}

/** The --format of the commands that print a table (the default) or JSON. */
export function tableOrJson(value: string | undefined): 'table' | 'json' {
  return formatOption(value ?? 'table', ['table', 'json']);
}
