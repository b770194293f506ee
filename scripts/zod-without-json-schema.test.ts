import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { rolldown, type Plugin } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { stripJsonSchema, zodWithoutJsonSchema } from './zod-without-json-schema.ts';

const zodClassicSchemas = resolve(import.meta.dirname, '../node_modules/zod/v4/classic/schemas.js');

// A bundle that parses with zod, reads a check through a getter and asks for a JSON Schema.
const entry = `
import { z } from 'zod';
const form = z.object({ name: z.string().trim().min(1, 'Enter a name').max(5), count: z.coerce.number().int() });
export const accepted = form.safeParse({ name: ' ab ', count: '3' });
export const refused = form.safeParse({ name: ' ', count: 1.5 }).error.issues.map((i) => i.path.join('.') + ': ' + i.message);
export const maxLength = z.string().max(5).maxLength;
export function convertMethod() { return form.toJSONSchema(); }
`;

async function bundle(plugins: Plugin[], source = entry): Promise<string> {
  const virtualEntry: Plugin = {
    name: 'entry',
    resolveId: (id) => (id === 'entry' ? id : null),
    load: (id) => (id === 'entry' ? source : null),
  };
  const build = await rolldown({
    input: 'entry',
    cwd: import.meta.dirname,
    plugins: [virtualEntry, ...plugins],
    logLevel: 'silent',
  });
  const { output } = await build.generate({ format: 'esm' });
  await build.close();
  return output[0].code;
}

async function load(code: string): Promise<Record<string, unknown>> {
  return (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as Record<
    string,
    unknown
  >;
}

describe('zod without JSON Schema', () => {
  it('drops the converters from a bundle and keeps parsing, messages and check getters', async () => {
    const full = await bundle([]);
    const stripped = await bundle([zodWithoutJsonSchema() as Plugin]);
    // The converters write these keywords; only the full bundle has them.
    expect(full).toContain('exclusiveMinimum');
    expect(full).toContain('processJSONSchema');
    expect(stripped).not.toContain('processJSONSchema');
    expect(stripped.length).toBeLessThan(full.length - 20_000);

    const mod = await load(stripped);
    expect(mod.accepted).toEqual({ success: true, data: { name: 'ab', count: 3 } });
    expect(mod.refused).toEqual(['name: Enter a name', 'count: Invalid input: expected int, received number']);
    expect(mod.maxLength).toBe(5);
    expect(() => (mod.convertMethod as () => unknown)()).toThrow(/JSON Schema conversion is not part of this build/);
  });

  it('fails loudly when zod no longer has the shape it edits', () => {
    const code = readFileSync(zodClassicSchemas, 'utf8');
    expect(stripJsonSchema(code)).not.toMatch(/processJSONSchema/);
    expect(() =>
      stripJsonSchema(code.replace('createToJSONSchemaMethod }', 'createToJSONSchemaMethod, other }')),
    ).toThrow(/import of the JSON Schema methods/);
    expect(() =>
      stripJsonSchema(
        code.replaceAll(
          'inst._zod.processJSONSchema = (ctx, json, params)',
          'inst._zod.processJSONSchema = (ctx, json, p)',
        ),
      ),
    ).toThrow(/no JSON Schema converter found/);
    expect(() => stripJsonSchema(`${code}\nexport const x = processors.stringProcessor;`)).toThrow(/still referenced/);
  });
  it('fails the build when the module it edits is not in it (the library moved its code)', async () => {
    await expect(bundle([zodWithoutJsonSchema() as Plugin], 'export const nothing = 1;')).rejects.toThrow(
      /zod\/v4\/classic\/schemas\.js was not in the build/,
    );
  });
});
