// THE one formatter for every error the renderer shows, as a toast (errors.svelte.ts) or inline
// (ui/error-notice.svelte, a field's message). Whatever was thrown — the IPC error a failed call
// rejects with (ipc.ts), a host transport's error, an Error, anything else — becomes one shape:
// what failed, what went wrong in the app's or the API's words (input errors name the field and
// the rule), the fields to mark, the code and the gateway's trace ID. Secrets are scrubbed from
// every text it returns, even though the core already redacts what it sends.
import type { IpcError } from '#shared/ipc/result.ts';
import { AppCode, findAppError } from '#shared/app-errors.ts';
import { findApiError } from '#shared/api/errors.ts';
import { fieldLabel } from '#shared/api/field-labels.ts';
import { scrubSecretText } from '#shared/security/secret-text.ts';

export interface FormattedError {
  /** What failed: the caller's words ("Could not save the policy"), else what the code means. */
  title: string;
  /** What went wrong; for input errors, each field's label and rule. */
  detail: string;
  /** The app's or the API's code; undefined for a value thrown in the renderer that has none. */
  code?: string;
  /** Field path (dotted) → message, for the inputs to mark. */
  fields: Record<string, string>;
  /** The gateway's x-sfd-trace-id, for a support request. */
  traceId?: string;
  /** Whether the same action may succeed when tried again. */
  retryable: boolean;
}

export interface FormatErrorOptions {
  /** What failed, in the caller's words: the title. */
  context?: string;
  /** The form's label for a field path, when it has better words than the shared field table. */
  labelFor?: (path: string) => string | null;
  /** Secret values the caller holds (what the user typed in a secret field): never shown. */
  secrets?: readonly string[];
}

const FALLBACK_TITLE = 'Something went wrong';
const UNKNOWN_DETAIL = 'An unexpected error occurred.';
/** Input errors list their first few fields; the form marks every one. */
const FIELDS_NAMED = 3;
const INPUT_CODES: ReadonlySet<string> = new Set([AppCode.Ipc.InvalidInput, AppCode.Request.InvalidInput]);
/** Codes this window makes up about what is on its own screen: showing them helps nobody. */
const UNSHOWN_CODES: ReadonlySet<string> = new Set([AppCode.Client.Error, AppCode.Traffic.InvalidSelection]);

/** Whether a thrown value has the IPC error shape (code and message; the rest optional). */
function isIpcErrorLike(value: unknown): value is Pick<IpcError, 'code' | 'message'> & Partial<IpcError> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { code?: unknown }).code === 'string' &&
    typeof (value as { message?: unknown }).message === 'string'
  );
}

/** The code of a failed call (or of anything with one), for the few callers that act on a code. */
export function errorCode(error: unknown): string | undefined {
  return isIpcErrorLike(error) ? error.code : undefined;
}

type Parts = { code?: string; message: string; fields?: Record<string, string>; traceId?: string; retryable?: boolean };

function partsOf(error: unknown): Parts {
  if (isIpcErrorLike(error)) return error;
  if (error instanceof Error) return { code: AppCode.Client.Error, message: error.message };
  if (typeof error === 'string') return { code: AppCode.Client.Error, message: error };
  // Not an object worth printing ("[object Object]") nor a message.
  return { code: AppCode.Client.Error, message: '' };
}

function nonEmpty(fields: Record<string, string> | undefined): fields is Record<string, string> {
  return fields !== undefined && Object.keys(fields).length > 0;
}

/** "Priority: must be a whole number" — the label only when the rule does not name the field already. */
function namedRule(path: string, rule: string, labelFor: FormatErrorOptions['labelFor']): string {
  const label = (labelFor?.(path) ?? fieldLabel(path)).trim();
  if (!path || !label || rule.toLowerCase().includes(label.toLowerCase())) return rule;
  return `${label}: ${rule}`;
}

export function formatError(error: unknown, options: FormatErrorOptions | string = {}): FormattedError {
  const { context, labelFor, secrets = [] } = typeof options === 'string' ? { context: options } : options;
  const scrub = (text: string): string => scrubSecretText(text, secrets);
  const parts = partsOf(error);
  const code = parts.code || undefined;
  const appEntry = code === undefined ? undefined : findAppError(code);
  const known = appEntry ?? (code === undefined ? undefined : findApiError(code));
  const message = scrub(parts.message.trim());

  const given = nonEmpty(parts.fields) ? parts.fields : undefined;
  const tableField = known?.field;
  const fields: Record<string, string> = {};
  if (given) for (const [path, text] of Object.entries(given)) fields[path] = scrub(String(text));
  else if (tableField && message) fields[tableField] = message;

  let detail = message || (known?.meaning ?? UNKNOWN_DETAIL);
  if (given && code !== undefined && INPUT_CODES.has(code)) {
    const entries = Object.entries(fields);
    const named = entries.slice(0, FIELDS_NAMED).map(([path, rule]) => namedRule(path, rule, labelFor));
    const more = entries.length - FIELDS_NAMED;
    detail = `${named.join('; ')}${more > 0 ? `; and ${more} more` : ''}`;
  }

  const title = context ? scrub(context) : known && known.meaning !== detail ? known.meaning : FALLBACK_TITLE;
  const out: FormattedError = { title, detail, fields, retryable: parts.retryable ?? appEntry?.retryable ?? false };
  if (code !== undefined) out.code = code;
  if (parts.traceId) out.traceId = parts.traceId;
  return out;
}

/** The code as the user sees it: undefined for codes this window made up. */
export function shownCode(formatted: FormattedError): string | undefined {
  return formatted.code !== undefined && !UNSHOWN_CODES.has(formatted.code) ? formatted.code : undefined;
}

/**
 * The formatted error as one line: the detail, the code (unless this window made it up) and the
 * trace ID. Toasts show it under their title; inline notices (ui/error-notice.svelte) the same.
 */
export function errorLine(formatted: FormattedError): string {
  const parts = [formatted.detail];
  const code = shownCode(formatted);
  if (code) parts.push(`(${code})`);
  if (formatted.traceId) parts.push(`trace ${formatted.traceId}`);
  return parts.join(' ');
}
