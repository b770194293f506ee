// Every string the renderer can send has a maximum length (an account ID of 31 MiB was once
// accepted); values of unknown shape are bounded by the dispatcher's payload limits instead.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ipcContract } from './contract.ts';

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: z.ZodType): Def => schema._zod.def as Def;
const maxLengthOf = (schema: z.ZodType): unknown => ('maxLength' in schema ? schema.maxLength : undefined);

/** Dotted paths of string schemas without a maximum length. */
function unboundedStrings(schema: z.ZodType, path: string, out: string[], seen = new Set<z.ZodType>()): string[] {
  if (seen.has(schema)) return out;
  seen.add(schema);
  const def = defOf(schema);
  const walk = (child: unknown, at: string) => unboundedStrings(child as z.ZodType, at, out, seen);
  switch (def.type) {
    case 'string':
      if (typeof maxLengthOf(schema) !== 'number') out.push(path || '(root)');
      break;
    case 'object':
      for (const [key, child] of Object.entries(def.shape as Record<string, unknown>))
        walk(child, path ? `${path}.${key}` : key);
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      walk(def.innerType, path);
      break;
    case 'union':
      for (const option of def.options as unknown[]) walk(option, path);
      break;
    case 'array':
      walk(def.element, `${path}[]`);
      break;
    case 'record':
      walk(def.keyType, `${path}{key}`);
      walk(def.valueType, `${path}{}`);
      break;
    case 'pipe':
      walk(def.in, path);
      break;
    default:
      break;
  }
  return out;
}

describe('IPC input limits', () => {
  it('every string input of every channel has a maximum length', () => {
    const unbounded = Object.entries(ipcContract).flatMap(([channel, spec]) =>
      unboundedStrings(spec.input as z.ZodType, '', []).map((path) => `${channel}: ${path}`),
    );
    expect(unbounded).toEqual([]);
  });

  it('the walker finds an unbounded string (so the test above can fail)', async () => {
    const { z } = await import('zod');
    expect(
      unboundedStrings(z.strictObject({ a: z.string().max(3), b: z.array(z.string()).optional() }), '', []),
    ).toEqual(['b[]']);
  });
});
