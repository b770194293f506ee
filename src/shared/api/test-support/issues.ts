// Test helper: a schema's issues as { path, message, apiCode } with dotted paths.
import type { z } from 'zod';
import { issueApiCode } from '../validate.ts';

export interface SimpleIssue {
  path: string;
  message: string;
  apiCode?: string;
}

export function issuesOf(schema: z.ZodType, value: unknown): SimpleIssue[] {
  const r = schema.safeParse(value);
  if (r.success) return [];
  return r.error.issues.map((i) => {
    const code = issueApiCode(i);
    const out: SimpleIssue = { path: i.path.map(String).join('.'), message: i.message };
    if (code) out.apiCode = code;
    return out;
  });
}

/** The only issue, asserting there is exactly one. */
export function onlyIssue(schema: z.ZodType, value: unknown): SimpleIssue {
  const all = issuesOf(schema, value);
  if (all.length !== 1) throw new Error(`expected one issue, got ${JSON.stringify(all)}`);
  return all[0];
}
