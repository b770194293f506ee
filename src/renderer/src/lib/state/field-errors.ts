// Form errors by field: the shared zod schemas' issues and the server's answers, mapped to dotted
// field paths for the editors.
import type { z } from 'zod';
import { formatError } from './format-error.ts';
import { issuesToFieldErrors as fieldErrorsOfIssues } from '#shared/ipc/result.ts';

/** Field path (dotted) → message. */
export type FieldErrors = Record<string, string>;

/** zod issues → dotted path → first message for that path. */
export function issuesToFieldErrors(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  return fieldErrorsOfIssues({ issues });
}

export type Validation<T> = { ok: true; body: T } | { ok: false; errors: FieldErrors };

export function validateWith<S extends z.ZodType>(schema: S, body: unknown): Validation<z.output<S>> {
  const parsed = schema.safeParse(body);
  return parsed.success
    ? { ok: true, body: parsed.data }
    : { ok: false, errors: issuesToFieldErrors(parsed.error.issues) };
}

/** A PolicyEditor `validate` that checks the body against one shared schema. */
export function schemaCheck(schema: z.ZodType): (body: Record<string, unknown>) => FieldErrors {
  return (body) => {
    const result = validateWith(schema, body);
    return result.ok ? {} : result.errors;
  };
}

/** Error for exactly `path`, or for a deeper path under it (shown on the enclosing control). */
export function errorAt(errors: FieldErrors, path: string): string | null {
  if (errors[path]) return errors[path];
  const prefix = `${path}.`;
  for (const [key, message] of Object.entries(errors)) if (key.startsWith(prefix)) return message;
  return null;
}

/** Server error → field errors (the error's fields, else the error tables' field for its code). */
export function serverFieldErrors(error: unknown): FieldErrors {
  return formatError(error).fields;
}
