// How a "before" value reads when the API cannot read it back (CORS headers, rate limit) and this
// app never applied one: unknown, which is not the same as "not set" (review S2). One wording for
// the app and the CLI.

/** The app's cell text for a value the API cannot read back. */
const UNKNOWN_VALUE_TEXT = 'unknown — the API cannot read it back';
/** The CLI's, next to its "(not set)". */
const UNKNOWN_VALUE_CLI = '(unknown)';

/** A value as the app shows it: the text, "not set" (really absent), or unknown. */
export function shownValue(value: string | null, unknown: boolean | undefined): string {
  if (unknown) return UNKNOWN_VALUE_TEXT;
  return value ?? 'not set';
}

/** The same for the CLI. */
export function cliValue(value: string | null, unknown: boolean | undefined): string {
  if (unknown) return UNKNOWN_VALUE_CLI;
  return value ?? '(not set)';
}
