/**
 * Building blocks for the resource schemas: every message names the field (its label as
 * the UI shows it) and the rule in plain words.
 */
import { z } from 'zod';

export const INT32_MAX = 2_147_483_647;

/** Attach a spec error code to a custom issue (read back by apiCodeForIssue). */
export function apiCode(code: string): { params: { apiCode: string } } {
  return { params: { apiCode: code } };
}

function missing(input: unknown): boolean {
  return input === undefined || input === null;
}

/** A string; "required" when missing, "must be text" for other types. */
export function text(label: string): z.ZodString {
  return z.string({ error: (iss) => (missing(iss.input) ? `${label} is required.` : `${label} must be text.`) });
}

/** A string with at least one non-space character. */
export function requiredText(label: string): z.ZodString {
  return text(label).regex(/\S/, { error: `${label} is required; enter a value.`, abort: true });
}

export function bool(label: string): z.ZodBoolean {
  return z.boolean({
    error: (iss) => (missing(iss.input) ? `${label} is required.` : `${label} must be true or false.`),
  });
}

function number(label: string): z.ZodNumber {
  return z.number({ error: (iss) => (missing(iss.input) ? `${label} is required.` : `${label} must be a number.`) });
}

/** Integer > 0 (Integer fields stay within 32 bits). */
export function positiveInt(label: string, max = INT32_MAX): z.ZodNumber {
  return number(label)
    .int({ error: `${label} must be a whole number greater than 0.` })
    .min(1, { error: `${label} must be a whole number greater than 0.` })
    .max(max, { error: `${label} must be at most ${max}.` });
}

/** Integer >= 0 (a Long: any safe integer). */
export function nonNegativeLong(label: string): z.ZodNumber {
  return number(label)
    .int({ error: `${label} must be a whole number of 0 or more.` })
    .min(0, { error: `${label} must be a whole number of 0 or more.` })
    .max(Number.MAX_SAFE_INTEGER, { error: `${label} is too large.` });
}

function quoteList(values: readonly (string | number)[]): string {
  const q = values.map(String);
  return q.length <= 2 ? q.join(' or ') : `${q.slice(0, -1).join(', ')} or ${q[q.length - 1]}`;
}

/** One of the allowed values; "required" when missing or empty. */
export function oneOf<const T extends readonly [string, ...string[]]>(
  label: string,
  values: T,
): z.ZodEnum<{ [K in T[number]]: K }> {
  return z.enum(values, {
    error: (iss) =>
      missing(iss.input) || iss.input === ''
        ? `${label} is required; choose ${quoteList(values)}.`
        : `${label} must be ${quoteList(values)}.`,
  });
}

/** A non-empty array (message for both "missing" and "empty"). */
export function nonEmptyArray<T extends z.ZodType>(label: string, item: T, what = 'at least one entry'): z.ZodArray<T> {
  return z
    .array(item, { error: (iss) => (missing(iss.input) ? `${label}: add ${what}.` : `${label} must be a list.`) })
    .min(1, { error: `${label} is empty: add ${what}.` });
}

/** Response-side policyId: the V2 list documents it as String, examples show a number. Normalized to number. */
export const policyIdSchema = z.union([
  z.number().int(),
  z
    .string()
    .regex(/^\d+$/)
    .transform((v) => Number(v)),
]);

/** A positive integer path parameter (serviceId, policyId, customer_id). */
export function idParam(label: string): z.ZodNumber {
  return positiveInt(label);
}
